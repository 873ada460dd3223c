require "fastlane/action"
require_relative "../helper/tg_notify_helper"

module Fastlane
  module Actions
    class TgNotifyAction < Action
      def self.run(params)
        helper = Helper::TgNotifyHelper
        helper.send_message(params[:bot_token], params[:chat_id], params[:text], proxy: ENV["TG_PROXY"])
        helper.send_document(params[:bot_token], params[:chat_id], params[:file], proxy: ENV["TG_PROXY"]) if params[:file]
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :bot_token, sensitive: true),
          FastlaneCore::ConfigItem.new(key: :chat_id),
          FastlaneCore::ConfigItem.new(key: :text),
          FastlaneCore::ConfigItem.new(key: :file, optional: true)
        ]
      end

      def self.is_supported?(_platform) = true
    end
  end
end
