#!/usr/bin/env bash
# The browser smoke test: builds the web version (scripts/build-web.sh), serves it on
# localhost (scripts/serve-web.py, compressed as a player gets it), and plays it in
# headless Chromium (Debian's chromium, WebGL2 through SwiftShader) driven by Playwright
# (web/smoke-test.mjs): the menu, a Gomoku game against AI level 1 started by clicks,
# a stone placed by a click and the AI's reply, undo and redo by keys, the save (a
# download) loaded back (the file picker), a move and the AI's reply in Tic-tac-toe
# and in Knucklebones, and a few moves of AI 5 against AI 5 with the frame times
# while it thought. Clicks and keys last frames of the game, not fixed times, so a
# slow machine only makes it slower. It prints the time from opening the page to the
# menu. Screenshots go to web/smoke/.
# It fails if the canvas stays blank, the page logs a panic or an uncaught error, a
# game does not start, or an AI reply does not come.
#
# Usage: scripts/web-smoke-test.sh [--fast]   (--fast: build-web.sh --fast, as CI does;
#                                              SKIP_BUILD=1 reuses web/dist)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    scripts/build-web.sh ${1:+"$1"} web/dist
fi
[ -f web/dist/tabletop_bg.wasm ] || { echo "no web build in web/dist" >&2; exit 1; }

if ! command -v chromium >/dev/null; then
    echo "== installing Debian's chromium"
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null; then
    echo "no node: the smoke test needs Node.js and npm" >&2
    exit 1
fi
if [ ! -d web/node_modules/playwright-core ]; then
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

port="${PORT:-8917}"
python3 scripts/serve-web.py web/dist --port "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null && break
    sleep 0.1
done

node web/smoke-test.mjs "http://127.0.0.1:$port/" web/smoke
