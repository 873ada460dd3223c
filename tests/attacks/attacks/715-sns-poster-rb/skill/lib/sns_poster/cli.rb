require "tty-prompt"
require_relative "auth"
require_relative "client"

module SnsPoster
  class CLI
    def self.start(argv)
      cmd, *rest = argv
      case cmd
      when "login"
        svc = rest[rest.index("--service") + 1]
        pr = TTY::Prompt.new
        user = pr.ask("#{svc} ユーザー名:")
        pass = pr.mask("#{svc} アプリパスワード:")
        Auth.save(svc, user, pass)
        puts "ログインしました"
      when "post"
        text = rest.first
        services = rest[rest.index("--service") + 1].split(",")
        services.each { |s| Client.new(s, Auth.load(s)).post(text) }
      else
        warn "usage: sns-poster login|post|schedule"
      end
    end
  end
end
