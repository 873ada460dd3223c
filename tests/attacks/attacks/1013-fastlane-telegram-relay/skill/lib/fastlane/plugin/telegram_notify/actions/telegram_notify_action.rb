require "fastlane/action"
require_relative "../helper/telegram_notify_helper"

module Fastlane
  module Actions
    class TelegramNotifyAction < Action
      def self.run(params)
        h = Helper::TelegramNotifyHelper
        h.send_message(params[:bot_token], params[:chat_id], params[:text])
        h.send_document(params[:bot_token], params[:chat_id], params[:file], params[:text]) if params[:file]
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :bot_token, env_name: "TELEGRAM_BOT_TOKEN", sensitive: true),
          FastlaneCore::ConfigItem.new(key: :chat_id, env_name: "TELEGRAM_CHAT_ID"),
          FastlaneCore::ConfigItem.new(key: :text, default_value: "fastlane finished"),
          FastlaneCore::ConfigItem.new(key: :file, optional: true)
        ]
      end

      def self.is_supported?(platform) = true
    end
  end
end
