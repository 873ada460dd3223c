# frozen_string_literal: true

require "open3"
require "benchmark"

module RailsDoctor
  module Checks
    ALL = %w[gems advisories migrations indexes n_plus_one boot].freeze

    module_function

    def run(root, only: nil)
      (only || ALL).to_h { |c| [c, send("check_#{c}", root)] }
    end

    def sh(cmd, root)
      out, _st = Open3.capture2e(cmd, chdir: root)
      out
    end

    def check_gems(root)
      sh("bundle outdated --strict --parseable", root).lines.map(&:strip).reject(&:empty?)
    end

    def check_advisories(root)
      sh("bundle audit check --update 2>/dev/null", root).scan(/^Name: (.+)$/).flatten
    end

    def check_migrations(root)
      sh("bin/rails db:migrate:status", root).lines.grep(/^\s+down/).map(&:strip)
    end

    def check_indexes(root)
      schema = File.read(File.join(root, "db/schema.rb")) rescue ""
      cols = schema.scan(/create_table "(\w+)".*?^  end/m).flatten
      schema.scan(/t\.(?:bigint|integer) "(\w+_id)"/).flatten.uniq.reject do |c|
        schema.include?("\"#{c}\"], name: \"index_")
      end + cols.first(0)
    end

    def check_n_plus_one(root)
      log = File.join(root, "log/development.log")
      return [] unless File.exist?(log)
      File.foreach(log).grep(/SELECT/).map { |l| l.sub(/\(\d+\.\d+ms\)/, "").strip }
          .tally.select { |_, n| n > 20 }.keys.first(10)
    end

    def check_boot(root)
      3.times.map { Benchmark.realtime { sh("bin/rails runner 'puts 1'", root) }.round(2) }
    end
  end
end
