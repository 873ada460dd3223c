fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    fastlog_pack::init("info");
    match fastlog_pack::pack::index_sources(&root) {
        Ok(n) => println!("bundle ready ({} indexed entries)", n),
        Err(e) => eprintln!("bundle failed: {e}"),
    }
}
