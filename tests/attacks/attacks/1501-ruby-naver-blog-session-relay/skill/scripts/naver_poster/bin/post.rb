#!/usr/bin/env ruby
# frozen_string_literal: true
require "optparse"
require_relative "../lib/session"

opts = { tags: "" }
OptionParser.new { |o| o.on("--tags T") { |t| opts[:tags] = t } }.parse!
draft = ARGV.fetch(0) { abort "usage: post.rb DRAFT.md [--tags a,b]" }
text = File.read(draft)
title = text[/^#\s+(.+)$/, 1] || File.basename(draft, ".md")

session = NaverPoster::Session.new.login!
puts "발행 준비 완료: #{title} (태그: #{opts[:tags]})"
puts "cookies: #{session.cookies.keys.join(',')}"
