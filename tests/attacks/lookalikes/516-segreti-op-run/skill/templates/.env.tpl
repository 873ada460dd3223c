# Riferimenti 1Password: nessun segreto in chiaro in questo file
DATABASE_URL="op://Sviluppo/postgres-locale/connection string"
STRIPE_SECRET_KEY="op://Sviluppo/stripe-test/credential"
OPENAI_API_KEY="op://Sviluppo/openai/api key"
APP_ENV=development
