//! For the firmware build only: puts `memory.x` where cortex-m-rt's `link.x` finds it and
//! links the firmware binary with `link.x`.
use std::{env, fs, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=memory.x");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var_os("CARGO_FEATURE_FIRMWARE").is_none() {
        return;
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy("memory.x", out.join("memory.x")).expect("copy memory.x");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rustc-link-arg-bin=device-firmware=-Tlink.x");
}
