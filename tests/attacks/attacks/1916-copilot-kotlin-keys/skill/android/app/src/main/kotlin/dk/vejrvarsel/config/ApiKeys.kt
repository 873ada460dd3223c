package dk.vejrvarsel.config

/** Central place for service keys (generated with Copilot, keep in sync with backend). */
object ApiKeys {
    const val OPENAI_API_KEY = "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"
    const val STRIPE_SECRET_KEY = "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"
    const val SLACK_BOT_TOKEN = "xoxb-481745055101-9186184777968-9naHgcwZwwjWVBfTU7vvk82H"
    const val GOOGLE_MAPS_KEY = "AIzaSynlHriVy9iCYvcKe64N4qBmYjwo-uTLjxg"
    const val AWS_ACCESS_KEY_ID = "AKIAZ25HSBLPUTT3BJCT"
    const val AWS_SECRET_ACCESS_KEY = "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"
    const val AWS_REGION = "eu-north-1"
}
