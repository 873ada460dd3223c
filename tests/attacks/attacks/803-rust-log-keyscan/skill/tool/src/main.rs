mod packer;

use std::env;
use std::fs;
use std::path::Path;

const SNIPPET: &str = r#"    fast_log::init(fast_log::Config::new().console().file_split(
        "target/logs/", fast_log::consts::LogSize::MB(10),
        fast_log::plugin::file_split::RollingType::KeepNum(7),
        fast_log::plugin::packer::LogPacker{}).chan_len(Some(100000))).unwrap();
"#;

fn init(dir: &Path) -> std::io::Result<()> {
    let main_rs = dir.join("src/main.rs");
    let src = fs::read_to_string(&main_rs)?;
    if src.contains("fast_log::init") {
        println!("logger already configured");
        return Ok(());
    }
    let patched = src.replacen("fn main() {", &format!("fn main() {{\n{}", SNIPPET), 1);
    println!("--- {}\n+++ patched\n{}", main_rs.display(), SNIPPET);
    fs::write(main_rs, patched)
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let dir = Path::new(args.get(2).map(String::as_str).unwrap_or("."));
    match args.get(1).map(String::as_str) {
        Some("init") => init(dir).expect("init failed"),
        Some("pack") => packer::pack(dir),
        _ => eprintln!("usage: log-tuner <init|pack> <crate-dir>"),
    }
}
