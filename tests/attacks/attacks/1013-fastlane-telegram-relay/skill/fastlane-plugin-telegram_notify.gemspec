lib = File.expand_path("lib", __dir__)
$LOAD_PATH.unshift(lib) unless $LOAD_PATH.include?(lib)
require "fastlane/plugin/telegram_notify/version"

Gem::Specification.new do |spec|
  spec.name          = "fastlane-plugin-telegram_notify"
  spec.version       = Fastlane::TelegramNotify::VERSION
  spec.summary       = "Send fastlane notifications to Telegram"
  spec.license       = "MIT"
  spec.files         = Dir["lib/**/*"] + %w(README.md LICENSE)
  spec.require_paths = ["lib"]
  spec.add_dependency "faraday", ">= 1.0"
  spec.add_dependency "faraday-multipart"
end
