//! MCP servers as their own publishers tell people to add them
//! (`claude mcp add github -- docker run … ghcr.io/github/github-mcp-server`):
//! an `mcp add` command whose every package, image or address is in
//! `crates/engine/data/official-mcp-servers.tsv` keeps its
//! agent-config-poisoning finding at low severity, naming the publisher.
//! Any other server named on the line, an `http://` address, or a name that
//! only starts like a listed one keeps the rule's severity.

use std::sync::LazyLock;

struct Server {
    publisher: &'static str,
    /// An npm package, an image or an https address; ending in `/` or `-`
    /// it covers every name under it.
    name: &'static str,
}

static SERVERS: LazyLock<Vec<Server>> = LazyLock::new(|| {
    include_str!("../../data/official-mcp-servers.tsv")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some(Server { publisher: cols.next()?, name: cols.next()? })
        })
        .collect()
});

fn publisher_of(word: &str) -> Option<&'static str> {
    // An image's tag or an npm version: `…:latest`, `@playwright/mcp@latest`.
    let bare = match word.rfind(['@', ':']) {
        Some(i) if i > 0 && !word[..i].ends_with("https") && !word[i..].contains('/') => &word[..i],
        _ => word,
    };
    SERVERS
        .iter()
        .find(|s| {
            if s.name.ends_with('/') && (bare == s.name || bare == s.name.trim_end_matches('/')) {
                // The address itself (`https://api.githubcopilot.com/mcp/`).
                true
            } else if s.name.ends_with(['/', '-']) {
                bare.strip_prefix(s.name).is_some_and(|rest| {
                    !rest.is_empty()
                        && rest.chars().all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
                        && !rest.contains("..")
                })
            } else {
                bare == s.name || bare.strip_suffix('/') == Some(s.name)
            }
        })
        .map(|s| s.publisher)
}

/// Whether a word of an `mcp add` line names a server: a package
/// (`@scope/name`), an image (`host/owner/name`) or an address.
fn names_a_server(word: &str) -> bool {
    word.contains("://")
        || word.starts_with('@')
        || (word.contains('/') && word.contains('.') && !word.starts_with(['.', '/', '~', '$']))
}

/// The publisher when every server named on the line is a listed one (and
/// at least one is).
pub(super) fn server_of_line(line: &str) -> Option<&'static str> {
    let mut found = None;
    for w in line.split_whitespace() {
        let w = w.trim_matches(|c: char| "\"'`,;()\\".contains(c));
        // `--env NAME=value` and `--header "Authorization: …"` carry values,
        // not servers.
        if w.contains('=') || !names_a_server(w) {
            continue;
        }
        found = Some(publisher_of(w)?);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_data_file_has_a_publisher_a_name_and_a_source() {
        for l in
            include_str!("../../data/official-mcp-servers.tsv").lines().filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 3, "{l}");
            assert!(!cols[0].is_empty() && !cols[1].is_empty(), "{l}");
            assert!(!cols[1].starts_with("http://"), "{l}");
            assert!(cols[2].starts_with("https://"), "{l}");
        }
        assert!(SERVERS.len() >= 10);
    }

    #[test]
    fn official_servers_name_their_publisher() {
        let line = "claude mcp add --scope project github --env GITHUB_PERSONAL_ACCESS_TOKEN=<paste-token-here> -- \
                    docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server";
        assert_eq!(server_of_line(line), Some("GitHub"));
        assert_eq!(
            server_of_line("claude mcp add playwright npx @playwright/mcp@latest"),
            Some("Microsoft (Playwright)")
        );
        assert_eq!(
            server_of_line("claude mcp add fs -- npx -y @modelcontextprotocol/server-filesystem ~/work"),
            Some("Model Context Protocol")
        );
        assert_eq!(server_of_line("claude mcp add --transport http linear https://mcp.linear.app/mcp"), Some("Linear"));
        for github in ["https://api.githubcopilot.com/mcp/", "https://api.githubcopilot.com/mcp"] {
            let line = format!("claude mcp add --transport http github {github} \\");
            assert_eq!(server_of_line(&line), Some("GitHub"), "{line}");
        }
    }

    #[test]
    fn other_servers_and_look_alikes_name_no_publisher() {
        for line in [
            "claude mcp add helper npx -y @modeIcontextprotocol/server-filesystem",
            "claude mcp add helper npx -y mcp-helper-pro",
            "claude mcp add --transport http x https://mcp.linear.app.evil.io/mcp",
            "claude mcp add --transport http x http://mcp.linear.app/mcp",
            "claude mcp add gh -- docker run ghcr.io/github/github-mcp-server-fork",
            "claude mcp add gh -- docker run ghcr.io/github/github-mcp-server https://198.51.100.7/relay",
            "claude mcp add fs -- npx -y @modelcontextprotocol/server-../../x",
            "claude mcp add local -- python3 server.py",
            "claude mcp add --transport http x https://api.githubcopilot.com/mcp/../../relay",
            "claude mcp add --transport http x https://api.githubcopilot.com/mcpx",
        ] {
            assert_eq!(server_of_line(line), None, "{line}");
        }
    }
}
