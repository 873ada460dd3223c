//! The fixed rules (R-RULE) on any text: they must return, never panic, and
//! name lines that exist.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let outcome = skills_guide_engine::rules::check(text);
    let lines = text.split('\n').count().max(1);
    for f in &outcome.findings {
        assert!(f.line >= 1 && f.line <= lines, "finding at line {} of {lines}", f.line);
    }
});
