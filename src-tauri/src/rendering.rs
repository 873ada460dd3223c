//! How WebKitGTK draws the window on Linux.
//!
//! WebKit composites the page through OpenGL. Without a GPU (no DRM render
//! node: a virtual machine, a remote session, a virtual display) that OpenGL
//! is Mesa's software rasterizer, and compositing then costs more than it
//! saves. Measured with the 100,000-skill catalog under Xvfb: WebKit's web
//! process held 271 MB PSS with compositing and 142 MB without, and a
//! keystroke's results reached the screen in 35 ms median, 58 ms p90 with it
//! against 19 ms and 30 ms without (BENCHMARKS.md). So compositing is turned
//! off when OpenGL can only be software, unless the user chose otherwise by
//! setting the variable themselves.

use std::path::Path;

/// WebKitGTK's switch for drawing without accelerated compositing.
const COMPOSITING_OFF: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";

/// Sets [`COMPOSITING_OFF`] when this machine has no GPU to composite on.
/// Must run before WebKit starts and before any other thread exists (it
/// changes the process environment).
pub fn choose_for_this_machine() {
    if cfg!(target_os = "linux") {
        let user_chose = std::env::var_os(COMPOSITING_OFF).is_some();
        let software_gl = std::env::var_os("LIBGL_ALWAYS_SOFTWARE").is_some_and(|v| !v.is_empty() && v != "0");
        if compositing_off(user_chose, has_render_node(Path::new("/dev/dri")), software_gl) {
            std::env::set_var(COMPOSITING_OFF, "1");
        }
    }
}

/// Whether to turn compositing off: never over the user's own choice;
/// otherwise when OpenGL would be software (no render node, or forced).
fn compositing_off(user_chose: bool, render_node: bool, software_gl: bool) -> bool {
    !user_chose && (!render_node || software_gl)
}

/// Whether `dri` holds a render node (`renderD128`…): a GPU to draw with.
fn has_render_node(dri: &Path) -> bool {
    std::fs::read_dir(dri)
        .map(|entries| entries.flatten().any(|e| e.file_name().to_string_lossy().starts_with("renderD")))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compositing_goes_off_only_without_a_gpu_and_never_over_the_users_choice() {
        assert!(compositing_off(false, false, false), "no render node");
        assert!(compositing_off(false, true, true), "software OpenGL forced");
        assert!(!compositing_off(false, true, false), "a GPU: WebKit's default");
        assert!(!compositing_off(true, false, false), "the user set the variable");
        assert!(!compositing_off(true, true, true));
    }

    #[test]
    fn a_render_node_is_found_by_its_name() {
        let tmp = tempfile::tempdir().unwrap();
        assert!(!has_render_node(&tmp.path().join("missing")));
        std::fs::write(tmp.path().join("card0"), b"").unwrap();
        assert!(!has_render_node(tmp.path()), "a card without a render node");
        std::fs::write(tmp.path().join("renderD128"), b"").unwrap();
        assert!(has_render_node(tmp.path()));
    }
}
