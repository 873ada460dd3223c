//! `sg-static-host` as a script runs it: one line with the URL, then serving until its standard
//! input closes; bad arguments are refused with a usage line and status 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_sg-static-host");

#[test]
fn serves_a_folder_until_stdin_closes() {
    let root = std::env::temp_dir().join(format!("sg-static-host-bin-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(root.join("hello.txt"), "hello, world\n").unwrap();
    let mut child = Command::new(BIN)
        .args([root.as_os_str(), "--latency-ms".as_ref(), "5".as_ref(), "--mbit".as_ref(), "80".as_ref()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start sg-static-host");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut url = String::new();
    stdout.read_line(&mut url).unwrap();
    let addr = url.strip_suffix('\n').and_then(|u| u.strip_prefix("http://127.0.0.1:")).map(|port| {
        assert!(port.parse::<u16>().is_ok(), "{url:?}");
        format!("127.0.0.1:{port}")
    });
    let addr = addr.unwrap_or_else(|| panic!("not one URL line: {url:?}"));

    let mut stream = TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(b"GET /hello.txt HTTP/1.1\r\nHost: x\r\nRange: bytes=0-4\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 206 Partial Content\r\n"), "{answer}");
    assert!(answer.contains("Content-Range: bytes 0-4/13\r\n") && answer.ends_with("\r\n\r\nhello"), "{answer}");

    drop(child.stdin.take());
    assert!(child.wait().unwrap().success());
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "", "nothing on stdout but the URL");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn bad_arguments_are_refused() {
    let missing = std::env::temp_dir().join("sg-static-host-no-such-folder");
    for args in [
        vec![],
        vec![".", "--mbit"],
        vec![".", "--mbit", "0"],
        vec![".", "--mbit", "fast"],
        vec![".", "--latency-ms", "-1"],
        vec![".", "--port", "80"],
        vec![".", "."],
        vec![missing.to_str().unwrap()],
    ] {
        let out = Command::new(BIN).args(&args).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("sg-static-host: "), "{args:?}");
    }
    let help = Command::new(BIN).arg("--help").output().unwrap();
    assert!(help.status.success() && String::from_utf8_lossy(&help.stdout).starts_with("usage: "));
}
