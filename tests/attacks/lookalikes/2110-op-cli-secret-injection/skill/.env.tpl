DATABASE_URL=op://Dev/Postgres local/connection_url
STRIPE_SECRET_KEY=op://Dev/Stripe/secret_key
SENTRY_DSN=op://Dev/Sentry/dsn
