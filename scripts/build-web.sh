#!/usr/bin/env bash
# Builds the browser version into a static folder (default web/dist):
#   tabletop_bg.wasm + tabletop.js (wasm-bindgen's glue) + index.html.
# Serve it with any static file server, e.g.
#   python3 -m http.server 8080 --directory web/dist   # then open http://127.0.0.1:8080/
#
# Installs what it needs itself: the wasm32-unknown-unknown target (rustup),
# wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock (cargo install),
# and wasm-opt: binaryen 132 from npm (pinned in web/package-lock.json), or without
# npm a wasm-opt on PATH of version 120 or newer (Debian 12's 108 breaks the module:
# "WebAssembly.Table.set(): Argument 1 is invalid"). Without either the build still
# works, only bigger. npm's binaryen runs as WebAssembly itself: it takes minutes.
#
# Usage: scripts/build-web.sh [--fast] [OUT_DIR]
#   --fast: skip wasm-opt (it takes minutes): a bigger file, for trying changes out.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
fast=0
if [ "${1:-}" = "--fast" ]; then
    fast=1
    shift
fi
out="${1:-web/dist}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/tabletop-target}"
export CARGO_TERM_COLOR=never
step() { echo "== $* ($(date +%T))"; }

step "rustup target wasm32-unknown-unknown"
rustup target add wasm32-unknown-unknown >/dev/null

# wasm-bindgen-cli must match the wasm-bindgen crate exactly.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
step "wasm-bindgen-cli $version"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
    cargo install wasm-bindgen-cli --version "$version"
fi

wasm_opt=""
if [ "$fast" = 1 ]; then
    echo "(--fast: no wasm-opt)"
elif command -v npm >/dev/null; then
    step "wasm-opt (binaryen, npm)"
    if [ -x web/node_modules/.bin/wasm-opt ] \
        || (cd web && npm ci --no-audit --no-fund --loglevel=error >/dev/null); then
        wasm_opt="$root/web/node_modules/.bin/wasm-opt"
    fi
elif command -v wasm-opt >/dev/null \
    && [ "$(wasm-opt --version | grep -o '[0-9]\+' | head -1)" -ge 120 ]; then
    wasm_opt=$(command -v wasm-opt)
fi
[ -n "$wasm_opt" ] || [ "$fast" = 1 ] || echo "warning: no wasm-opt; the build is not size-optimised beyond opt-level s"

step "cargo build --profile web --target wasm32-unknown-unknown"
cargo build --profile web --target wasm32-unknown-unknown --bin tabletop
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/tabletop.wasm"

step "wasm-bindgen --target web"
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name tabletop "$wasm"

if [ -n "$wasm_opt" ]; then
    step "wasm-opt -Os"
    # The features rustc enables by default for wasm32-unknown-unknown.
    "$wasm_opt" -Os --strip-debug \
        --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-reference-types --enable-multivalue \
        -o "$out/tabletop_bg.wasm.opt" "$out/tabletop_bg.wasm"
    mv "$out/tabletop_bg.wasm.opt" "$out/tabletop_bg.wasm"
fi

cp web/index.html "$out/"
if [ -d assets ]; then cp -r assets "$out/"; fi

raw=$(stat -c %s "$out/tabletop_bg.wasm")
gz=$(gzip -9 -c "$out/tabletop_bg.wasm" | wc -c)
step "done: $out"
echo "tabletop_bg.wasm: $((raw / 1024)) KiB raw, $((gz / 1024)) KiB gzip -9"
echo "serve it: python3 -m http.server 8080 --bind 127.0.0.1 --directory $out"
