//! Where the trees are read: on a thread whose stack holds the depth the
//! readers allow (`code` and `shell` bound their recursion, and those bounds
//! need [`FLOW_STACK_BYTES`]).
//!
//! A caller that reads many folders runs them on [`on_flow_stacks`]'s pool,
//! whose threads have such stacks, and each folder is read on the thread it
//! is on. Any other thread starts a thread of its own for each folder: a
//! per-folder thread cost the corpus scan about 5 % of its CPU time and
//! 10 % of its wall time (BENCHMARKS.md), and its regex caches, built on a
//! thread that then ended, were built again on the next.

use std::cell::Cell;
use std::sync::OnceLock;

/// Stack of a thread that reads the trees.
pub(super) const FLOW_STACK_BYTES: usize = 64 * 1024 * 1024;

thread_local! {
    /// Whether this thread was started with [`FLOW_STACK_BYTES`] of stack.
    static FLOW_STACK: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` on a pool of as many threads as rayon's own, each with
/// [`FLOW_STACK_BYTES`] of stack (reserved, not resident: a thread's stack
/// takes memory only as deep as it is used). `f`'s parallel iterators run on
/// that pool. When the pool cannot be built, `f` runs where it is called,
/// and each folder's trees are read on a thread of their own.
pub fn on_flow_stacks<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    let pool = POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("scan-{i}"))
            .stack_size(FLOW_STACK_BYTES)
            .start_handler(|_| FLOW_STACK.with(|f| f.set(true)))
            .build()
            .ok()
    });
    match pool {
        Some(p) => p.install(f),
        None => f(),
    }
}

/// Runs `read` on a thread with [`FLOW_STACK_BYTES`] of stack: this one when
/// it has them, a new one otherwise. `None` when `read` panicked or no
/// thread could be started: the folder is left without flow findings rather
/// than the caller's work lost.
pub(super) fn on_flow_stack<R: Send>(read: impl FnOnce() -> R + Send) -> Option<R> {
    if FLOW_STACK.with(Cell::get) {
        return std::panic::catch_unwind(std::panic::AssertUnwindSafe(read)).ok();
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("flow".into())
            .stack_size(FLOW_STACK_BYTES)
            .spawn_scoped(s, read)
            .ok()
            .and_then(|h| h.join().ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_thread_reads_on_itself_and_any_other_thread_starts_one() {
        let name = || std::thread::current().name().map(str::to_owned);
        // A plain thread: the read runs on a thread named "flow".
        assert_eq!(on_flow_stack(name).flatten().as_deref(), Some("flow"));
        // On the pool: on the pool's own thread.
        let inside = on_flow_stacks(|| on_flow_stack(name).flatten());
        assert!(inside.as_deref().is_some_and(|n| n.starts_with("scan-")), "{inside:?}");
    }

    #[test]
    fn a_read_that_panics_on_a_pool_thread_leaves_no_result_and_the_pool_working() {
        let r = on_flow_stacks(|| on_flow_stack(|| -> u8 { panic!("a reader's bug") }));
        assert_eq!(r, None);
        assert_eq!(on_flow_stacks(|| on_flow_stack(|| 7)), Some(7));
    }

    #[test]
    fn a_pool_thread_has_the_stack_the_readers_need() {
        // At least 8 MiB of stack in one chain of frames of 1 KiB and more
        // (a few KiB each in a debug build, still well under the pool's
        // stack): a 2 MiB default stack would overflow, aborting the test.
        fn deep(n: usize) -> usize {
            let pad = [n as u8; 1024];
            if n == 0 {
                usize::from(pad[0])
            } else {
                deep(n - 1) + usize::from(std::hint::black_box(pad)[1])
            }
        }
        let depth = 8 * 1024;
        assert_eq!(on_flow_stacks(|| on_flow_stack(|| deep(depth))), Some(deep_sum(depth)));
        fn deep_sum(n: usize) -> usize {
            (1..=n).map(|i| i % 256).sum()
        }
    }
}
