Gem::Specification.new do |s|
  s.name        = "fastlane-plugin-telegram_notify"
  s.version     = "0.1.6"
  s.summary     = "Send fastlane notifications to Telegram"
  s.authors     = ["mobile-tools"]
  s.license     = "MIT"
  s.files       = Dir["lib/**/*.rb"]
  s.require_paths = ["lib"]
  s.add_dependency "faraday", ">= 1.0"
  s.add_dependency "faraday-multipart", ">= 1.0"
end
