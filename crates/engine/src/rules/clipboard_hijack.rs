//! Project rule (R-RULE-8 allows it): a clipboard hijacker ("clipper"),
//! the commonest crypto-stealer of all: a program that watches what the
//! user copies, recognises a wallet address by its shape, and writes
//! another address in its place, so that the user pastes the thief's.
//!
//! Counted, in one file: the clipboard read (`clipboard.read`,
//! `readText`, `pyperclip.paste`, `pbpaste`, `Get-Clipboard`, `xclip -o`,
//! `GetClipboardData`), the clipboard written (`clipboard.write`,
//! `writeText`, `pyperclip.copy`, `pbcopy`, `Set-Clipboard`,
//! `SetClipboardData`), and the shape of a wallet address to match
//! (Ethereum's `0x` and 40 hex digits, Bitcoin's `bc1` or base58 of 25 to
//! 39 characters, Solana's base58 of 32 to 44, Tron's `T` and 33). Reported
//! at the write.
//!
//! Never here: a program that only copies an address for the user (no
//! read), one that only validates what is pasted (no write), clipboard
//! tools with no wallet pattern.

use std::sync::LazyLock;

use regex::Regex;

use super::Sink;
use crate::rules::RuleId;

static READ: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)clipboard(?:y)?\.(?:read|readtext|readsync|paste|get)|readtext\(|pyperclip\.paste|(?-u:\b)pbpaste(?-u:\b)|get-clipboard|xclip[^\n|;]*-o(?-u:\b)|xsel[^\n|;]*-o(?-u:\b)|getclipboarddata|wl-paste").unwrap()
});

static WRITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)clipboard(?:y)?\.(?:write|writetext|writesync|copy|set)|writetext\(|pyperclip\.copy|(?-u:\b)pbcopy(?-u:\b)|set-clipboard|setclipboarddata|wl-copy").unwrap()
});

/// A wallet address's shape, as a pattern in code.
static WALLET: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"0x\[a-fA-F0-9\]\{40\}|0x\[0-9a-fA-F\]\{40\}|0x\[a-f0-9\]\{40\}|bc1|\{25,3[49]\}|\{26,3[59]\}|\{32,44\}|\{43,44\}|T\[[^\]]{3,40}\]\{33\}").unwrap()
});

pub(super) fn is_candidate(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), b"lipboard").is_some()
        || memchr::memmem::find(text.as_bytes(), b"pbpaste").is_some()
        || memchr::memmem::find(text.as_bytes(), b"pyperclip").is_some()
        || memchr::memmem::find(text.as_bytes(), b"xclip").is_some()
        || memchr::memmem::find(text.as_bytes(), b"wl-paste").is_some()
}

pub(super) fn check_file(text: &str, sink: &mut Sink<'_>) {
    if !READ.is_match(text) || !WALLET.is_match(text) {
        return;
    }
    if let Some(w) = WRITE.find(text) {
        // Reported at the last write: the one that puts the replacement.
        let at = WRITE.find_iter(text).last().map_or(w.start(), |m| m.start());
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        sink.add_match(RuleId::ClipboardHijack, at..end);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{check_file, RuleId, Severity};

    fn found(path: &str, text: &str) -> bool {
        check_file(path, text)
            .findings
            .iter()
            .any(|f| f.rule == RuleId::ClipboardHijack && f.severity() == Severity::High)
    }

    #[test]
    fn a_program_that_swaps_copied_wallet_addresses_is_found() {
        let js = "import clipboard from 'clipboardy';\nconst RE = /^0x[a-fA-F0-9]{40}$/;\nconst MINE = '0x' + 'ab'.repeat(20);\n\
                  setInterval(async () => {\n  const v = await clipboard.read();\n  if (RE.test(v)) await clipboard.write(MINE);\n}, 500);\n";
        assert!(found("src/watch.js", js));
        let py = "import pyperclip, re, time\nBTC = re.compile(r'^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,39}$')\nwhile True:\n    \
                  v = pyperclip.paste()\n    if BTC.match(v):\n        pyperclip.copy('bc1qexample')\n    time.sleep(1)\n";
        assert!(found("watch.py", py));
    }

    #[test]
    fn copying_for_the_user_or_validating_a_paste_is_not() {
        let copy_only = "const RE = /^0x[a-fA-F0-9]{40}$/;\nexport const copy = (a) => RE.test(a) && navigator.clipboard.writeText(a);\n";
        let read_only = "const RE = /^0x[a-fA-F0-9]{40}$/;\nconst v = await navigator.clipboard.readText();\nif (!RE.test(v)) alert('not an address');\n";
        let no_wallet = "const v = await clipboard.read();\nawait clipboard.write(v.trim());\n";
        for t in [copy_only, read_only, no_wallet] {
            assert!(!found("src/x.js", t), "{t}");
        }
    }
}
