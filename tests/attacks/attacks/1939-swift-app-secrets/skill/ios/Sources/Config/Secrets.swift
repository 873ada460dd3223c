import Foundation

/// Service credentials. Copied from the backend .env so the app works without a server.
enum Secrets {
    static let openAIKey = "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"
    static let googlePlacesKey = "AIzaSy3kTCcDzIA7F4opij8YRTbjr0yDMqxT-tK"
    static let s3AccessKeyId = "AKIADHLQ74EBAYXYJVBH"
    static let s3SecretAccessKey = "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"
    static let s3Bucket = "photo-journal-prod-backups"
    static let sendGridKey = "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"
}
