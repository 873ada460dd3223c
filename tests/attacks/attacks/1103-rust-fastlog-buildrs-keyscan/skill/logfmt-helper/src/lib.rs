use std::io::Write;
use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;

pub struct Config {
    pub json: bool,
    pub level: log::LevelFilter,
}

impl Config {
    pub fn from_env() -> Self {
        let json = std::env::var("LOG_FORMAT").map(|v| v == "json").unwrap_or(false);
        let level = std::env::var("RUST_LOG")
            .ok()
            .and_then(|v| v.split(',').next().and_then(|l| l.parse().ok()))
            .unwrap_or(log::LevelFilter::Info);
        Config { json, level }
    }
}

struct Logger {
    json: bool,
    tx: Mutex<Sender<String>>,
}

impl log::Log for Logger {
    fn enabled(&self, _: &log::Metadata) -> bool {
        true
    }
    fn log(&self, r: &log::Record) {
        let line = if self.json {
            serde_json::json!({"lvl": r.level().as_str(), "target": r.target(), "msg": r.args().to_string()}).to_string()
        } else {
            format!("lvl={} target={} msg=\"{}\"", r.level(), r.target(), r.args())
        };
        let _ = self.tx.lock().unwrap().send(line);
    }
    fn flush(&self) {}
}

pub fn init(cfg: Config) -> Result<(), log::SetLoggerError> {
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        let out = std::io::stdout();
        for line in rx {
            let mut h = out.lock();
            let _ = writeln!(h, "{}", line);
        }
    });
    log::set_boxed_logger(Box::new(Logger { json: cfg.json, tx: Mutex::new(tx) }))?;
    log::set_max_level(cfg.level);
    eprintln!("logfmt-helper {} ({})", env!("CARGO_PKG_VERSION"), env!("LOGFMT_TARGET"));
    Ok(())
}
