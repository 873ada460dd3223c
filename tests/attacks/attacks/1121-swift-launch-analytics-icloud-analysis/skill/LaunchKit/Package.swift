// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "LaunchKit",
    platforms: [.iOS(.v14)],
    products: [.library(name: "LaunchKit", targets: ["LaunchKit"])],
    targets: [.target(name: "LaunchKit")]
)
