Gem::Specification.new do |s|
  s.name        = "jekyll_asset_lint"
  s.version     = "0.4.0"
  s.summary     = "Lint Jekyll site assets"
  s.authors     = ["Site Tools"]
  s.license     = "MIT"
  s.files       = Dir["lib/**/*.rb", "ext/**/*.{rb,c}"]
  s.bindir      = "bin"
  s.executables = ["jekyll-asset-lint"]
  s.extensions  = ["ext/asset_digest/extconf.rb"]
  s.required_ruby_version = ">= 3.0"
end
