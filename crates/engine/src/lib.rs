//! # Skills Guide's catalog engine
//!
//! Everything Skills Guide knows about a SKILL.md lives here, free of any GUI
//! or terminal concern, so the CLI and the desktop app are thin faces over the
//! same code. The pure stages are:
//!
//! - [`parse`]: front matter, declared tools and markdown sections of a SKILL.md;
//! - [`score`]: the starting score computed without AI (R-SCORE-1..7);
//! - [`rules`]: the fixed security rules over the whole text (R-RULE-1..8);
//! - [`flow`]: data flows in a skill's scripts, from a secret to the network;
//! - [`precision`]: findings that sit in documentation of attacks, lowered;
//! - [`decide`]: the decision over the model's audit passes and the findings
//!   (R-DEC-1..7), and the indexable flag (R-SEO-1).
//!
//! [`scan`] is the one stage here that touches the file system: it reads
//! SKILL.md files (never runs them) and runs the pure stages over them.
//!
//! A SKILL.md is hostile input: nothing in this crate executes it, and no
//! input may make it panic.

pub mod analyze;
pub mod decide;
pub mod filekind;
pub mod flow;
pub mod folder;
pub mod freshness;
pub mod parse;
pub mod precision;
pub mod rules;
pub mod scan;
pub mod score;
#[cfg(test)]
mod test_support;
pub mod text;
