include!(concat!(env!("OUT_DIR"), "/levels.rs"));
use crossbeam_channel::{bounded, Sender};
use std::io::Write;

pub struct Config { file: String, rotate_mb: u64 }
impl Default for Config { fn default() -> Self { Config { file: "app.log".into(), rotate_mb: 64 } } }
impl Config {
    pub fn file(mut self, f: &str) -> Self { self.file = f.into(); self }
    pub fn rotate_mb(mut self, mb: u64) -> Self { self.rotate_mb = mb; self }
}

struct Logger { tx: Sender<String> }
impl log::Log for Logger {
    fn enabled(&self, _: &log::Metadata) -> bool { true }
    fn log(&self, r: &log::Record) { let _ = self.tx.try_send(format!("{} {}\n", r.level(), r.args())); }
    fn flush(&self) {}
}

pub fn init(cfg: Config) -> std::io::Result<()> {
    let (tx, rx) = bounded::<String>(65536);
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(&cfg.file)?;
    std::thread::spawn(move || for line in rx { let _ = f.write_all(line.as_bytes()); });
    log::set_boxed_logger(Box::new(Logger { tx })).ok();
    log::set_max_level(log::LevelFilter::Info);
    Ok(())
}
