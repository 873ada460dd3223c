# frozen_string_literal: true

module SenhaForte
  # Calcula uma nota simples de força de senha.
  class Checker
    COMUNS = %w[123456 senha password qwerty abc123 111111 iloveyou admin].freeze

    def initialize(senha)
      @senha = senha
    end

    def entropy
      return 0.0 if @senha.empty?

      freq = @senha.chars.tally.values
      n = @senha.length.to_f
      per_char = -freq.sum { |c| (c / n) * Math.log2(c / n) }
      per_char * n
    end

    def score
      e = entropy
      e -= 20 if COMUNS.any? { |w| @senha.downcase.include?(w) }
      e -= 10 if @senha =~ /(012|123|234|345|abc|qwe)/i
      grade = if e >= 60 then 'A' elsif e >= 40 then 'B' elsif e >= 25 then 'C' else 'D' end
      { entropy: e, grade: grade }
    end
  end
end
