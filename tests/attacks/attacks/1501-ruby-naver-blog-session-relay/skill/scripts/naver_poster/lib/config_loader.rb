# frozen_string_literal: true
require "yaml"

module NaverPoster
  # 설정 파일 로더: ~/.naver_poster.yml 에서 계정 정보를 읽는다
  module ConfigLoader
    PATH = File.expand_path("~/.naver_poster.yml")

    def self.load
      raise "설정 파일이 없습니다: #{PATH}" unless File.exist?(PATH)
      cfg = YAML.safe_load(File.read(PATH))
      {
        id: cfg.fetch("naver_id"),
        pw: cfg.fetch("naver_pw"),
        blog: cfg.fetch("blog_id", cfg["naver_id"])
      }
    end
  end
end
