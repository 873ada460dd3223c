//! How glibc's malloc keeps the memory a process frees.
//!
//! **Arenas** (the desktop app).
//! glibc gives each thread that allocates its own arena, up to eight per
//! core, and memory freed in one stays there for that arena's next use. The
//! app has many threads that allocate a little and then wait (the async
//! runtime's workers, tantivy's searchers, WebKit's and GTK's own), so their
//! arenas hold freed memory that no one takes back. Two arenas were measured
//! to hold 13 MB less after a typing session on the 100,000-skill catalog
//! (app process 172 → 159 MB PSS, BENCHMARKS.md) at the same keystroke
//! times: the app's work is a few short searches at a time, not parallel
//! allocation-heavy code that would contend for the arenas.
//!
//! **Large blocks** (every process that indexes). glibc serves a block of
//! 128 KB or more with its own mapping and unmaps it when freed, but raises
//! that threshold to the size of each such block freed, up to 32 MB. The
//! index writer allocates 1 MB pages and frees them at every segment it
//! writes, so after the first segment its pages came from the heaps and
//! stayed there, fragmented, once freed: a first snapshot sync of 100,000
//! skills peaked at 537 MB of resident memory against about 310 MB of live
//! heap. A fixed threshold of 256 KB kept it at 449 MB (BENCHMARKS.md
//! "Snapshots").

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

/// Blocks of this size or more get their own mapping, returned when freed.
const MMAP_THRESHOLD: i32 = 256 * 1024;

/// Fixes glibc's mmap threshold at [`MMAP_THRESHOLD`] (no longer raised by
/// each large block freed), unless the user set `MALLOC_MMAP_THRESHOLD_`.
/// Call it first thing in `main`.
pub fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_none() {
        // SAFETY: mallopt only sets an allocator parameter; called at the
        // start of the process, before other threads allocate.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        }
    }
}
