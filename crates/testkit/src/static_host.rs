//! A static file host on loopback: serves a folder of plain files the way a static host or CDN
//! does (a signed catalog snapshot: `index.json.zst`, `index.json.minisig`,
//! `records/ab/<hash>.zst`, …), for tests of the clients that fetch such a snapshot. Tests count
//! its requests and script its faults (error statuses, downloads cut off half-way).
//!
//! It answers like a real host where a client can tell the difference: `Content-Length`,
//! `Content-Type` by extension, a strong `ETag` (the file's SHA-256), `Last-Modified`,
//! `Cache-Control: no-cache`, and 304s to conditional GETs. Files are read from disk at every
//! request, so a test may change them between requests.
//!
//! It must never serve anything outside its root (no `..` segments, encoded or not, no
//! backslashes or NULs, no symlink leading out: all 404), never listen beyond `127.0.0.1`, and
//! never call out. A body cut short is only a fault a client can see when the connection then
//! closes, so a `Truncate` fault sends part of the body and closes the connection.

use crate::http::{Answer, Request, Response, Server};
use std::fmt::Write as _;
use std::io::{self, Read};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

/// `httpdate` cannot format a time from the year 10000 on.
const MAX_HTTP_DATE_SECS: u64 = 253_402_300_800;

/// A running static host; stops (and joins its threads) when dropped.
pub struct StaticHost {
    shared: Arc<Shared>,
    server: Server,
}

/// One request as the host received it, and what it answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostRequest {
    pub method: String,
    /// The request target as sent: still percent-encoded, query included.
    pub path: String,
    pub if_none_match: Option<String>,
    pub if_modified_since: Option<String>,
    /// The status sent (that of the cut-off answer for a `Truncate` fault).
    pub status: u16,
    /// Body bytes sent: 0 for HEAD, 304 and the like; half the body for a `Truncate` fault.
    pub bytes: u64,
}

/// A scripted failure. `prefix` is matched against the request target as sent (see
/// [`HostRequest::path`]); every matching request counts towards every rule it matches, and the
/// first rule (in the order added) whose window it falls in applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostFault {
    /// Requests whose path starts with `prefix`: after `after` of them were served normally,
    /// answer `status` (e.g. 500, 503, 404) to the next `times` (`usize::MAX` = for ever).
    Status { prefix: String, after: usize, times: usize, status: u16 },
    /// Same matching, but the connection is cut after half the body was sent (the full
    /// `Content-Length` declared, half the body sent, then the socket closed): a truncated
    /// download. An answer without a body (HEAD, 304) is sent whole, then the socket closed.
    Truncate { prefix: String, after: usize, times: usize },
}

impl HostFault {
    fn prefix(&self) -> &str {
        match self {
            HostFault::Status { prefix, .. } | HostFault::Truncate { prefix, .. } => prefix,
        }
    }

    /// Whether the `seen`-th matching request (1-based) falls in the rule's window.
    fn fires(&self, seen: usize) -> bool {
        let (HostFault::Status { after, times, .. } | HostFault::Truncate { after, times, .. }) = self;
        let before = seen - 1;
        before >= *after && before - after < *times
    }
}

struct Shared {
    root: PathBuf,
    faults: Mutex<Vec<(HostFault, usize)>>,
    /// Entries keyed by a private sequence number, so an answer finds its own entry even when the
    /// log was cleared meanwhile.
    log: Mutex<Vec<(u64, HostRequest)>>,
    next_id: AtomicU64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panicking test thread must not poison the host for the others.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl StaticHost {
    /// Serves the files under `root` (read from disk at each request, so a test can change them
    /// between requests) on 127.0.0.1, a port the OS picks.
    pub fn start(root: impl Into<PathBuf>) -> StaticHost {
        let shared = Arc::new(Shared {
            root: root.into(),
            faults: Mutex::new(Vec::new()),
            log: Mutex::new(Vec::new()),
            next_id: AtomicU64::new(0),
        });
        let server = Server::start("static host", Arc::clone(&shared), Shared::handle);
        StaticHost { shared, server }
    }

    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub fn url(&self) -> String {
        format!("http://{}", self.server.addr())
    }

    /// Every request so far, in order of arrival.
    pub fn requests(&self) -> Vec<HostRequest> {
        lock(&self.shared.log).iter().map(|(_, r)| r.clone()).collect()
    }

    /// Forget the request log.
    pub fn clear_requests(&self) {
        lock(&self.shared.log).clear();
    }

    /// Add a fault rule; rules are checked in order, the first that matches applies.
    pub fn fault(&self, rule: HostFault) {
        lock(&self.shared.faults).push((rule, 0));
    }

    pub fn clear_faults(&self) {
        lock(&self.shared.faults).clear();
    }
}

/// An answer before it is sent.
struct Reply {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    /// The declared `Content-Length`: the body's, but for a 304 that of the 200 it stands for.
    length: usize,
}

impl Reply {
    fn text(status: u16, body: String) -> Reply {
        let headers = vec![("Content-Type", "text/plain".to_owned()), ("Cache-Control", "no-cache".to_owned())];
        Reply { status, headers, length: body.len(), body: body.into_bytes() }
    }

    fn not_found() -> Reply {
        Reply::text(404, "404 Not Found\n".to_owned())
    }

    fn has_body(&self, method: &str) -> bool {
        crate::http::sends_body(method, self.status)
    }

    fn into_response(self) -> Response {
        let headers = self.headers.into_iter().map(|(name, value)| (name.to_owned(), value)).collect();
        // A 304 declares the length of the 200 it stands for.
        let declared_length = (self.length != self.body.len()).then_some(self.length);
        Response { status: self.status, headers, body: self.body, declared_length }
    }
}

impl Shared {
    fn handle(&self, request: Request) -> Answer {
        let header = |name: &str| request.header(name).map(str::to_owned);
        let seen = HostRequest {
            method: request.method.clone(),
            path: request.target.clone(),
            if_none_match: header("If-None-Match"),
            if_modified_since: header("If-Modified-Since"),
            status: 0,
            bytes: 0,
        };
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        lock(&self.log).push((id, seen.clone()));

        let fault = self.pick_fault(&seen.path);
        let reply = catch_unwind(AssertUnwindSafe(|| match &fault {
            Some(HostFault::Status { status, .. }) => {
                Reply::text(*status, format!("{status} {}\n", crate::http::reason(*status)))
            }
            _ => self.answer(&seen),
        }))
        .unwrap_or_else(|_| Reply::text(500, "500 Internal Server Error\n".to_owned()));
        let truncate = matches!(fault, Some(HostFault::Truncate { .. }));
        let bytes = match (reply.has_body(&seen.method), truncate) {
            (false, _) => 0,
            (true, false) => reply.body.len(),
            (true, true) => reply.body.len() / 2,
        };
        // Logged before anything is sent, so a client that got its answer finds it in the log.
        if let Some((_, entry)) = lock(&self.log).iter_mut().rev().find(|(i, _)| *i == id) {
            entry.status = reply.status;
            entry.bytes = bytes as u64;
        }
        match (truncate, reply.has_body(&seen.method)) {
            (true, true) => Answer::Truncated(reply.into_response(), bytes),
            // Nothing to cut: sent whole, then the connection closed.
            (true, false) => {
                let mut response = reply.into_response();
                response.headers.push(("Connection".to_owned(), "close".to_owned()));
                Answer::Whole(response)
            }
            (false, _) => Answer::Whole(reply.into_response()),
        }
    }

    fn pick_fault(&self, path: &str) -> Option<HostFault> {
        let mut rules = lock(&self.faults);
        let mut chosen = None;
        for (rule, seen) in rules.iter_mut().filter(|(rule, _)| path.starts_with(rule.prefix())) {
            *seen = seen.saturating_add(1);
            if chosen.is_none() && rule.fires(*seen) {
                chosen = Some(rule.clone());
            }
        }
        chosen
    }

    /// The answer a healthy host gives.
    fn answer(&self, req: &HostRequest) -> Reply {
        if req.method != "GET" && req.method != "HEAD" {
            let mut reply = Reply::text(405, "405 Method Not Allowed\n".to_owned());
            reply.headers.push(("Allow", "GET, HEAD".to_owned()));
            return reply;
        }
        let Some(path) = resolve(&self.root, &req.path) else { return Reply::not_found() };
        let read = |path: &Path| -> io::Result<(Vec<u8>, Option<SystemTime>)> {
            let mut file = std::fs::File::open(path)?;
            let modified = file.metadata()?.modified().ok().and_then(whole_seconds);
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)?;
            Ok((bytes, modified))
        };
        let Ok((bytes, modified)) = read(&path) else { return Reply::not_found() };

        let etag = format!("\"{}\"", &hex(&Sha256::digest(&bytes))[..32]);
        let mut headers = vec![("ETag", etag.clone())];
        if let Some(modified) = modified {
            headers.push(("Last-Modified", httpdate::fmt_http_date(modified)));
        }
        headers.push(("Cache-Control", "no-cache".to_owned()));
        if not_modified(req, &etag, modified) {
            return Reply { status: 304, headers, body: Vec::new(), length: bytes.len() };
        }
        headers.insert(0, ("Content-Type", content_type(&path).to_owned()));
        Reply { status: 200, headers, length: bytes.len(), body: bytes }
    }
}

/// RFC 9110 §13.2.2: `If-None-Match`, when present, decides alone (weak comparison, `*`, lists);
/// otherwise `If-Modified-Since` not older than the file's (whole-second) mtime means unchanged.
fn not_modified(req: &HostRequest, etag: &str, modified: Option<SystemTime>) -> bool {
    if let Some(tags) = &req.if_none_match {
        let opaque = |tag: &str| {
            let tag = tag.trim();
            tag.strip_prefix("W/").unwrap_or(tag).to_owned()
        };
        return tags.split(',').any(|tag| tag.trim() == "*" || opaque(tag) == opaque(etag));
    }
    let since = req.if_modified_since.as_deref().and_then(|v| httpdate::parse_http_date(v.trim()).ok());
    matches!((since, modified), (Some(since), Some(modified)) if modified <= since)
}

/// The regular file under `root` that the request target names, or `None` (a 404) for anything
/// else: a missing file, a directory, an undecodable path, or one that would leave `root`.
fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split('?').next()?.strip_prefix('/')?;
    let decoded = String::from_utf8(percent_decode(path)?).ok()?;
    if decoded.contains(['\\', '\0']) {
        return None;
    }
    let mut relative = PathBuf::new();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return None,
            // One plain name, nothing a platform reads as a root or a drive.
            _ if matches!(Path::new(segment).components().collect::<Vec<_>>()[..], [Component::Normal(_)]) => {
                relative.push(segment);
            }
            _ => return None,
        }
    }
    let root = root.canonicalize().ok()?;
    // Canonical, so a symlink leading out of `root` shows as such.
    let file = root.join(relative).canonicalize().ok()?;
    (file.starts_with(&root) && file.is_file()).then_some(file)
}

/// `%XX` decoding; `None` for a `%` not followed by two hex digits.
fn percent_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut bytes = s.bytes();
    while let Some(b) = bytes.next() {
        if b == b'%' {
            let digit = |d: Option<u8>| char::from(d?).to_digit(16);
            let (hi, lo) = (digit(bytes.next())?, digit(bytes.next())?);
            out.push((hi * 16 + lo) as u8);
        } else {
            out.push(b);
        }
    }
    Some(out)
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => "application/json",
        Some("zst") => "application/zstd",
        Some("minisig" | "txt") => "text/plain",
        _ => "application/octet-stream",
    }
}

/// HTTP dates have second precision; `None` for a time they cannot express.
fn whole_seconds(time: SystemTime) -> Option<SystemTime> {
    let secs = time.duration_since(UNIX_EPOCH).ok()?.as_secs();
    (secs < MAX_HTTP_DATE_SECS).then(|| UNIX_EPOCH + Duration::from_secs(secs))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader, Write as _};
    use std::net::TcpStream;
    use std::time::Instant;

    /// A scratch folder: `root/` is served, `secret.txt` beside it must never be.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir = std::env::temp_dir().join(format!("static-host-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("root/records/ab")).unwrap();
            std::fs::write(dir.join("secret.txt"), "outside the root\n").unwrap();
            let scratch = Scratch(dir);
            scratch.write("index.json", br#"{"records":1}"#);
            scratch.write("index.json.zst", b"\x28\xb5\x2f\xfd zstd frame");
            scratch.write("index.json.minisig", b"untrusted comment: signature\nRWQ...\n");
            scratch.write("records/ab/abcd.zst", &[7u8; 1000]);
            scratch.write("notes..v2.txt", b"two dots inside a name are fine\n");
            scratch.write("blob.bin", b"\0\x01\x02");
            scratch
        }

        fn root(&self) -> PathBuf {
            self.0.join("root")
        }

        fn write(&self, rel: &str, bytes: &[u8]) {
            std::fs::write(self.root().join(rel), bytes).unwrap();
        }

        fn set_mtime(&self, rel: &str, time: SystemTime) {
            let file = std::fs::File::options().write(true).open(self.root().join(rel)).unwrap();
            file.set_modified(time).unwrap();
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[derive(Debug)]
    struct Resp {
        status: u16,
        head: String,
        body: Vec<u8>,
        /// Whether the connection ended before the declared body did.
        cut: bool,
    }

    impl Resp {
        fn header(&self, name: &str) -> Option<&str> {
            self.head.lines().skip(1).find_map(|line| {
                let (n, v) = line.split_once(':')?;
                n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
            })
        }

        fn length(&self) -> usize {
            self.header("content-length").and_then(|v| v.parse().ok()).expect("a Content-Length")
        }
    }

    /// Raw HTTP/1.1 over one socket, kept alive between requests, so the tests see exactly what
    /// a client would (and send targets no URL library would let through unnormalized).
    struct Client {
        reader: BufReader<TcpStream>,
        host: String,
    }

    impl Client {
        fn connect(host: &StaticHost) -> Client {
            let host = host.url().strip_prefix("http://").unwrap().to_owned();
            let stream = TcpStream::connect(&host).expect("connect to the static host");
            // A test that would hang fails instead.
            stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            Client { reader: BufReader::new(stream), host }
        }

        fn send(&mut self, method: &str, target: &str, headers: &[(&str, &str)]) -> Resp {
            let mut request = format!("{method} {target} HTTP/1.1\r\nHost: {}\r\n", self.host);
            for (name, value) in headers {
                let _ = write!(request, "{name}: {value}\r\n");
            }
            request.push_str("\r\n");
            self.reader.get_mut().write_all(request.as_bytes()).unwrap();

            let mut head = String::new();
            loop {
                let mut line = String::new();
                let n = self.reader.read_line(&mut line).expect("read the response head");
                assert!(n > 0, "connection closed before the end of the head: {head:?}");
                if line == "\r\n" {
                    break;
                }
                head.push_str(&line);
            }
            let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("status line");
            let mut resp = Resp { status, head, body: Vec::new(), cut: false };
            let declared = if method == "HEAD" || status == 304 { 0 } else { resp.length() };
            while resp.body.len() < declared {
                let mut chunk = vec![0; declared - resp.body.len()];
                match self.reader.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => resp.body.extend_from_slice(&chunk[..n]),
                    Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                        panic!("timed out waiting for the body: {e}")
                    }
                    Err(_) => break, // reset: cut off all the same
                }
            }
            resp.cut = resp.body.len() < declared;
            resp
        }

        /// Whether the server closed the connection (EOF, or a reset).
        fn closed(&mut self) -> bool {
            !matches!(self.reader.read(&mut [0u8; 1]), Ok(n) if n > 0)
        }
    }

    /// One request on its own connection.
    fn get(host: &StaticHost, target: &str, headers: &[(&str, &str)]) -> Resp {
        Client::connect(host).send("GET", target, headers)
    }

    fn etag_of(bytes: &[u8]) -> String {
        format!("\"{}\"", &hex(&Sha256::digest(bytes))[..32])
    }

    #[test]
    fn serves_files_with_a_static_hosts_headers() {
        let scratch = Scratch::new("headers");
        let mtime = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        scratch.set_mtime("index.json", mtime);
        let host = StaticHost::start(scratch.root());
        assert!(host.url().starts_with("http://127.0.0.1:") && !host.url().ends_with('/'), "{}", host.url());

        let resp = get(&host, "/index.json", &[]);
        assert_eq!(resp.status, 200);
        assert_eq!(resp.body, br#"{"records":1}"#);
        assert_eq!(resp.length(), resp.body.len());
        assert_eq!(resp.header("content-type"), Some("application/json"));
        assert_eq!(resp.header("cache-control"), Some("no-cache"));
        assert_eq!(resp.header("last-modified"), Some("Tue, 14 Nov 2023 22:13:20 GMT"));
        let etag = resp.header("etag").unwrap();
        assert_eq!(etag, etag_of(br#"{"records":1}"#));
        assert!(etag.len() == 34 && etag.starts_with('"') && !etag.starts_with("W/"), "{etag}");

        for (target, kind) in [
            ("/index.json.zst", "application/zstd"),
            ("/index.json.minisig", "text/plain"),
            ("/notes..v2.txt", "text/plain"),
            ("/blob.bin", "application/octet-stream"),
            ("/records/ab/abcd.zst", "application/zstd"),
            ("/records//ab/./abcd.zst?v=1", "application/zstd"),
            ("/records/%61b/abcd.zst", "application/zstd"),
        ] {
            let resp = get(&host, target, &[]);
            assert_eq!((resp.status, resp.header("content-type")), (200, Some(kind)), "{target}");
        }

        // HEAD: the same head, the full length declared, no body.
        let mut client = Client::connect(&host);
        let head = client.send("HEAD", "/records/ab/abcd.zst", &[]);
        assert_eq!((head.status, head.length(), head.body.len()), (200, 1000, 0));
        assert_eq!(head.header("etag"), Some(etag_of(&[7u8; 1000]).as_str()));
        // The connection is still usable: nothing stray was sent after the head.
        assert_eq!(client.send("GET", "/records/ab/abcd.zst", &[]).body, [7u8; 1000]);

        let log = host.requests();
        assert_eq!(log.len(), 10);
        assert_eq!(
            log[0],
            HostRequest {
                method: "GET".into(),
                path: "/index.json".into(),
                if_none_match: None,
                if_modified_since: None,
                status: 200,
                bytes: 13,
            }
        );
        assert_eq!((log[8].method.as_str(), log[8].status, log[8].bytes), ("HEAD", 200, 0));
        assert_eq!((log[9].method.as_str(), log[9].status, log[9].bytes), ("GET", 200, 1000));
        host.clear_requests();
        assert!(host.requests().is_empty());
        get(&host, "/index.json", &[]);
        assert_eq!(host.requests().len(), 1);
    }

    #[test]
    fn missing_files_directories_and_escapes_are_404() {
        let scratch = Scratch::new("escapes");
        let host = StaticHost::start(scratch.root());
        let missing = get(&host, "/nope.json", &[]);
        assert_eq!((missing.status, missing.header("content-type")), (404, Some("text/plain")));
        assert_eq!(missing.body, b"404 Not Found\n");
        for target in [
            "/",
            "/records",
            "/records/ab/",
            "/../secret.txt",
            "/records/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/%2E%2E/secret.txt",
            "/records/%2e%2e/%2e%2e/secret.txt",
            "/records/..%2f..%2fsecret.txt",
            "/..%5csecret.txt",
            "/records\\..\\..\\secret.txt",
            "/index.json%00",
            "/index.json%00.txt",
            "/../etc/passwd",
            "/%2e%2e/etc/passwd",
            "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
            "/%zz",
            "/%+1",
            "/index.json%",
            "/%ff%fe",
            "http://evil.example/secret.txt",
        ] {
            let resp = get(&host, target, &[]);
            assert_eq!(resp.status, 404, "{target}");
            assert!(!String::from_utf8_lossy(&resp.body).contains("outside the root"), "{target}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(scratch.0.join("secret.txt"), scratch.root().join("link.txt")).unwrap();
            std::os::unix::fs::symlink(&scratch.0, scratch.root().join("up")).unwrap();
            assert_eq!(get(&host, "/link.txt", &[]).status, 404);
            assert_eq!(get(&host, "/up/secret.txt", &[]).status, 404);
        }

        let post = Client::connect(&host).send("POST", "/index.json", &[("Content-Length", "0")]);
        assert_eq!((post.status, post.header("allow")), (405, Some("GET, HEAD")));
        let log = host.requests();
        assert!(log.iter().all(|r| r.status == 404 || r.status == 405), "{log:?}");
        assert_eq!((log[0].status, log[0].bytes), (404, 14));
        assert_eq!(log.last().map(|r| (r.method.as_str(), r.status)), Some(("POST", 405)));
    }

    #[test]
    fn conditional_gets() {
        let scratch = Scratch::new("conditional");
        let first = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        scratch.set_mtime("index.json", first);
        let host = StaticHost::start(scratch.root());
        let fresh = get(&host, "/index.json", &[]);
        let etag = fresh.header("etag").unwrap().to_owned();
        let modified = fresh.header("last-modified").unwrap().to_owned();

        let mut client = Client::connect(&host);
        let again = client.send("GET", "/index.json", &[("If-None-Match", &etag)]);
        assert_eq!((again.status, again.body.len()), (304, 0));
        assert_eq!(again.header("etag"), Some(etag.as_str()));
        assert_eq!(again.header("last-modified"), Some(modified.as_str()));
        // The connection carries on after a 304.
        assert_eq!(client.send("GET", "/index.json", &[]).status, 200);
        let weak = format!("W/{etag}");
        let list = format!("\"0123\", {weak} ,\"4567\"");
        for tags in ["*", weak.as_str(), list.as_str()] {
            assert_eq!(get(&host, "/index.json", &[("If-None-Match", tags)]).status, 304, "{tags}");
        }
        assert_eq!(get(&host, "/index.json", &[("If-None-Match", "\"0123\"")]).status, 200);
        assert_eq!(get(&host, "/nope.json", &[("If-None-Match", "*")]).status, 404);
        let head = Client::connect(&host).send("HEAD", "/index.json", &[("If-None-Match", &etag)]);
        assert_eq!(head.status, 304);

        // If-Modified-Since, to the second.
        assert_eq!(get(&host, "/index.json", &[("If-Modified-Since", &modified)]).status, 304);
        let later = httpdate::fmt_http_date(first + Duration::from_secs(60));
        assert_eq!(get(&host, "/index.json", &[("If-Modified-Since", &later)]).status, 304);
        let earlier = httpdate::fmt_http_date(first - Duration::from_secs(1));
        assert_eq!(get(&host, "/index.json", &[("If-Modified-Since", &earlier)]).status, 200);
        assert_eq!(get(&host, "/index.json", &[("If-Modified-Since", "yesterday")]).status, 200);
        // If-None-Match, when present, decides alone.
        let stale = [("If-None-Match", "\"0123\""), ("If-Modified-Since", modified.as_str())];
        assert_eq!(get(&host, "/index.json", &stale).status, 200);
        let both = [("If-None-Match", etag.as_str()), ("If-Modified-Since", earlier.as_str())];
        assert_eq!(get(&host, "/index.json", &both).status, 304);

        // The file changes on disk: a new ETag, a new date, the old validators no longer match.
        scratch.write("index.json", br#"{"records":2}"#);
        scratch.set_mtime("index.json", first + Duration::from_secs(3600));
        let changed = get(&host, "/index.json", &[("If-None-Match", &etag)]);
        assert_eq!((changed.status, changed.body.as_slice()), (200, br#"{"records":2}"#.as_slice()));
        let new_etag = changed.header("etag").unwrap();
        assert_ne!(new_etag, etag);
        assert_eq!(new_etag, etag_of(br#"{"records":2}"#));
        assert_eq!(get(&host, "/index.json", &[("If-Modified-Since", &modified)]).status, 200);
        assert_eq!(get(&host, "/index.json", &[("If-None-Match", new_etag)]).status, 304);

        let log = host.requests();
        assert_eq!(log[1].if_none_match.as_deref(), Some(etag.as_str()));
        assert_eq!((log[1].status, log[1].bytes), (304, 0));
        assert!(log.iter().any(|r| r.if_modified_since.as_deref() == Some(modified.as_str()) && r.status == 304));
    }

    #[test]
    fn a_status_fault_answers_its_window_of_matching_requests() {
        let scratch = Scratch::new("status");
        let host = StaticHost::start(scratch.root());
        host.fault(HostFault::Status { prefix: "/records/".into(), after: 2, times: 3, status: 503 });
        let record = "/records/ab/abcd.zst";
        let mut statuses = Vec::new();
        for i in 0..7 {
            let resp = get(&host, record, &[]);
            if resp.status == 503 {
                assert_eq!(resp.body, b"503 Service Unavailable\n");
            }
            statuses.push(resp.status);
            // Other paths neither fail nor count.
            assert_eq!(get(&host, "/index.json", &[]).status, 200, "request {i}");
        }
        assert_eq!(statuses, [200, 200, 503, 503, 503, 200, 200]);
        let log = host.requests();
        assert_eq!(log.iter().filter(|r| r.path == record).map(|r| r.status).collect::<Vec<_>>(), statuses);
        assert_eq!(log.len(), 14);
        assert!(log.iter().filter(|r| r.path == "/index.json").all(|r| r.status == 200));
        assert_eq!(log[4].bytes, 24); // the 503's own body

        // Every matching request counts towards every rule; the first rule that fires applies.
        host.clear_faults();
        host.clear_requests();
        host.fault(HostFault::Status { prefix: "/records/ab/".into(), after: 1, times: 1, status: 500 });
        host.fault(HostFault::Status { prefix: "/records/".into(), after: 0, times: 2, status: 404 });
        host.fault(HostFault::Status { prefix: "/".into(), after: 4, times: usize::MAX, status: 502 });
        let statuses: Vec<u16> = (0..6).map(|_| get(&host, record, &[]).status).collect();
        assert_eq!(statuses, [404, 500, 200, 200, 502, 502]);
        assert_eq!(Client::connect(&host).send("HEAD", "/index.json", &[]).status, 502);
        assert_eq!(host.requests().last().map(|r| (r.status, r.bytes)), Some((502, 0)));
        host.clear_faults();
        assert_eq!(get(&host, record, &[]).status, 200);
    }

    #[test]
    fn a_truncate_fault_cuts_the_download_and_closes_the_connection() {
        let scratch = Scratch::new("truncate");
        let host = StaticHost::start(scratch.root());
        host.fault(HostFault::Truncate { prefix: "/records/".into(), after: 1, times: 1 });
        let record = "/records/ab/abcd.zst";

        // A kept-alive connection: the first download is whole, the second cut off.
        let mut client = Client::connect(&host);
        let whole = client.send("GET", record, &[]);
        assert_eq!((whole.status, whole.body.len(), whole.cut), (200, 1000, false));
        let started = Instant::now();
        let cut = client.send("GET", record, &[]);
        assert_eq!((cut.status, cut.length()), (200, 1000));
        assert!(cut.cut && cut.body.len() < cut.length(), "{} of {} bytes", cut.body.len(), cut.length());
        assert_eq!(cut.body, [7u8; 500]);
        assert_eq!(cut.header("etag"), whole.header("etag"));
        assert!(client.closed(), "the connection must be closed after the cut");
        assert!(started.elapsed() < Duration::from_secs(5), "the cut took {:?}", started.elapsed());

        // Then normal again, on a new connection.
        assert_eq!(get(&host, record, &[]).body, [7u8; 1000]);
        let log = host.requests();
        assert_eq!(log.iter().map(|r| (r.status, r.bytes)).collect::<Vec<_>>(), [(200, 1000), (200, 500), (200, 1000)]);
    }

    #[test]
    fn drop_returns_promptly_with_a_connection_open() {
        let scratch = Scratch::new("drop");
        let host = StaticHost::start(scratch.root());
        let mut client = Client::connect(&host);
        assert_eq!(client.send("GET", "/index.json", &[]).status, 200);
        let started = Instant::now();
        drop(host);
        assert!(started.elapsed() < Duration::from_secs(2), "drop took {:?}", started.elapsed());
        assert!(client.closed());
    }
}
