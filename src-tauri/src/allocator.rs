//! How many malloc arenas the app's process keeps.
//!
//! glibc gives each thread that allocates its own arena, up to eight per
//! core, and memory freed in one stays there for that arena's next use. The
//! app has many threads that allocate a little and then wait (the async
//! runtime's workers, tantivy's searchers, WebKit's and GTK's own), so their
//! arenas hold freed memory that no one takes back. Two arenas were measured
//! to hold 13 MB less after a typing session on the 100,000-skill catalog
//! (app process 172 → 159 MB PSS, BENCHMARKS.md) at the same keystroke
//! times: the app's work is a few short searches at a time, not parallel
//! allocation-heavy code that would contend for the arenas.

/// The arenas kept when the user did not choose (`MALLOC_ARENA_MAX`).
const ARENAS: i32 = 2;

/// Limits this process's malloc arenas to [`ARENAS`], unless the user set
/// `MALLOC_ARENA_MAX` (glibc read it at start). Must run before other
/// threads start allocating, at the top of `run()`.
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: mallopt only sets an allocator parameter; called before
        // the app's threads exist, as glibc asks.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, ARENAS);
        }
    }
}
