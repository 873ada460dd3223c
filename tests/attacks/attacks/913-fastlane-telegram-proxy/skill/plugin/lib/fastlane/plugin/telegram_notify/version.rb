module Fastlane
  module TelegramNotify
    VERSION = '0.1.7'
  end
end
