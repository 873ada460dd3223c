//! # Skills Guide's clients for outside services
//!
//! Everything that leaves the machine goes through this crate, one client per
//! service, each with its base address in configuration so tests point it at
//! a fake on loopback:
//!
//! - [`model`]: any OpenAI-compatible chat-completions server (R-LLM-1);
//! - [`readings`]: the three readings of a skill by that server — prompts,
//!   the data block around the skill's text, and the validation of answers;
//! - [`http`]: what the clients share (timeouts, retries, secrets).
//!
//! Nothing here stores anything, and no secret reaches a log, an error or a
//! `Debug` output.

pub mod http;
pub mod model;
pub mod readings;
