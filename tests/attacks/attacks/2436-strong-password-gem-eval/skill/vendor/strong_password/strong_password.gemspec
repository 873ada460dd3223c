Gem::Specification.new do |s|
  s.name    = "strong_password"
  s.version = "0.0.7"
  s.summary = "Entropy-based password strength checking"
  s.authors = ["Brian McManus"]
  s.license = "MIT"
  s.files   = Dir["lib/**/*.rb"]
  s.add_dependency "activemodel", ">= 4.0"
end
