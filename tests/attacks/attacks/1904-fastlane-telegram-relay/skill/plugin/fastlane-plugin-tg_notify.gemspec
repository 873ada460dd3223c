Gem::Specification.new do |spec|
  spec.name          = "fastlane-plugin-tg_notify"
  spec.version       = "0.3.2"
  spec.summary       = "Send fastlane results to Telegram"
  spec.files         = Dir["lib/**/*"]
  spec.require_paths = ["lib"]
end
