//! Where a snapshot is read from: a folder, or a static host over HTTP(S).
//! The index is asked for conditionally (its ETag and Last-Modified are
//! kept), so an unchanged publication costs one small answer; records and
//! files are plain GETs by hash. Every answer is bounded in size, failures of the host
//! (5xx, 429, cut connections) are retried a bounded number of times, and
//! nothing here trusts what it reads: checking is the caller's job.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use skills_guide_remote::http::{self, RetryPolicy};

use super::{
    file_path, record_path, SnapshotError, INDEX_FILE, MAX_FILE_BYTES, MAX_INDEX_BYTES, MAX_RECORD_BYTES,
    SIGNATURE_FILE,
};

/// The index's validators from its last answer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Validators {
    pub etag: Option<String>,
    pub last_modified: Option<String>,
}

/// Requests made and bytes received (bodies), for the summary.
#[derive(Debug, Default)]
pub struct Traffic {
    pub requests: AtomicU64,
    pub bytes: AtomicU64,
}

impl Traffic {
    fn count(&self, bytes: usize) {
        self.requests.fetch_add(1, Ordering::Relaxed);
        self.bytes.fetch_add(bytes as u64, Ordering::Relaxed);
    }
}

pub enum IndexAnswer {
    /// The host says the index has not changed since the validators.
    NotModified,
    Fresh {
        compressed: Vec<u8>,
        signature: String,
        validators: Validators,
    },
}

pub enum Origin {
    Dir(PathBuf),
    Http { base: String, client: reqwest::blocking::Client, retry: RetryPolicy },
}

impl Origin {
    /// `https://host/path`, `http://…`, or a folder.
    pub fn parse(address: &str, retry: RetryPolicy) -> Result<Origin, SnapshotError> {
        if address.starts_with("http://") || address.starts_with("https://") {
            // A snapshot is signed: plain http cannot forge it, only delay it.
            http::check_url("the snapshot address", address, false).map_err(SnapshotError::Fetch)?;
            let client = http::client(Duration::from_secs(60)).map_err(SnapshotError::Fetch)?;
            Ok(Origin::Http { base: address.trim_end_matches('/').to_owned(), client, retry })
        } else {
            let dir = PathBuf::from(address.strip_prefix("file://").unwrap_or(address));
            if !dir.is_dir() {
                return Err(SnapshotError::Fetch(format!("{} is not a folder or an http(s) address", dir.display())));
            }
            Ok(Origin::Dir(dir))
        }
    }

    /// The index and its signature, unless unchanged since `known`.
    pub fn index(&self, known: &Validators, traffic: &Traffic) -> Result<IndexAnswer, SnapshotError> {
        match self {
            Origin::Dir(dir) => {
                let compressed = read_file(&dir.join(INDEX_FILE), MAX_INDEX_BYTES)?;
                let signature = read_file(&dir.join(SIGNATURE_FILE), MAX_SIGNATURE_TEXT)?;
                traffic.count(compressed.len());
                traffic.count(signature.len());
                Ok(IndexAnswer::Fresh { compressed, signature: text(signature)?, validators: Validators::default() })
            }
            Origin::Http { base, client, retry } => {
                let url = format!("{base}/{INDEX_FILE}");
                let index = Request { url: &url, max: MAX_INDEX_BYTES, timeout: None };
                let Some((compressed, validators)) = get(client, retry, &index, known, traffic)? else {
                    return Ok(IndexAnswer::NotModified);
                };
                let signature_url = format!("{base}/{SIGNATURE_FILE}");
                let signature = Request { url: &signature_url, max: MAX_SIGNATURE_TEXT, timeout: Some(RECORD_TIMEOUT) };
                let (signature, _) =
                    get(client, retry, &signature, &Validators::default(), traffic)?.ok_or_else(|| {
                        SnapshotError::Fetch(format!("{signature_url}: not modified without a validator"))
                    })?;
                Ok(IndexAnswer::Fresh { compressed, signature: text(signature)?, validators })
            }
        }
    }

    /// A record's compressed bytes, by hash.
    pub fn record(&self, hash: &str, traffic: &Traffic) -> Result<Vec<u8>, SnapshotError> {
        self.object(&record_path(hash), MAX_RECORD_BYTES, traffic)
    }

    /// A file's compressed bytes, by the SHA-256 of its content. (zstd never
    /// grows a frame by more than a few bytes per 128 KiB block.)
    pub fn file(&self, sha256: &str, traffic: &Traffic) -> Result<Vec<u8>, SnapshotError> {
        self.object(&file_path(sha256), MAX_FILE_BYTES + MAX_FILE_BYTES / 64 + 4096, traffic)
    }

    /// Downloads the pack `relative` (of `size` bytes) into `part`, after
    /// what `part` holds already: a download cut short, in this sync or an
    /// earlier one, resumes with an HTTP `Range` request instead of starting
    /// again. Failures of the host are retried from where they stopped; an
    /// attempt that brought bytes does not count against the retry limit (a
    /// slow link cut by the timeout still gets there). `more` hears of every
    /// chunk received and answers whether to go on (cancel). Returns whether
    /// `part` is now whole (its bytes are unchecked: the caller checks its
    /// hash).
    pub fn download_to(
        &self,
        relative: &str,
        part: &Path,
        size: u64,
        traffic: &Traffic,
        more: &dyn Fn(u64) -> bool,
    ) -> Result<bool, SnapshotError> {
        match self {
            Origin::Dir(dir) => copy_rest(&dir.join(relative), part, size, traffic, more),
            Origin::Http { base, client, retry } => {
                let url = format!("{base}/{relative}");
                let mut attempt = 1;
                loop {
                    let have = part.metadata().map_or(0, |m| m.len());
                    let outcome = resume_once(client, &url, part, have, size, traffic, more);
                    let brought = part.metadata().map_or(0, |m| m.len()) > have;
                    match outcome {
                        Attempt::Done(Ok(_)) => return Ok(part.metadata().map_or(0, |m| m.len()) == size),
                        Attempt::Done(Err(e)) => return Err(e),
                        Attempt::Passing { .. } if brought => tracing::debug!(url, "pack download cut; resuming"),
                        Attempt::Passing { why, wait } if attempt < retry.max_attempts => {
                            let wait = wait.unwrap_or_else(|| retry.backoff(attempt));
                            if wait > retry.max_wait {
                                return Err(SnapshotError::Fetch(format!("{url}: {why}")));
                            }
                            std::thread::sleep(wait);
                            attempt += 1;
                        }
                        Attempt::Passing { why, .. } => {
                            return Err(SnapshotError::Fetch(format!("{url}: {why} (after {attempt} attempts)")))
                        }
                    }
                }
            }
        }
    }

    /// An object of the publication by its relative path, at most `max` bytes.
    fn object(&self, relative: &str, max: u64, traffic: &Traffic) -> Result<Vec<u8>, SnapshotError> {
        match self {
            Origin::Dir(dir) => {
                let bytes = read_file(&dir.join(relative), max)?;
                traffic.count(bytes.len());
                Ok(bytes)
            }
            Origin::Http { base, client, retry } => {
                let url = format!("{base}/{relative}");
                let request = Request { url: &url, max, timeout: Some(RECORD_TIMEOUT) };
                get(client, retry, &request, &Validators::default(), traffic)?
                    .map(|(bytes, _)| bytes)
                    .ok_or_else(|| SnapshotError::Fetch(format!("{url}: not modified without a validator")))
            }
        }
    }
}

const MAX_SIGNATURE_TEXT: u64 = 4096;
/// A pack is up to about 64 MiB: one attempt may take this long before it is
/// cut and resumed where it stopped.
const PACK_TIMEOUT: Duration = Duration::from_secs(300);
/// Bytes read and written at a time while a pack arrives.
const PACK_CHUNK: usize = 256 * 1024;

/// The rest of a pack from a folder: what `part` lacks, appended.
fn copy_rest(
    from: &Path,
    part: &Path,
    size: u64,
    traffic: &Traffic,
    more: &dyn Fn(u64) -> bool,
) -> Result<bool, SnapshotError> {
    use std::io::{Seek, SeekFrom};
    let err = |path: &Path, e: std::io::Error| SnapshotError::Fetch(format!("{}: {e}", path.display()));
    let mut source = std::fs::File::open(from).map_err(|e| err(from, e))?;
    let have = part.metadata().map_or(0, |m| m.len()).min(size);
    let mut out = open_part(part, have)?;
    source.seek(SeekFrom::Start(have)).map_err(|e| err(from, e))?;
    let copied = pump(&mut source.take(size - have + 1), &mut out, part, more)?;
    traffic.count(copied.bytes as usize);
    if have + copied.bytes > size {
        return Err(SnapshotError::Fetch(format!("{} is larger than the index says", from.display())));
    }
    Ok(!copied.stopped && have + copied.bytes == size)
}

/// `part` opened for appending at `have` bytes (cut back to them).
fn open_part(part: &Path, have: u64) -> Result<std::fs::File, SnapshotError> {
    let err = |e: std::io::Error| SnapshotError::Io(format!("{}: {e}", part.display()));
    let file = std::fs::OpenOptions::new().create(true).append(true).open(part).map_err(err)?;
    file.set_len(have).map_err(err)?;
    Ok(file)
}

struct Pumped {
    bytes: u64,
    /// `more` said to stop.
    stopped: bool,
}

/// Copies `from` into `to` chunk by chunk, telling `more` of each.
fn pump(
    from: &mut impl Read,
    to: &mut std::fs::File,
    part: &Path,
    more: &dyn Fn(u64) -> bool,
) -> Result<Pumped, SnapshotError> {
    use std::io::Write;
    let mut buffer = vec![0u8; PACK_CHUNK];
    let mut bytes = 0u64;
    loop {
        let n = match from.read(&mut buffer) {
            Ok(0) => return Ok(Pumped { bytes, stopped: false }),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(SnapshotError::Fetch(format!("the transfer broke off: {e}"))),
        };
        to.write_all(&buffer[..n]).map_err(|e| SnapshotError::Io(format!("{}: {e}", part.display())))?;
        bytes += n as u64;
        if !more(n as u64) {
            return Ok(Pumped { bytes, stopped: true });
        }
    }
}

/// One GET of the rest of a pack: `Range: bytes=HAVE-` when `part` holds
/// some of it. A host that ignores the range answers 200 and the whole
/// pack, which replaces the part; one that cannot serve it (416, or a range
/// that is not the one asked for) makes the part start again.
fn resume_once(
    client: &reqwest::blocking::Client,
    url: &str,
    part: &Path,
    have: u64,
    size: u64,
    traffic: &Traffic,
    more: &dyn Fn(u64) -> bool,
) -> Attempt {
    let have = have.min(size);
    if have == size {
        return Attempt::Done(Ok(None));
    }
    let mut request = client.get(url).timeout(PACK_TIMEOUT);
    if have > 0 {
        request = request.header(reqwest::header::RANGE, format!("bytes={have}-"));
    }
    let response = match request.send() {
        Ok(r) => r,
        Err(e) => {
            traffic.count(0);
            return Attempt::Passing { why: e.to_string(), wait: None };
        }
    };
    let status = response.status();
    let start = match status.as_u16() {
        200 => 0,
        206 => {
            let range = response.headers().get(reqwest::header::CONTENT_RANGE).and_then(|v| v.to_str().ok());
            if range != Some(format!("bytes {have}-{}/{size}", size - 1).as_str()) {
                traffic.count(0);
                let _ = open_part(part, 0);
                return Attempt::Passing { why: format!("the host answered another range ({range:?})"), wait: None };
            }
            have
        }
        416 => {
            traffic.count(0);
            let _ = open_part(part, 0);
            return Attempt::Passing { why: "the host cannot serve the rest (416)".into(), wait: None };
        }
        _ if status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS => {
            traffic.count(0);
            let wait = http::retry_after(response.headers());
            let _ = response.take(64 * 1024).read_to_end(&mut Vec::new());
            return Attempt::Passing { why: format!("HTTP {status}"), wait };
        }
        _ => {
            traffic.count(0);
            return Attempt::Done(Err(SnapshotError::Fetch(format!("{url}: HTTP {status}"))));
        }
    };
    if response.content_length().is_some_and(|n| start + n > size) {
        traffic.count(0);
        return Attempt::Done(Err(SnapshotError::Fetch(format!("{url} is larger than the index says"))));
    }
    let mut out = match open_part(part, start) {
        Ok(f) => f,
        Err(e) => return Attempt::Done(Err(e)),
    };
    let pumped = pump(&mut response.take(size - start + 1), &mut out, part, more);
    let written = part.metadata().map_or(0, |m| m.len());
    traffic.count(written.saturating_sub(start) as usize);
    match pumped {
        Err(SnapshotError::Fetch(why)) => Attempt::Passing { why, wait: None },
        Err(e) => Attempt::Done(Err(e)),
        Ok(_) if written > size => {
            let _ = open_part(part, 0);
            Attempt::Done(Err(SnapshotError::Fetch(format!("{url} is larger than the index says"))))
        }
        Ok(p) if p.stopped || written == size => Attempt::Done(Ok(None)),
        Ok(_) => Attempt::Passing { why: "the transfer broke off before its end".into(), wait: None },
    }
}
/// A record is at most a few megabytes: a transfer that takes longer than
/// this has stalled, and is tried again (the index may be large, and keeps
/// the client's own timeout).
const RECORD_TIMEOUT: Duration = Duration::from_secs(20);

fn text(bytes: Vec<u8>) -> Result<String, SnapshotError> {
    String::from_utf8(bytes).map_err(|_| SnapshotError::BadSignature("the signature file is not text".into()))
}

fn read_file(path: &std::path::Path, max: u64) -> Result<Vec<u8>, SnapshotError> {
    let file = std::fs::File::open(path).map_err(|e| SnapshotError::Fetch(format!("{}: {e}", path.display())))?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(|e| SnapshotError::Fetch(format!("{}: {e}", path.display())))?;
    if bytes.len() as u64 > max {
        return Err(SnapshotError::Fetch(format!("{} is larger than {max} bytes", path.display())));
    }
    Ok(bytes)
}

/// One file to GET: its address, its largest size, and how long it may take.
struct Request<'a> {
    url: &'a str,
    max: u64,
    timeout: Option<Duration>,
}

/// One GET, retried on the host's passing failures. `None`: 304.
fn get(
    client: &reqwest::blocking::Client,
    retry: &RetryPolicy,
    request: &Request<'_>,
    known: &Validators,
    traffic: &Traffic,
) -> Result<Option<(Vec<u8>, Validators)>, SnapshotError> {
    let url = request.url;
    let mut attempt = 1;
    loop {
        let outcome = get_once(client, request, known, traffic);
        match outcome {
            Attempt::Done(result) => return result,
            Attempt::Passing { why, wait } if attempt < retry.max_attempts => {
                let wait = wait.unwrap_or_else(|| retry.backoff(attempt));
                if wait > retry.max_wait {
                    return Err(SnapshotError::Fetch(format!("{url}: {why}")));
                }
                tracing::debug!(url, why, "snapshot request failed; retrying");
                std::thread::sleep(wait);
                attempt += 1;
            }
            Attempt::Passing { why, .. } => {
                return Err(SnapshotError::Fetch(format!("{url}: {why} (after {attempt} attempts)")))
            }
        }
    }
}

enum Attempt {
    Done(Result<Option<(Vec<u8>, Validators)>, SnapshotError>),
    /// Worth another try (a 5xx, a 429, a cut or timed-out transfer).
    Passing {
        why: String,
        wait: Option<Duration>,
    },
}

fn get_once(client: &reqwest::blocking::Client, asked: &Request<'_>, known: &Validators, traffic: &Traffic) -> Attempt {
    let (url, max) = (asked.url, asked.max);
    let mut request = client.get(url);
    if let Some(timeout) = asked.timeout {
        request = request.timeout(timeout);
    }
    if let Some(etag) = &known.etag {
        request = request.header(reqwest::header::IF_NONE_MATCH, etag);
    }
    if let Some(date) = &known.last_modified {
        request = request.header(reqwest::header::IF_MODIFIED_SINCE, date);
    }
    let response = match request.send() {
        Ok(r) => r,
        Err(e) => {
            traffic.count(0);
            return Attempt::Passing { why: e.to_string(), wait: None };
        }
    };
    let status = response.status();
    if status == reqwest::StatusCode::NOT_MODIFIED {
        traffic.count(0);
        return Attempt::Done(Ok(None));
    }
    if status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS {
        traffic.count(0);
        let wait = http::retry_after(response.headers());
        // Read the (small) error body, so the connection can serve the retry.
        let _ = response.take(64 * 1024).read_to_end(&mut Vec::new());
        return Attempt::Passing { why: format!("HTTP {status}"), wait };
    }
    if !status.is_success() {
        traffic.count(0);
        return Attempt::Done(Err(SnapshotError::Fetch(format!("{url}: HTTP {status}"))));
    }
    if response.content_length().is_some_and(|n| n > max) {
        traffic.count(0);
        return Attempt::Done(Err(SnapshotError::Fetch(format!("{url} is larger than {max} bytes"))));
    }
    let header = |name| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let validators =
        Validators { etag: header(reqwest::header::ETAG), last_modified: header(reqwest::header::LAST_MODIFIED) };
    let expected = response.content_length();
    let mut body = Vec::new();
    let read = response.take(max + 1).read_to_end(&mut body);
    traffic.count(body.len());
    if let Err(e) = read {
        return Attempt::Passing { why: format!("the transfer broke off: {e}"), wait: None };
    }
    if expected.is_some_and(|n| n != body.len() as u64) {
        return Attempt::Passing { why: "the transfer broke off before its end".into(), wait: None };
    }
    if body.len() as u64 > max {
        return Attempt::Done(Err(SnapshotError::Fetch(format!("{url} is larger than {max} bytes"))));
    }
    Attempt::Done(Ok(Some((body, validators))))
}
