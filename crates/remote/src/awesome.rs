//! Links to skills on GitHub, read out of the Markdown README of an "awesome
//! list" (a curated page of links, the usual way skills are announced).
//!
//! The README is hostile input: anyone can publish one. So the reading is one
//! linear pass over the bytes that recognises URLs by their start
//! (`https://github.com/`, `http://…`, `www.github.com/`,
//! `https://raw.githubusercontent.com/`) rather than a Markdown parser: the
//! same pass finds inline links `[t](url)`, autolinks `<url>`, bare URLs,
//! reference definitions `[x]: url` and HTML `href="url"`, and an unclosed
//! bracket or an endless line costs nothing more than its length. URLs in
//! code blocks count too: an awesome list's `git clone https://github.com/…`
//! names a skill's repository as surely as a link does.
//!
//! Only what can be a repository's content is kept: the repository, a folder
//! (`tree`), a file (`blob`, `raw`). GitHub's own pages (`/features`,
//! `/topics/…`, `/sponsors/…`) and a repository's other pages (issues,
//! releases, commits…) say nothing about where a SKILL.md is, and are dropped.
//! Owner, repository, ref and path are validated so that what comes out can
//! go into an API path or a local folder name without surprise.
//!
//! Never here: I/O, or following any link.

use std::collections::HashSet;

use serde::Serialize;

/// What a link points at inside its repository.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum LinkTarget {
    /// The repository's front page (its default branch).
    Repo,
    /// A folder at a ref; `path` is empty for the root, without leading or
    /// trailing `/`, percent-decoded.
    Tree { git_ref: String, path: String },
    /// A file at a ref (`blob`, `raw` and raw.githubusercontent.com links).
    Blob { git_ref: String, path: String },
}

/// One link to a repository on GitHub, or to something inside it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct GithubLink {
    pub owner: String,
    pub repo: String,
    pub target: LinkTarget,
}

/// The name of the file that makes a folder a skill (as in the engine's scan).
const SKILL_FILE: &str = "SKILL.md";

impl GithubLink {
    /// `owner/repo`, as GitHub's API and `git clone` spell a repository.
    pub fn full_name(&self) -> String {
        format!("{}/{}", self.owner, self.repo)
    }

    /// Where the linked skill's SKILL.md would be in the repository, so the
    /// caller can fetch that one file instead of listing the tree.
    ///
    /// - a link to a SKILL.md: its path;
    /// - a folder: the SKILL.md in it (`SKILL.md` for the root);
    /// - the repository: `SKILL.md` at the root, which a single-skill
    ///   repository has; a collection keeps its skills deeper, and only a
    ///   listing of its tree finds them;
    /// - a `blob` link whose last segment has no `.`: treated as a folder,
    ///   because lists do link folders with `blob/` (GitHub redirects it to
    ///   `tree/`); a file without extension (`LICENSE`) gets a wrong guess
    ///   that the fetch disproves;
    /// - any other file: `None`, since a README or a `.md` guide next to a
    ///   skill is not evidence that its folder is one.
    pub fn skill_md_path(&self) -> Option<String> {
        match &self.target {
            LinkTarget::Repo => Some(SKILL_FILE.to_owned()),
            LinkTarget::Tree { path, .. } => Some(join_skill_file(path)),
            LinkTarget::Blob { path, .. } => {
                let last = path.rsplit('/').next().unwrap_or(path);
                if last == SKILL_FILE {
                    Some(path.clone())
                } else if !last.is_empty() && !last.contains('.') {
                    Some(join_skill_file(path))
                } else {
                    None
                }
            }
        }
    }
}

fn join_skill_file(folder: &str) -> String {
    if folder.is_empty() {
        SKILL_FILE.to_owned()
    } else {
        format!("{folder}/{SKILL_FILE}")
    }
}

/// Every link to GitHub content in `readme`, once each, in the order of
/// first appearance.
///
/// Two links are the same when they differ only in the case of the owner or
/// repository name (GitHub ignores it there, not in refs and paths); the
/// first spelling is kept.
pub fn github_links(readme: &str) -> Vec<GithubLink> {
    let bytes = readme.as_bytes();
    let mut links = Vec::new();
    let mut seen = HashSet::new();
    let mut i = 0;
    while i < bytes.len() {
        let Some(host_end) = url_start(bytes, i) else {
            i += 1;
            continue;
        };
        let end = url_end(readme, host_end);
        // `i` starts an ASCII prefix and `end` stops before a delimiter or at
        // a char boundary, so the slice cannot fail; `get` keeps it so.
        if let Some(link) = readme.get(i..end).and_then(parse_github_url) {
            let key = (link.owner.to_ascii_lowercase(), link.repo.to_ascii_lowercase(), link.target.clone());
            if seen.insert(key) {
                links.push(link);
            }
        }
        // Resuming after the URL keeps the pass linear: a URL holding
        // `github.com/` many times is read once.
        i = end.max(i + 1);
    }
    links
}

/// One URL, as found in a README (trailing punctuation and all), as a link
/// to GitHub content; `None` for anything else, including GitHub pages that
/// are not a repository's content.
pub fn parse_github_url(url: &str) -> Option<GithubLink> {
    let url = trim_trailing(url.trim());
    if url.len() > MAX_URL_BYTES {
        return None;
    }
    let bytes = url.as_bytes();
    let host_end = url_start(bytes, 0)?;
    let host = url.get(..host_end)?.to_ascii_lowercase();
    let rest = url.get(host_end..)?;
    // Neither the fragment nor the query names content (`?plain=1`, `#readme`).
    let rest = rest.split(['#', '?']).next().unwrap_or("");
    let rest = rest.trim_end_matches('/');
    let segments: Vec<&str> = rest.split('/').collect();
    if segments.iter().any(|s| s.is_empty()) {
        return None;
    }
    if host.ends_with("raw.githubusercontent.com/") {
        parse_raw_host(&segments)
    } else {
        parse_github_host(&segments)
    }
}

/// Longer URLs are not links anyone follows; cutting them keeps hostile input
/// from building huge strings.
const MAX_URL_BYTES: usize = 4096;

/// First path segments of github.com that are GitHub's own pages, not
/// owners (GitHub reserves them as user names, so no repository hides here).
const NON_OWNERS: &[&str] = &[
    "about",
    "account",
    "apps",
    "codespaces",
    "collections",
    "contact",
    "customer-stories",
    "dashboard",
    "enterprise",
    "events",
    "explore",
    "features",
    "issues",
    "join",
    "login",
    "logout",
    "marketplace",
    "new",
    "notifications",
    "organizations",
    "orgs",
    "pricing",
    "pulls",
    "readme",
    "search",
    "security",
    "sessions",
    "settings",
    "signup",
    "site",
    "solutions",
    "sponsors",
    "stars",
    "team",
    "topics",
    "trending",
    "user-attachments",
    "users",
];

/// `github.com/{owner}/{repo}[/tree|blob|raw/{ref}/{path}]`.
fn parse_github_host(segments: &[&str]) -> Option<GithubLink> {
    let owner = *segments.first()?;
    if NON_OWNERS.iter().any(|n| n.eq_ignore_ascii_case(owner)) {
        return None;
    }
    let repo = segments.get(1)?;
    // `git clone` URLs name the same repository with `.git`.
    let repo = repo.strip_suffix(".git").unwrap_or(repo);
    let (owner, repo) = (valid_owner(owner)?, valid_repo(repo)?);
    let Some(&kind) = segments.get(2) else {
        return Some(GithubLink { owner, repo, target: LinkTarget::Repo });
    };
    let target = match (kind, segments.len()) {
        // `…/tree` alone shows the default branch, like the front page.
        ("tree", 3) => LinkTarget::Repo,
        ("tree", _) => {
            let (git_ref, path) = ref_and_path(&segments[3..])?;
            // `tree/…/SKILL.md` is the file (GitHub redirects it to `blob`).
            if path.rsplit('/').next() == Some(SKILL_FILE) {
                LinkTarget::Blob { git_ref, path }
            } else {
                LinkTarget::Tree { git_ref, path }
            }
        }
        ("blob" | "raw", 3) => return None,
        ("blob" | "raw", _) => {
            let (git_ref, path) = ref_and_path(&segments[3..])?;
            if path.is_empty() {
                // `blob/{ref}` alone is the root folder at that ref.
                LinkTarget::Tree { git_ref, path }
            } else {
                LinkTarget::Blob { git_ref, path }
            }
        }
        // Issues, pulls, releases, wiki, actions, discussions, stargazers,
        // network, graphs, compare, commit(s), blame, archive…: none of them
        // is content at a ref.
        _ => return None,
    };
    Some(GithubLink { owner, repo, target })
}

/// `raw.githubusercontent.com/{owner}/{repo}/{ref}/{path}`: always a file.
fn parse_raw_host(segments: &[&str]) -> Option<GithubLink> {
    let owner = valid_owner(segments.first()?)?;
    let repo = valid_repo(segments.get(1)?)?;
    let (git_ref, path) = ref_and_path(segments.get(2..)?)?;
    if path.is_empty() {
        return None;
    }
    Some(GithubLink { owner, repo, target: LinkTarget::Blob { git_ref, path } })
}

/// The ref and the path after it. The ref is taken as one segment, since
/// a URL does not say where a ref with `/` in it ends; the spelled-out
/// `refs/heads/{branch}` and `refs/tags/{tag}` forms are read as the branch
/// or tag.
fn ref_and_path(segments: &[&str]) -> Option<(String, String)> {
    let (raw_ref, path) = match segments {
        ["refs", "heads" | "tags", name, path @ ..] => (*name, path),
        [name, path @ ..] => (*name, path),
        [] => return None,
    };
    let git_ref = valid_ref(&percent_decode(raw_ref)?)?;
    let path = valid_path(&percent_decode(&path.join("/"))?)?;
    Some((git_ref, path))
}

/// If a URL to GitHub content starts at `i`, the index just after its host
/// and the `/` that follows it.
///
/// A scheme is required except for `www.github.com/`, as GitHub's Markdown
/// does (a bare `github.com/x` in prose is not a link). Nothing is required
/// before the scheme, so a typo such as `hhttps://github.com/…` still counts:
/// the author meant that repository.
fn url_start(bytes: &[u8], i: usize) -> Option<usize> {
    let rest = bytes.get(i..)?;
    let after_scheme = if starts_with_ignore_case(rest, b"https://") {
        8
    } else if starts_with_ignore_case(rest, b"http://") {
        7
    } else if starts_with_ignore_case(rest, b"www.github.com/") {
        // Not the `www.` inside `https://www.…` (read already from the
        // scheme) nor a longer host such as `mywww.github.com`.
        let before = i.checked_sub(1).map(|j| bytes[j]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'/')) {
            return None;
        }
        return Some(i + "www.github.com/".len());
    } else {
        return None;
    };
    let host = &rest[after_scheme..];
    for candidate in [&b"github.com/"[..], b"www.github.com/", b"raw.githubusercontent.com/"] {
        if starts_with_ignore_case(host, candidate) {
            return Some(i + after_scheme + candidate.len());
        }
    }
    None
}

fn starts_with_ignore_case(haystack: &[u8], prefix: &[u8]) -> bool {
    haystack.len() >= prefix.len() && haystack[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Where the URL that continues at `from` ends: at whitespace, at a quote,
/// an angle bracket, a square bracket, a backtick, a table's `|`, at a `)`
/// that closes more than the URL opened (the end of `[t](url)`), or at
/// punctuation that ends a sentence in CJK text, which is written without a
/// space after a URL.
fn url_end(text: &str, from: usize) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii() {
            match b {
                b'(' => depth += 1,
                b')' if depth == 0 => return i,
                b')' => depth -= 1,
                b'<' | b'>' | b'"' | b'\'' | b'`' | b'[' | b']' | b'{' | b'}' | b'|' | b'\\' | b'^' => return i,
                _ if b <= b' ' || b == 0x7f => return i,
                _ => {}
            }
            i += 1;
        } else {
            // `i` is a char boundary: only whole chars are stepped over.
            let Some(c) = text.get(i..).and_then(|s| s.chars().next()) else {
                return i;
            };
            if c.is_whitespace() || c.is_control() || ENDS_URL.contains(&c) {
                return i;
            }
            i += c.len_utf8();
        }
    }
    bytes.len()
}

/// Non-ASCII characters that end a URL: full-width punctuation, quotes, and
/// the invisible characters that are no part of any link.
const ENDS_URL: &[char] = &[
    '，', '。', '、', '；', '：', '！', '？', '（', '）', '【', '】', '「', '」', '『', '』', '《', '》', '“', '”',
    '‘', '’', '…', '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}', '\u{feff}',
];

/// Drops what ends a sentence after a bare URL (`see https://…/repo.`):
/// none of it can end an owner, a repository name or a link anyone means.
/// `_` stays: repository names may end with it.
fn trim_trailing(url: &str) -> &str {
    url.trim_end_matches(['.', ',', ';', ':', '!', '?', '*', '~'])
}

/// `owner/name` with a valid owner and repository name (nothing after them).
pub fn valid_full_name(full_name: &str) -> bool {
    full_name.split_once('/').is_some_and(|(owner, repo)| valid_owner(owner).is_some() && valid_repo(repo).is_some())
}

/// GitHub user and organisation names: at most 39 characters. The charset is
/// the one repository names use, a little wider than GitHub's for owners.
pub(crate) fn valid_owner(owner: &str) -> Option<String> {
    valid_name(owner, 39)
}

/// GitHub repository names: at most 100 characters of `[A-Za-z0-9._-]`.
pub(crate) fn valid_repo(repo: &str) -> Option<String> {
    valid_name(repo, 100)
}

fn valid_name(name: &str, max: usize) -> Option<String> {
    let ok = !name.is_empty()
        && name.len() <= max
        && name != "."
        && name != ".."
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    ok.then(|| name.to_owned())
}

/// A branch, tag or commit: what `git check-ref-format` would refuse, and
/// anything that could not go into an API path unescaped, is refused here.
pub(crate) fn valid_ref(git_ref: &str) -> Option<String> {
    let ok = !git_ref.is_empty()
        && git_ref.len() <= 255
        && !git_ref.starts_with(['-', '/'])
        && !git_ref.ends_with(['/', '.'])
        && !git_ref.contains("..")
        && !git_ref.contains("@{")
        && !git_ref.contains("//")
        && !git_ref.ends_with(".lock")
        && git_ref.split('/').all(|s| !s.starts_with('.'))
        && !git_ref.chars().any(|c| {
            c.is_control() || c.is_whitespace() || matches!(c, '~' | '^' | ':' | '?' | '*' | '[' | '\\' | '#' | '%')
        });
    ok.then(|| git_ref.to_owned())
}

/// A path inside a repository, relative, `/`-separated, with no empty, `.`
/// or `..` segment, no backslash and no control character; the empty path is
/// the root. A leading `./` (as indexes write it) and a trailing `/` are
/// dropped first.
pub(crate) fn valid_path(path: &str) -> Option<String> {
    let mut path = path;
    while let Some(rest) = path.strip_prefix("./") {
        path = rest;
    }
    let path = path.trim_end_matches('/');
    if path.is_empty() || path == "." {
        return Some(String::new());
    }
    let ok = path.len() <= MAX_URL_BYTES
        && !path.chars().any(|c| c.is_control() || c == '\\')
        && path.split('/').all(|s| !s.is_empty() && s != "." && s != "..");
    ok.then(|| path.to_owned())
}

/// `%XX` escapes decoded; a `%` not followed by two hex digits is kept as
/// is, as browsers do. `None` when the bytes decoded are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    if !s.contains('%') {
        return Some(s.to_owned());
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
            if let Some(v) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::PathBuf;

    fn repo(owner: &str, name: &str) -> GithubLink {
        GithubLink { owner: owner.into(), repo: name.into(), target: LinkTarget::Repo }
    }

    fn tree(owner: &str, name: &str, git_ref: &str, path: &str) -> GithubLink {
        GithubLink {
            owner: owner.into(),
            repo: name.into(),
            target: LinkTarget::Tree { git_ref: git_ref.into(), path: path.into() },
        }
    }

    fn blob(owner: &str, name: &str, git_ref: &str, path: &str) -> GithubLink {
        GithubLink {
            owner: owner.into(),
            repo: name.into(),
            target: LinkTarget::Blob { git_ref: git_ref.into(), path: path.into() },
        }
    }

    #[test]
    fn every_markdown_and_html_link_form_is_found() {
        let md = "\
- [inline](https://github.com/a/inline) and <https://github.com/a/auto>\n\
- bare https://github.com/a/bare, then www.github.com/a/www.\n\
[ref]: https://github.com/a/refdef \"title\"\n\
<a href=\"https://github.com/a/html\">x</a> <a href='http://GitHub.com/a/single'>y</a>\n\
| [cell](https://github.com/a/cell) | https://github.com/a/cell2|\n";
        let names: Vec<String> = github_links(md).iter().map(GithubLink::full_name).collect();
        assert_eq!(
            names,
            ["a/inline", "a/auto", "a/bare", "a/www", "a/refdef", "a/html", "a/single", "a/cell", "a/cell2"]
        );
    }

    #[test]
    fn targets_are_read_and_cleaned() {
        let cases = [
            ("https://github.com/o/r", Some(repo("o", "r"))),
            ("https://github.com/o/r/", Some(repo("o", "r"))),
            ("https://github.com/o/r.git", Some(repo("o", "r"))),
            ("https://github.com/o/r#readme", Some(repo("o", "r"))),
            ("https://github.com/o/r?tab=readme-ov-file", Some(repo("o", "r"))),
            ("https://github.com/o/r/tree", Some(repo("o", "r"))),
            ("https://github.com/o/r/tree/main", Some(tree("o", "r", "main", ""))),
            ("https://github.com/o/r/tree/main/skills/pdf/", Some(tree("o", "r", "main", "skills/pdf"))),
            ("https://github.com/o/r/tree/main/a/SKILL.md", Some(blob("o", "r", "main", "a/SKILL.md"))),
            ("https://github.com/o/r/blob/v1/a/SKILL.md#L3", Some(blob("o", "r", "v1", "a/SKILL.md"))),
            ("https://github.com/o/r/blob/main", Some(tree("o", "r", "main", ""))),
            ("https://github.com/o/r/raw/main/a/SKILL.md", Some(blob("o", "r", "main", "a/SKILL.md"))),
            ("https://github.com/o/r/tree/main/my%20skill", Some(tree("o", "r", "main", "my skill"))),
            ("https://github.com/o/r/tree/main/%E6%8A%80%E8%83%BD", Some(tree("o", "r", "main", "技能"))),
            ("https://github.com/o/r/tree/refs/heads/dev/x", Some(tree("o", "r", "dev", "x"))),
            ("https://raw.githubusercontent.com/o/r/main/x/SKILL.md", Some(blob("o", "r", "main", "x/SKILL.md"))),
            (
                "https://raw.githubusercontent.com/o/r/refs/heads/main/SKILL.md",
                Some(blob("o", "r", "main", "SKILL.md")),
            ),
            ("https://raw.githubusercontent.com/o/r/main", None),
            ("https://github.com/o/r/blob", None),
            ("https://github.com/o", None),
            ("https://github.com/", None),
            ("https://github.com/o/r/issues", None),
            ("https://github.com/o/r/issues/12", None),
            ("https://github.com/o/r/pulls", None),
            ("https://github.com/o/r/releases/tag/v1", None),
            ("https://github.com/o/r/wiki", None),
            ("https://github.com/o/r/actions", None),
            ("https://github.com/o/r/discussions", None),
            ("https://github.com/o/r/stargazers", None),
            ("https://github.com/o/r/network/members", None),
            ("https://github.com/o/r/graphs/contributors", None),
            ("https://github.com/o/r/compare/a...b", None),
            ("https://github.com/o/r/commit/abc", None),
            ("https://github.com/o/r/commits/main", None),
            ("https://github.com/o/r/blame/main/x", None),
            ("https://github.com/topics/claude-skills", None),
            ("https://github.com/features/copilot", None),
            ("https://github.com/sponsors/someone", None),
            ("https://github.com/orgs/o/discussions", None),
            ("https://github.com/marketplace/actions/x", None),
            ("https://github.com/user-attachments/assets/e91255af", None),
            ("https://docs.github.com/en/copilot", None),
            ("https://gist.github.com/o/abc", None),
            ("https://example.com/o/r", None),
            ("https://github.com/o/../r", None),
            ("https://github.com/o/r/tree/main/a/../b", None),
            ("https://github.com/o/r/tree/main/a/%2E%2E/b", None),
            ("https://github.com/o/r/tree/main/a//b", None),
            ("https://github.com/o/r/tree/main/a%5Cb", None),
            ("https://github.com/o/r/tree/main/a%00b", None),
            ("https://github.com/o/r/tree/main/bad%FF", None),
            ("https://github.com/o/r/tree/../x", None),
            ("https://github.com/o/r/tree/main/../x", None),
            // Trailing dots end a sentence, not a path.
            ("https://github.com/o/r/tree/main/x..", Some(tree("o", "r", "main", "x"))),
            ("https://github.com/./r", None),
            ("https://github.com/o/..", None),
            ("https://github.com/o%20x/r", None),
            ("https://github.com/o/r!x", None),
        ];
        for (url, want) in cases {
            assert_eq!(parse_github_url(url), want, "{url}");
        }
        let long_owner = format!("https://github.com/{}/r", "a".repeat(40));
        assert_eq!(parse_github_url(&long_owner), None);
        let ok_owner = format!("https://github.com/{}/r", "a".repeat(39));
        assert!(parse_github_url(&ok_owner).is_some());
        let long_repo = format!("https://github.com/o/{}", "r".repeat(101));
        assert_eq!(parse_github_url(&long_repo), None);
        let ok_repo = format!("https://github.com/o/{}", "r".repeat(100));
        assert!(parse_github_url(&ok_repo).is_some());
    }

    #[test]
    fn punctuation_around_links_is_not_part_of_them() {
        let md = "See https://github.com/a/one. Or (https://github.com/a/two), **https://github.com/a/three**;\n\
                  [x](https://github.com/a/four/tree/main/dir_(v2)) and https://github.com/a/five_\n\
                  中文 https://github.com/a/six，以及（https://github.com/a/seven）\n\
                  `git clone https://github.com/a/eight.git`\n";
        let links = github_links(md);
        let names: Vec<String> = links.iter().map(GithubLink::full_name).collect();
        assert_eq!(names, ["a/one", "a/two", "a/three", "a/four", "a/five_", "a/six", "a/seven", "a/eight"]);
        assert_eq!(links[3], tree("a", "four", "main", "dir_(v2)"));
    }

    #[test]
    fn duplicates_are_dropped_whatever_the_case_of_the_name() {
        let md = "https://github.com/Obra/Superpowers https://github.com/obra/superpowers/ \
                  https://github.com/obra/superpowers.git https://github.com/obra/superpowers/tree/main \
                  https://github.com/obra/superpowers/tree/Main";
        let links = github_links(md);
        assert_eq!(
            links,
            [
                repo("Obra", "Superpowers"),
                tree("obra", "superpowers", "main", ""),
                tree("obra", "superpowers", "Main", "")
            ]
        );
    }

    #[test]
    fn skill_md_path_follows_the_target() {
        assert_eq!(repo("o", "r").skill_md_path().as_deref(), Some("SKILL.md"));
        assert_eq!(tree("o", "r", "main", "").skill_md_path().as_deref(), Some("SKILL.md"));
        assert_eq!(tree("o", "r", "main", "skills/pdf").skill_md_path().as_deref(), Some("skills/pdf/SKILL.md"));
        assert_eq!(blob("o", "r", "main", "a/SKILL.md").skill_md_path().as_deref(), Some("a/SKILL.md"));
        assert_eq!(blob("o", "r", "main", "SKILL.md").skill_md_path().as_deref(), Some("SKILL.md"));
        assert_eq!(blob("o", "r", "main", "skills/design").skill_md_path().as_deref(), Some("skills/design/SKILL.md"));
        assert_eq!(blob("o", "r", "main", "skills/a/README.md").skill_md_path(), None);
        assert_eq!(blob("o", "r", "main", "examples/x.md").skill_md_path(), None);
        assert_eq!(repo("o", "r").full_name(), "o/r");
    }

    /// A small deterministic generator, so the test needs no dependency and
    /// fails the same way twice.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn hostile_input_never_panics() {
        let pieces: &[&[u8]] = &[
            b"https://github.com/",
            b"http://",
            b"www.github.com/",
            b"raw.githubusercontent.com/",
            b"/tree/",
            b"/blob/",
            b"refs/heads/",
            b"%",
            b"%E6",
            b"%zz",
            b"(",
            b")",
            b"[",
            b"](",
            b"<",
            b">",
            b"\"",
            b"href=\"",
            b"/",
            b".",
            b"..",
            b"a",
            b"\n",
            b" ",
            "，".as_bytes(),
            "技".as_bytes(),
            b"\xff",
            b"\xe6\x8a",
            b"\0",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            let mut raw = Vec::new();
            for _ in 0..(xorshift(&mut state) % 60) {
                let r = xorshift(&mut state);
                if r.is_multiple_of(4) {
                    raw.push((r >> 8) as u8);
                } else {
                    raw.extend_from_slice(pieces[(r >> 8) as usize % pieces.len()]);
                }
            }
            let text = String::from_utf8_lossy(&raw);
            for link in github_links(&text) {
                assert!(valid_owner(&link.owner).is_some() && valid_repo(&link.repo).is_some(), "{link:?}");
                if let LinkTarget::Tree { git_ref, path } | LinkTarget::Blob { git_ref, path } = &link.target {
                    assert!(valid_ref(git_ref).is_some() && valid_path(path).as_deref() == Some(path.as_str()));
                }
            }
        }
        for odd in
            ["", "h", "https://", "https://github.com", "https://github.com/", "[", "](", "<https://github.com/a/b"]
        {
            let _ = github_links(odd);
        }
        assert_eq!(github_links("[unclosed](https://github.com/a/b"), [repo("a", "b")]);
        assert_eq!(github_links("<https://github.com/a/b"), [repo("a", "b")]);
    }

    #[test]
    fn long_lines_are_read_in_linear_time() {
        let started = std::time::Instant::now();
        // One URL made of `github.com/` a hundred thousand times, a line of
        // open brackets, and two hundred thousand links: each read once.
        let nested = format!("https://{}", "github.com/".repeat(100_000));
        assert!(github_links(&nested).is_empty());
        let brackets = "[".repeat(1_000_000) + &"(".repeat(1_000_000);
        assert!(github_links(&brackets).is_empty());
        let parens = format!("https://github.com/a/b/tree/main/{}", "(".repeat(1_000_000));
        assert!(github_links(&parens).is_empty());
        let many = "https://github.com/a/b ".repeat(200_000);
        assert_eq!(github_links(&many), [repo("a", "b")]);
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "{:?}", started.elapsed());
    }

    fn corpus() -> Option<PathBuf> {
        let dir = std::env::var_os("SKILLS_GUIDE_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"))
            .join("awesome");
        if dir.is_dir() {
            Some(dir)
        } else {
            eprintln!("skipping: no awesome lists at {} (set SKILLS_GUIDE_CORPUS)", dir.display());
            None
        }
    }

    fn read(dir: &std::path::Path, name: &str) -> String {
        std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// A second, deliberately simpler reading of a README: split the text
    /// into words at whitespace and at the characters Markdown and HTML put
    /// around URLs, keep each word that holds `github.com/` right after
    /// `https://`, `http://` or `www.`, and classify it by its segments.
    /// Returns the distinct links as lowercase `owner/repo[/kind/ref/path]`.
    fn oracle(text: &str) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        for word in text.split(|c: char| c.is_whitespace() || "()[]<>\"'`|，。（）".contains(c)) {
            let Some(at) = word.find("github.com/") else { continue };
            let before = &word[..at];
            if !(before.ends_with("://") || before.ends_with("://www.") || before == "www.") {
                continue;
            }
            let rest = &word[at + "github.com/".len()..];
            let rest = rest.split(['#', '?']).next().unwrap();
            let rest = rest.trim_end_matches(['.', ',', ';', ':', '!', '*']).trim_end_matches('/');
            let segs: Vec<&str> = rest.split('/').collect();
            if segs.len() < 2 || NON_OWNERS.contains(&segs[0].to_lowercase().as_str()) {
                continue;
            }
            let name = format!("{}/{}", segs[0], segs[1].trim_end_matches(".git")).to_lowercase();
            match segs.get(2) {
                None => found.insert(name),
                Some(&"tree") | Some(&"blob") if segs.len() > 3 => {
                    found.insert(format!("{name}/{}", segs[2..].join("/")))
                }
                _ => false,
            };
        }
        found
    }

    /// The parser's links in the oracle's spelling.
    fn spelled(links: &[GithubLink]) -> BTreeSet<String> {
        links
            .iter()
            .map(|l| {
                let name = l.full_name().to_lowercase();
                match &l.target {
                    LinkTarget::Repo => name,
                    LinkTarget::Tree { git_ref, path } if path.is_empty() => format!("{name}/tree/{git_ref}"),
                    LinkTarget::Tree { git_ref, path } => format!("{name}/tree/{git_ref}/{path}"),
                    LinkTarget::Blob { git_ref, path } => format!("{name}/blob/{git_ref}/{path}"),
                }
            })
            .collect()
    }

    #[test]
    fn real_awesome_lists_agree_with_a_second_reading() {
        let Some(dir) = corpus() else { return };
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".md"))
            .collect();
        names.sort();
        assert_eq!(names.len(), 4, "{names:?}");
        for name in &names {
            let text = read(&dir, name);
            let links = github_links(&text);
            let ours = spelled(&links);
            let theirs = oracle(&text);
            // The rule: the same set of distinct links, except that the
            // parser reads `tree/…/SKILL.md` as the file (`blob`), which the
            // oracle leaves as spelled. (The oracle decodes no `%` escape and
            // skips raw.githubusercontent.com; these files have neither.)
            let theirs: BTreeSet<String> = theirs
                .into_iter()
                .map(|s| if s.ends_with("/skill.md") { s.replacen("/tree/", "/blob/", 1) } else { s })
                .collect();
            let only_ours: Vec<_> = ours.difference(&theirs).collect();
            let only_theirs: Vec<_> = theirs.difference(&ours).collect();
            assert!(only_ours.is_empty() && only_theirs.is_empty(), "{name}: {only_ours:?} / {only_theirs:?}");
            assert_eq!(links.len(), ours.len(), "{name}: two links spelled alike");
            eprintln!(
                "{name}: {} links, {} repositories",
                links.len(),
                links.iter().map(|l| l.full_name().to_lowercase()).collect::<BTreeSet<_>>().len()
            );
        }
    }

    #[test]
    fn real_awesome_lists_hold_known_links() {
        let Some(dir) = corpus() else { return };
        let travisvn = github_links(&read(&dir, "travisvn__awesome-claude-skills__README.md"));
        assert_eq!(travisvn[0], repo("travisvn", "awesome-claude-skills"));
        assert!(travisvn.contains(&tree("anthropics", "skills", "main", "skills/docx")));
        assert!(travisvn.contains(&repo("obra", "superpowers")));
        let design = blob("anthropics", "skills", "main", "skills/frontend-design");
        assert!(travisvn.contains(&design));
        assert_eq!(design.skill_md_path().as_deref(), Some("skills/frontend-design/SKILL.md"));

        let composio = github_links(&read(&dir, "ComposioHQ__awesome-claude-skills__README.md"));
        assert!(composio.contains(&repo("omkamal", "pypict-claude-skill")));
        assert!(composio.contains(&tree("anthropics", "skills", "main", "skills/web-artifacts-builder")));
        // Author profiles (`github.com/smerchek`) are not repositories.
        assert!(!composio.iter().any(|l| l.owner == "smerchek" && l.repo != "claude-epub-skill"));
        assert!(!composio.iter().any(|l| l.owner == "user-attachments"));

        let voltagent = github_links(&read(&dir, "VoltAgent__awesome-agent-skills__README.md"));
        assert!(voltagent.contains(&repo("VoltAgent", "awesome-codex-subagents")), "reference definition");
        assert!(voltagent.contains(&blob("omkamal", "pypict-claude-skill", "main", "SKILL.md")));
        assert!(!voltagent.iter().any(|l| l.owner == "en"), "docs.github.com is not a repository");

        let libukai = github_links(&read(&dir, "libukai__awesome-agent-skills__README.md"));
        assert!(libukai.contains(&repo("vercel-labs", "skills")));
        assert!(libukai.contains(&repo("kepano", "obsidian-skills")), "HTML href");
        // Written `hhttps://` in the list, followed by a full-width colon; the
        // folder is still meant.
        let simplifier = tree("anthropics", "claude-plugins-official", "main", "plugins/code-simplifier");
        assert!(libukai.contains(&simplifier));
    }
}
