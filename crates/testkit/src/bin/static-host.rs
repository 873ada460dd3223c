//! `sg-static-host ROOT [--latency-ms N] [--mbit N]`: the loopback static host as a program, for
//! scripts (benchmarks, manual runs of the clients) that want a folder served the way a static
//! host or CDN serves it, with ranges, ETags and, optionally, a real host's round trip and
//! bandwidth. It reads no environment variable.
//!
//! It binds `127.0.0.1` on a port the OS picks, prints exactly one line, `http://127.0.0.1:PORT`,
//! on standard output, then serves until its standard input closes (or it is killed): a script
//! that started it with a pipe stops it by closing the pipe, and a script that dies cannot leave
//! it running. Mind that a command run in the background (`&`) by a non-interactive shell gets
//! an empty standard input and would stop at once; from bash, use a coprocess:
//!
//! ```text
//! coproc HOST { sg-static-host ./publication --latency-ms 30 --mbit 100; }
//! read -r URL <&"${HOST[0]}"
//! … fetch from "$URL" …
//! kill "$HOST_PID"
//! ```
//!
//! `--latency-ms N` waits N milliseconds before each answer's first byte; `--mbit N` (decimals
//! allowed) sends each answer's body at N megabits (10^6 bits) per second per connection.

use skills_guide_testkit::{Link, StaticHost};
use std::io::{self, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: sg-static-host ROOT [--latency-ms N] [--mbit N]";

fn main() -> ExitCode {
    let (root, link) = match parse(std::env::args().skip(1)) {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            println!("{USAGE}\nServes ROOT on 127.0.0.1, prints its URL, and stops when standard input closes.");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("sg-static-host: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if !root.is_dir() {
        eprintln!("sg-static-host: {}: not a folder", root.display());
        return ExitCode::from(2);
    }
    let host = StaticHost::start_with_link(root, link);
    let mut stdout = io::stdout().lock();
    if writeln!(stdout, "{}", host.url()).and_then(|()| stdout.flush()).is_err() {
        // Nobody is reading: nobody can use the host either.
        return ExitCode::FAILURE;
    }
    // Until end of file (or an error, which ends it all the same).
    let _ = io::copy(&mut io::stdin().lock(), &mut io::sink());
    drop(host);
    ExitCode::SUCCESS
}

/// The folder to serve and the link; `None` for `--help`.
fn parse(mut args: impl Iterator<Item = String>) -> Result<Option<(PathBuf, Link)>, String> {
    let (mut root, mut link) = (None, Link::default());
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--latency-ms" => {
                let ms = value(&arg)?.parse().map_err(|_| "--latency-ms takes whole milliseconds")?;
                link.latency = Duration::from_millis(ms);
            }
            "--mbit" => {
                let mbit: f64 = value(&arg)?.parse().map_err(|_| "--mbit takes a number")?;
                if !(mbit.is_finite() && mbit > 0.0) {
                    return Err("--mbit takes a rate above 0".into());
                }
                // 1 Mbit/s is 125 000 bytes per second.
                link.bytes_per_sec = Some((mbit * 125_000.0).round().max(1.0) as u64);
            }
            _ if arg.starts_with('-') => return Err(format!("unknown option {arg}")),
            _ if root.is_none() => root = Some(PathBuf::from(arg)),
            _ => return Err(format!("one folder only (also given {arg})")),
        }
    }
    Ok(Some((root.ok_or("no folder to serve")?, link)))
}
