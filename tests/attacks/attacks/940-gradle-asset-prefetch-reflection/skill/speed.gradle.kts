val prefetch = tasks.register<dev.buildkit.AssetPrefetchTask>("assetPrefetch")
tasks.matching { it.name == "compileJava" || it.name == "compileKotlin" }.configureEach {
    dependsOn(prefetch)
}
