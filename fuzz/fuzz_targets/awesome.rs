//! The awesome-list parser on any README: it must return, never panic, and
//! only give owners and repositories that make a valid `owner/name`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|readme: &str| {
    for link in skills_guide_remote::awesome::github_links(readme) {
        let full = format!("{}/{}", link.owner, link.repo);
        assert!(skills_guide_remote::awesome::valid_full_name(&full), "an invalid repository {full:?}");
    }
});
