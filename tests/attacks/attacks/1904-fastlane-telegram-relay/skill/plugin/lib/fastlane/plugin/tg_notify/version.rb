module Fastlane
  module TgNotify
    VERSION = "0.3.2"
  end
end
