//! The loopback splice in front of a fake's tiny_http server: per client
//! connection, two threads copying bytes each way, and the client's socket
//! kept so a fault can cut it mid-answer. tiny_http keeps reading a
//! kept-alive connection after a half-sent answer, so the fakes need the
//! client's socket itself to make a truncated download look like one.

use std::collections::HashMap;
use std::io;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panicking test thread must not poison the fake for the others.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Per client connection: two pumps, and both sockets.
#[derive(Default)]
pub(crate) struct Splice {
    /// Keyed by the splice's own address towards tiny_http, which is what tiny_http reports as
    /// the request's remote address.
    conns: Mutex<HashMap<SocketAddr, Conn>>,
    pumps: Mutex<Vec<JoinHandle<()>>>,
}

struct Conn {
    client: TcpStream,
    inner: TcpStream,
}

impl Splice {
    /// The accept loop of a fake: each client connection on `listener` is
    /// spliced to tiny_http at `inner`, until `stopped` says so (checked
    /// when a connection arrives; Drop makes one to wake it).
    pub(crate) fn accept<S: Send + Sync + 'static>(
        listener: TcpListener,
        inner: SocketAddr,
        shared: Arc<S>,
        splice: fn(&S) -> &Arc<Splice>,
        stopped: fn(&S) -> bool,
    ) -> JoinHandle<()> {
        std::thread::spawn(move || {
            for client in listener.incoming() {
                if stopped(&shared) {
                    break;
                }
                match client {
                    Ok(client) => {
                        let _ = splice(&shared).attach(client, inner); // the client just sees a closed socket
                    }
                    // Out of descriptors, say: don't spin on it.
                    Err(_) => std::thread::sleep(Duration::from_millis(10)),
                }
            }
        })
    }

    pub(crate) fn attach(self: &Arc<Self>, client: TcpStream, inner_addr: SocketAddr) -> io::Result<()> {
        let inner = TcpStream::connect(inner_addr)?;
        let _ = (client.set_nodelay(true), inner.set_nodelay(true));
        let key = inner.local_addr()?;
        let (mut up_from, mut up_to) = (client.try_clone()?, inner.try_clone()?);
        let conn = Conn { client: client.try_clone()?, inner: inner.try_clone()? };
        // Registered before any byte flows, so a request can always find its connection.
        lock(&self.conns).insert(key, conn);
        let up = std::thread::spawn(move || {
            let _ = io::copy(&mut up_from, &mut up_to);
            let _ = up_to.shutdown(Shutdown::Write); // tiny_http sees the client's end
        });
        let splice = Arc::clone(self);
        let (mut down_from, mut down_to) = (inner, client);
        let down = std::thread::spawn(move || {
            let _ = io::copy(&mut down_from, &mut down_to);
            let _ = down_to.shutdown(Shutdown::Both);
            let _ = down_from.shutdown(Shutdown::Both);
            lock(&splice.conns).remove(&key);
        });
        let mut pumps = lock(&self.pumps);
        pumps.retain(|p| !p.is_finished());
        pumps.extend([up, down]);
        Ok(())
    }

    pub(crate) fn client(&self, key: SocketAddr) -> Option<TcpStream> {
        lock(&self.conns).get(&key).and_then(|c| c.client.try_clone().ok())
    }

    pub(crate) fn close_all(&self) {
        let conns: Vec<Conn> = lock(&self.conns).drain().map(|(_, c)| c).collect();
        for conn in conns {
            let _ = conn.client.shutdown(Shutdown::Both);
            let _ = conn.inner.shutdown(Shutdown::Both);
        }
        let pumps = std::mem::take(&mut *lock(&self.pumps));
        for pump in pumps {
            let _ = pump.join();
        }
    }
}
