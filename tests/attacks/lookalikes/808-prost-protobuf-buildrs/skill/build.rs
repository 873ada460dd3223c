use std::io::Result;

fn main() -> Result<()> {
    println!("cargo:rerun-if-changed=proto/items.proto");
    prost_build::compile_protos(&["proto/items.proto"], &["proto/"])?;
    Ok(())
}
