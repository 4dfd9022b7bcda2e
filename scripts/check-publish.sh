#!/usr/bin/env bash
# Ready to publish: every package mcpwire ships is built, packed and loaded the way a user
# gets it. Idempotent; installs only what is missing (a toolchain at the MSRV when rustc is
# another version, cargo-fuzz, maturin in the Python binding's venv). Run after the binding
# test scripts (scripts/test-all.sh does): it uses the built Node and WASM packages.
#   1. LICENSE-MIT and LICENSE-APACHE (Cargo.toml's "MIT OR Apache-2.0"), in every package.
#   2. The MSRV (workspace `rust-version`): `cargo build --locked` of the whole workspace with
#      that toolchain.
#   3. `cargo publish --dry-run` of mcpwire and mcpwire-cli together. Packaging both in one
#      command (cargo >= 1.90) verifies the CLI against the packaged mcpwire through a
#      temporary local registry, so it does not need mcpwire on crates.io; it needs the
#      crates.io index for the other dependencies. The core's [[example]] (the README's quick
#      start, ../examples) is left out of the package: cargo says so in a warning.
#   4. `cargo doc -p mcpwire --no-deps` with every feature (as docs.rs builds it) and
#      RUSTDOCFLAGS=-D warnings.
#   5. Python: the abi3 wheel and the sdist (maturin), each installed into a fresh venv and
#      imported there; the sdist is built from source by pip, as a platform without a wheel
#      would.
#   6. npm: the two WASM packages packed, installed into fresh projects and loaded
#      (scripts/check-npm-packs.mjs); the Node package's tarball is checked the same way by
#      bindings-node/install.test.mjs in bindings-node/test.sh.
#   7. Each fuzz target in fuzz/ built by `cargo fuzz build` (sanitizer flags need
#      RUSTC_BOOTSTRAP=1 on a stable toolchain), as the fuzzing commands in docs/testing.md
#      run them.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
started=$SECONDS
step() { echo "== check-publish ($((SECONDS - started)) s): $*"; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

step "1. licence files"
grep -qx 'license = "MIT OR Apache-2.0"' Cargo.toml
grep -q 'Permission is hereby granted, free of charge' LICENSE-MIT
grep -q 'Apache License' LICENSE-APACHE && grep -q 'Version 2.0, January 2004' LICENSE-APACHE
for pkg in core cli bindings-python; do
  cmp -s LICENSE-MIT "$pkg/LICENSE-MIT" && cmp -s LICENSE-APACHE "$pkg/LICENSE-APACHE" || {
    echo "check-publish: $pkg lacks the licence files" >&2
    exit 1
  }
done

step "2. MSRV: cargo build --locked of the workspace"
msrv="$(awk -F'"' '/^rust-version = / { print $2; exit }' Cargo.toml)"
have="$(rustc --version | awk '{ print $2 }')"
toolchain=()
case "$have" in
  "$msrv" | "$msrv".*) ;;
  *)
    rustup toolchain list | grep -q "^$msrv" || rustup toolchain install "$msrv" --profile minimal
    toolchain=("+$msrv")
    ;;
esac
echo "rust-version $msrv, building with rustc $(rustc "${toolchain[@]}" --version | awk '{ print $2 }')"
cargo "${toolchain[@]}" build --locked --workspace

step "3. cargo publish --dry-run -p mcpwire -p mcpwire-cli"
cargo publish --dry-run --locked --allow-dirty -p mcpwire -p mcpwire-cli

step "4. cargo doc -p mcpwire --no-deps --all-features, -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --locked -p mcpwire --no-deps --all-features

step "5. Python wheel and sdist, each in a fresh venv"
venv="$root/bindings-python/.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
maturin_pin="$(grep -E '^maturin==' bindings-python/requirements-test.txt)"
if [ "$("$venv/bin/maturin" --version 2>/dev/null | awk '{ print $2 }')" != "${maturin_pin#maturin==}" ]; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "$maturin_pin"
fi
# The wheel as bindings-python/test.sh builds it (so its build is reused); the sdist apart
# (`build --sdist` would compile the wheel again from the unpacked sdist).
"$venv/bin/maturin" build --release -m bindings-python/Cargo.toml --interpreter "$venv/bin/python" \
  --out "$tmp/dist"
"$venv/bin/maturin" sdist -m bindings-python/Cargo.toml --out "$tmp/dist"
cat > "$tmp/smoke.py" <<'PY'
import mcpwire
msg = mcpwire.decode(b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
assert msg == {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, msg
try:
    mcpwire.decode(b"[]")
    raise AssertionError("no DecodeError")
except mcpwire.DecodeError as e:
    assert e.kind == "not_an_object", e.kind
assert len(mcpwire.validate({"type": "string"}, 5)) == 1
print("smoke ok", mcpwire.__file__)
PY
for kind in whl tar.gz; do
  python3 -m venv "$tmp/venv-$kind"
  # pip builds the sdist through maturin (build isolation). With the shared target dir cargo
  # finds the crates built above fresh when the unpacked sdist holds every file their build
  # read (it checks each file of their dep-info); a file missing from the sdist makes it
  # rebuild, and fail.
  CARGO_TARGET_DIR="$root/target" "$tmp/venv-$kind/bin/python" -m pip install -q \
    --disable-pip-version-check "$tmp"/dist/mcpwire-*."$kind"
  (cd "$tmp" && "$tmp/venv-$kind/bin/python" smoke.py)
done

step "6. npm pack of the WASM packages, installed and loaded"
node scripts/check-npm-packs.mjs

step "7. fuzz targets built (cargo fuzz build)"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
(cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz build)
for target in $(awk -F'"' '/^name = / && $2 != "mcpwire-fuzz" { print $2 }' fuzz/Cargo.toml); do
  ls fuzz/target/*/release/"$target" >/dev/null
done

step "done"
