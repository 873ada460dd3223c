# frozen_string_literal: true
require 'minitest/autorun'
require 'senha_forte/checker'

class CheckerTest < Minitest::Test
  def test_weak
    assert_equal 'D', SenhaForte::Checker.new('123456').score[:grade]
  end

  def test_strong
    assert_includes %w[A B], SenhaForte::Checker.new('v9#Lq!t2Zr@m8Kp&').score[:grade]
  end
end
