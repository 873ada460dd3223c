//! Where a snapshot is read from: a folder, or a static host over HTTP(S).
//! The index is asked for conditionally (its ETag and Last-Modified are
//! kept), so an unchanged publication costs one small answer; records and
//! files are plain GETs by hash. Every answer is bounded in size, failures of the host
//! (5xx, 429, cut connections) are retried a bounded number of times, and
//! nothing here trusts what it reads: checking is the caller's job.

use std::io::Read;
use std::path::PathBuf;
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
