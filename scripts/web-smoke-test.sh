#!/usr/bin/env bash
# The browser smoke test: builds the web version (scripts/build-web.sh), serves it on
# localhost, and plays it in headless Chromium (Debian's chromium, WebGL2 through
# SwiftShader) driven by Playwright (web/smoke-test.mjs): the menu, a Gomoku game
# against AI level 1 started by clicks, a stone placed by a click and the AI's reply,
# the game saved (a download) and loaded back (the file picker), and one move against
# AI level 5 with the frame times while it thought. Screenshots go to web/smoke/.
# It fails if the canvas stays blank, the page logs a panic or an uncaught error, or
# an AI reply does not come.
#
# Usage: scripts/web-smoke-test.sh            (SKIP_BUILD=1 reuses web/dist)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    scripts/build-web.sh web/dist
fi
[ -f web/dist/tabletop_bg.wasm ] || { echo "no web build in web/dist" >&2; exit 1; }

if ! command -v chromium >/dev/null; then
    echo "== installing Debian's chromium"
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium >/dev/null
fi
if [ ! -d web/node_modules/playwright-core ]; then
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

port="${PORT:-8917}"
python3 -m http.server "$port" --bind 127.0.0.1 --directory web/dist >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null && break
    sleep 0.1
done

node web/smoke-test.mjs "http://127.0.0.1:$port/" web/smoke
