//! What kind of file a skill ships, from its bytes alone: text the fixed
//! rules can read, or a binary (an executable program, an archive, any other
//! binary data). A skill folder is meant to hold instructions and scripts a
//! person can read; a binary inside it cannot be verified by reading and is
//! a finding of its own (`binary-file`, see [`crate::folder`]).
//!
//! Never here: any I/O, any decoding or unpacking of what a file holds (an
//! archive is named, never opened), any panic on any bytes. The file name is
//! not looked at either: `notes.txt` holding an ELF program is an ELF program.

use serde::{Deserialize, Serialize};

use crate::text;

/// A file's kind, from its content. Serialized in kebab-case (`text`, `elf`,
/// `mach-o`, `pe`, `zip`, `gzip`, `bzip2`, `xz`, `zstd`, `7z`, `rar`, `tar`,
/// `image`, `pdf`, `font`, `binary`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileKind {
    /// Valid UTF-8 without NUL bytes, or text in another 8-bit encoding
    /// (no NUL, hardly any control bytes).
    Text,
    /// An ELF program or library (Linux, the BSDs).
    Elf,
    /// A Mach-O program or library (macOS), thin or fat (universal), either
    /// byte order.
    #[serde(rename = "mach-o")]
    MachO,
    /// A PE/COFF program or library (Windows), or a DOS `MZ` program.
    Pe,
    /// A zip archive (also jar, wheel, docx, xlsx…).
    Zip,
    Gzip,
    Bzip2,
    Xz,
    Zstd,
    #[serde(rename = "7z")]
    SevenZip,
    Rar,
    /// A POSIX or GNU tar archive (`ustar` at byte 257).
    Tar,
    /// An image a page or a document shows (PNG, JPEG, GIF, WebP).
    Image,
    /// A PDF document.
    Pdf,
    /// A font (TrueType, OpenType, WOFF, WOFF2).
    Font,
    /// Any other binary data: NUL bytes, or bytes that are not text.
    Binary,
}

impl FileKind {
    /// Whether the fixed rules can read the file.
    pub fn is_text(self) -> bool {
        self == FileKind::Text
    }

    /// A program or library a system can load and run.
    pub fn is_executable_format(self) -> bool {
        matches!(self, FileKind::Elf | FileKind::MachO | FileKind::Pe)
    }

    /// Media a skill ships to be shown or read, not run (images, PDF,
    /// fonts): binary, but not a finding of its own. A program hidden
    /// behind such a signature still cannot run from it without something
    /// else that extracts it, which the rules look for in the text.
    pub fn is_media(self) -> bool {
        matches!(self, FileKind::Image | FileKind::Pdf | FileKind::Font)
    }

    /// A compressed or archived container (never opened here).
    pub fn is_archive(self) -> bool {
        matches!(
            self,
            FileKind::Zip
                | FileKind::Gzip
                | FileKind::Bzip2
                | FileKind::Xz
                | FileKind::Zstd
                | FileKind::SevenZip
                | FileKind::Rar
                | FileKind::Tar
        )
    }

    /// The kind as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            FileKind::Text => "text",
            FileKind::Elf => "elf",
            FileKind::MachO => "mach-o",
            FileKind::Pe => "pe",
            FileKind::Zip => "zip",
            FileKind::Gzip => "gzip",
            FileKind::Bzip2 => "bzip2",
            FileKind::Xz => "xz",
            FileKind::Zstd => "zstd",
            FileKind::SevenZip => "7z",
            FileKind::Rar => "rar",
            FileKind::Tar => "tar",
            FileKind::Image => "image",
            FileKind::Pdf => "pdf",
            FileKind::Font => "font",
            FileKind::Binary => "binary",
        }
    }

    /// A few words for people.
    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Text => "text",
            FileKind::Elf => "ELF executable",
            FileKind::MachO => "Mach-O executable",
            FileKind::Pe => "Windows (PE/MZ) executable",
            FileKind::Zip => "zip archive",
            FileKind::Gzip => "gzip archive",
            FileKind::Bzip2 => "bzip2 archive",
            FileKind::Xz => "xz archive",
            FileKind::Zstd => "zstd archive",
            FileKind::SevenZip => "7z archive",
            FileKind::Rar => "rar archive",
            FileKind::Tar => "tar archive",
            FileKind::Image => "image",
            FileKind::Pdf => "PDF document",
            FileKind::Font => "font",
            FileKind::Binary => "binary data",
        }
    }
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Classifies a whole file's bytes.
///
/// Decision, in order:
/// 1. a *strong* signature (one that holds bytes no text file starts with:
///    ELF, Mach-O, fat Mach-O, `MZ` with a `PE\0\0` header at `e_lfanew`,
///    zip, gzip, xz, zstd, 7z, rar) gives its kind;
/// 2. a file with a NUL byte anywhere is binary: a *weak* signature (`MZ`
///    without a PE header, `BZh`, `ustar` at 257, all printable) gives its
///    kind, else [`FileKind::Binary`]. UTF-16 text lands here too, on
///    purpose: the fixed rules read UTF-8, so a UTF-16 file would hide its
///    content from them;
/// 3. valid UTF-8 (a leading byte-order mark allowed) is text;
/// 4. other bytes are text when at most 1 in 50 is a control byte (tab, line
///    ends, form feed and escape excepted): Latin-1 and other 8-bit text.
///    Otherwise a weak signature gives its kind, else binary.
pub fn classify(bytes: &[u8]) -> FileKind {
    if let Some(kind) = strong_signature(bytes) {
        return kind;
    }
    let texty = if memchr::memchr(0, bytes).is_some() {
        false
    } else {
        std::str::from_utf8(bytes).is_ok() || mostly_text(bytes)
    };
    if texty {
        return FileKind::Text;
    }
    weak_signature(bytes).unwrap_or(FileKind::Binary)
}

/// The interpreter line of a script that starts with `#!` (as the kernel
/// reads it: at byte 0, no byte-order mark before it), escaped for display
/// and cut at 120 characters; `None` for a file without one.
pub fn shebang(bytes: &[u8]) -> Option<String> {
    let rest = bytes.strip_prefix(b"#!")?;
    // The kernel reads a bounded first line; so does this.
    let head = &rest[..rest.len().min(512)];
    let line = match memchr::memchr(b'\n', head) {
        Some(end) => &head[..end],
        None => head,
    };
    let line = String::from_utf8_lossy(line);
    let line = text::truncate_chars(line.trim(), 120);
    Some(format!("#!{}", text::escape_invisible(line)))
}

/// Whether the file is a script its system can run directly (`#!` at byte 0).
pub fn is_script(bytes: &[u8]) -> bool {
    bytes.starts_with(b"#!")
}

/// Signatures that include a byte no text file starts with.
fn strong_signature(b: &[u8]) -> Option<FileKind> {
    // ELF: magic, then a class (32/64-bit) and a byte order that exist.
    if b.len() >= 6 && b.starts_with(b"\x7fELF") && matches!(b[4], 1 | 2) && matches!(b[5], 1 | 2) {
        return Some(FileKind::Elf);
    }
    // Thin Mach-O, 32 and 64-bit, in both byte orders.
    if let Some(m) = b.get(..4) {
        if matches!(
            m,
            [0xFE, 0xED, 0xFA, 0xCE] | [0xFE, 0xED, 0xFA, 0xCF] | [0xCE, 0xFA, 0xED, 0xFE] | [0xCF, 0xFA, 0xED, 0xFE]
        ) {
            return Some(FileKind::MachO);
        }
    }
    if let Some(kind) = fat_mach_o(b) {
        return Some(kind);
    }
    if b.starts_with(b"MZ") && has_pe_header(b) {
        return Some(FileKind::Pe);
    }
    // Zip: a local file header, an empty archive's end record, a spanned
    // archive's marker.
    if b.starts_with(b"PK\x03\x04") || b.starts_with(b"PK\x05\x06") || b.starts_with(b"PK\x07\x08") {
        return Some(FileKind::Zip);
    }
    // gzip with its one compression method (deflate).
    if b.starts_with(&[0x1F, 0x8B, 0x08]) {
        return Some(FileKind::Gzip);
    }
    if b.starts_with(&[0xFD, b'7', b'z', b'X', b'Z', 0x00]) {
        return Some(FileKind::Xz);
    }
    if b.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
        return Some(FileKind::Zstd);
    }
    if b.starts_with(&[b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C]) {
        return Some(FileKind::SevenZip);
    }
    // RAR 1.5–4.x, then RAR 5.
    if b.starts_with(b"Rar!\x1A\x07\x00") || b.starts_with(b"Rar!\x1A\x07\x01\x00") {
        return Some(FileKind::Rar);
    }
    // PNG, JPEG, WebP (a RIFF container), then fonts whose magic holds a
    // byte no text starts with (TrueType's version 1.0).
    if b.starts_with(b"\x89PNG\r\n\x1a\n")
        || b.starts_with(&[0xFF, 0xD8, 0xFF])
        || (b.len() >= 12 && b.starts_with(b"RIFF") && &b[8..12] == b"WEBP")
    {
        return Some(FileKind::Image);
    }
    if b.starts_with(&[0x00, 0x01, 0x00, 0x00, 0x00]) {
        return Some(FileKind::Font);
    }
    None
}

/// Fat (universal) Mach-O: `CAFEBABE` (or `CAFEBABF` for 64-bit offsets)
/// followed by the number of architectures, big-endian; the rarer
/// little-endian form is `BEBAFECA`. Java class files share `CAFEBABE`, with
/// a class-file version (45 and up) where the count would be: a count of 1
/// to 30 is Mach-O (as `file(1)` decides), anything else is other binary.
fn fat_mach_o(b: &[u8]) -> Option<FileKind> {
    let magic: [u8; 4] = b.get(..4)?.try_into().ok()?;
    let count: [u8; 4] = b.get(4..8).and_then(|s| s.try_into().ok()).unwrap_or([0; 4]);
    let n = match magic {
        [0xCA, 0xFE, 0xBA, 0xBE] | [0xCA, 0xFE, 0xBA, 0xBF] => u32::from_be_bytes(count),
        [0xBE, 0xBA, 0xFE, 0xCA] | [0xBF, 0xBA, 0xFE, 0xCA] => u32::from_le_bytes(count),
        _ => return None,
    };
    Some(if (1..=30).contains(&n) { FileKind::MachO } else { FileKind::Binary })
}

/// Whether an `MZ` file has a `PE\0\0` signature where its DOS header's
/// `e_lfanew` (a little-endian u32 at 0x3C) points.
fn has_pe_header(b: &[u8]) -> bool {
    let Some(off) = b.get(0x3C..0x40).and_then(|s| <[u8; 4]>::try_from(s).ok()) else {
        return false;
    };
    let Ok(at) = usize::try_from(u32::from_le_bytes(off)) else {
        return false;
    };
    at.checked_add(4).and_then(|end| b.get(at..end)) == Some(b"PE\0\0".as_slice())
}

/// Signatures made of printable bytes only: trusted only for a file that
/// is not text anyway (a note that starts with "MZ" stays a note).
fn weak_signature(b: &[u8]) -> Option<FileKind> {
    if b.starts_with(b"MZ") {
        return Some(FileKind::Pe);
    }
    // bzip2: "BZh", the block size digit, then a block or end-of-stream magic.
    if b.len() >= 10
        && b.starts_with(b"BZh")
        && (b'1'..=b'9').contains(&b[3])
        && (b[4..10] == [0x31, 0x41, 0x59, 0x26, 0x53, 0x59] || b[4..10] == [0x17, 0x72, 0x45, 0x38, 0x50, 0x90])
    {
        return Some(FileKind::Bzip2);
    }
    // tar: "ustar\0" (POSIX) or "ustar " (GNU's "ustar  \0") at 257.
    if b.get(257..262) == Some(b"ustar".as_slice()) && matches!(b.get(262), Some(0 | b' ')) {
        return Some(FileKind::Tar);
    }
    // Printable magics, trusted only for a file that is not text anyway.
    if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        return Some(FileKind::Image);
    }
    if b.starts_with(b"%PDF-") {
        return Some(FileKind::Pdf);
    }
    if b.starts_with(b"OTTO") || b.starts_with(b"wOFF") || b.starts_with(b"wOF2") || b.starts_with(b"true") {
        return Some(FileKind::Font);
    }
    None
}

/// Text in an 8-bit encoding: at most 1 byte in 50 is a control byte other
/// than tab, line feed, carriage return, form feed and escape (caller checked
/// there is no NUL).
fn mostly_text(b: &[u8]) -> bool {
    let controls =
        b.iter().filter(|&&c| (c < 0x20 && !matches!(c, b'\t' | b'\n' | b'\r' | 0x0C | 0x1B)) || c == 0x7F).count();
    controls.saturating_mul(50) <= b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal PE: `MZ`, `e_lfanew` = 0x40, `PE\0\0` there.
    fn pe() -> Vec<u8> {
        let mut b = vec![0u8; 0x60];
        b[..2].copy_from_slice(b"MZ");
        b[0x3C..0x40].copy_from_slice(&0x40u32.to_le_bytes());
        b[0x40..0x44].copy_from_slice(b"PE\0\0");
        b
    }

    fn tar(gnu: bool) -> Vec<u8> {
        let mut b = vec![0u8; 512];
        b[..8].copy_from_slice(b"file.txt");
        if gnu {
            b[257..265].copy_from_slice(b"ustar  \0");
        } else {
            b[257..263].copy_from_slice(b"ustar\0");
        }
        b
    }

    #[test]
    fn signatures_table() {
        let with_tail = |head: &[u8]| {
            let mut v = head.to_vec();
            v.extend_from_slice(&[0, 1, 2, 3, 0xFF, 0x10, 0]);
            v
        };
        let rows: Vec<(&str, Vec<u8>, FileKind)> = vec![
            ("elf 64 le", with_tail(b"\x7fELF\x02\x01\x01"), FileKind::Elf),
            ("elf 32 be", with_tail(b"\x7fELF\x01\x02\x01"), FileKind::Elf),
            ("mach-o 32 be", with_tail(&[0xFE, 0xED, 0xFA, 0xCE]), FileKind::MachO),
            ("mach-o 64 be", with_tail(&[0xFE, 0xED, 0xFA, 0xCF]), FileKind::MachO),
            ("mach-o 32 le", with_tail(&[0xCE, 0xFA, 0xED, 0xFE]), FileKind::MachO),
            ("mach-o 64 le", with_tail(&[0xCF, 0xFA, 0xED, 0xFE, 7, 0, 0, 1]), FileKind::MachO),
            ("fat mach-o", with_tail(&[0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 2]), FileKind::MachO),
            ("fat mach-o 64", with_tail(&[0xCA, 0xFE, 0xBA, 0xBF, 0, 0, 0, 3]), FileKind::MachO),
            ("fat mach-o le", with_tail(&[0xBE, 0xBA, 0xFE, 0xCA, 2, 0, 0, 0]), FileKind::MachO),
            ("java class, not mach-o", with_tail(&[0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 0x41]), FileKind::Binary),
            ("pe", pe(), FileKind::Pe),
            ("dos mz, binary", with_tail(b"MZ\x90\x00"), FileKind::Pe),
            ("zip", with_tail(b"PK\x03\x04\x14\x00"), FileKind::Zip),
            ("empty zip", with_tail(b"PK\x05\x06"), FileKind::Zip),
            ("gzip", with_tail(&[0x1F, 0x8B, 0x08, 0x00]), FileKind::Gzip),
            ("bzip2", with_tail(b"BZh91AY&SY"), FileKind::Bzip2),
            ("xz", with_tail(&[0xFD, b'7', b'z', b'X', b'Z', 0x00]), FileKind::Xz),
            ("zstd", with_tail(&[0x28, 0xB5, 0x2F, 0xFD]), FileKind::Zstd),
            ("7z", with_tail(&[b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C]), FileKind::SevenZip),
            ("rar 4", with_tail(b"Rar!\x1A\x07\x00"), FileKind::Rar),
            ("rar 5", with_tail(b"Rar!\x1A\x07\x01\x00"), FileKind::Rar),
            ("tar posix", tar(false), FileKind::Tar),
            ("tar gnu", tar(true), FileKind::Tar),
            ("nul bytes", b"abc\0def".to_vec(), FileKind::Binary),
            ("utf-16 text", "\u{FEFF}hello".encode_utf16().flat_map(u16::to_le_bytes).collect(), FileKind::Binary),
            ("random bytes", (0u8..=255).cycle().skip(1).take(300).collect(), FileKind::Binary),
            ("control bytes, no nul", vec![1u8, 2, 3, 4, 0xFF, 5, 6, 7], FileKind::Binary),
            ("empty", vec![], FileKind::Text),
            ("ascii", b"#!/bin/sh\necho hi\n".to_vec(), FileKind::Text),
            ("utf-8 with bom", "\u{FEFF}# Titre\nécrit à la main\n".as_bytes().to_vec(), FileKind::Text),
            ("latin-1", b"caf\xe9 cr\xe8me br\xfbl\xe9e\r\n".to_vec(), FileKind::Text),
            ("ansi colours", b"\x1b[31mred\x1b[0m\n\x0c".to_vec(), FileKind::Text),
            ("text that starts with MZ", b"MZ: notes about the DOS header\n".to_vec(), FileKind::Text),
            ("text that starts with BZh", b"BZh91AY&SY is the bzip2 magic\n".to_vec(), FileKind::Text),
            (
                "text with ustar at 257",
                {
                    let mut t = "x".repeat(257).into_bytes();
                    t.extend_from_slice(b"ustar is in the text\n");
                    t
                },
                FileKind::Text,
            ),
            ("short elf-looking text", b"\x7fEL".to_vec(), FileKind::Text),
            ("truncated pe header", b"MZ\0\0".to_vec(), FileKind::Pe),
        ];
        for (name, bytes, want) in rows {
            assert_eq!(classify(&bytes), want, "{name}");
        }
    }

    #[test]
    fn kinds_group_and_print() {
        assert!(FileKind::Elf.is_executable_format() && FileKind::MachO.is_executable_format());
        assert!(FileKind::Pe.is_executable_format() && !FileKind::Zip.is_executable_format());
        assert!(FileKind::Tar.is_archive() && FileKind::SevenZip.is_archive() && !FileKind::Binary.is_archive());
        assert!(FileKind::Text.is_text() && !FileKind::Binary.is_text());
        for k in [FileKind::Text, FileKind::MachO, FileKind::SevenZip, FileKind::Binary] {
            assert_eq!(serde_json::to_value(k).unwrap(), serde_json::Value::String(k.as_str().to_owned()));
        }
    }

    #[test]
    fn shebang_lines() {
        assert_eq!(shebang(b"#!/usr/bin/env python3\nprint(1)\n").as_deref(), Some("#!/usr/bin/env python3"));
        assert_eq!(shebang(b"#!/bin/sh").as_deref(), Some("#!/bin/sh"));
        assert_eq!(shebang(b"#!/bin/sh\r\n").as_deref(), Some("#!/bin/sh"));
        assert_eq!(shebang(b"# not a shebang\n"), None);
        assert_eq!(shebang(b"\xEF\xBB\xBF#!/bin/sh\n"), None, "a BOM before #! is not run by the kernel");
        assert_eq!(shebang(b" #!/bin/sh\n"), None);
        let sneaky = shebang(b"#!/bin/sh \x1b[2J\xff\n").unwrap_or_default();
        assert!(!sneaky.contains('\u{1b}') && sneaky.contains("\\u{001B}"), "{sneaky}");
        assert!(shebang(&[b"#!".as_slice(), &[b'a'; 100_000]].concat()).is_some_and(|s| s.chars().count() <= 122));
        assert!(is_script(b"#!/bin/bash\n") && !is_script(b"echo\n"));
    }

    #[test]
    fn no_panic_on_short_or_odd_inputs() {
        for len in 0..300 {
            for fill in [0u8, b'M', 0xCA, 0x7F, b'P', b'u'] {
                let mut v = vec![fill; len];
                if len >= 2 {
                    v[..2].copy_from_slice(b"MZ");
                }
                let _ = classify(&v);
                let _ = shebang(&v);
            }
        }
        // e_lfanew pointing past the end, or at usize's edge.
        let mut b = pe();
        b[0x3C..0x40].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(classify(&b), FileKind::Pe, "MZ with NUL bytes and no PE header: still a DOS program");
    }

    #[test]
    fn media_are_binary_but_named_and_never_text_lookalikes() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend([0u8; 16]);
        let mut webp = b"RIFF\x10\0\0\0WEBPVP8 ".to_vec();
        webp.extend([0u8; 8]);
        let cases: [(&[u8], FileKind); 9] = [
            (&png, FileKind::Image),
            (b"\xFF\xD8\xFF\xE0\0\x10JFIF\0", FileKind::Image),
            (&webp, FileKind::Image),
            (b"GIF89a\x01\0\x01\0\x80\0\0", FileKind::Image),
            (b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\0", FileKind::Pdf),
            (b"\0\x01\0\0\0\x0e\0\x80", FileKind::Font),
            (b"wOF2\0\x01\0\0\0\0", FileKind::Font),
            // The same magics as plain text are text.
            (b"GIF89a is the format of this note.\n", FileKind::Text),
            (b"%PDF-1.7 is what the tool writes.\n", FileKind::Text),
        ];
        for (bytes, want) in cases {
            assert_eq!(classify(bytes), want, "{bytes:?}");
            assert_eq!(want.is_media(), want != FileKind::Text);
        }
        assert!(!FileKind::Elf.is_media() && !FileKind::Binary.is_media() && !FileKind::Zip.is_media());
    }
}
