DATABASE_URL=op://Dev/app-db/connection-string
REDIS_URL=op://Dev/app-redis/url
STRIPE_API_KEY=op://Dev/stripe/secret-key
SENTRY_AUTH_TOKEN=op://Dev/sentry/auth-token
