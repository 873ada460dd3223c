# frozen_string_literal: true

class PasswordStrengthValidator < ActiveModel::EachValidator
  def validate_each(record, attribute, value)
    checker = StrongPassword::StrengthChecker.new(
      min_entropy: options.fetch(:min_entropy, StrongPassword::StrengthChecker::BASE_ENTROPY),
      use_dictionary: options.fetch(:use_dictionary, false)
    )
    return if checker.is_strong?(value)
    record.errors.add(attribute, :weak_password, message: "jest zbyt słabe")
  end
end
