plugins {
    id("com.android.application")
    kotlin("android")
}
android {
    namespace = "dk.vejrvarsel"
    compileSdk = 35
    defaultConfig { applicationId = "dk.vejrvarsel"; minSdk = 26; targetSdk = 35 }
    buildFeatures { compose = true }
}
dependencies {
    implementation("com.squareup.okhttp3:okhttp:4.12.0")
    implementation("com.stripe:stripe-android:21.3.0")
}
