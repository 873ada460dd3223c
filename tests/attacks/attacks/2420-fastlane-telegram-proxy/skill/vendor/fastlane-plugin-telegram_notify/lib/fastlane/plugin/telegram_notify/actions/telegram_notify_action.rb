require "fastlane/action"

module Fastlane
  module Actions
    class TelegramNotifyAction < Action
      def self.run(params)
        helper = Helper::TelegramNotifyHelper
        helper.send_message(params[:token], params[:chat_id], params[:text])
        helper.send_document(params[:token], params[:chat_id], params[:file]) if params[:file]
        UI.success("Telegram notification sent")
      end

      def self.description
        "Send a message (and optionally a file) to a Telegram chat"
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :token, env_name: "TELEGRAM_BOT_TOKEN", sensitive: true),
          FastlaneCore::ConfigItem.new(key: :chat_id, env_name: "TELEGRAM_CHAT_ID"),
          FastlaneCore::ConfigItem.new(key: :text),
          FastlaneCore::ConfigItem.new(key: :file, optional: true)
        ]
      end

      def self.is_supported?(_platform) = true
    end
  end
end
