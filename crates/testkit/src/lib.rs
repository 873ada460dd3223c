//! Fakes of the outside services Skills Guide talks to (today the OpenAI-compatible model
//! server; later GitHub), each a real HTTP server so the production clients are exercised
//! over a real socket, wire format and all, rather than through a mocked trait.
//!
//! Every fake binds `127.0.0.1` on a port the OS picks: it is never reachable from another
//! machine, never collides with a parallel test, and never calls out to the real service.

pub mod fake_model;

pub use fake_model::{ChatRequest, FakeModel, Reply};
