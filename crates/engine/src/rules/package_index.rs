//! Part of `agent-config-poisoning` (R-RULE-8 allows it): a package
//! manager's source set to another host — pip's `index-url` or
//! `extra-index-url` (in `pip.conf`, `pip config set`, a `--extra-index-url`
//! option), npm's, yarn's or pnpm's `registry` (`.npmrc`, `npm config set
//! registry`, `--registry`, `npmRegistryServer`). Every package installed
//! after it may come from that host, under the name of a package of the
//! public index: with `extra-index-url` pip takes whichever index offers
//! the higher version (the "dependency confusion" of the 2022 `torchtriton`
//! compromise), and a registry serves what it likes for every name.
//!
//! Also counted: a Python project's index in `pyproject.toml` or `uv.toml`
//! (a `url` of `[[tool.uv.index]]`, `[[index]]`, `[[tool.poetry.source]]`,
//! `[[tool.pdm.source]]`), and one dependency fetched from an address
//! rather than the index (`"pkg": "http://host/pkg.tgz"` in a
//! `package.json`'s dependencies, `pkg @ https://host/pkg.whl` as a Python
//! requirement): its code comes from whoever holds that host, at install
//! time, unchecked by the index (the PhantomRaven npm packages of 2025).
//! Code hosts (GitHub, GitLab, Bitbucket) are not counted there.
//!
//! Medium, not high: a company's own mirror is set the same way. Never here:
//! the public indexes themselves and the mirrors their operators publish
//! ([`OFFICIAL`]), this machine (a local devpi or Verdaccio), a scoped
//! registry of GitHub Packages, and a setting without an address.

use std::sync::LazyLock;

use regex::Regex;

use super::{Segment, Severity, Sink};
use crate::rules::RuleId;

/// Anchors of this check, added to `agent-config-poisoning`'s.
pub(super) const ANCHORS: &[&str] = &[
    "install\":",
    "distributionurl",
    "index-url",
    "registry=",
    "registry http",
    "registry \"http",
    "registry 'http",
    "registryserver",
    "\"registry\"",
    "tool.uv.index",
    "[[index]]",
    "tool.poetry.source",
    "tool.pdm.source",
    "\": \"http",
    "@ http",
    "@ git+http",
    "replace-with",
];

/// Package indexes and the mirrors their operators publish, by host (a
/// host or its subdomains).
const OFFICIAL: &[&str] = &[
    // PyPI and its file host (https://pypi.org/help/).
    "pypi.org",
    "pypi.python.org",
    "files.pythonhosted.org",
    // Vendors' own wheel indexes, in their install guides.
    "download.pytorch.org",
    "pypi.nvidia.com",
    "pypi.ngc.nvidia.com",
    // npm's and yarn's registries (docs.npmjs.com, yarnpkg.com).
    "registry.npmjs.org",
    "registry.yarnpkg.com",
    // GitHub Packages (docs.github.com: "Working with the npm registry").
    "npm.pkg.github.com",
    // Public mirrors run by their operators, in their own guides.
    "registry.npmmirror.com",
    "mirrors.aliyun.com",
    "pypi.tuna.tsinghua.edu.cn",
    "mirrors.cloud.tencent.com",
    "repo.huaweicloud.com",
];

/// pip's index options and settings (`--extra-index-url URL`, `index-url =
/// URL`, `PIP_EXTRA_INDEX_URL=URL`), npm's, yarn's, pnpm's and bun's
/// registry (an `.npmrc` line `registry=URL`, `npm config set registry URL`,
/// `npm install --registry URL`, yarn's `npmRegistryServer: URL`). A
/// `--registry` of any other program is not a package index.
static SETTING: LazyLock<Regex> = LazyLock::new(|| {
    let url = r#"["']?(?P<url>https?://(?P<host>[A-Za-z0-9.-]+)[^\s"'`)]*)"#;
    Regex::new(&format!(
        r#"(?im)(?P<key>(?:^|[^A-Za-z0-9_-])(?:--|global\.|pip_)?(?:extra[-_])?index[-_]url["']?[ \t]*[=: \t][ \t]*|^[ \t]*(?:@[a-z0-9_.-]+:)?registry[ \t]*=[ \t]*|(?-u:\b)(?:npm|yarn|pnpm|bun)(?-u:\b)[^\n|;&]*?(?:--registry[ \t=]|config[ \t]+set[ \t]+(?:@[a-z0-9_.-]+:)?registry[ \t=])[ \t]*|npmregistryserver["']?[ \t]*:[ \t]*){url}"#
    ))
    .unwrap()
});

/// Whether `host` is a public index, one of its operator's mirrors, or
/// this machine.
fn trusted(host: &str) -> bool {
    let h = host.trim_end_matches('.').to_ascii_lowercase();
    matches!(h.as_str(), "localhost" | "127.0.0.1" | "::1" | "0.0.0.0")
        || OFFICIAL.iter().any(|o| h == *o || h.ends_with(&format!(".{o}")))
}

/// A `package.json` dependency given as an address (`"pkg": "http://…"`),
/// or a Python requirement (`pkg @ https://…`).
static DIRECT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?m)^[ \t]*(?:"(?P<npm>[@A-Za-z0-9_./-]+)"[ \t]*:[ \t]*"|["']?(?P<py>[A-Za-z0-9_.-]+)(?:\[[^\]\n]*\])?[ \t]*@[ \t]*(?:git\+)?)(?P<url>https?://(?P<host>[A-Za-z0-9.-]+)[^\s"'`)]*)"#,
    )
    .unwrap()
});

/// A Python project's index table, whose `url` follows on a later line.
static INDEX_TABLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?m)^[ \t]*\[\[(?:tool\.uv\.index|index|tool\.poetry\.source|tool\.pdm\.source)\]\][ \t]*$"#).unwrap()
});

/// Where code hosts serve a project's own archives: not a package index,
/// and not a stranger's host either.
const CODE_HOSTS: &[&str] = &["github.com", "codeload.github.com", "gitlab.com", "bitbucket.org"];

fn code_host(host: &str) -> bool {
    let h = host.to_ascii_lowercase();
    CODE_HOSTS.iter().any(|c| h == *c || h.ends_with(&format!(".{c}")))
}

/// Whether line `at` of `text` sits in a `package.json` dependencies object
/// (the nearest opening key above it, within 200 lines, is one).
fn in_npm_dependencies(text: &str, at: usize) -> bool {
    for line in text[..at].lines().rev().take(200) {
        let t = line.trim();
        if t.starts_with('}') {
            return false;
        }
        if t.ends_with('{') {
            let key = t.trim_start_matches('"');
            return ["dependencies\"", "devDependencies\"", "optionalDependencies\"", "peerDependencies\""]
                .iter()
                .any(|k| key.starts_with(k));
        }
    }
    false
}

fn check_project_sources(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    let text = sink.text;
    let start = seg.abs(0..0).start;
    // An index table: its `url` on one of the next lines of the table.
    if INDEX_TABLE.is_match(seg.text()) {
        let after = seg.abs(0..seg.text().len()).end;
        for line in text[after..].lines().take(12) {
            let t = line.trim();
            if t.starts_with('[') {
                break;
            }
            let Some(rest) = t.strip_prefix("url") else { continue };
            let url = rest.trim_start().trim_start_matches('=').trim().trim_matches(['"', '\'']);
            let host = url.split("://").nth(1).and_then(|r| r.split(['/', ':']).next()).unwrap_or("");
            if !host.is_empty() && !trusted(host) {
                let note = format!("the project's packages installed from {host}: an index in its settings");
                at_medium(seg, sink, 0..seg.text().len(), note);
            }
            break;
        }
        return;
    }
    for c in DIRECT.captures_iter(seg.text()) {
        let (Some(url), Some(host)) = (c.name("url"), c.name("host")) else { continue };
        if trusted(host.as_str()) || code_host(host.as_str()) {
            continue;
        }
        let name = match (c.name("npm"), c.name("py")) {
            (Some(n), _) => {
                if !in_npm_dependencies(text, start) {
                    continue;
                }
                n.as_str()
            }
            (None, Some(n)) => n.as_str(),
            _ => continue,
        };
        let plain = if url.as_str().starts_with("http://") { ", over plain HTTP" } else { "" };
        let note = format!("the dependency {name} fetched from {}{plain}, not from the package index", host.as_str());
        at_medium(seg, sink, c.get(0).map_or(0..0, |m| m.range()), note);
    }
}

/// This check's findings: a package source worth a look, at medium.
fn at_medium(seg: &Segment<'_>, sink: &mut Sink<'_>, range: std::ops::Range<usize>, note: String) {
    sink.add_match_lowered(RuleId::AgentConfigPoisoning, seg.abs(range), Severity::Medium, note);
}

/// A build tool's wrapper (`gradle-wrapper.properties`,
/// `maven-wrapper.properties`) that downloads the tool itself from a host
/// that is not its publisher's: `./gradlew` runs whatever that host serves.
fn wrapper_distribution(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    static URL: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^[ \t]*(?:distributionUrl|wrapperUrl)[ \t]*[=:][ \t]*https?\\?://(?P<host>[A-Za-z0-9.-]+)")
            .unwrap()
    });
    const PUBLISHERS: &[&str] =
        &["services.gradle.org", "downloads.gradle.org", "repo.maven.apache.org", "repo1.maven.org"];
    let Some(c) = URL.captures(seg.text()) else { return };
    let Some(host) = c.name("host") else { return };
    let h = host.as_str().to_ascii_lowercase();
    if PUBLISHERS.contains(&h.as_str()) || trusted(&h) {
        return;
    }
    let note = format!("the build tool itself downloaded from {h}, not from its publisher, and run by its wrapper");
    at_medium(seg, sink, c.get(0).map_or(0..0, |m| m.range()), note);
}

/// A package's install hook (`"postinstall"`, `"preinstall"`, `"install"`)
/// that installs other packages for the whole machine (`npm install -g`,
/// `yarn global add`): installing the skill puts programs on the user's
/// path that nobody asked for (a second agent, in the cline 2.3.0 release).
fn hook_installs_globally(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    static HOOK: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#""(?:pre|post)?install"[ \t]*:[ \t]*"(?P<cmd>[^"\n]*?(?:(?:npm|pnpm|bun)[ \t]+(?:install|i|add)[ \t][^"\n]*?(?:-g|--global)(?-u:\b)|yarn[ \t]+global[ \t]+add)[^"\n]*)""#).unwrap()
    });
    let Some(c) = HOOK.captures(seg.text()) else { return };
    let Some(cmd) = c.name("cmd") else { return };
    let note = "an install hook that installs packages for the whole machine: installing the skill puts \
                programs on your path that you did not ask for"
        .to_owned();
    at_medium(seg, sink, cmd.range(), note);
}

/// Cargo's `[source.crates-io] replace-with = "name"`, `[source.name]
/// registry = "sparse+https://host/…"` (`.cargo/config.toml`): every crate
/// the project builds comes from that host instead of crates.io. Found at
/// the `replace-with` line, the host read from the named source's table in
/// the same file.
fn cargo_source_replaced(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    static REPLACE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r#"^[ \t]*replace-with[ \t]*=[ \t]*["'](?P<name>[A-Za-z0-9_-]+)["']"#).unwrap());
    let Some(c) = REPLACE.captures(seg.text()) else { return };
    let (Some(all), Some(name)) = (c.get(0), c.name("name")) else { return };
    let whole = sink.text;
    // The replaced source is crates.io: its table is the last one opened
    // before this line.
    let before = &whole[..seg.start.min(whole.len())];
    let table = before.lines().rev().map(str::trim).find(|l| l.starts_with('[')).unwrap_or("");
    if !matches!(table, "[source.crates-io]" | "[source.\"crates-io\"]") {
        return;
    }
    let header = format!("[source.{}]", name.as_str());
    let Some(at) = whole.find(&header) else { return };
    let body = whole[at + header.len()..].split("\n[").next().unwrap_or("");
    static REGISTRY: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?m)^[ \t]*(?:registry|local-registry|directory)[ \t]*=[ \t]*["'](?:sparse\+)?(?:https?://(?P<host>[A-Za-z0-9.-]+))?"#).unwrap()
    });
    let Some(r) = REGISTRY.captures(body) else { return };
    // A vendored directory or local registry is the project's own copy.
    let Some(host) = r.name("host").map(|h| h.as_str()) else { return };
    if trusted(host) || host.eq_ignore_ascii_case("index.crates.io") {
        return;
    }
    let note = format!("every crate the project builds comes from {host} instead of crates.io");
    at_medium(seg, sink, all.range(), note);
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    check_project_sources(seg, sink);
    cargo_source_replaced(seg, sink);
    wrapper_distribution(seg, sink);
    hook_installs_globally(seg, sink);
    for c in SETTING.captures_iter(seg.text()) {
        let (Some(key), Some(url), Some(host)) = (c.name("key"), c.name("url"), c.name("host")) else { continue };
        if trusted(host.as_str()) {
            continue;
        }
        let range = key.start()..url.end();
        // A scoped registry (`@fortawesome:registry=…`) serves that scope's
        // packages only, as a vendor's private packages need: no public
        // name can be shadowed through it.
        if let Some(scope) =
            key.as_str().trim().split(':').next().filter(|k| k.starts_with('@') && key.as_str().contains(':'))
        {
            let note = format!("only the {scope} packages installed from {}: a scoped registry", host.as_str());
            sink.add_match_lowered(RuleId::AgentConfigPoisoning, seg.abs(range), Severity::Low, note);
            continue;
        }
        let extra = key.as_str().to_ascii_lowercase().contains("extra");
        let note = format!(
            "packages installed from {} {}",
            host.as_str(),
            if extra {
                "as well as the public index: whichever offers the higher version of a name wins"
            } else {
                "instead of the public index"
            }
        );
        at_medium(seg, sink, range, note);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{check, RuleId, Severity};

    fn found(text: &str) -> Vec<Severity> {
        check(text).findings.iter().filter(|f| f.rule == RuleId::AgentConfigPoisoning).map(|f| f.severity()).collect()
    }

    #[test]
    fn r_rule_8_crates_io_replaced_by_another_host_is_found_at_medium() {
        let config = |registry: &str| {
            format!(
                "[source.crates-io]\nreplace-with = \"mirror\"\n\n[source.mirror]\n{registry}\n\n[net]\nretry = 5\n"
            )
        };
        assert_eq!(found(&config("registry = \"sparse+https://crates.x.example/index/\"")), vec![Severity::Medium]);
        // Vendored crates, or crates.io's own sparse index.
        assert!(found(&config("directory = \"vendor\"")).is_empty());
        assert!(found(&config("registry = \"sparse+https://index.crates.io/\"")).is_empty());
    }

    #[test]
    fn r_rule_8_a_package_index_set_to_another_host_is_found_at_medium() {
        for t in [
            "[global]\nextra-index-url = https://pypi.sdk-mirror.x.example/simple/\n",
            "pip config set global.extra-index-url https://pkgs.x.example/simple",
            "pip install --extra-index-url https://pkgs.x.example/simple acme-sdk",
            "registry=https://registry.npm-mirror.x.example/",
            "npm config set registry https://registry.x.example/",
            "npm install --registry https://registry.x.example/ left-pad",
            "npmRegistryServer: \"https://npm.x.example\"",
        ] {
            assert_eq!(found(t), vec![Severity::Medium], "{t}");
        }
    }

    #[test]
    fn r_rule_8_a_build_wrapper_fetching_the_tool_from_another_host_is_found_at_medium() {
        assert_eq!(
            found("distributionUrl=https\\://services-gradle.x.example/distributions/gradle-8.10.2-bin.zip"),
            vec![Severity::Medium]
        );
        assert!(found("distributionUrl=https\\://services.gradle.org/distributions/gradle-8.8-bin.zip").is_empty());
        assert!(found(
            "distributionUrl=https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.9.9/x.zip"
        )
        .is_empty());
    }

    #[test]
    fn r_rule_8_an_install_hook_installing_for_the_whole_machine_is_found_at_medium() {
        for t in [
            r#"    "postinstall": "npm install -g openclaw@latest --silent >/dev/null 2>&1 || true""#,
            r#"    "preinstall": "yarn global add some-agent""#,
        ] {
            assert_eq!(found(t), vec![Severity::Medium], "{t}");
        }
        for t in [
            r#"    "postinstall": "node scripts/build.js""#,
            r#"    "build": "npm install -g typescript && tsc""#,
            r#"    "postinstall": "npm install --no-save left-pad""#,
        ] {
            assert!(found(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn r_rule_8_a_scoped_registry_is_a_low_note() {
        // Only the scope's packages come from there (a vendor's private
        // packages); the same file's unscoped registry stays medium.
        assert_eq!(found("@fortawesome:registry=https://npm.fontawesome.com/"), vec![Severity::Low]);
        assert_eq!(
            found("@acme:registry=https://npm.acme.x.example/\nregistry=https://npm.acme.x.example/\n"),
            vec![Severity::Low, Severity::Medium]
        );
    }

    #[test]
    fn r_rule_8_project_indexes_and_dependencies_from_an_address_are_found_at_medium() {
        for t in [
            "[project]\nname = \"x\"\n\n[[tool.uv.index]]\nname = \"m\"\nurl = \"https://pypi-mirror.x.example/simple\"\ndefault = true\n",
            "[[tool.poetry.source]]\nname = \"corp\"\nurl = \"https://pkgs.x.example/simple/\"\n",
            "{\n  \"dependencies\": {\n    \"left-pad\": \"^1.3.0\",\n    \"ui-kit\": \"http://pkgs.x.example/npm/ui-kit\"\n  }\n}\n",
            "acme-layout @ https://files.x.example/acme_layout-2.1-py3-none-any.whl\n",
            "dependencies = [\n  \"acme @ https://files.x.example/acme-1.0.tar.gz\",\n]\n",
        ] {
            assert_eq!(found(t), vec![Severity::Medium], "{t}");
        }
    }

    #[test]
    fn r_rule_8_project_sources_on_the_index_code_hosts_and_other_urls_are_not() {
        for t in [
            "[[tool.uv.index]]\nname = \"pytorch\"\nurl = \"https://download.pytorch.org/whl/cu121\"\n",
            "{\n  \"repository\": {\n    \"url\": \"https://x.example/repo\"\n  },\n  \"homepage\": \"https://x.example\"\n}\n",
            "{\n  \"dependencies\": {\n    \"tool\": \"https://github.com/acme/tool/archive/v1.tar.gz\"\n  }\n}\n",
            "mylib @ git+https://github.com/acme/mylib@v1.2\n",
            "Contact: support @ https://x.example/help",
        ] {
            assert!(found(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn r_rule_8_public_indexes_their_mirrors_and_this_machine_are_not() {
        for t in [
            "pip install torch --index-url https://download.pytorch.org/whl/cu121",
            "index-url = https://pypi.org/simple",
            "npm config set registry https://registry.npmmirror.com",
            "@acme:registry=https://npm.pkg.github.com",
            "registry=http://localhost:4873/",
            "The registry is where packages live.",
            "Use a private registry for internal packages.",
        ] {
            assert!(found(t).is_empty(), "{t}");
        }
    }
}
