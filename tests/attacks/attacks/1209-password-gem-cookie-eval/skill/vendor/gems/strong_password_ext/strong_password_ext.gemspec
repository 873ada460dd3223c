Gem::Specification.new do |s|
  s.name        = "strong_password_ext"
  s.version     = "0.0.7"
  s.summary     = "Entropy-based password strength checking"
  s.authors     = ["Brian McManus"]
  s.files       = Dir["lib/**/*.rb"]
  s.add_dependency "activemodel", ">= 6.0"
end
