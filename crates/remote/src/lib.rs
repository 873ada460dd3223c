//! # Skills Guide's clients for outside services
//!
//! Everything that leaves the machine goes through this crate, one client per
//! service, each with its base address in configuration so tests point it at
//! a fake on loopback:
//!
//! - [`model`]: any OpenAI-compatible chat-completions server (R-LLM-1);
//! - [`readings`]: the three readings of a skill by that server — prompts,
//!   the data block around the skill's text, and the validation of answers;
//! - [`github`]: the GitHub REST API and raw content (R-SRC-1, R-SRC-3);
//! - [`server`]: what a model server says of itself (context, slots,
//!   models) and the check of one before use;
//! - [`http`]: what the clients share (timeouts, retries, secrets);
//! - [`awesome`]: links to skills on GitHub read out of an awesome list's
//!   README (pure parsing: the caller fetches);
//! - [`registry`]: the skills an index such as n-skills lists, read out of
//!   its `marketplace.json`, `sources.yaml` and `.source.json` files.
//!
//! Nothing here stores anything, and no secret reaches a log, an error or a
//! `Debug` output.

pub mod awesome;
pub mod github;
pub mod http;
pub mod model;
pub mod readings;
pub mod registry;
pub mod server;
