use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=csrc/fastmath.c");
    println!("cargo:rerun-if-changed=csrc/fastmath.h");

    let target = env::var("TARGET").unwrap_or_default();
    let profile = env::var("PROFILE").unwrap_or_else(|_| "debug".into());

    let mut build = cc::Build::new();
    build.file("csrc/fastmath.c").include("csrc").warnings(true);
    if profile == "release" {
        build.opt_level(3);
    }
    if target.contains("x86_64") {
        build.flag_if_supported("-mavx2");
    }
    build.compile("fastmath");

    // Stamp the git revision into the crate for `fastmath_sys::BUILD_REV`.
    let rev = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=FASTMATH_BUILD_REV={rev}");
    println!("cargo:rerun-if-changed=.git/HEAD");
    let _ = env::var("OUT_DIR");
}
