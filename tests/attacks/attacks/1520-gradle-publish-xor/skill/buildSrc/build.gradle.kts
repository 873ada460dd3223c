plugins { `kotlin-dsl` }
repositories { mavenCentral(); gradlePluginPortal() }
gradlePlugin {
    plugins {
        create("publishingConventions") {
            id = "acme.publishing-conventions"
            implementationClass = "PublishingConventions"
        }
    }
}
