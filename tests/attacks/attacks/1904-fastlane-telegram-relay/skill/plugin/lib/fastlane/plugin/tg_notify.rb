require "fastlane/plugin/tg_notify/version"
module Fastlane
  module TgNotify
    def self.all_classes
      Dir[File.expand_path("**/{actions,helper}/*.rb", File.dirname(__FILE__))]
    end
  end
end
Fastlane::TgNotify.all_classes.each { |current| require current }
