//! A static file host on loopback: serves a folder of plain files the way a static host or CDN
//! does (a signed catalog publication: `index.json.zst`, `index.json.minisig`,
//! `records/ab/<hash>.zst`, `files/ab/<sha>.zst`, `packs/<sha256>.pack`, …), for tests of the
//! clients that fetch such a publication. Tests count its requests and bytes, script its faults
//! (error statuses, downloads cut off half-way), and give it a link with a real host's latency
//! and bandwidth.
//!
//! It answers like a real host where a client can tell the difference: `Content-Length`,
//! `Content-Type` by extension, a strong `ETag`, `Last-Modified`,
//! `Cache-Control: no-cache`, `Accept-Ranges: bytes`, 304s to conditional GETs, and single byte
//! ranges (RFC 9110 §14): `Range: bytes=N-`, `bytes=N-M` and `bytes=-K` are answered 206 with a
//! `Content-Range`, a range starting past the end 416, and a malformed `Range` or one asking for
//! several ranges is ignored (200, the whole file), as common hosts do. `If-Range` honours the
//! range only when it names the current strong ETag; `If-None-Match` and `If-Modified-Since`
//! are decided first. Files are read from disk at every request, so a test may change them between
//! requests.
//!
//! A file under [`STREAM_FROM`] bytes is read whole, and its ETag is its SHA-256 (its first 128
//! bits). A larger one (a pack) is streamed from disk in chunks rather than held in memory, and
//! its ETag, like nginx's or Apache's, comes from its metadata (length, modification and change
//! times, inode), since hashing up to 64 MiB before the first byte would delay the very
//! transfers whose timing the tests measure. So rewriting a large file changes its ETag even when
//! the content is the same, and a rewrite of the same length within one tick of the file system's
//! clock could keep it; a test that rewrites one should change its length too.
//!
//! A [`Link`] adds, on every connection, a latency before each answer's first byte and a
//! bandwidth for its body, so a transfer takes about as long as it would from a real host:
//! loopback alone makes every download instant and hides what a slow or far host costs.
//!
//! It must never serve anything outside its root (no `..` segments, encoded or not, no
//! backslashes or NULs, no symlink leading out: all 404), never listen beyond `127.0.0.1`, and
//! never call out. A body cut short is only a fault a client can see when the connection then
//! closes, so a `Truncate` fault sends part of the body (of a 206 too) and closes the connection.

use crate::http::{Answer, FileBody, Pace, Request, Response, Server};
use std::fmt::Write as _;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

/// `httpdate` cannot format a time from the year 10000 on.
const MAX_HTTP_DATE_SECS: u64 = 253_402_300_800;

/// Files this size or larger are streamed from disk, their ETags made from their metadata (see
/// the module documentation); smaller ones are read whole and hashed at each request, which is
/// cheap and sees every change.
pub const STREAM_FROM: u64 = 1024 * 1024;

/// A running static host; stops (and joins its threads) when dropped.
pub struct StaticHost {
    shared: Arc<Shared>,
    server: Server,
}

/// The link between the host and each client, applied to every connection on its own: a
/// `latency` waited once before each answer's first byte (a real host's round trip, e.g. 30 ms),
/// and, when set, a bandwidth in bytes per second for each answer's body (100 Mbit/s is
/// `12_500_000`; `None` or 0: as fast as loopback goes). The default is no link at all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Link {
    pub latency: Duration,
    pub bytes_per_sec: Option<u64>,
}

/// One request as the host received it, and what it answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostRequest {
    pub method: String,
    /// The request target as sent: still percent-encoded, query included.
    pub path: String,
    pub if_none_match: Option<String>,
    pub if_modified_since: Option<String>,
    /// The `Range` header as sent, whether or not it was honoured.
    pub range: Option<String>,
    /// The `If-Range` header as sent.
    pub if_range: Option<String>,
    /// The status sent (that of the cut-off answer for a `Truncate` fault).
    pub status: u16,
    /// Body bytes sent: 0 for HEAD, 304 and the like; the range's for a 206; half the body for a
    /// `Truncate` fault. Set as the answer starts (so a client that got its answer finds it), and
    /// lowered to what was written if the connection failed part-way (bytes handed to the
    /// socket: the client may not have read them all).
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
    /// download. For a 206 it is half the range's body. An answer without a body (HEAD, 304) is
    /// sent whole, then the socket closed.
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
    link: Mutex<Link>,
    /// Shared with the answers in flight, which correct their entry if they end short.
    tally: Arc<Tally>,
    next_id: AtomicU64,
}

/// The log and the totals.
#[derive(Default)]
struct Tally {
    /// Entries keyed by a private sequence number, so an answer finds its own entry even when the
    /// log was cleared meanwhile.
    log: Mutex<Vec<(u64, HostRequest)>>,
    /// Totals since the start, which clearing the log leaves alone.
    requests: AtomicU64,
    bytes: AtomicU64,
}

impl Tally {
    /// An answer planned to send `planned` body bytes and sent `sent`: when the connection failed
    /// part-way, the entry and the total say what went out.
    fn sent(&self, id: u64, planned: u64, sent: u64) {
        if sent >= planned {
            return;
        }
        self.bytes.fetch_sub(planned - sent, Ordering::Relaxed);
        if let Some((_, entry)) = lock(&self.log).iter_mut().rev().find(|(i, _)| *i == id) {
            entry.bytes = sent;
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panicking test thread must not poison the host for the others.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl StaticHost {
    /// Serves the files under `root` (read from disk at each request, so a test can change them
    /// between requests) on 127.0.0.1, a port the OS picks.
    pub fn start(root: impl Into<PathBuf>) -> StaticHost {
        StaticHost::start_with_link(root, Link::default())
    }

    /// [`StaticHost::start`], every answer crossing `link` from the first request on.
    pub fn start_with_link(root: impl Into<PathBuf>, link: Link) -> StaticHost {
        let shared = Arc::new(Shared {
            root: root.into(),
            faults: Mutex::new(Vec::new()),
            link: Mutex::new(link),
            tally: Arc::new(Tally::default()),
            next_id: AtomicU64::new(0),
        });
        let server = Server::start("static host", Arc::clone(&shared), Shared::handle);
        StaticHost { shared, server }
    }

    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub fn url(&self) -> String {
        format!("http://{}", self.server.addr())
    }

    /// The link for answers started from now on (`Link::default()`: none).
    pub fn set_link(&self, link: Link) {
        *lock(&self.shared.link) = link;
    }

    /// Every request so far, in order of arrival.
    pub fn requests(&self) -> Vec<HostRequest> {
        lock(&self.shared.tally.log).iter().map(|(_, r)| r.clone()).collect()
    }

    /// Forget the request log (not the totals).
    pub fn clear_requests(&self) {
        lock(&self.shared.tally.log).clear();
    }

    /// Requests received since the start, the log's clearing notwithstanding (requests the HTTP
    /// layer refused as malformed never reach the host and are not counted).
    pub fn total_requests(&self) -> u64 {
        self.shared.tally.requests.load(Ordering::Relaxed)
    }

    /// Body bytes sent since the start (the sum of every [`HostRequest::bytes`]), the log's
    /// clearing notwithstanding.
    pub fn total_bytes(&self) -> u64 {
        self.shared.tally.bytes.load(Ordering::Relaxed)
    }

    /// Body bytes sent for the requests in the log whose target starts with `prefix` (e.g.
    /// `"/packs/"`): since the log was last cleared.
    pub fn bytes_for_prefix(&self, prefix: &str) -> u64 {
        lock(&self.shared.tally.log).iter().filter(|(_, r)| r.path.starts_with(prefix)).map(|(_, r)| r.bytes).sum()
    }

    /// Add a fault rule; rules are checked in order, the first that matches applies.
    pub fn fault(&self, rule: HostFault) {
        lock(&self.shared.faults).push((rule, 0));
    }

    pub fn clear_faults(&self) {
        lock(&self.shared.faults).clear();
    }
}

/// A body: in memory, or a stretch of a large file read as it is sent.
enum Body {
    Bytes(Vec<u8>),
    File { file: File, offset: u64, len: u64 },
}

impl Body {
    fn len(&self) -> u64 {
        match self {
            Body::Bytes(bytes) => bytes.len() as u64,
            Body::File { len, .. } => *len,
        }
    }

    /// Only the bytes `first..=last`, which must lie within the body.
    fn range(self, first: u64, last: u64) -> Body {
        match self {
            Body::Bytes(mut bytes) => {
                bytes.truncate(last as usize + 1);
                bytes.drain(..first as usize);
                Body::Bytes(bytes)
            }
            Body::File { file, offset, .. } => Body::File { file, offset: offset + first, len: last - first + 1 },
        }
    }
}

/// An answer before it is sent.
struct Reply {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Body,
    /// The declared `Content-Length`: the body's, but for a 304 that of the 200 it stands for.
    length: u64,
}

impl Reply {
    fn text(status: u16, body: String) -> Reply {
        let headers = vec![("Content-Type", "text/plain".to_owned()), ("Cache-Control", "no-cache".to_owned())];
        Reply { status, headers, length: body.len() as u64, body: Body::Bytes(body.into_bytes()) }
    }

    fn not_found() -> Reply {
        Reply::text(404, "404 Not Found\n".to_owned())
    }

    fn has_body(&self, method: &str) -> bool {
        crate::http::sends_body(method, self.status)
    }

    fn into_response(self, pace: Pace, on_sent: Box<dyn FnOnce(u64) + Send>) -> Response {
        let headers = self.headers.into_iter().map(|(name, value)| (name.to_owned(), value)).collect();
        // A 304 declares the length of the 200 it stands for.
        let declared_length = (self.length != self.body.len()).then_some(self.length);
        let (body, file) = match self.body {
            Body::Bytes(bytes) => (bytes, None),
            Body::File { file, offset, len } => (Vec::new(), Some(FileBody { file, offset, len })),
        };
        Response { status: self.status, headers, body, file, declared_length, pace, on_sent: Some(on_sent) }
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
            range: header("Range"),
            if_range: header("If-Range"),
            status: 0,
            bytes: 0,
        };
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.tally.requests.fetch_add(1, Ordering::Relaxed);
        lock(&self.tally.log).push((id, seen.clone()));

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
        if let Some((_, entry)) = lock(&self.tally.log).iter_mut().rev().find(|(i, _)| *i == id) {
            entry.status = reply.status;
            entry.bytes = bytes;
        }
        self.tally.bytes.fetch_add(bytes, Ordering::Relaxed);
        let tally = Arc::clone(&self.tally);
        let on_sent = Box::new(move |sent| tally.sent(id, bytes, sent));
        let Link { latency, bytes_per_sec } = *lock(&self.link);
        let pace = Pace { latency, bytes_per_sec };

        match (truncate, reply.has_body(&seen.method)) {
            (true, true) => Answer::Truncated(reply.into_response(pace, on_sent), bytes as usize),
            // Nothing to cut: sent whole, then the connection closed.
            (true, false) => {
                let mut response = reply.into_response(pace, on_sent);
                response.headers.push(("Connection".to_owned(), "close".to_owned()));
                Answer::Whole(response)
            }
            (false, _) => Answer::Whole(reply.into_response(pace, on_sent)),
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
        let Ok((body, etag, modified)) = open(&path) else { return Reply::not_found() };
        let len = body.len();

        let mut headers = vec![("ETag", etag.clone())];
        if let Some(modified) = modified {
            headers.push(("Last-Modified", httpdate::fmt_http_date(modified)));
        }
        headers.push(("Cache-Control", "no-cache".to_owned()));
        headers.push(("Accept-Ranges", "bytes".to_owned()));
        if not_modified(req, &etag, modified) {
            return Reply { status: 304, headers, body: Body::Bytes(Vec::new()), length: len };
        }
        // Range is defined for GET alone (RFC 9110 §14.2); If-Range asks for the whole file
        // unless the client's copy is the current one, so that parts of two versions never meet.
        let range = req.range.as_deref().filter(|_| req.method == "GET");
        let current = req.if_range.as_deref().is_none_or(|tag| tag.trim() == etag);
        let wanted = if current { range.map_or(Wanted::Whole, |range| wanted(range, len)) } else { Wanted::Whole };
        match wanted {
            Wanted::Whole => {
                headers.insert(0, ("Content-Type", content_type(&path).to_owned()));
                Reply { status: 200, headers, length: len, body }
            }
            Wanted::Part(first, last) => {
                headers.insert(0, ("Content-Type", content_type(&path).to_owned()));
                headers.insert(1, ("Content-Range", format!("bytes {first}-{last}/{len}")));
                let body = body.range(first, last);
                Reply { status: 206, headers, length: body.len(), body }
            }
            Wanted::Unsatisfiable => {
                let mut reply = Reply::text(416, "416 Range Not Satisfiable\n".to_owned());
                reply.headers.push(("Content-Range", format!("bytes */{len}")));
                reply.headers.push(("Accept-Ranges", "bytes".to_owned()));
                reply
            }
        }
    }
}

/// The file's body, strong ETag and (whole-second) modification time. A small file is read whole
/// and its ETag is its SHA-256; a large one is left open to stream, its ETag made from its
/// metadata (see the module documentation).
fn open(path: &Path) -> io::Result<(Body, String, Option<SystemTime>)> {
    let mut file = File::open(path)?;
    let meta = file.metadata()?;
    let modified = meta.modified().ok().and_then(whole_seconds);
    if meta.len() < STREAM_FROM {
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        let etag = etag_of(Sha256::digest(&bytes));
        return Ok((Body::Bytes(bytes), etag, modified));
    }
    Ok((Body::File { file, offset: 0, len: meta.len() }, etag_of(stamp(&meta)), modified))
}

/// A digest of what changes when a file is rewritten or replaced: its length, its modification
/// and change times to the nanosecond (as fine as the file system's clock ticks), its inode.
fn stamp(meta: &Metadata) -> impl AsRef<[u8]> {
    let mut digest = Sha256::new();
    digest.update(meta.len().to_le_bytes());
    let nanos = |time: io::Result<SystemTime>| {
        time.ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos())
    };
    digest.update(nanos(meta.modified()).to_le_bytes());
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        for field in [meta.ino() as i64, meta.ctime(), meta.ctime_nsec(), meta.dev() as i64] {
            digest.update(field.to_le_bytes());
        }
    }
    digest.finalize()
}

/// A strong ETag from a SHA-256 digest: its first 128 bits, quoted.
fn etag_of(digest: impl AsRef<[u8]>) -> String {
    format!("\"{}\"", &hex(digest.as_ref())[..32])
}

/// The part of a representation `len` bytes long that one `Range` header value asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// No usable range: a malformed value, another unit, or several ranges (which real hosts
    /// often answer whole rather than as multipart): answered 200 with the whole file.
    Whole,
    /// Bytes `first..=last`, within the file.
    Part(u64, u64),
    /// A range starting at or past the end, or an empty suffix: 416.
    Unsatisfiable,
}

/// RFC 9110 §14.1.2: `bytes=N-`, `bytes=N-M` (`M` past the end means the end) or `bytes=-K`
/// (the last `K` bytes, or the whole file if shorter); `N > M` is invalid, hence ignored.
fn wanted(value: &str, len: u64) -> Wanted {
    let Some((unit, set)) = value.split_once('=') else { return Wanted::Whole };
    if !unit.eq_ignore_ascii_case("bytes") {
        return Wanted::Whole;
    }
    // A list, whose empty elements don't count (RFC 9110 §5.6.1).
    let mut specs = set.split(',').map(str::trim).filter(|spec| !spec.is_empty());
    let (Some(spec), None) = (specs.next(), specs.next()) else { return Wanted::Whole };
    let Some((first, last)) = spec.split_once('-') else { return Wanted::Whole };
    // Digits only; a position too large for a u64 is past the end of any file.
    let number = |digits: &str| {
        (!digits.is_empty() && digits.bytes().all(|d| d.is_ascii_digit()))
            .then(|| digits.bytes().fold(0u64, |n, d| n.saturating_mul(10).saturating_add(u64::from(d - b'0'))))
    };
    if first.is_empty() {
        return match number(last) {
            None => Wanted::Whole,
            Some(0) => Wanted::Unsatisfiable,
            // Nothing to take a suffix of: the (empty) file whole.
            Some(_) if len == 0 => Wanted::Whole,
            Some(suffix) => Wanted::Part(len - suffix.min(len), len - 1),
        };
    }
    let Some(first) = number(first) else { return Wanted::Whole };
    let last = if last.is_empty() { Some(u64::MAX) } else { number(last) };
    match last {
        Some(last) if last >= first && first < len => Wanted::Part(first, last.min(len - 1)),
        Some(last) if last >= first => Wanted::Unsatisfiable,
        _ => Wanted::Whole,
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
                range: None,
                if_range: None,
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

    /// `len` bytes in which every short stretch is different, so a range from the wrong offset
    /// shows.
    fn pattern(len: usize) -> Vec<u8> {
        (0..len as u64).map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8).collect()
    }

    /// A small file (read whole) and a large one (streamed from disk), with their contents.
    fn small_and_large(scratch: &Scratch) -> [(&'static str, Vec<u8>); 2] {
        std::fs::create_dir_all(scratch.root().join("packs")).unwrap();
        let files = [("/range.bin", pattern(1000)), ("/packs/big.pack", pattern(STREAM_FROM as usize + 200_000))];
        for (path, bytes) in &files {
            scratch.write(&path[1..], bytes);
        }
        files
    }

    #[test]
    fn byte_ranges_are_answered_206_with_exactly_their_bytes() {
        let scratch = Scratch::new("ranges");
        let host = StaticHost::start(scratch.root());
        for (path, file) in small_and_large(&scratch) {
            let len = file.len();
            let mut client = Client::connect(&host);
            let whole = client.send("GET", path, &[]);
            assert_eq!((whole.status, whole.header("accept-ranges")), (200, Some("bytes")), "{path}");
            assert_eq!((whole.header("content-range"), whole.body == file), (None, true), "{path}");
            let head = client.send("HEAD", path, &[("Range", "bytes=0-9")]);
            assert_eq!((head.status, head.length(), head.header("accept-ranges")), (200, len, Some("bytes")), "{path}");

            let from = |first: usize| format!("bytes={first}-");
            let cases: Vec<(String, usize, usize)> = vec![
                (from(100), 100, len - 1),
                ("bytes=10-19".to_owned(), 10, 19),
                ("bytes=0-0".to_owned(), 0, 0),
                ("bytes=-300".to_owned(), len - 300, len - 1),
                (format!("bytes={}-{}", len - 10, len + 5000), len - 10, len - 1),
                (format!("bytes=-{}", len + 1), 0, len - 1),
                (from(0), 0, len - 1),
                (from(len - 1), len - 1, len - 1),
                ("BYTES=5-9".to_owned(), 5, 9),
                ("bytes= 5-9 ,".to_owned(), 5, 9),
            ];
            for (range, first, last) in cases {
                // All on one kept-alive connection: each answer's framing must be exact.
                let part = client.send("GET", path, &[("Range", &range)]);
                assert_eq!(part.status, 206, "{path} {range}");
                assert_eq!(part.header("content-range"), Some(format!("bytes {first}-{last}/{len}").as_str()));
                assert_eq!(part.length(), last - first + 1, "{path} {range}");
                assert!(part.body == file[first..=last], "{path} {range}: wrong bytes");
                assert_eq!(part.header("etag"), whole.header("etag"));
                assert_eq!(part.header("content-type"), whole.header("content-type"));
                assert_eq!(part.header("accept-ranges"), Some("bytes"));
            }
        }
        let log = host.requests();
        let last = log.last().unwrap();
        assert_eq!((last.range.as_deref(), last.status, last.bytes), (Some("bytes= 5-9 ,"), 206, 5));
        let head = log.iter().find(|r| r.method == "HEAD").unwrap();
        assert_eq!((head.range.as_deref(), head.status, head.bytes), (Some("bytes=0-9"), 200, 0));
    }

    #[test]
    fn a_range_past_the_end_is_416() {
        let scratch = Scratch::new("unsatisfiable");
        let host = StaticHost::start(scratch.root());
        for (path, file) in small_and_large(&scratch) {
            let len = file.len();
            let mut client = Client::connect(&host);
            for range in [format!("bytes={len}-"), format!("bytes={}-{}", len + 10, len + 20), "bytes=-0".into()] {
                let resp = client.send("GET", path, &[("Range", &range)]);
                assert_eq!(resp.status, 416, "{path} {range}");
                assert_eq!(resp.header("content-range"), Some(format!("bytes */{len}").as_str()), "{range}");
                assert_eq!(resp.body, b"416 Range Not Satisfiable\n");
            }
            let huge = "bytes=99999999999999999999999-";
            assert_eq!(client.send("GET", path, &[("Range", huge)]).status, 416);
            // The connection carries on.
            assert_eq!(client.send("GET", path, &[]).body, file);
        }
        // An empty file has no byte to start at.
        scratch.write("empty.txt", b"");
        assert_eq!(get(&host, "/empty.txt", &[("Range", "bytes=0-")]).status, 416);
        assert_eq!(get(&host, "/empty.txt", &[("Range", "bytes=-5")]).status, 200);
        // A missing file is still 404.
        assert_eq!(get(&host, "/nope.json", &[("Range", "bytes=0-")]).status, 404);
    }

    #[test]
    fn malformed_or_multiple_ranges_are_ignored() {
        let scratch = Scratch::new("malformed");
        let host = StaticHost::start(scratch.root());
        for (path, file) in small_and_large(&scratch) {
            let mut client = Client::connect(&host);
            for range in [
                "bytes=5-1",
                "bytes=a-b",
                "bytes=-",
                "bytes=",
                "bytes=--5",
                "bytes=0x10-",
                "bytes=1 - 5",
                "bytes=+1-5",
                "bytes 0-5",
                "items=0-5",
                "bytes=0-5,10-20",
                "bytes=1-2, -3",
                "0-5",
            ] {
                let resp = client.send("GET", path, &[("Range", range)]);
                assert_eq!((resp.status, resp.header("content-range")), (200, None), "{path} {range}");
                assert!(resp.body == file, "{path} {range}: not the whole file");
            }
        }
        assert_eq!(host.requests()[0].range.as_deref(), Some("bytes=5-1"));
    }

    #[test]
    fn if_range_honours_the_range_only_for_the_current_strong_etag() {
        let scratch = Scratch::new("if-range");
        let host = StaticHost::start(scratch.root());
        for (path, file) in small_and_large(&scratch) {
            let whole = get(&host, path, &[]);
            let etag = whole.header("etag").unwrap().to_owned();
            let modified = whole.header("last-modified").unwrap().to_owned();
            let range = ("Range", "bytes=100-199");
            let current = get(&host, path, &[range, ("If-Range", &etag)]);
            assert_eq!((current.status, current.body == file[100..200]), (206, true), "{path}");
            let weak = format!("W/{etag}");
            for other in [weak.as_str(), "\"0123\"", modified.as_str(), "*"] {
                let resp = get(&host, path, &[range, ("If-Range", other)]);
                assert_eq!((resp.status, resp.header("content-range")), (200, None), "{path} {other}");
                assert!(resp.body == file, "{path} {other}");
            }
            // If-None-Match is decided first.
            let fresh = get(&host, path, &[range, ("If-Range", &etag), ("If-None-Match", &etag)]);
            assert_eq!(fresh.status, 304);
            assert_eq!(get(&host, path, &[range, ("If-Modified-Since", &modified)]).status, 304);
        }
        let log = host.requests();
        assert_eq!(log[1].if_range, Some(etag_of(&pattern(1000))));
        assert_eq!((log[1].status, log[1].bytes), (206, 100));
        assert_eq!((log[2].status, log[2].bytes), (200, 1000));
    }

    #[test]
    fn a_download_cut_off_resumes_with_a_range() {
        let scratch = Scratch::new("resume");
        let host = StaticHost::start(scratch.root());
        for (path, file) in small_and_large(&scratch) {
            host.clear_faults();
            host.clear_requests();
            // The first download and the first resumption are both cut off half-way.
            host.fault(HostFault::Truncate { prefix: path.into(), after: 0, times: 2 });
            let mut got = Vec::new();
            let mut statuses = Vec::new();
            let mut etag: Option<String> = None;
            while got.len() < file.len() {
                let mut client = Client::connect(&host);
                let range = format!("bytes={}-", got.len());
                let resp = match &etag {
                    None => client.send("GET", path, &[]),
                    Some(etag) => client.send("GET", path, &[("Range", &range), ("If-Range", etag.as_str())]),
                };
                statuses.push((resp.status, resp.cut));
                if resp.status == 206 {
                    let expected = format!("bytes {}-{}/{}", got.len(), file.len() - 1, file.len());
                    assert_eq!(resp.header("content-range"), Some(expected.as_str()));
                    assert_eq!(resp.length(), file.len() - got.len(), "the range's length is declared");
                }
                if resp.cut {
                    assert!(client.closed(), "the connection must be closed after the cut");
                }
                etag = resp.header("etag").map(str::to_owned);
                got.extend_from_slice(&resp.body);
                assert!(statuses.len() <= 3, "{statuses:?}");
            }
            assert!(got == file, "{path}: the pieces do not make up the file");
            assert_eq!(statuses, [(200, true), (206, true), (206, false)], "{path}");
            let len = file.len() as u64;
            let half = len / 2;
            let log = host.requests();
            assert_eq!(
                log.iter().map(|r| r.bytes).collect::<Vec<_>>(),
                [half, (len - half) / 2, len - half - (len - half) / 2]
            );
            assert_eq!(host.bytes_for_prefix(path), len);
        }
    }

    #[test]
    fn a_large_files_etag_follows_its_changes() {
        let scratch = Scratch::new("big-etag");
        let host = StaticHost::start(scratch.root());
        let [_, (path, file)] = small_and_large(&scratch);
        let etag = |resp: &Resp| resp.header("etag").unwrap().to_owned();
        let first = get(&host, path, &[]);
        let tag = etag(&first);
        assert!(tag.len() == 34 && tag.starts_with('"') && tag != etag_of(&pattern(1000)), "{tag}");
        // Unchanged: the same validator, so conditional and resumed requests work.
        assert_eq!(etag(&get(&host, path, &[])), tag);
        assert_eq!(get(&host, path, &[("If-None-Match", &tag)]).status, 304);
        // Same length, new content and a new modification time.
        let mut changed = file.clone();
        changed[0] ^= 0xff;
        scratch.write(&path[1..], &changed);
        scratch.set_mtime(&path[1..], UNIX_EPOCH + Duration::from_secs(1_700_000_000));
        let after = get(&host, path, &[("If-None-Match", &tag)]);
        assert_eq!(after.status, 200);
        assert!(after.body == changed);
        assert_ne!(etag(&after), tag);
        // A new length.
        changed.push(1);
        scratch.write(&path[1..], &changed);
        let longer = get(&host, path, &[("Range", "bytes=0-9"), ("If-Range", &etag(&after))]);
        assert_eq!((longer.status, longer.body.len()), (200, changed.len()));
        assert!(![tag, etag(&after)].contains(&etag(&longer)));
    }

    #[test]
    fn latency_comes_before_every_answer() {
        let scratch = Scratch::new("latency");
        let latency = Duration::from_millis(60);
        let host = StaticHost::start_with_link(scratch.root(), Link { latency, bytes_per_sec: None });
        let mut client = Client::connect(&host);
        for target in ["/index.json", "/records/ab/abcd.zst", "/nope.json"] {
            let started = Instant::now();
            let resp = client.send("GET", target, &[]);
            assert!(started.elapsed() >= latency, "{target} ({}) after {:?}", resp.status, started.elapsed());
        }
        let started = Instant::now();
        assert_eq!(client.send("HEAD", "/index.json", &[]).status, 200);
        assert!(started.elapsed() >= latency, "HEAD after {:?}", started.elapsed());

        // Changed at run time, for the next answers.
        let longer = Duration::from_millis(150);
        host.set_link(Link { latency: longer, bytes_per_sec: None });
        let started = Instant::now();
        assert_eq!(client.send("GET", "/index.json", &[]).body, br#"{"records":1}"#);
        assert!(started.elapsed() >= longer, "after {:?}", started.elapsed());
        host.set_link(Link::default());
        assert_eq!(client.send("GET", "/index.json", &[]).status, 200);
    }

    #[test]
    fn bandwidth_paces_the_body() {
        let scratch = Scratch::new("bandwidth");
        let file = pattern(2_000_000);
        scratch.write("two.bin", &file);
        scratch.write("small.bin", &file[..50_000]);
        let host = StaticHost::start(scratch.root());
        host.set_link(Link { latency: Duration::ZERO, bytes_per_sec: Some(10_000_000) });
        let mut client = Client::connect(&host);
        // 2 MB at 10 MB/s: 0.2 s, whatever the machine's speed (only a lower bound is certain).
        let started = Instant::now();
        let resp = client.send("GET", "/two.bin", &[]);
        let took = started.elapsed();
        assert!(resp.body == file && !resp.cut);
        assert!(took >= Duration::from_millis(180), "2 MB at 10 MB/s took {took:?}");
        // A range is paced by its own length: 1 MB, 0.1 s.
        let started = Instant::now();
        let part = client.send("GET", "/two.bin", &[("Range", "bytes=1000000-")]);
        let took = started.elapsed();
        assert!(part.status == 206 && part.body == file[1_000_000..]);
        assert!(took >= Duration::from_millis(90), "1 MB at 10 MB/s took {took:?}");
        // A body held in memory is paced too: 50 kB, 5 ms.
        let started = Instant::now();
        assert!(client.send("GET", "/small.bin", &[]).body == file[..50_000]);
        assert!(started.elapsed() >= Duration::from_millis(4), "50 kB took {:?}", started.elapsed());

        // A client that goes away mid-transfer: the log and the totals come down to what was
        // written before the connection failed.
        host.set_link(Link { latency: Duration::ZERO, bytes_per_sec: Some(1_000_000) });
        let before = host.total_bytes();
        let mut stream = TcpStream::connect(host.url().strip_prefix("http://").unwrap()).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream.write_all(b"GET /two.bin HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut first = [0u8; 4096];
        assert!(stream.read(&mut first).unwrap() > 0);
        assert_eq!(host.requests().last().map(|r| r.bytes), Some(2_000_000), "planned at the start");
        drop(stream);
        let deadline = Instant::now() + Duration::from_secs(30);
        while host.requests().last().map(|r| r.bytes) == Some(2_000_000) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let sent = host.requests().last().unwrap().bytes;
        assert!(sent < 2_000_000, "the abandoned transfer still counts {sent} bytes");
        assert_eq!(host.total_bytes() - before, sent);

        // Dropping the host ends a slow transfer in progress rather than waiting it out (at 1 kB/s
        // it would take half an hour).
        host.set_link(Link { latency: Duration::ZERO, bytes_per_sec: Some(1000) });
        let mut slow = BufReader::new(TcpStream::connect(host.url().strip_prefix("http://").unwrap()).unwrap());
        slow.get_ref().set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        slow.get_mut().write_all(b"GET /two.bin HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut line = String::new();
        while line != "\r\n" {
            line.clear();
            assert!(slow.read_line(&mut line).unwrap() > 0, "closed before the end of the head");
        }
        drop(host);
        let mut rest = Vec::new();
        slow.read_to_end(&mut rest).expect("the connection is closed, not left hanging");
        assert!(rest.len() < file.len(), "{} bytes", rest.len());
    }

    #[test]
    fn totals_count_across_a_cleared_log() {
        let scratch = Scratch::new("totals");
        let host = StaticHost::start(scratch.root());
        assert_eq!((host.total_requests(), host.total_bytes()), (0, 0));
        get(&host, "/index.json", &[]); // 13 bytes
        get(&host, "/records/ab/abcd.zst", &[("Range", "bytes=0-99")]); // 100
        Client::connect(&host).send("HEAD", "/records/ab/abcd.zst", &[]); // 0
        assert_eq!((host.total_requests(), host.total_bytes()), (3, 113));
        assert_eq!(host.bytes_for_prefix("/records/"), 100);
        host.clear_requests();
        assert_eq!((host.total_requests(), host.total_bytes()), (3, 113));
        assert_eq!(host.bytes_for_prefix("/"), 0);
        get(&host, "/records/ab/abcd.zst", &[]); // 1000
        get(&host, "/nope.json", &[]); // the 404's 14
        assert_eq!((host.total_requests(), host.total_bytes()), (5, 1127));
        assert_eq!((host.bytes_for_prefix("/records/"), host.bytes_for_prefix("/")), (1000, 1014));
        let fresh = get(&host, "/index.json", &[]);
        get(&host, "/index.json", &[("If-None-Match", fresh.header("etag").unwrap())]); // 304: 0
        assert_eq!((host.total_requests(), host.total_bytes()), (7, 1140));
    }
}
