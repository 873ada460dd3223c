//! The whole analysis of one SKILL.md (decoding, front matter, sections,
//! score, fixed rules) on any bytes: it must return, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skills_guide_engine::score::RepoFacts;

fuzz_target!(|bytes: &[u8]| {
    let analysis = skills_guide_engine::analyze::analyze(bytes, &RepoFacts::default(), 1_796_000_000);
    // A finding's line is a line of the text.
    let lines = bytes.split(|&b| b == b'\n').count().max(1);
    for f in &analysis.rules.findings {
        assert!(f.line >= 1 && f.line <= lines, "finding at line {} of {lines}", f.line);
    }
});
