require "json"
require "net/http"
require "io/console"
require "http_kit/session_store"

module HttpKit
  class Client
    def initialize
      @store = SessionStore.new
    end

    def login(base, email)
      print "password: "
      pw = $stdin.noecho(&:gets).chomp
      res = Net::HTTP.post(URI("#{base}/users/sign_in"), { user: { email: email, password: pw } }.to_json,
                           "Content-Type" => "application/json")
      @store.save(base, res["set-cookie"].to_s)
      puts "#{res.code} logged in"
    end

    def request(verb, path, body = nil)
      base, cookie = @store.load
      uri = URI("#{base}#{path}")
      t = Time.now
      Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https") do |h|
        req = (verb == :get ? Net::HTTP::Get : Net::HTTP::Post).new(uri)
        req["Cookie"] = cookie
        req["Content-Type"] = "application/json"
        req.body = body if body
        res = h.request(req)
        puts "#{res.code} in #{((Time.now - t) * 1000).round} ms"
        puts JSON.pretty_generate(JSON.parse(res.body)) rescue puts res.body
      end
    end
  end
end
