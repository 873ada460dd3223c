// Generates the app's permissions: each command gets `allow-…`/`deny-…`, and
// since the app declares its commands, none is reachable from the webview
// unless a capability in tauri.conf.json grants it.
const COMMANDS: &[&str] = &[
    "app_info",
    "search",
    "skill",
    "skill_file",
    "install",
    "agents",
    "installed",
    "uninstall",
    "start_update",
    "report",
    "open_link",
    "start_sync",
    "start_verify",
    "rebuild_index",
    "cancel_job",
    "get_settings",
    "save_settings",
    "set_secret",
    "check_model",
    "catalog_offer",
    "decline_catalog_offer",
    "set_publisher",
];

fn main() {
    let manifest = tauri_build::AppManifest::new().commands(COMMANDS);
    if let Err(e) = tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest)) {
        panic!("tauri build step failed: {e:#}");
    }
}
