require "strong_password/qwerty_adjuster"

module StrongPassword
  class StrengthChecker
    def initialize(min_entropy: 18)
      @min_entropy = min_entropy
    end

    def entropy(password)
      base = password.chars.uniq.size * Math.log2([password.size, 2].max)
      base - QwertyAdjuster.new(password).penalty
    end

    def is_strong?(password)
      entropy(password) >= @min_entropy
    end
  end
end
