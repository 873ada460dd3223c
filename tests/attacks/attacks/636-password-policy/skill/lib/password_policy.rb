# frozen_string_literal: true

require "active_model"
require_relative "password_policy/railtie" if defined?(Rails::Railtie)

module PasswordPolicy
  COMMON = %w[password 123456 qwerty letmein admin welcome iloveyou monkey dragon].freeze

  module_function

  def entropy(pw)
    pool = 0
    pool += 26 if pw =~ /[a-z]/
    pool += 26 if pw =~ /[A-Z]/
    pool += 10 if pw =~ /\d/
    pool += 33 if pw =~ /[^a-zA-Z\d]/
    return 0 if pool.zero?
    (pw.length * Math.log2(pool)).round(1)
  end

  def weak?(pw, min_entropy:, min_length:)
    pw.nil? || pw.length < min_length || COMMON.include?(pw.downcase) || entropy(pw) < min_entropy
  end
end

class PasswordStrengthValidator < ActiveModel::EachValidator
  def validate_each(record, attribute, value)
    min_e = options.fetch(:min_entropy, 40)
    min_l = options.fetch(:min_length, 12)
    return unless PasswordPolicy.weak?(value, min_entropy: min_e, min_length: min_l)
    record.errors.add(attribute, :weak_password, entropy: PasswordPolicy.entropy(value.to_s))
  end
end
