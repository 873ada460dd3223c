//! Project rule (R-RULE-8 allows it): another process's memory read or
//! dumped, where the secrets it holds sit in clear (ATT&CK's "OS Credential
//! Dumping": the CI runner's masked secrets scraped from `/proc/<pid>/mem`
//! in the tj-actions/changed-files compromise, LSASS dumped on Windows).
//!
//! Counted, as code or commands in any file of the folder:
//! - a process's memory file opened on Linux (`/proc/<pid>/mem`, the pid
//!   as a number, a variable or an interpolation), `process_vm_readv`;
//! - Windows' `ReadProcessMemory` and `MiniDumpWriteDump`, `procdump -ma`,
//!   `comsvcs.dll` called for `MiniDump`, `lsass` written to a `.dmp` file;
//! - `gcore` or `gdb … dump memory` run on a process.
//!
//! Never here: `/proc/<pid>/maps`, `status` or `cmdline` alone (what tools
//! that list processes read), prose that names the technique.

use std::sync::LazyLock;

use regex::Regex;

use super::{Segment, Sink, WB};
use crate::rules::RuleId;

pub(super) const ANCHORS: &[&str] = &[
    "/mem",
    "process_vm_readv",
    "readprocessmemory",
    "minidump",
    "procdump",
    "comsvcs",
    "lsass",
    "gcore",
    "dump memory",
];

static PATTERN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        concat!(
            r#"(?i)/proc/(?:[0-9]+|\{{[^}}\n]{{1,40}}\}}|\$\{{?[A-Za-z_][A-Za-z0-9_]*\}}?|%[ds]|#\{{[^}}\n]{{1,40}}\}}|["'`][ \t]*\+[^\n]{{1,40}}?\+[ \t]*["'`])/mem{WB}"#,
            r"|{WB}process_vm_readv{WB}|{WB}readprocessmemory{WB}|{WB}minidumpwritedump{WB}",
            r"|{WB}procdump(?:64)?(?:\.exe)?[ \t][^\n]*?-ma{WB}",
            r"|{WB}comsvcs(?:\.dll)?[^\n]{{0,40}}?(?:minidump|#24){WB}",
            r"|{WB}lsass(?:\.exe)?{WB}[^\n]{{0,80}}?\.dmp{WB}",
            r"|{WB}gcore[ \t]+(?:-[a-z][ \t]+[^ \t\n]+[ \t]+)*(?:\$|[0-9]|\{{)",
            r"|{WB}gdb{WB}[^\n]*?{WB}dump[ \t]+(?:binary[ \t]+)?memory{WB}",
        ),
        WB = WB
    ))
    .unwrap()
});

pub(super) fn patterns() -> Vec<String> {
    vec![PATTERN.as_str().to_owned()]
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    if let Some(m) = PATTERN.find(seg.text()) {
        sink.add_match(RuleId::MemoryDump, seg.abs(m.range()));
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{check, RuleId};

    fn found(text: &str) -> bool {
        check(text).findings.iter().any(|f| f.rule == RuleId::MemoryDump)
    }

    #[test]
    fn r_rule_8_another_processs_memory_read_or_dumped_is_found() {
        for t in [
            "with open(f\"/proc/{pid}/maps\") as maps, open(f\"/proc/{pid}/mem\", \"rb\", 0) as mem:",
            "dd if=/proc/$PID/mem bs=1 skip=$start count=$len 2>/dev/null",
            "fd = File.open(\"/proc/#{pid}/mem\", \"rb\")",
            "const mem = fs.openSync('/proc/' + pid + '/mem', 'r');",
            "ReadProcessMemory(hProc, addr, buf, size, &read);",
            "procdump.exe -accepteula -ma lsass.exe out.dmp",
            "rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 624 C:\\t\\l.dmp full",
            "gcore -o /tmp/core $RUNNER_PID",
            "nread = process_vm_readv(pid, local, 1, remote, 1, 0);",
        ] {
            assert!(found(t), "{t}");
        }
        for t in [
            "with open(f\"/proc/{pid}/cmdline\", \"rb\") as fh:",
            "cat /proc/meminfo",
            "Attackers dump LSASS memory to get credentials.",
            "grep VmRSS /proc/$pid/status",
            "free -m  # shows /mem usage",
        ] {
            assert!(!found(t), "{t}");
        }
    }
}
