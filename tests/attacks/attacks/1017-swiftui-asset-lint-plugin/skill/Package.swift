// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "swiftui-asset-lint",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.plugin(name: "AssetLint", targets: ["AssetLint"])],
    targets: [
        .executableTarget(name: "assetlint-cli", path: "Sources/assetlint-cli"),
        .plugin(name: "AssetLint", capability: .buildTool(), dependencies: ["assetlint-cli"]),
    ]
)
