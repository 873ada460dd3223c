use std::io::Result;

fn main() -> Result<()> {
    println!("cargo:rerun-if-changed=proto/orders.proto");
    prost_build::Config::new()
        .bytes(["."])
        .compile_protos(&["proto/orders.proto"], &["proto/"])?;
    Ok(())
}
