#!/usr/bin/env bash
# Builds the browser version into a static folder (default web/dist):
#   tabletop_bg.wasm (+ .br and .gz copies) + tabletop.js (wasm-bindgen's glue) +
#   index.html + assets/ + the web app's manifest, icons and service worker (sw.js).
# Serve it with scripts/serve-web.py (it sends the compressed copies), e.g.
#   scripts/serve-web.py web/dist        # then open http://127.0.0.1:8080/
#
# Installs what it needs itself: the wasm32-unknown-unknown target (rustup),
# wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock (cargo install),
# and a native wasm-opt (binaryen 116, the `wasm-opt` crate's command: cargo install,
# once, a few minutes of C++). A wasm-opt of version 116 or newer already on PATH is
# used as it is (Debian 12's 108 breaks the module: "WebAssembly.Table.set():
# Argument 1 is invalid"); without cargo's, npm's binaryen (web/package.json, it runs
# as WebAssembly on one thread: ten minutes) stands in.
#
# Usage: scripts/build-web.sh [--fast] [OUT_DIR]
#   --fast: the `web-fast` profile (no LTO, 16 codegen units) and no wasm-opt: the same
#   code in a bigger file, built in a fraction of the time, for trying changes out and
#   for CI's browser test.
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

profile=web
wasm_opt=""
if [ "$fast" = 1 ]; then
    profile=web-fast
    echo "(--fast: profile web-fast, no wasm-opt)"
else
    step "wasm-opt (binaryen)"
    wasm_opt_version() { "$1" --version 2>/dev/null | grep -o '[0-9]\+' | head -1; }
    if command -v wasm-opt >/dev/null && [ "$(wasm_opt_version wasm-opt)" -ge 116 ]; then
        wasm_opt=$(command -v wasm-opt)
    elif cargo install wasm-opt --version 0.116.1 --locked; then
        wasm_opt="$(dirname "$(command -v cargo)")/wasm-opt"
    elif command -v npm >/dev/null && { [ -x web/node_modules/.bin/wasm-opt ] \
        || (cd web && npm ci --no-audit --no-fund --loglevel=error >/dev/null); }; then
        wasm_opt="$root/web/node_modules/.bin/wasm-opt"
    fi
    if [ -n "$wasm_opt" ]; then
        echo "$wasm_opt: $("$wasm_opt" --version)"
    else
        echo "warning: no wasm-opt; the build is not size-optimised beyond rustc's"
    fi
fi

# With sound: in a browser it is Web Audio, which needs no system package.
step "cargo build --profile $profile --target wasm32-unknown-unknown --features sound"
cargo build --profile "$profile" --target wasm32-unknown-unknown --bin tabletop --features sound
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/$profile/tabletop.wasm"

step "wasm-bindgen --target web"
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name tabletop "$wasm"

if [ -n "$wasm_opt" ]; then
    step "wasm-opt -Oz"
    # The features rustc enables by default for wasm32-unknown-unknown, and SIMD
    # (.cargo/config.toml).
    "$wasm_opt" -Oz --strip-debug \
        --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-reference-types --enable-multivalue --enable-simd \
        -o "$out/tabletop_bg.wasm.opt" "$out/tabletop_bg.wasm"
    mv "$out/tabletop_bg.wasm.opt" "$out/tabletop_bg.wasm"
fi

raw=$(stat -c %s "$out/tabletop_bg.wasm")
# The build's name: the module's hash. It names the module's address (the service
# worker keeps the page's own download of it) and the worker's cache.
build=$(sha256sum "$out/tabletop_bg.wasm" | cut -c1-16)
# The page shows the download's progress against the module's size.
sed -e "s/__WASM_BYTES__/$raw/" -e "s/__BUILD__/$build/" web/index.html > "$out/index.html"
if [ -d assets ]; then cp -r assets "$out/"; fi

# Installable and offline: the manifest, its icons (drawn by a script) and the
# service worker, which keeps every file of the build (web/sw.js).
step "web app manifest, icons, service worker"
cp web/manifest.webmanifest "$out/"
python3 scripts/make-icons.py "$out"
files=$(cd "$out" && { echo index.html; echo tabletop.js; echo "tabletop_bg.wasm?build=$build"; \
    echo manifest.webmanifest; ls icon-*.png; find assets -type f | sort; } |
    sed 's/.*/  "&",/')
{
    sed -n '1,/^const FILES = /p' web/sw.js | sed '$d'
    printf 'const FILES = [\n%s\n];\n' "$files"
    sed -n '/^const FILES = /,$p' web/sw.js | sed '1d'
} | sed "s/__BUILD__/$build/" > "$out/sw.js"

# Compressed copies for the server to send to browsers that take them
# (scripts/serve-web.py does): Brotli (node's zlib; quality 11, or 5 for --fast: 11
# takes minutes on --fast's bigger file; a window of 16 MiB, the largest Brotli's
# format has and every browser decodes, 0.7% smaller than the default 4 MiB) and
# gzip -9.
step "compressing"
brotli_quality=11
if [ "$fast" = 1 ]; then brotli_quality=5; fi
gzip -9 -k -f "$out/tabletop_bg.wasm"
node -e '
const fs = require("fs"), zlib = require("zlib");
const file = process.argv[1], raw = fs.readFileSync(file);
fs.writeFileSync(file + ".br", zlib.brotliCompressSync(raw, { params: {
  [zlib.constants.BROTLI_PARAM_QUALITY]: Number(process.argv[2]),
  [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
' "$out/tabletop_bg.wasm" "$brotli_quality"
gz=$(stat -c %s "$out/tabletop_bg.wasm.gz")
br=$(stat -c %s "$out/tabletop_bg.wasm.br")
step "done: $out"
echo "tabletop_bg.wasm: $raw bytes raw ($((raw / 1024)) KiB), $gz gzip -9 ($((gz / 1024)) KiB), $br brotli ($((br / 1024)) KiB)"
echo "serve it: scripts/serve-web.py $out"
