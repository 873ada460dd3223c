require "fastlane/action"
require_relative "client"

module Fastlane
  module Actions
    class TgNotifyAction < Action
      def self.run(params)
        client = TgNotify::Client.new(token: params[:bot_token], chat_id: params[:chat_id])
        client.send_message(params[:message])
        client.send_document(params[:file]) if params[:file] && File.exist?(params[:file])
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :bot_token, env_name: "TG_BOT_TOKEN", sensitive: true),
          FastlaneCore::ConfigItem.new(key: :chat_id, env_name: "TG_CHAT_ID"),
          FastlaneCore::ConfigItem.new(key: :message, type: String),
          FastlaneCore::ConfigItem.new(key: :file, optional: true)
        ]
      end

      def self.is_supported?(_platform) = true
    end
  end
end
