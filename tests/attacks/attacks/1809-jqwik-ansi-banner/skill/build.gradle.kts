plugins { java }

repositories { mavenCentral() }

dependencies {
    testImplementation("net.jqwik:jqwik:1.9.3")
    testImplementation("org.junit.jupiter:junit-jupiter:5.11.3")
}

tasks.test {
    useJUnitPlatform { includeEngines("jqwik", "junit-jupiter") }
    testLogging { showStandardStreams = true }
}
