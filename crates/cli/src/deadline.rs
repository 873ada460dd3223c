//! `--max-time SECONDS`: a wall-clock budget for a long run (`sync`,
//! `verify`), for a scheduled job that must end before its runner's limit.
//! When the budget is spent the run's cancel flag is raised, so it stops
//! between items as a cancel does: what was stored stays, an unfinished
//! code search resumes at the next sync, unread skills wait for the next
//! `verify`. A wait already begun (a GitHub rate limit's reset, a model's
//! answer) is not cut short: the budget is the time after which no new
//! work starts.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use skills_guide_catalog::progress::Cancel;

/// Whether the budget ran out.
pub struct Deadline {
    passed: Arc<AtomicBool>,
}

impl Deadline {
    /// Raises `cancel` once `seconds` have passed (at once for 0); with no
    /// budget, never.
    pub fn start(cancel: &Cancel, seconds: Option<u64>) -> Deadline {
        let passed = Arc::new(AtomicBool::new(false));
        match seconds {
            Some(0) => {
                passed.store(true, Ordering::SeqCst);
                cancel.cancel();
            }
            Some(s) => {
                let (cancel, flag) = (cancel.clone(), Arc::clone(&passed));
                // Detached: the process ends with the command, timer or not.
                std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_secs(s));
                    flag.store(true, Ordering::SeqCst);
                    cancel.cancel();
                });
            }
            None => {}
        }
        Deadline { passed }
    }

    pub fn passed(&self) -> bool {
        self.passed.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_raises_the_cancel_flag_when_spent_and_none_never_does() {
        let cancel = Cancel::default();
        let none = Deadline::start(&cancel, None);
        assert!(!none.passed() && !cancel.is_cancelled());
        let zero = Deadline::start(&cancel, Some(0));
        assert!(zero.passed() && cancel.is_cancelled(), "0 stops before any work");

        let cancel = Cancel::default();
        let one = Deadline::start(&cancel, Some(1));
        assert!(!one.passed() && !cancel.is_cancelled());
        let started = std::time::Instant::now();
        while !cancel.is_cancelled() && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(one.passed() && cancel.is_cancelled());
        assert!(started.elapsed() >= Duration::from_millis(900), "{:?}", started.elapsed());
    }
}
