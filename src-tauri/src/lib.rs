//! # Skills Guide's desktop shell
//!
//! A thin Tauri layer over the catalog engine: [`commands`] adapts the
//! engine's calls for the webview (their contract: `src-tauri/IPC.md`),
//! [`state`] holds the catalog and the one long job, [`settings`] the user's
//! settings and secrets. No rule, score or decision lives here.
//!
//! The webview shows hostile text (every SKILL.md), so the shell also
//! guards it: the content arrives rendered and sanitized in Rust
//! (`skills-guide-render`), the CSP and capabilities in `tauri.conf.json`
//! allow only the app's own code and commands, and the window refuses to
//! navigate anywhere but the app itself (links go to the system browser
//! through `open_link`).

pub mod commands;
pub mod error;
pub mod rendering;
pub mod scripting;
pub mod settings;
pub mod state;

use std::path::PathBuf;

use settings::{OsKeyring, Secrets, Vault};
use state::AppState;
use tauri::Runtime;

/// The catalog folder: `SKILLS_GUIDE_DATA_DIR` (as for the CLI), else the
/// platform data folder.
pub fn data_dir() -> Option<PathBuf> {
    std::env::var_os("SKILLS_GUIDE_DATA_DIR")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(skills_guide_catalog::default_data_dir)
}

/// Whether the webview may show `url`: only the app's own pages (the
/// bundled UI, or the development server in a debug build).
pub fn is_app_url(url: &tauri::Url) -> bool {
    match url.scheme() {
        "tauri" => url.host_str() == Some("localhost"),
        "http" | "https" => {
            let host = url.host_str();
            // Windows serves the bundled UI from http://tauri.localhost.
            (cfg!(windows) && host == Some("tauri.localhost"))
                || (cfg!(debug_assertions) && host == Some("localhost") && url.port() == Some(1420))
        }
        _ => false,
    }
}

/// Registers the commands, the state and the navigation guard on `builder`.
/// Shared by the app and the tests.
pub fn setup<R: Runtime>(builder: tauri::Builder<R>, state: AppState) -> tauri::Builder<R> {
    builder.manage(state).invoke_handler(tauri::generate_handler![
        commands::app_info,
        commands::search,
        commands::skill,
        commands::skill_file,
        commands::install,
        commands::agents,
        commands::installed,
        commands::uninstall,
        commands::start_update,
        commands::report,
        commands::open_link,
        commands::start_sync,
        commands::start_verify,
        commands::rebuild_index,
        commands::cancel_job,
        commands::get_settings,
        commands::save_settings,
        commands::set_secret,
        commands::check_model,
        commands::catalog_offer,
        commands::decline_catalog_offer,
        commands::set_publisher,
    ])
}

/// The window's navigation guard: the app's own pages only. A link the user
/// clicks is opened by the UI through `open_link`; anything else that tries
/// to move the webview (a script, a meta refresh, a stray anchor) is refused.
fn guard_navigation<R: Runtime>() -> tauri::plugin::TauriPlugin<R> {
    tauri::plugin::Builder::new("navigation-guard")
        .on_navigation(|_webview, url| {
            let allowed = is_app_url(url);
            if !allowed {
                tracing::warn!(scheme = url.scheme(), "refused a navigation away from the app");
            }
            allowed
        })
        .build()
}

pub fn run() {
    // First, before any thread exists: the allocator's arenas, and the
    // environment WebKit reads.
    skills_guide_catalog::allocator::limit_arenas();
    skills_guide_catalog::allocator::return_large_blocks();
    rendering::choose_for_this_machine();
    scripting::without_optimizing_jit();
    let Some(data_dir) = data_dir() else {
        eprintln!("skills-guide-desktop: no data folder on this platform; set SKILLS_GUIDE_DATA_DIR");
        std::process::exit(1);
    };
    let vault: Option<Box<dyn Vault>> = OsKeyring::probe().map(|k| Box::new(k) as Box<dyn Vault>);
    let secrets = Secrets::new(vault, Box::new(|v| std::env::var(v).ok()));
    let state = AppState::new(&data_dir, secrets);
    let opening = state.clone();
    let app = setup(tauri::Builder::default(), state)
        .plugin(guard_navigation())
        .setup(move |app| {
            // Opened off the main thread: the window shows at once, and the
            // UI, seeing `job: "open"` in app_info, says the catalog is
            // opening (a rebuild can take a while) and asks again.
            let _ = app;
            std::thread::spawn(move || opening.open_catalog(&|_| {}));
            Ok(())
        })
        .build(tauri::generate_context!());
    match app {
        Ok(app) => app.run(|_, _| {}),
        Err(e) => {
            eprintln!("skills-guide-desktop: cannot start: {e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_may_show_only_the_app_itself() {
        let url = |s: &str| tauri::Url::parse(s).unwrap();
        assert!(is_app_url(&url("tauri://localhost/")));
        assert!(is_app_url(&url("tauri://localhost/index.html#x")));
        assert_eq!(is_app_url(&url("http://tauri.localhost/")), cfg!(windows));
        for other in [
            "https://example.com/",
            "http://localhost/",
            "tauri://evil.example/",
            "javascript:alert(1)",
            "data:text/html,<script>x</script>",
            "file:///etc/passwd",
            "about:blank",
            "https://tauri.localhost.evil.example/",
        ] {
            assert!(!is_app_url(&url(other)), "{other} must be refused");
        }
        // The development server, only in a debug build.
        assert_eq!(is_app_url(&url("http://localhost:1420/")), cfg!(debug_assertions));
    }
}
