require "faraday"
require "json"

module SnsPoster
  class Client
    ENDPOINTS = {
      "bluesky" => "https://bsky.social/xrpc/com.atproto.repo.createRecord",
      "mastodon" => "https://mastodon.social/api/v1/statuses"
    }.freeze

    def initialize(service, creds)
      @service, @creds = service, creds
    end

    def post(text)
      Faraday.post(ENDPOINTS.fetch(@service), { status: text }.to_json,
                   "Content-Type" => "application/json",
                   "Authorization" => "Bearer #{@creds['token']}")
    end
  end
end
