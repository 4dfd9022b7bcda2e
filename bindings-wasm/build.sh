#!/usr/bin/env bash
# Builds mcpwire's WASM binding into pkg/web (--target web, ESM, self-initialising) and
# pkg/node (--target nodejs, CommonJS + an ESM entry), each with .d.ts files and a
# package.json.
#
# pkg/node is one module with everything. pkg/web is two, so that a page's first load stays
# small (at most 250,000 bytes gzip -9, checked by browser/size.test.mjs): mcpwire_wasm (the
# codec, sessions and transports; the binding without its `schema` feature, built apart in
# target/wasm-first) is what index.js loads; mcpwire_schema (the whole binding, the same
# wasm as pkg/node's) is fetched by `ready()`, for the JSON Schema functions and the host kit.
#
# Works from any cwd. Installs nothing globally beyond what the README's cargo and rustup
# steps do: the wasm32 target and wasm-bindgen-cli at the exact version in Cargo.lock
# (skipped when already there).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# Size/speed trade-off, chosen by measurement (see the report in the commit log): opt-level
# "s" with fat LTO, one codegen unit and panic=abort, except the core crate and this binding
# (with its engine-agnostic half, bindings-js) at opt-level 3 (their checks run 1.6x faster
# in V8 than at "s", for +7% size; the rest, mostly the regex engine of the schema validator,
# stays "s"). Only this wasm32 build sees these settings (environment and --config overrides
# of the release profile, not edits of Cargo.toml).
export CARGO_PROFILE_RELEASE_OPT_LEVEL="${MCPWIRE_WASM_OPT_LEVEL:-s}"
core_opt="${MCPWIRE_WASM_CORE_OPT_LEVEL:-3}"
case "$core_opt" in [sz]) core_opt="\"$core_opt\"" ;; esac
export CARGO_PROFILE_RELEASE_LTO=fat
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_PROFILE_RELEASE_PANIC=abort
export CARGO_PROFILE_RELEASE_DEBUG=0
export CARGO_PROFILE_RELEASE_STRIP=none
# WebAssembly SIMD (simd128; every browser since 2021-2023, Node 16.4 on): core's string scans
# and UTF-8 check run in vector code (json/scan_simd128.rs). MCPWIRE_WASM_SIMD=0 builds
# without it. RUSTFLAGS reach only the wasm32 artifacts here (--target: build scripts and
# proc macros are built without them).
if [ "${MCPWIRE_WASM_SIMD:-1}" != 0 ]; then
  export RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+simd128"
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "build.sh: rustup target add wasm32-unknown-unknown" >&2
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must match the wasm-bindgen crate version in Cargo.lock exactly.
want="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")"
if [ -z "$want" ]; then
  echo "build.sh: no wasm-bindgen in $root/Cargo.lock" >&2
  exit 1
fi
have="$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)"
if [ "$have" != "$want" ]; then
  echo "build.sh: installing wasm-bindgen-cli $want (found: ${have:-none}); this takes a few minutes" >&2
  # Not --locked: one of its pinned dependencies is not served by the registry mirror.
  cargo install wasm-bindgen-cli --version "=$want"
fi

target_dir="${CARGO_TARGET_DIR:-$root/target}"
build() {
  cargo build --manifest-path "$root/Cargo.toml" -p mcpwire-wasm --target wasm32-unknown-unknown --release \
    --config "profile.release.package.mcpwire.opt-level=$core_opt" \
    --config "profile.release.package.mcpwire-wasm.opt-level=$core_opt" \
    --config "profile.release.package.mcpwire-js.opt-level=$core_opt" "$@"
}
build
wasm="$target_dir/wasm32-unknown-unknown/release/mcpwire_wasm.wasm"
# The web package's first module: without the schema feature, and with LLVM's inline threshold
# at 50 (opt-level 3 inlines up to 250): 222 KB instead of 253 KB gzip, for decode 2-12%
# slower than the full build's in Chromium under 200 bytes and no slower from 17 KB, where
# opt-level "s" is 1.3-7x slower (BENCHMARKS.md). Its own target folder: other RUSTFLAGS
# would rebuild the full one's every time.
first_target="$target_dir/wasm-first"
RUSTFLAGS="${RUSTFLAGS:-} -C llvm-args=-inline-threshold=${MCPWIRE_WASM_FIRST_INLINE:-50}" \
  CARGO_TARGET_DIR="$first_target" build --no-default-features
first_wasm="$first_target/wasm32-unknown-unknown/release/mcpwire_wasm.wasm"

version="$(awk -F'"' '/^version = / { print $2; exit }' "$root/Cargo.toml")"

rm -rf "$here/pkg/web" "$here/pkg/node"
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$here/pkg/web" --out-name mcpwire_wasm "$first_wasm"
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$here/pkg/web" --out-name mcpwire_schema "$wasm"
wasm-bindgen --target nodejs --remove-name-section --remove-producers-section --out-dir "$here/pkg/node" --out-name mcpwire_wasm "$wasm"

# The package entries (index.js, index.mjs for Node, index.d.ts) come from the template the
# Node binding's entry is written from too (bindings-node/js/entry.js, entry.d.ts), as do the
# data shapes (types.d.ts).
for flavor in web node; do
  cp "$root/bindings-node/types.d.ts" "$here/pkg/$flavor/"
  node "$root/bindings-node/js/build.mjs" "wasm-$flavor" "$here/pkg/$flavor"
done

node - "$here/pkg" "$version" <<'JS'
const fs = require('fs')
const [dir, version] = process.argv.slice(2)
const common = {
  name: 'mcpwire-wasm',
  version,
  description: 'WebAssembly binding of mcpwire: strict decoding, canonical encoding and classification of Model Context Protocol tool messages',
  license: 'MIT OR Apache-2.0',
  types: 'index.d.ts',
  sideEffects: false,
}
const web = {
  ...common,
  type: 'module',
  main: 'index.js',
  exports: { '.': { types: './index.d.ts', default: './index.js' }, './package.json': './package.json' },
  files: [
    'index.js', 'index.d.ts', 'types.d.ts',
    'mcpwire_wasm.js', 'mcpwire_wasm.d.ts', 'mcpwire_wasm_bg.wasm', 'mcpwire_wasm_bg.wasm.d.ts',
    'mcpwire_schema.js', 'mcpwire_schema.d.ts', 'mcpwire_schema_bg.wasm', 'mcpwire_schema_bg.wasm.d.ts',
  ],
  sideEffects: ['./index.js'],
}
const node = {
  ...common,
  main: 'index.js',
  exports: {
    '.': { types: './index.d.ts', import: './index.mjs', require: './index.js' },
    './package.json': './package.json',
  },
  files: ['index.js', 'index.mjs', 'index.d.ts', 'types.d.ts', 'mcpwire_wasm.js', 'mcpwire_wasm.d.ts', 'mcpwire_wasm_bg.wasm', 'mcpwire_wasm_bg.wasm.d.ts'],
}
fs.writeFileSync(`${dir}/web/package.json`, JSON.stringify(web, null, 2) + '\n')
fs.writeFileSync(`${dir}/node/package.json`, JSON.stringify(node, null, 2) + '\n')
JS

# The first load of a page: the entry, the first module's glue and its wasm.
sizes() {
  local raw=0 gz=0 f
  for f in "$@"; do
    raw=$((raw + $(wc -c < "$here/pkg/web/$f")))
    gz=$((gz + $(gzip -9 -c "$here/pkg/web/$f" | wc -c)))
  done
  echo "$raw bytes raw, $gz bytes gzip -9"
}
echo "build.sh: pkg/web and pkg/node built (opt-level $CARGO_PROFILE_RELEASE_OPT_LEVEL, core and binding $core_opt, simd128 ${MCPWIRE_WASM_SIMD:-1})"
echo "build.sh: web first load (index.js, mcpwire_wasm.js, mcpwire_wasm_bg.wasm): $(sizes index.js mcpwire_wasm.js mcpwire_wasm_bg.wasm); mcpwire_wasm_bg.wasm alone $(sizes mcpwire_wasm_bg.wasm)"
echo "build.sh: web second module (mcpwire_schema.js, mcpwire_schema_bg.wasm, on ready()): $(sizes mcpwire_schema.js mcpwire_schema_bg.wasm); pkg/node's mcpwire_wasm_bg.wasm: $(wc -c < "$here/pkg/node/mcpwire_wasm_bg.wasm") bytes raw"
