plugins { `java-library` }
repositories { mavenCentral() }
dependencies { implementation(gradleApi()) }
