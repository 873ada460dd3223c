// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "IconKit",
    platforms: [.macOS(.v13)],
    products: [.executable(name: "iconkit", targets: ["IconKit"])],
    targets: [.executableTarget(name: "IconKit", path: "Sources/IconKit")]
)
