//! The fakes' HTTP/1.1 server: a thread per connection, requests parsed with
//! `httparse`, answers always framed by `Content-Length` (never chunked, as
//! GitHub, the model servers and static hosts answer these requests), and
//! keep-alive as HTTP/1.1 clients expect it. A body may be a stretch of a
//! file, read in chunks as it goes out (a large file is never held whole), and
//! an answer may be paced like a real link: a wait before its first byte and a
//! rate for its body.
//!
//! Why not a server crate: tiny_http, used before, hands connections to a
//! thread pool whose wake-up can be lost (`TaskPool::spawn` counts a waiting
//! thread that a previous notify already took), so a new connection could
//! wait, unread, until another kept-alive connection closed: under parallel
//! tests, a request stalled until the client's timeout. The async servers
//! would put a runtime under every fake. This module owns each socket
//! outright, so a fault can cut an answer mid-body or drop the connection
//! with no relay in between.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

/// A request head over this is answered 431 and the connection closed.
const MAX_HEAD: usize = 64 * 1024;
const MAX_HEADERS: usize = 100;
/// A request body over this is answered 413 unread, and the connection closed.
const MAX_BODY: usize = 16 * 1024 * 1024;

/// One request, read whole.
pub(crate) struct Request {
    pub method: String,
    /// The request target as sent: path and query.
    pub target: String,
    /// Names in lower case, values as sent, in order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The first value of a header, by its name in any case.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// A file body goes out in chunks of this size, so only one chunk of it is in
/// memory at a time; a paced body in chunks no larger.
const CHUNK: u64 = 256 * 1024;

/// An answer before it is sent.
pub(crate) struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// When set, the body sent instead of `body`: read from the file as it
    /// goes out.
    pub file: Option<FileBody>,
    /// The `Content-Length` sent when it is not the body's: a 304 declares
    /// the length of the 200 it stands for.
    pub declared_length: Option<u64>,
    pub pace: Pace,
    /// Told, once the answer is written or the write failed, how many body
    /// bytes went out: fewer than planned when the client went away.
    pub on_sent: Option<Box<dyn FnOnce(u64) + Send>>,
}

impl Response {
    pub fn new(status: u16, headers: Vec<(String, String)>, body: Vec<u8>) -> Response {
        Response { status, headers, body, file: None, declared_length: None, pace: Pace::default(), on_sent: None }
    }

    /// The length of the body this answer holds (not of the one it may declare).
    pub fn body_len(&self) -> u64 {
        self.file.as_ref().map_or(self.body.len() as u64, |f| f.len)
    }

    /// Keeps only the first `len` bytes of the body.
    fn cut_to(&mut self, len: u64) {
        match &mut self.file {
            Some(file) => file.len = file.len.min(len),
            None => self.body.truncate(usize::try_from(len).unwrap_or(usize::MAX)),
        }
    }
}

/// `len` bytes of `file` from `offset`: a body too large to hold in memory.
pub(crate) struct FileBody {
    pub file: File,
    pub offset: u64,
    pub len: u64,
}

/// The link an answer crosses, so a client on loopback sees a real host's
/// timing: `latency` before the answer's first byte (a round trip), and the
/// body at `bytes_per_sec` when set (`None` or 0: as fast as loopback goes).
/// Each answer is paced on its own connection's thread, so every connection
/// gets the whole rate, as each TCP connection to a CDN does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Pace {
    pub latency: Duration,
    pub bytes_per_sec: Option<u64>,
}

/// How an answer goes on the wire.
pub(crate) enum Answer {
    Whole(Response),
    /// The head with the full `Content-Length`, then only this many bytes of
    /// the body, then the connection closed: a transfer cut short.
    Truncated(Response, usize),
    /// The connection closed with no answer at all.
    Disconnect,
}

/// Stops on Drop: the accept loop ends, every open connection is shut down
/// and its thread joined. A handler sleeping through a delay should watch
/// its fake's own stop flag, which the fake sets before dropping this.
pub(crate) struct Server {
    addr: SocketAddr,
    inner: Arc<Inner>,
    acceptor: Option<JoinHandle<()>>,
}

#[derive(Default)]
struct Inner {
    stopped: AtomicBool,
    next_conn: AtomicU64,
    conns: Mutex<HashMap<u64, Conn>>,
}

/// An open connection's socket, to shut it down at stop, and its thread
/// (set just after the thread starts).
type Conn = (TcpStream, Option<JoinHandle<()>>);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panicking test thread must not poison the server for the others.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A socket listening on `127.0.0.1`, not served yet: for a fake whose
/// answers name its own address.
pub(crate) struct Bound {
    listener: TcpListener,
    addr: SocketAddr,
}

impl Bound {
    /// A port the OS picks.
    pub fn new(what: &str) -> Bound {
        let listener = bind().unwrap_or_else(|e| panic!("{what}: bind 127.0.0.1:0: {e}"));
        let addr = listener.local_addr().unwrap_or_else(|e| panic!("{what}: listener address: {e}"));
        Bound { listener, addr }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Answers each request with `handle`, on the connection's own thread.
    pub fn serve<S: Send + Sync + 'static>(self, shared: Arc<S>, handle: fn(&S, Request) -> Answer) -> Server {
        let Bound { listener, addr } = self;
        let inner = Arc::new(Inner::default());
        let acceptor = {
            let inner = Arc::clone(&inner);
            std::thread::spawn(move || accept_loop(listener, &inner, &shared, handle))
        };
        Server { addr, inner, acceptor: Some(acceptor) }
    }
}

impl Server {
    /// Listens on `127.0.0.1`, a port the OS picks, and answers each request
    /// with `handle` on the connection's own thread.
    pub fn start<S: Send + Sync + 'static>(what: &str, shared: Arc<S>, handle: fn(&S, Request) -> Answer) -> Server {
        Bound::new(what).serve(shared, handle)
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.inner.stopped.store(true, Ordering::Release);
        // The accept loop looks at the flag when a connection arrives: make one.
        let _ = TcpStream::connect(self.addr);
        if let Some(acceptor) = self.acceptor.take() {
            let _ = acceptor.join();
        }
        let conns: Vec<_> = lock(&self.inner.conns).drain().map(|(_, c)| c).collect();
        for (socket, thread) in conns {
            let _ = socket.shutdown(Shutdown::Both);
            if let Some(thread) = thread {
                let _ = thread.join();
            }
        }
    }
}

/// A listener with `TCP_NODELAY`, which accepted sockets inherit on Linux:
/// an answer's last segment must not wait for the client's delayed ACK
/// (40 ms) before it leaves.
fn bind() -> io::Result<TcpListener> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    socket.set_tcp_nodelay(true)?;
    socket.bind(&SocketAddr::from(([127, 0, 0, 1], 0)).into())?;
    socket.listen(1024)?;
    Ok(socket.into())
}

fn accept_loop<S: Send + Sync + 'static>(
    listener: TcpListener,
    inner: &Arc<Inner>,
    shared: &Arc<S>,
    handle: fn(&S, Request) -> Answer,
) {
    for stream in listener.incoming() {
        if inner.stopped.load(Ordering::Acquire) {
            break;
        }
        let stream = match stream {
            Ok(stream) => stream,
            // Out of descriptors, say: don't spin on it.
            Err(_) => {
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let Ok(kept) = stream.try_clone() else { continue }; // the client just sees a closed socket
        let id = inner.next_conn.fetch_add(1, Ordering::Relaxed);
        // Registered before the thread starts, so a stop always finds the socket.
        // Held until the thread's handle is in: the thread removes its own
        // entry when it ends, which must come after.
        let mut conns = lock(&inner.conns);
        conns.insert(id, (kept, None));
        let (inner_for_conn, shared) = (Arc::clone(inner), Arc::clone(shared));
        let thread = std::thread::spawn(move || {
            let _ = serve_connection(stream, &*shared, handle, &inner_for_conn.stopped);
            // Done: the entry's socket clone closes, and the thread detaches.
            lock(&inner_for_conn.conns).remove(&id);
        });
        if let Some(entry) = conns.get_mut(&id) {
            entry.1 = Some(thread);
        }
    }
}

/// Requests one after another on one connection, until the client closes it,
/// asks to, or sends something this server will not read.
fn serve_connection<S>(
    stream: TcpStream,
    shared: &S,
    handle: fn(&S, Request) -> Answer,
    stopped: &AtomicBool,
) -> io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut writer = stream;
    loop {
        let head = match read_head(&mut reader)? {
            Head::Closed => return Ok(()),
            Head::TooLarge => return refuse(&mut writer, 431, "Request Header Fields Too Large"),
            Head::Bytes(head) => head,
        };
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut parsed = httparse::Request::new(&mut headers);
        let request = match parsed.parse(&head) {
            Ok(httparse::Status::Complete(_)) => parsed,
            Err(httparse::Error::TooManyHeaders) => return refuse(&mut writer, 431, "Too many header fields"),
            _ => return refuse(&mut writer, 400, "Malformed request"),
        };
        let method = request.method.unwrap_or_default().to_owned();
        let target = request.path.unwrap_or_default().to_owned();
        let http11 = request.version == Some(1);
        let headers: Vec<(String, String)> = request
            .headers
            .iter()
            .map(|h| (h.name.to_ascii_lowercase(), String::from_utf8_lossy(h.value).into_owned()))
            .collect();
        let value = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        if value("transfer-encoding").is_some() {
            // None of the fakes' clients stream a request body.
            return refuse(&mut writer, 501, "Chunked request bodies are not supported");
        }
        let length = match value("content-length").map(|v| v.trim().parse::<usize>()) {
            None => 0,
            Some(Ok(n)) if n <= MAX_BODY => n,
            Some(Ok(_)) => return refuse(&mut writer, 413, "Request body too large"),
            Some(Err(_)) => return refuse(&mut writer, 400, "Bad Content-Length"),
        };
        let mut body = vec![0; length];
        reader.read_exact(&mut body)?;
        let wants_close =
            value("connection").is_some_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case("close")));
        let keep_alive = http11 && !wants_close;
        let is_head = method == "HEAD";
        let request = Request { method, target, headers, body };
        let answer = catch_unwind(AssertUnwindSafe(|| handle(shared, request))).unwrap_or_else(|_| {
            Answer::Whole(Response::new(500, Vec::new(), b"fake: the handler panicked\n".to_vec()))
        });
        match answer {
            Answer::Whole(response) => {
                let close = !keep_alive || response.headers.iter().any(|(n, v)| is_close(n, v));
                write_response(&mut writer, response, !is_head, close, stopped)?;
                if close {
                    let _ = writer.shutdown(Shutdown::Both);
                    return Ok(());
                }
            }
            Answer::Truncated(response, sent) => {
                let mut response = response;
                let full = response.body_len();
                response.cut_to((sent as u64).min(full.saturating_sub(1)));
                response.declared_length = Some(full.max(1));
                let _ = write_response(&mut writer, response, true, false, stopped);
                let _ = writer.shutdown(Shutdown::Both);
                return Ok(());
            }
            Answer::Disconnect => {
                let _ = writer.shutdown(Shutdown::Both);
                return Ok(());
            }
        }
    }
}

/// Whether an answer with `status` to a `method` request carries a body on
/// the wire (RFC 9110: none for HEAD, 1xx, 204 and 304).
pub(crate) fn sends_body(method: &str, status: u16) -> bool {
    method != "HEAD" && !bodiless(status)
}

fn bodiless(status: u16) -> bool {
    matches!(status, 100..=199 | 204 | 304)
}

/// The status's reason phrase, as servers send it.
pub(crate) fn reason(status: u16) -> &'static str {
    http::StatusCode::from_u16(status).ok().and_then(|s| s.canonical_reason()).unwrap_or("Unknown")
}

fn is_close(name: &str, value: &str) -> bool {
    name.eq_ignore_ascii_case("connection") && value.trim().eq_ignore_ascii_case("close")
}

enum Head {
    Bytes(Vec<u8>),
    /// The client closed the connection between requests.
    Closed,
    TooLarge,
}

/// The request line and headers, up to and including the empty line.
fn read_head(reader: &mut impl BufRead) -> io::Result<Head> {
    let mut head = Vec::new();
    loop {
        let before = head.len();
        let read = reader.by_ref().take((MAX_HEAD + 1 - head.len()) as u64).read_until(b'\n', &mut head);
        match read {
            Ok(0) if head.is_empty() => return Ok(Head::Closed),
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(_) => {}
            // A socket shut down at stop, or reset by the client, between requests.
            Err(_) if head.is_empty() => return Ok(Head::Closed),
            Err(e) => return Err(e),
        }
        if head.len() > MAX_HEAD {
            return Ok(Head::TooLarge);
        }
        let line = &head[before..];
        // Empty lines before a request line are allowed (RFC 9112 §2.2).
        if line == b"\r\n" || line == b"\n" {
            if before == 0 {
                head.clear();
                continue;
            }
            return Ok(Head::Bytes(head));
        }
    }
}

/// Answers with `status` and a one-line reason, then closes.
fn refuse(writer: &mut TcpStream, status: u16, reason: &str) -> io::Result<()> {
    let response = Response::new(
        status,
        vec![("Content-Type".to_owned(), "text/plain".to_owned())],
        format!("{reason}\n").into_bytes(),
    );
    let _ = write_response(writer, response, true, true, &AtomicBool::new(false));
    let _ = writer.shutdown(Shutdown::Both);
    Ok(())
}

/// The head, then the body unless `with_body` is off or the status has none
/// (RFC 9110: 1xx, 204 and 304), at the answer's pace; then tells the answer's
/// `on_sent` how many body bytes went out.
fn write_response(
    writer: &mut impl Write,
    mut response: Response,
    with_body: bool,
    close: bool,
    stopped: &AtomicBool,
) -> io::Result<()> {
    use std::fmt::Write as _;
    let status = response.status;
    let reason = reason(status);
    let mut head = format!("HTTP/1.1 {status} {reason}\r\n");
    let _ = write!(head, "Date: {}\r\n", httpdate::fmt_http_date(SystemTime::now()));
    for (name, value) in &response.headers {
        // Framing is this server's to set.
        if name.eq_ignore_ascii_case("content-length") || name.eq_ignore_ascii_case("transfer-encoding") {
            continue;
        }
        if name.eq_ignore_ascii_case("connection") && close {
            continue;
        }
        let _ = write!(head, "{name}: {value}\r\n");
    }
    if !matches!(status, 100..=199 | 204) {
        let length = response.declared_length.unwrap_or(response.body_len());
        let _ = write!(head, "Content-Length: {length}\r\n");
    }
    if close {
        head.push_str("Connection: close\r\n");
    }
    head.push_str("\r\n");
    let on_sent = response.on_sent.take();
    let mut sent = 0;
    let result = send(writer, head.into_bytes(), &mut response, with_body && !bodiless(status), stopped, &mut sent);
    if let Some(on_sent) = on_sent {
        on_sent(sent);
    }
    result
}

/// Writes `head` and the body, counting in `sent` the body bytes written.
///
/// Unpaced, a body in memory leaves with its head in one write (one segment
/// when it fits), and a file body in chunks of [`CHUNK`]. Paced, the head
/// leaves after the latency, then each chunk (about a hundredth of a second's
/// worth) once the link would have carried every byte up to its end: the
/// deadlines count from the head, so sleeps that overshoot don't add up, and
/// the last byte leaves no sooner than `len / rate` after the head.
fn send(
    writer: &mut impl Write,
    head: Vec<u8>,
    response: &mut Response,
    with_body: bool,
    stopped: &AtomicBool,
    sent: &mut u64,
) -> io::Result<()> {
    let Pace { latency, bytes_per_sec } = response.pace;
    let rate = bytes_per_sec.filter(|&rate| rate > 0);
    pause_until(Instant::now() + latency, stopped)?;
    let total = if with_body { response.body_len() } else { 0 };
    let mut out = head;
    if total == 0 || rate.is_some() {
        writer.write_all(&out)?;
        writer.flush()?;
        out.clear();
    }
    if total == 0 {
        return Ok(());
    }
    let chunk = match rate {
        Some(rate) => (rate / 100).clamp(1024, CHUNK),
        None if response.file.is_some() => CHUNK,
        None => total,
    };
    let mut source: Box<dyn Read + '_> = match &mut response.file {
        Some(body) => {
            body.file.seek(SeekFrom::Start(body.offset))?;
            Box::new((&mut body.file).take(body.len))
        }
        None => Box::new(response.body.as_slice()),
    };
    let start = Instant::now();
    let mut done = 0;
    while done < total {
        let n = chunk.min(total - done);
        let at = out.len();
        out.resize(at + n as usize, 0);
        // A file that shrank since its length was declared: the connection
        // ends short, which the client sees as a cut.
        source.read_exact(&mut out[at..])?;
        done += n;
        if let Some(rate) = rate {
            pause_until(start + Duration::from_secs_f64(done as f64 / rate as f64), stopped)?;
        }
        writer.write_all(&out)?;
        *sent = done;
        out.clear();
    }
    writer.flush()
}

/// Sleeps until `deadline`, waking now and then to give up if the server is
/// stopping (its Drop joins this thread).
fn pause_until(deadline: Instant, stopped: &AtomicBool) -> io::Result<()> {
    loop {
        if stopped.load(Ordering::Acquire) {
            return Err(io::Error::other("the server is stopping"));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(());
        }
        std::thread::sleep((deadline - now).min(Duration::from_millis(50)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Echoes the method and target; `/cut` is cut short, `/drop` dropped, `/304` is not modified.
    fn echo(_: &(), request: Request) -> Answer {
        let body = format!("{} {} {}", request.method, request.target, request.body.len()).into_bytes();
        match request.target.as_str() {
            "/cut" => Answer::Truncated(Response::new(200, Vec::new(), vec![b'x'; 100]), 10),
            "/drop" => Answer::Disconnect,
            "/304" => {
                Answer::Whole(Response { declared_length: Some(42), ..Response::new(304, Vec::new(), Vec::new()) })
            }
            _ => Answer::Whole(Response::new(200, vec![("X-Echo".into(), "1".into())], body)),
        }
    }

    fn connect(server: &Server) -> TcpStream {
        let stream = TcpStream::connect(server.addr()).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream
    }

    /// One answer: the head, then as many body bytes as its Content-Length says.
    fn read_answer(reader: &mut BufReader<TcpStream>, with_body: bool) -> (String, Vec<u8>) {
        let mut head = String::new();
        while !head.ends_with("\r\n\r\n") {
            assert!(reader.read_line(&mut head).unwrap() > 0, "closed mid-head: {head:?}");
        }
        let length = head
            .lines()
            .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length: ").map(|v| v.parse::<usize>().unwrap()))
            .unwrap_or(0);
        let mut body = vec![0; if with_body { length } else { 0 }];
        reader.read_exact(&mut body).unwrap();
        (head, body)
    }

    #[test]
    fn kept_alive_and_pipelined_requests_are_answered_in_order() {
        let server = Server::start("test", Arc::new(()), echo);
        let mut stream = connect(&server);
        stream.write_all(b"GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcHEAD /c HTTP/1.1\r\n\r\n").unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let (head, body) = read_answer(&mut reader, true);
        assert!(head.starts_with("HTTP/1.1 200 OK\r\n") && head.contains("X-Echo: 1\r\n") && head.contains("Date: "));
        assert_eq!(body, b"GET /a 0");
        assert_eq!(read_answer(&mut reader, true).1, b"POST /b 3");
        // HEAD: the GET's length, no body; the connection is still usable after it.
        let (head, _) = read_answer(&mut reader, false);
        assert!(head.contains("Content-Length: 9\r\n"), "{head}");
        stream.write_all(b"GET /304 HTTP/1.1\r\n\r\nGET /d HTTP/1.1\r\nConnection: close\r\n\r\n").unwrap();
        let (head, _) = read_answer(&mut reader, false);
        assert!(head.starts_with("HTTP/1.1 304 Not Modified\r\n") && head.contains("Content-Length: 42\r\n"), "{head}");
        let (head, body) = read_answer(&mut reader, true);
        assert!(head.contains("Connection: close\r\n"));
        assert_eq!(body, b"GET /d 0");
        assert_eq!(reader.read(&mut [0; 1]).unwrap(), 0, "closed after Connection: close");
    }

    #[test]
    fn faults_cut_or_drop_the_connection() {
        let server = Server::start("test", Arc::new(()), echo);
        let mut stream = connect(&server);
        stream.write_all(b"GET /cut HTTP/1.1\r\n\r\n").unwrap();
        let mut all = Vec::new();
        stream.read_to_end(&mut all).unwrap();
        let text = String::from_utf8(all).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.contains("Content-Length: 100"), "{head}");
        assert_eq!(body.len(), 10);

        let mut stream = connect(&server);
        stream.write_all(b"GET /drop HTTP/1.1\r\n\r\n").unwrap();
        let mut all = Vec::new();
        let _ = stream.read_to_end(&mut all);
        assert!(all.is_empty());
    }

    #[test]
    fn bad_requests_get_a_status_and_a_closed_connection() {
        let server = Server::start("test", Arc::new(()), echo);
        let huge = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        let many: String = (0..=MAX_HEADERS).map(|i| format!("X{i}: 1\r\n")).collect();
        let cases = [
            ("GARBAGE\r\n\r\n".to_owned(), "400"),
            (huge, "431"),
            (format!("GET / HTTP/1.1\r\n{many}\r\n"), "431"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_owned(), "501"),
            (format!("POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n", MAX_BODY + 1), "413"),
            ("POST / HTTP/1.1\r\nContent-Length: ten\r\n\r\n".to_owned(), "400"),
        ];
        for (request, status) in cases {
            let mut stream = connect(&server);
            let _ = stream.write_all(request.as_bytes());
            let mut answer = Vec::new();
            let _ = stream.read_to_end(&mut answer);
            let answer = String::from_utf8_lossy(&answer);
            assert!(answer.starts_with(&format!("HTTP/1.1 {status} ")), "{status}: {answer}");
        }
        // Still serving.
        let mut stream = connect(&server);
        stream.write_all(b"GET /ok HTTP/1.1\r\n\r\n").unwrap();
        assert_eq!(read_answer(&mut BufReader::new(stream), true).1, b"GET /ok 0");
    }

    /// Waves of clients connecting at once while every earlier connection
    /// stays open, as a client's pool keeps them: each request is answered.
    /// (tiny_http, used before, lost a new connection in its thread pool's
    /// wake-up race in the first wave of this very pattern; it then waited
    /// until some other connection closed.)
    #[test]
    fn new_connections_are_served_while_earlier_ones_stay_open() {
        let server = Arc::new(Server::start("test", Arc::new(()), echo));
        let mut kept = Vec::new();
        for wave in 0..10 {
            let clients: Vec<_> = (0..16)
                .map(|c| {
                    let server = Arc::clone(&server);
                    std::thread::spawn(move || {
                        let stream = connect(&server);
                        let mut reader = BufReader::new(stream.try_clone().unwrap());
                        for i in 0..3 {
                            let target = format!("/{wave}/{c}/{i}");
                            (&stream).write_all(format!("GET {target} HTTP/1.1\r\n\r\n").as_bytes()).unwrap();
                            assert_eq!(read_answer(&mut reader, true).1, format!("GET {target} 0").into_bytes());
                        }
                        stream
                    })
                })
                .collect();
            for client in clients {
                kept.push(client.join().expect("every request answered within the read timeout"));
            }
        }
    }

    #[test]
    fn drop_stops_with_connections_open() {
        let server = Server::start("test", Arc::new(()), echo);
        let addr = server.addr();
        let mut open = connect(&server);
        open.write_all(b"GET /a HTTP/1.1\r\n\r\n").unwrap();
        read_answer(&mut BufReader::new(open.try_clone().unwrap()), true);
        drop(server);
        assert_eq!(open.read(&mut [0; 1]).unwrap_or(0), 0, "the open connection was closed");
        assert!(TcpStream::connect(addr).is_err(), "nothing listens any more");
    }
}
