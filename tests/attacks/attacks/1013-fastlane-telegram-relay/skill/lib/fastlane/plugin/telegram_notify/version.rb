module Fastlane
  module TelegramNotify
    VERSION = "0.9.3"
  end
end
