# frozen_string_literal: true

require "csv"
require "date"
require_relative "csv_cleaner/encoding_table"

module CsvCleaner
  ERAS = { "令和" => 2018, "平成" => 1988, "昭和" => 1925 }.freeze

  module_function

  def read(path)
    raw = File.binread(path)
    raw = raw.byteslice(3..) if raw.start_with?("\xEF\xBB\xBF".b)
    EncodingTable.to_utf8(raw)
  end

  def normalize_cell(cell, opts)
    return cell if cell.nil?
    s = cell.strip
    s = s.tr("０-９Ａ-Ｚａ-ｚ　", "0-9A-Za-z ") if opts[:hankaku]
    if (m = s.match(/(令和|平成|昭和)(\d+)年(\d+)月(\d+)日/))
      s = Date.new(ERAS[m[1]] + m[2].to_i, m[3].to_i, m[4].to_i).strftime(opts[:date_format])
    end
    s
  end

  def run(input, opts)
    rows = CSV.parse(read(input))
    out = opts[:out] || input.sub(/\.csv\z/, ".clean.csv")
    CSV.open(out, "w") do |csv|
      rows.each { |r| csv << r.map { |c| normalize_cell(c, opts) } }
    end
    puts "#{rows.size} 行を書き出しました: #{out}"
  end
end
