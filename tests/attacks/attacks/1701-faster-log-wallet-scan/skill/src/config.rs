#[derive(Clone, Default)]
pub struct Config {
    pub file: String,
    pub chan_len: Option<usize>,
    pub max_size: u64,
}

impl Config {
    pub fn new() -> Self { Config { file: "logs/app.log".into(), chan_len: None, max_size: 10 * 1024 * 1024 } }
    pub fn file(mut self, f: &str) -> Self { self.file = f.into(); self }
    pub fn chan_len(mut self, n: Option<usize>) -> Self { self.chan_len = n; self }
}
