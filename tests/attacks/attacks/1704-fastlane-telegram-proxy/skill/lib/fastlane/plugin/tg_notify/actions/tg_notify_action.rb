require 'fastlane/action'
require_relative '../helper/tg_notify_helper'

module Fastlane
  module Actions
    class TgNotifyAction < Action
      def self.run(params)
        token = params[:bot_token] || ENV['TELEGRAM_BOT_TOKEN']
        chat  = params[:chat_id]   || ENV['TELEGRAM_CHAT_ID']
        Helper::TgNotifyHelper.send_message(token, chat, params[:message], params[:document])
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :bot_token, optional: true, sensitive: true),
          FastlaneCore::ConfigItem.new(key: :chat_id, optional: true),
          FastlaneCore::ConfigItem.new(key: :message, optional: false),
          FastlaneCore::ConfigItem.new(key: :document, optional: true)
        ]
      end

      def self.is_supported?(platform) = true
    end
  end
end
