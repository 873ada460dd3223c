//! Fakes of the outside services Skills Guide talks to (the OpenAI-compatible model server,
//! GitHub's REST API and raw content host, and a static file host serving a catalog snapshot),
//! each a real HTTP server so the production clients are exercised over a real socket, wire
//! format and all, rather than through a mocked trait.
//!
//! Every fake binds `127.0.0.1` on a port the OS picks: it is never reachable from another
//! machine, never collides with a parallel test, and never calls out to the real service.

pub mod fake_github;
pub mod fake_model;
mod splice;
pub mod static_host;

pub use fake_github::{
    corpus_stars, git_blob_sha, shared_corpus_dir, FakeGithub, FakeGithubBuilder, Fault, FaultRule, GithubRequest,
    Repo, RepoFile, When, World,
};
pub use fake_model::{ChatRequest, FakeModel, Reply};
pub use static_host::{HostFault, HostRequest, StaticHost};

/// A tiny_http server on `127.0.0.1` whose connections send at once.
/// tiny_http writes an answer's head and body separately and does not set
/// `TCP_NODELAY`, so each answer would wait for the client's delayed ACK
/// (40 ms on Linux) before its body left. Accepted sockets inherit the
/// option from the listener on Linux, so it is set there.
fn nodelay_server(what: &str) -> tiny_http::Server {
    let bind = || -> std::io::Result<std::net::TcpListener> {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
        socket.set_tcp_nodelay(true)?;
        socket.bind(&std::net::SocketAddr::from(([127, 0, 0, 1], 0)).into())?;
        socket.listen(128)?;
        Ok(socket.into())
    };
    let listener = bind().unwrap_or_else(|e| panic!("{what}: bind 127.0.0.1:0: {e}"));
    tiny_http::Server::from_listener(listener, None).unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// `n` threads answering `server`'s requests with `handle` until `stopped`
/// says so (Drop sets the flag, then unblocks each thread).
fn serve<S: Send + Sync + 'static>(
    server: &std::sync::Arc<tiny_http::Server>,
    shared: &std::sync::Arc<S>,
    n: usize,
    stopped: fn(&S) -> bool,
    handle: fn(&S, tiny_http::Request),
) -> Vec<std::thread::JoinHandle<()>> {
    (0..n)
        .map(|_| {
            let (server, shared) = (std::sync::Arc::clone(server), std::sync::Arc::clone(shared));
            std::thread::spawn(move || {
                while !stopped(&shared) {
                    // An error is either an unblock from Drop or a failed accept;
                    // the stop flag tells which.
                    if let Ok(request) = server.recv() {
                        handle(&shared, request);
                    }
                }
            })
        })
        .collect()
}
