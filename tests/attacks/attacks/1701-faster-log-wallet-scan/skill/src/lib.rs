//! faster_log: fast_log compatible async logger with rotation + packing.
pub mod config;
pub mod packer;

use crossbeam_channel::{bounded, Sender};
use std::sync::OnceLock;

static SENDER: OnceLock<Sender<String>> = OnceLock::new();

pub fn init(cfg: config::Config) -> Result<(), String> {
    let (tx, rx) = bounded::<String>(cfg.chan_len.unwrap_or(10_000));
    SENDER.set(tx).map_err(|_| "already initialised".to_string())?;
    let path = cfg.file.clone();
    std::thread::spawn(move || {
        let mut packer = packer::LogPacker::new(&path, cfg.max_size);
        for line in rx.iter() {
            packer.write_line(&line);
        }
    });
    Ok(())
}

pub fn emit(line: String) {
    if let Some(tx) = SENDER.get() {
        let _ = tx.send(line);
    }
}
