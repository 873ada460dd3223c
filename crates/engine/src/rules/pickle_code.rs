//! Project rule (R-RULE-8 allows it): a pickle that runs code when it is
//! loaded. Python's `pickle` (and `torch.load`, `joblib.load` on a pickle)
//! calls whatever function the data names: a model or a "tokenizer state"
//! that names `os.system`, `subprocess.Popen`, `builtins.exec` or `eval`
//! runs it on `pickle.load`, before any model code (the nullifAI and
//! Hugging Face model reports). Found in any file of the folder, whatever
//! its name: a pickle of protocol 0 to 3 is text enough to be read.
//!
//! Counted: the `GLOBAL` opcode (`c` then the module and the name, each on
//! its own line) naming a function that runs a command or code, as it
//! opens a line: `cposix\nsystem\n`, `cbuiltins\nexec\n`,
//! `csubprocess\nPopen\n`, `c__builtin__\neval\n`. (A binary pickle of
//! protocol 4 or 5 is a binary file, reported as such by the folder's
//! reading.)
//!
//! Never here: a pickle of plain data (`copy_reg\n_reconstructor`, a model's
//! classes), Python code that calls `pickle.loads` (a flow, not data), and
//! prose that names the technique ("a pickle can name `os.system`").

use std::sync::LazyLock;

use regex::bytes::Regex;

use super::{RuleId, Sink};

/// The modules and functions that run a command or code.
const RUNNERS: &str = r"(?:(?:os|posix|nt)\n(?:system|popen|execv|execve|execl|execvp|spawnl|spawnv|startfile)|subprocess\n(?:Popen|call|check_call|check_output|run|getoutput|getstatusoutput)|(?:builtins|__builtin__)\n(?:exec|eval|compile|__import__|getattr)|commands\n(?:getoutput|getstatusoutput)|pty\nspawn|runpy\n_run_code|code\nInteractiveInterpreter|webbrowser\nopen|socket\n(?:socket|create_connection))\n";

/// Whether a file may hold one: the opcode's `c` and a module's name.
/// Every file of a folder is asked, so the needles are written out whole.
pub(super) fn is_candidate(text: &str) -> bool {
    const NEEDLES: [&[u8]; 9] = [
        b"cos\n",
        b"cposix\n",
        b"cnt\n",
        b"csubprocess\n",
        b"cbuiltins\n",
        b"c__builtin__\n",
        b"ccommands\n",
        b"cpty\n",
        b"crunpy\n",
    ];
    let b = text.as_bytes();
    NEEDLES.iter().any(|m| memchr::memmem::find(b, m).is_some())
}

pub(super) fn check_file(text: &str, sink: &mut Sink<'_>) {
    static GLOBAL: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!(r"(?m)^c{RUNNERS}")).unwrap());
    let Some(m) = GLOBAL.find(text.as_bytes()) else { return };
    let named = String::from_utf8_lossy(&m.as_bytes()[1..]).trim().replace('\n', ".");
    let at = m.start();
    sink.add(RuleId::PickleCode, at, || {
        format!("a pickle that calls {named} when it is loaded: whatever loads it runs the command or code it carries")
    });
}

#[cfg(test)]
mod tests {
    use crate::rules::{check_file, RuleId};

    fn found(path: &str, text: &str) -> bool {
        check_file(path, text).findings.iter().any(|f| f.rule == RuleId::PickleCode)
    }

    #[test]
    fn r_rule_8_a_pickle_that_runs_a_command_or_code_is_found() {
        for t in [
            "cposix\nsystem\n(S'id'\ntR.",
            "cbuiltins\nexec\n(S'import os'\ntRccopy_reg\n_reconstructor\n",
            "(dp0\nS'k'\np1\ncsubprocess\nPopen\n(S'sh'\ntR.",
            "c__builtin__\neval\n(S'1+1'\ntR.",
        ] {
            assert!(found("models/state.pkl", t), "{t:?}");
            assert!(found("data/tokenizer_state.bin", t), "{t:?}");
        }
    }

    #[test]
    fn r_rule_8_plain_pickles_code_and_prose_are_not() {
        for t in [
            "ccopy_reg\n_reconstructor\n(csklearn.linear_model._logistic\nLogisticRegression\n",
            "import pickle\nwith open('m.pkl', 'rb') as f:\n    model = pickle.load(f)\n",
            "A pickle can name `os.system`: cposix system runs on load.\n",
            "cos\npath\n(S'x'\ntR.",
        ] {
            assert!(!found("models/m.pkl", t), "{t:?}");
        }
    }
}
