//! JavaScriptCore, the script engine of WebKitGTK's web process, runs the
//! app's page without its optimizing compilers (DFG and FTL).
//!
//! The page is the app's own small UI (one bundle of about 80 KB) that
//! renders a list of 20 results per keystroke: the interpreter and the
//! baseline JIT are enough for it, and the optimizing tiers only hold memory.
//! Measured on the 100,000-skill catalog, ten seconds after a typing session
//! (BENCHMARKS.md): the web process held 119 – 120 MB PSS instead of 127 MB,
//! with the same keystroke times on screen (median 23 – 25 ms, p90 38 – 48 ms
//! against 26 and 35 ms; this machine's noise). With no JIT at all it held
//! 110 – 118 MB but a keystroke's p90 rose to 63 – 66 ms, over the app's
//! 50 ms goal, so the baseline JIT stays. A user can still choose otherwise
//! by setting the variable themselves.

/// JavaScriptCore's option for its DFG JIT (the FTL builds on it), read from
/// the environment of the web process, which WebKit starts with the app's
/// environment.
const DFG_SWITCH: &str = "JSC_useDFGJIT";

/// Turns the optimizing JITs off for the web process unless the user set
/// [`DFG_SWITCH`]. Must run before WebKit starts and before any other thread
/// exists (it changes the process environment).
pub fn without_optimizing_jit() {
    if cfg!(target_os = "linux") && std::env::var_os(DFG_SWITCH).is_none() {
        std::env::set_var(DFG_SWITCH, "0");
    }
}
