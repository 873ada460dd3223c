//! Project rule (R-RULE-8 allows it): a wallet drainer in a web page's
//! script: the wallet's requests wrapped, so that the transaction the user
//! approves sends to, or lets spend, an address written in the code (the
//! Ledger Connect Kit drainer, the chalk/debug crypto-clipper of 2025). The
//! wallet shows the swapped address; few users compare all forty digits.
//!
//! Counted, in one file holding an Ethereum address literal
//! (`'0x' + 40 hex digits`), two of:
//! - the wallet's or the page's sending functions replaced by a wrapper
//!   that calls the original (`eth.request = async function (args) { …
//!   orig(args) }`, `XMLHttpRequest.prototype.send = …`, `window.fetch =
//!   function …`), the original kept with `.bind(…)`;
//! - the transaction's recipient or call data rewritten (`tx.to = R`,
//!   `tx.data = '0x095ea7b3' + …`, an `approve` turned unlimited), or any
//!   address in a text replaced (`.replace(/0x[a-fA-F0-9]{40}/g, …)`);
//! - the address nearest to the user's picked from a list (an edit
//!   distance computed: `Math.min(m[i-1][j-1] + 1, …)`), so that the swap
//!   looks like the original at a glance.
//!
//! Never here: a dApp that sends a transaction it builds for the user's own
//! click (no wrapper), a wallet library, an address list alone.

use std::sync::LazyLock;

use regex::Regex;

use super::{RuleId, Sink};
use crate::text;

static ADDRESS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"['"`]0x[0-9a-fA-F]{40}['"`]"#).unwrap());

/// The original kept, then the property replaced by a function.
static WRAPPER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?s)\.bind\([^)]{0,40}\).{0,400}?(?:\.request|\]|\.send|fetch)[ \t]*=[ \t]*(?:async[ \t]+)?(?:function\b|\([^)]{0,40}\)[ \t]*=>)",
        r"|XMLHttpRequest\.prototype",
        r"|(?:window|globalThis|self)\.fetch[ \t]*=[ \t]*(?:async[ \t]+)?function",
    ))
    .unwrap()
});

/// The transaction's recipient or data rewritten, or addresses replaced in a text.
static REWRITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        // `tx.to = near(tx.to)`, `t[k] = f(t[k])`, `tx.to = R;`.
        r"(?:\.to|\[[^\]\n]{1,30}\])[ \t]*=[ \t]*[A-Za-z_$][A-Za-z0-9_$]*\([ \t]*[A-Za-z_$][A-Za-z0-9_$.]*(?:\.to|\[[^\]\n]{1,30}\])",
        r"|\.to[ \t]*=[ \t]*[A-Za-z_$][A-Za-z0-9_$]*[ \t]*;",
        r"|\.data[ \t]*=[ \t]*['\x22]0x095ea7b3",
        r"|\.replace\([ \t]*(?:/0x\[a-fA-F0-9\]\{40\}/|[A-Za-z_$][A-Za-z0-9_$]*[ \t]*,[ \t]*function)",
    ))
    .unwrap()
});

/// An edit distance's recurrence (Levenshtein's).
static NEAREST: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"Math\.min\([ \t]*[A-Za-z_$]+\[[^\]]+\]\[[^\]]+\][ \t]*\+[ \t]*1").unwrap());

pub(super) fn is_candidate(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), b"0x").is_some() && ADDRESS.is_match(text)
}

pub(super) fn check_file(text: &str, sink: &mut Sink<'_>) {
    let Some(address) = ADDRESS.find(text) else { return };
    let wrapper = WRAPPER.find(text);
    let signals =
        usize::from(wrapper.is_some()) + usize::from(REWRITE.is_match(text)) + usize::from(NEAREST.is_match(text));
    if signals < 2 {
        return;
    }
    let at = wrapper.map_or(address.start(), |m| m.start());
    let (txt, lines) = (sink.text, sink.lines);
    sink.add(RuleId::WalletDrainer, at, || {
        format!(
            "the wallet's requests wrapped to send to an address written in the code ({}): {}",
            address.as_str().trim_matches(['\'', '"', '`']),
            text::excerpt(txt, lines, at..at)
        )
    });
}

#[cfg(test)]
mod tests {
    use crate::rules::{check_file, RuleId};

    fn found(text: &str) -> bool {
        check_file("web/bridge.js", text).findings.iter().any(|f| f.rule == RuleId::WalletDrainer)
    }

    #[test]
    fn r_rule_8_a_wallets_requests_rewritten_to_a_fixed_address_are_found() {
        let drainer = "const eth = window.ethereum;\nconst orig = eth.request.bind(eth);\n\
                       const R = '0x658729879fca881d9526480b82ae00efc54b5c2d';\n\
                       eth.request = async function (args) {\n  const tx = Object.assign({}, args.params[0]);\n  \
                       tx.to = R;\n  return orig({ method: args.method, params: [tx] });\n};\n";
        assert!(found(drainer));
        let nearest = "var A = ['0xFc4a4858bafef54D1b1d7697bfb5c52F4c166976'];\n\
                       var L = function (a, b) { m[i][j] = Math.min(m[i-1][j-1]+1, m[i][j-1]+1); };\n\
                       var X = XMLHttpRequest.prototype, O = X.send;\n";
        assert!(found(nearest));
        // A dApp that sends the user's own transaction, a list of addresses.
        let dapp = "const TREASURY = '0x658729879fca881d9526480b82ae00efc54b5c2d';\n\
                    async function donate(amount) {\n  return window.ethereum.request({ method: 'eth_sendTransaction', \
                    params: [{ from: me, to: TREASURY, value: amount }] });\n}\n";
        assert!(!found(dapp));
        assert!(!found("export const TOKENS = {\n  usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',\n};\n"));
    }
}
