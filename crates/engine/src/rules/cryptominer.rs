//! Project rule (R-RULE-8 allows it): a cryptocurrency miner set up on the
//! user's machine, working for someone else's wallet with the user's
//! processor and power (ATT&CK's "Resource Hijacking"), what malicious
//! images and packages most often carry.
//!
//! Counted, in any file of the folder:
//! - a mining pool's address (`stratum+tcp://…`, `stratum+ssl://…`);
//! - miners' own options, on a command line or as strings of an argument
//!   list (XMRig's `--donate-level` or `xmrig` given a pool
//!   with `-o`/`--url`, Dero's `--daemon-rpc-address`, `--mining-threads`);
//! - a known pool's host with its port (`pool.supportxmr.com:443`);
//! - a browser miner's script (`coinhive.min.js`, `CoinHive.Anonymous`).
//!
//! Never here: prose that names mining or a coin, a wallet address alone.

use std::sync::LazyLock;

use regex::Regex;

use super::{Segment, Sink};
use crate::rules::RuleId;

pub(super) const ANCHORS: &[&str] = &[
    "stratum",
    "xmrig",
    "--donate-level",
    "--daemon-rpc-address",
    "--cpu-max-threads-hint",
    "--randomx-1gb-pages",
    "--mining-threads",
    "coinhive",
    "supportxmr",
    "minexmr",
    "moneroocean",
    "nanopool",
    "c3pool",
    "hashvault",
    "herominers",
    "unmineable",
    "2miners",
    "f2pool",
    "ethermine",
];

static PATTERN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)stratum2?\+(?:tcp|ssl|tls)://[^\s\x22'`]+|(?-u:\b)xmrig(?:\.exe)?(?-u:\b)[^\n]*?(?:[ \t]-o[ \t]|--url[ \t=])[^\s\x22']+|--donate-level(?:[ \t=]+|[\x22'][ \t]*,[ \t]*[\x22']?)[0-9]|--(?:daemon-rpc-address|cpu-max-threads-hint|randomx-1gb-pages|mining-threads)(?:[ \t=]|[\x22'][ \t]*,)|(?-u:\b)(?:[a-z0-9-]+\.)*(?:supportxmr|minexmr|moneroocean|nanopool|c3pool|hashvault|herominers|unmineable|2miners|f2pool|ethermine)\.(?:com|org|net|pro|stream|io)(?::[0-9]{2,5})|coinhive(?:\.min)?\.js|CoinHive\.(?:Anonymous|User|Token)",
    )
    .unwrap()
});

pub(super) fn patterns() -> Vec<String> {
    vec![PATTERN.as_str().to_owned()]
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    if let Some(m) = PATTERN.find(seg.text()) {
        sink.add_match(RuleId::Cryptominer, seg.abs(m.range()));
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{check, RuleId, Severity};

    fn found(text: &str) -> bool {
        check(text).findings.iter().any(|f| f.rule == RuleId::Cryptominer && f.severity() == Severity::High)
    }

    #[test]
    fn r_rule_8_miners_set_up_are_found() {
        for t in [
            "nohup /opt/.cache/xm -o stratum+tcp://198.51.100.7:3333 -u wallet -k &",
            "./xmrig --url pool.example.invalid:443 --user 4Abc --tls",
            "xmrig -o 203.0.113.9:14444 -u x",
            "args: [\"--donate-level=1\", \"--cpu-priority\", \"0\"]",
            "POOL=gulf.moneroocean.stream:10128",
            "\"url\": \"stratum+ssl://eu.example-pool.invalid:5555\"",
            "<script src=\"https://coinhive.com/lib/coinhive.min.js\"></script>",
            "var miner = new CoinHive.Anonymous('SITE_KEY');",
            "            - \"--daemon-rpc-address={{ .Values.endpoint }}\"",
            // An argument list in code: each option its own string.
            "ARGS = [\"-o\", \"pool.invalid:8080\", \"--donate-level\", \"1\", \"--background\"]",
            "args = ['--cpu-max-threads-hint', '75']",
        ] {
            assert!(found(t), "{t}");
        }
    }

    #[test]
    fn r_rule_8_prose_about_mining_is_not() {
        for t in [
            "Monero mining uses the RandomX algorithm.",
            "See nanopool.org for pool statistics.",
            "The stratum protocol is how miners talk to pools.",
            "Install xmrig from your distribution's packages if you mine yourself.",
            "Wallet: 44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
        ] {
            assert!(!found(t), "{t}");
        }
    }
}
