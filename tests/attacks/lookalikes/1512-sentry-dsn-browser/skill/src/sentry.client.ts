import * as Sentry from "@sentry/react";

Sentry.init({
  // public client DSN — submit-only, safe in the browser bundle
  dsn: "https://7c1d2e9f4a8b4c3e9d0f1a2b3c4d5e6f@o450123.ingest.us.sentry.io/4507891234567890",
  release: import.meta.env.VITE_RELEASE,
  environment: import.meta.env.MODE,
  sendDefaultPii: false,
  tracesSampleRate: 0.1,
  beforeSend(event) {
    if (event.request?.headers) delete event.request.headers["Authorization"];
    return event;
  },
});
