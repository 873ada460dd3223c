use std::{env, fs::File, io::{BufReader, Read}};

fn hash(path: &str) -> std::io::Result<String> {
    let mut r = BufReader::new(File::open(path)?);
    let mut h = blake3::Hasher::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = r.read(&mut buf)?;
        if n == 0 { break; }
        h.update(&buf[..n]);
    }
    Ok(h.finalize().to_hex().to_string())
}

fn main() {
    for p in env::args().skip(1) {
        match hash(&p) {
            Ok(d) => println!("{d}  {p}"),
            Err(e) => eprintln!("{p}: {e}"),
        }
    }
}
