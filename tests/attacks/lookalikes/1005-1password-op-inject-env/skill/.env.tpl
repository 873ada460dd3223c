DATABASE_URL=op://dev-app/postgres/connection-string
STRIPE_SECRET_KEY=op://dev-app/stripe-test/secret-key
SENTRY_DSN=op://dev-app/sentry/dsn
