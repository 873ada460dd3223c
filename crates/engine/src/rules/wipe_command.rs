//! R-RULE-2: commands that wipe the disk or the home folder — a recursive
//! `rm` of `/`, `/*`, a top-level system folder, `~` or `$HOME`; `mkfs` (and
//! `wipefs`, `shred`, `blkdiscard`…) on a disk device; `dd` or a redirection
//! writing to a disk device; Windows `rd /s C:\`, `Remove-Item -Recurse C:\`,
//! `format C:`.
//!
//! Never here: a recursive `rm` of a sub-folder (`./build`, `/tmp/foo`,
//! `~/.cache/pip`, `/var/lib/apt/lists/*`); `dd` to a file or to `/dev/null`;
//! the word `mkfs` alone (a list of dangerous commands, "mkfs(8)") — only a
//! command given a device counts.

use std::sync::LazyLock;

use regex::Regex;

use super::{unquote, Segment, Sink, WB};
use crate::rules::RuleId;

pub(super) const ANCHORS: &[&str] = &[
    "rm -",
    "rm\t-",
    "rm  -",
    "mkfs",
    "mke2fs",
    "mkswap",
    "wipefs",
    "shred",
    "blkdiscard",
    "sgdisk",
    "of=/dev/",
    "/dev/sd",
    "/dev/hd",
    "/dev/vd",
    "/dev/xvd",
    "/dev/nvme",
    "/dev/mmcblk",
    "/dev/disk",
    "/dev/rdisk",
    "/dev/md",
    "/dev/mapper",
    "/dev/dm-",
    "rd /s",
    "rd /q",
    "rmdir /s",
    "rmdir /q",
    "remove-item",
    "format ",
    "format.com",
];

/// A disk (not a partition-less pseudo device such as `/dev/null`, and not a
/// loop device, which is usually an image file).
const DISK: &str =
    r"/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme[0-9]|mmcblk[0-9]|r?disk[0-9/]|md[0-9]|mapper/|dm-[0-9])";

/// Where a command starts: the line start, a space, a separator, a quote or
/// a code-span backtick (`"rm -rf /"` in JSON, `` `rm -rf /` `` in prose).
const START: &str = r#"(?:^|[ \t;&|(`"'{])"#;

struct Patterns {
    /// `rm` with options, then its operands up to the end of the command.
    rm: Regex,
    /// A disk-formatting or disk-erasing tool with its operands.
    mkfs: Regex,
    /// `dd` with its operands.
    dd: Regex,
    /// `> /dev/sda`.
    redirect: Regex,
    /// `rd /s /q C:\`, `rmdir /s C:\`.
    rd: Regex,
    /// `Remove-Item` with its operands.
    remove_item: Regex,
    /// `format C:`.
    format: Regex,
    disk: Regex,
}

static PATTERNS: LazyLock<Patterns> = LazyLock::new(|| {
    Patterns {
    rm: Regex::new(&format!(
        r"{START}(?:sudo(?:[ \t]+-[A-Za-z]+)*[ \t]+)?rm(?P<opts>(?:[ \t]+(?:-[A-Za-z]+|--[a-z-]+))+)(?P<args>[^;&|)`]*)"
    ))
    .unwrap(),
    mkfs: Regex::new(&format!(
        r"{START}(?:sudo[ \t]+)?(?P<cmd>mkfs(?:\.[A-Za-z0-9]+)?|mke2fs|mkswap|wipefs|shred|blkdiscard|sgdisk)(?P<args>[ \t][^;&|)`]*)"
    ))
    .unwrap(),
    dd: Regex::new(&format!(r"{START}(?:sudo[ \t]+)?dd(?P<args>[ \t][^;&|)`]*)")).unwrap(),
    redirect: Regex::new(&format!(r"[^0-9&]>>?[ \t]*{DISK}")).unwrap(),
    rd: Regex::new(r#"(?i)(?:^|[ \t;&|(`"'])(?:rd|rmdir)(?:[ \t]+/[sq])*[ \t]+/s(?:[ \t]+/[sq])*[ \t]+["']?[a-z]:\\?["']?(?:[ \t;&|)`"']|$)"#)
        .unwrap(),
    remove_item: Regex::new(&format!(r"(?i){WB}remove-item(?P<args>(?:[ \t]+[^ \t;|]+)*)")).unwrap(),
    format: Regex::new(r#"(?i)(?:^|[ \t;&|(`"'])format(?:\.com)?[ \t]+[c-z]:(?:[ \t;&|)`"'/]|$)"#).unwrap(),
    disk: Regex::new(&format!("^{DISK}")).unwrap(),
}
});

/// All the patterns in one regex: most segments match none, and one pass
/// of this says so before the patterns and their captures run.
impl Patterns {
    /// Every pattern of the rule: the one-pass prefilter and the benchmark's list.
    fn all(&self) -> Vec<&Regex> {
        vec![&self.rm, &self.mkfs, &self.dd, &self.redirect, &self.rd, &self.remove_item, &self.format]
    }
}

static ANY: LazyLock<Regex> = LazyLock::new(|| super::any_of(PATTERNS.all()));

pub(super) fn patterns() -> Vec<String> {
    PATTERNS.all().iter().map(|r| r.as_str().to_owned()).collect()
}

/// Operands of a command, up to a comment.
fn operands(args: &str) -> impl Iterator<Item = &str> {
    args.split_ascii_whitespace().take_while(|w| !w.starts_with('#')).map(unquote)
}

/// Whether a recursive `rm` of `target` wipes the disk or a home folder.
/// Quotes are dropped (`"$HOME"/*`), and what closes a JSON string or a
/// sentence after the word (`~"}`, `/.`).
fn wipes(target: &str) -> bool {
    let mut t: String = target.chars().filter(|c| !matches!(c, '"' | '\'')).collect();
    while t.len() > 1 && (t.ends_with([')', ',', '.', ';']) || (t.ends_with('}') && !t.contains("${"))) {
        t.pop();
    }
    if t == "/" || t == "/*" {
        return true;
    }
    let base = t.strip_suffix("/*").or_else(|| t.strip_suffix('*')).unwrap_or(&t);
    let base = if base.len() > 1 { base.trim_end_matches('/') } else { base };
    matches!(
        base,
        "~" | "$HOME"
            | "${HOME}"
            | "${HOME:?}"
            | "/bin"
            | "/boot"
            | "/dev"
            | "/etc"
            | "/home"
            | "/lib"
            | "/lib64"
            | "/opt"
            | "/root"
            | "/sbin"
            | "/srv"
            | "/sys"
            | "/usr"
            | "/var"
            | "/Users"
            | "/System"
            | "/Library"
            | "/Applications"
    )
}

/// Whether the command at `at` of `s` is a pattern being searched for, not
/// a command: quoted after `grep`/`rg` and their options
/// (`grep -Eq 'rm -rf /|curl'`, a hook that blocks it) or after `=~`.
fn searched_for(s: &str, at: usize) -> bool {
    static PATTERN_ARG: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?:(?:^|[ \t|;&(])(?:grep|egrep|fgrep|rg|ag|ack)(?:[ \t]+-[A-Za-z]+|[ \t]+--[a-z-]+(?:=[^ \t]+)?)*[ \t]+|=~[ \t]*)['"]$"#)
            .unwrap()
    });
    // The match starts at the character before `rm` (a quote, a space).
    let quote = s[at..].find("rm").map_or(at, |i| at + i);
    PATTERN_ARG.is_match(&s[..quote])
}

/// Whether the command at `at` is data: inside a single-quoted argument of
/// `echo` or `printf` whose output is piped to a program that is not a
/// shell (`echo '{"command": "rm -rf ~"}' | python3 guard.py`, a guard's
/// test). Piped to a shell, `xargs`, `eval` or `sudo`, it runs.
fn fed_as_data(s: &str, at: usize) -> bool {
    const RUNNERS: &[&str] =
        &["xargs", "eval", "source", ".", "sudo", "doas", "env", "nohup", "exec", "command", "busybox", "parallel"];
    let before = &s[..at.min(s.len())];
    if before.matches('\'').count().is_multiple_of(2) {
        return false;
    }
    let Some(open) = before.rfind('\'') else { return false };
    let head = before[..open].trim_end();
    let word = head.rsplit([' ', '\t', '|', ';', '&', '(']).next().unwrap_or("");
    let echo = matches!(word, "echo" | "printf") || head.ends_with("echo -n") || head.ends_with("echo -e");
    let Some(close) = s[open + 1..].find('\'') else { return false };
    let rest = s[open + 1 + close + 1..].trim_start();
    let Some(piped) = rest.strip_prefix('|').filter(|r| !r.starts_with('|')) else { return false };
    let prog = piped.split_whitespace().next().unwrap_or("");
    echo && !prog.is_empty() && !crate::flow::is_shell(prog) && !RUNNERS.contains(&prog)
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    let p = &*PATTERNS;
    let s = seg.text();
    if !ANY.is_match(s) {
        return;
    }
    for c in p.rm.captures_iter(s) {
        let (Some(all), Some(opts), Some(args)) = (c.get(0), c.name("opts"), c.name("args")) else { continue };
        let recursive = opts
            .as_str()
            .split_ascii_whitespace()
            .any(|o| o == "--recursive" || (!o.starts_with("--") && o.contains(['r', 'R'])));
        if recursive
            && operands(args.as_str()).filter(|w| !w.starts_with('-')).any(wipes)
            && !searched_for(s, all.start())
            && !fed_as_data(s, all.start())
        {
            sink.add_match(RuleId::WipeCommand, seg.abs(all.range()));
        }
    }
    for c in p.mkfs.captures_iter(s) {
        let (Some(all), Some(cmd), Some(args)) = (c.get(0), c.name("cmd"), c.name("args")) else { continue };
        let words: Vec<&str> = operands(args.as_str()).collect();
        let on_disk = words.iter().any(|w| p.disk.is_match(w));
        // sgdisk only erases with --zap-all / -Z / --clear / -o.
        let erases = cmd.as_str() != "sgdisk"
            || words.iter().any(|w| matches!(*w, "--zap-all" | "-Z" | "--clear" | "-o" | "--zap"));
        if on_disk && erases {
            sink.add_match(RuleId::WipeCommand, seg.abs(all.range()));
        }
    }
    for c in p.dd.captures_iter(s) {
        let (Some(all), Some(args)) = (c.get(0), c.name("args")) else { continue };
        if operands(args.as_str()).any(|w| w.strip_prefix("of=").is_some_and(|dev| p.disk.is_match(dev))) {
            sink.add_match(RuleId::WipeCommand, seg.abs(all.range()));
        }
    }
    for re in [&p.redirect, &p.rd, &p.format] {
        for m in re.find_iter(s) {
            sink.add_match(RuleId::WipeCommand, seg.abs(m.range()));
        }
    }
    for c in p.remove_item.captures_iter(s) {
        let (Some(all), Some(args)) = (c.get(0), c.name("args")) else { continue };
        let words: Vec<&str> = operands(args.as_str()).collect();
        let recursive = words.iter().any(|w| w.len() >= 2 && "-recurse".starts_with(&w.to_ascii_lowercase()));
        let target = words.iter().filter(|w| !w.starts_with('-')).any(|w| {
            let t = w.trim_end_matches(['\\', '*', '/']).to_ascii_lowercase();
            (t.len() == 2 && t.ends_with(':') && t.as_bytes()[0].is_ascii_alphabetic())
                || matches!(t.as_str(), "~" | "$home" | "$env:userprofile" | "$env:homepath" | "$env:systemdrive")
        });
        if recursive && target {
            sink.add_match(RuleId::WipeCommand, seg.abs(all.range()));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{check, RuleId};

    fn flags(text: &str) -> bool {
        check(text).findings.iter().any(|f| f.rule == RuleId::WipeCommand)
    }

    #[test]
    fn r_rule_2_true_positives_rm() {
        for t in [
            "rm -rf /",
            "rm -rf /*",
            "rm -fr /",
            "rm -r -f /",
            "rm -R /",
            "rm --recursive --force /",
            "sudo rm -rf --no-preserve-root /",
            "sudo rm -rf / --no-preserve-root",
            "rm -rf -- /",
            "rm -rf ~",
            "rm -rf ~/",
            "rm -rf ~/*",
            "rm -rf $HOME",
            "rm -rf \"$HOME\"",
            "rm -rf \"${HOME}\"",
            "rm -rf \"$HOME\"/*",
            "rm -rf ${HOME:?}/",
            "rm -rf /etc",
            "rm -rf /usr/",
            "rm -rf /tmp/build /",
            "Never run `rm -rf /`.",
            r#"{"command": "rm -rf ~"}"#,
            "cd /tmp && rm -rf /",
            "grep -q x file && rm -rf ~",
            "echo 'rm -rf /' | sh",
        ] {
            assert!(flags(t), "{t}");
        }
    }

    #[test]
    fn r_rule_2_true_positives_disks() {
        for t in [
            "mkfs.ext4 /dev/sda1",
            "sudo mkfs -t ext4 /dev/sdb1",
            "mkfs.vfat -F 32 /dev/mmcblk0p1",
            "mke2fs -L data /dev/nvme0n1p1",
            "wipefs -a /dev/sda",
            "shred -n 3 /dev/sdb",
            "sgdisk --zap-all /dev/sda",
            "dd if=/dev/zero of=/dev/sda",
            "sudo dd if=/dev/urandom of=/dev/nvme0n1 bs=1M",
            "dd of=/dev/sdb if=image.iso bs=4M status=progress",
            "dd if=kali-linux.iso of=/dev/sdb bs=512k status=progress",
            "cat /dev/urandom > /dev/sda",
            "echo x >/dev/disk2",
            r"rd /s /q C:\",
            r"rmdir /s C:\",
            r"rd /q /s D:\",
            "dd if=/dev/zero of=/dev/md0",
            "echo y > /dev/mapper/vg-root",
            r"Remove-Item -Recurse -Force C:\",
            "Remove-Item -Recurse -Force $env:USERPROFILE",
            "format C:",
        ] {
            assert!(flags(t), "{t}");
        }
    }

    #[test]
    fn r_rule_2_hard_negatives() {
        for t in [
            "rm -rf ./build",
            "rm -rf build/",
            "rm -rf /tmp/foo",
            "rm -rf ~/.cache/pip",
            "rm -rf \"$HOME/.cache\"",
            "rm -rf $HOME/tmp",
            "rm -rf node_modules",
            "rm -rf /var/lib/apt/lists/*",
            "rm -rf \"$TEMP_DIR\"",
            "rm -f /",
            "rm -rf ./build  # not / itself",
            "docker run --rm -it -v /:/host ubuntu",
            "rm -i ~/notes.txt",
            "dd if=x of=disk.img",
            "dd if=/dev/zero of=/dev/null bs=1M count=10",
            "sudo dd if=/dev/mem of=memory.raw bs=1M",
            "dd if=/dev/urandom bs=1 count=2048 2>/dev/null | sha256sum",
            "mkfs.ext4 disk.img",
            "mkfs.ext4 /dev/loop0",
            "See the mkfs(8) man page.",
            "Dangerous commands: `rm -rf`, `dd if=`, `mkfs`, `> /dev/`.",
            "shred -u /tmp/id_ed25519_temp",
            "ls /dev/sda1",
            "command 2>/dev/null",
            "if printf '%s' \"$cmd\" | grep -Eq 'rm -rf /|curl[^|]*\\| *(ba)?sh'; then",
            "grep -F -e 'rm -rf ~' commands.log",
            "[[ $cmd =~ 'rm -rf /' ]] && exit 2",
            "echo '{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"rm -rf ~\"}}' | python3 .claude/hooks/guard.py; echo $?",
            "Remove-Item -Recurse .\\build",
            "The output format: json",
            "format the code with black",
        ] {
            assert!(!flags(t), "{t}");
        }
    }

    #[test]
    fn r_rule_2_a_wipe_echoed_into_a_shell_still_runs() {
        assert!(flags("echo 'rm -rf ~' | sh"));
        assert!(flags("echo 'rm -rf ~' | xargs -I{} sh -c {}"));
        assert!(flags("printf 'rm -rf ~' | sudo bash"));
        assert!(flags("echo 'ok' | rm -rf ~"));
    }

    #[test]
    fn r_rule_2_the_exclusion_is_per_command_not_per_line() {
        assert!(flags("rm -rf ./build; rm -rf ~"));
        assert!(flags("rm -rf /tmp/x && sudo rm -rf /"));
    }

    #[test]
    fn r_rule_2_known_misses() {
        // Known miss: a variable that may be empty (`rm -rf "$DIR/"`) — the
        // rule cannot know its value.
        assert!(!flags("rm -rf \"$STEAMROOT/\"*"));
        // Known miss: `find / -delete` and `find ~ -exec rm -rf {} +` are not
        // read (no rm with the root as its operand).
        assert!(!flags("find / -delete"));
        // Known miss: options written with two spaces or more and a tab mix
        // after `rm` beyond what the anchors list (`rm   -rf /`).
        assert!(!flags("rm   -rf /"));
    }
}
