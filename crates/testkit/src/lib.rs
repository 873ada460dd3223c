//! Fakes of the outside services Skills Guide talks to (the OpenAI-compatible model server,
//! GitHub's REST API and raw content host, and a static file host serving a catalog snapshot),
//! each a real HTTP server so the production clients are exercised over a real socket, wire
//! format and all, rather than through a mocked trait.
//!
//! Every fake binds `127.0.0.1` on a port the OS picks: it is never reachable from another
//! machine, never collides with a parallel test, and never calls out to the real service.

pub mod fake_github;
pub mod fake_model;
mod http;
pub mod static_host;

pub use fake_github::{
    corpus_stars, git_blob_sha, shared_corpus_dir, FakeGithub, FakeGithubBuilder, Fault, FaultRule, GithubRequest,
    Repo, RepoFile, When, World,
};
pub use fake_model::{ChatRequest, FakeModel, Formats, Options, Reply};
pub use static_host::{HostFault, HostRequest, Link, StaticHost};
