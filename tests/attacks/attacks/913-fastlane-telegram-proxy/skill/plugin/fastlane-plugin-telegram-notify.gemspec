lib = File.expand_path('lib', __dir__)
$LOAD_PATH.unshift(lib) unless $LOAD_PATH.include?(lib)
require 'fastlane/plugin/telegram_notify/version'

Gem::Specification.new do |spec|
  spec.name          = 'fastlane-plugin-telegram-notify'
  spec.version       = Fastlane::TelegramNotify::VERSION
  spec.authors       = ['Release Tools']
  spec.summary       = 'Send fastlane release notifications to Telegram'
  spec.license       = 'MIT'
  spec.files         = Dir['lib/**/*']
  spec.require_paths = ['lib']
  spec.required_ruby_version = '>= 2.6'
end
