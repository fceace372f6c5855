#!/usr/bin/env bash
# The browser smoke test: builds the web version (scripts/build-web.sh), serves it on
# localhost (scripts/serve-web.py, compressed as a player gets it), and plays it in
# headless Chromium (Debian's chromium, WebGL2 through SwiftShader) driven by Playwright
# (web/smoke-test.mjs): the menu, a Gomoku game against AI level 1 started by clicks,
# a stone placed by a click and the AI's reply, undo and redo by keys, the save (a
# download) loaded back (the file picker), a move and the AI's reply in Tic-tac-toe
# and in Knucklebones, a few moves of AI 5 against AI 5 with the frame times while
# it thought, and an online game of Connect Four through tabletop-server (the page
# against a client of the script's own). Clicks and keys last frames of the game, not fixed times, so a
# slow machine only makes it slower. It prints the time from opening the page to the
# menu. Screenshots go to web/smoke/.
# It fails if the canvas stays blank, the page logs a panic or an uncaught error, a
# game does not start, or an AI reply does not come.
#
# Usage: scripts/web-smoke-test.sh [--fast]   (--fast: build-web.sh --fast, as CI does;
#                                              SKIP_BUILD=1 reuses web/dist)
set -euo pipefail
cd "$(dirname "$0")/.."
# The one target directory the scripts and CI share (a clone's own target/ would be a
# second full build of the server, gigabytes).
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/tabletop-target}"

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
# The online game goes through the game server, which serves the page as well.
online_port="$((port + 1))"
online_data="$(mktemp -d)"
cargo build -q --bin tabletop-server
"$CARGO_TARGET_DIR/debug/tabletop-server" --listen "127.0.0.1:$online_port" \
    --data "$online_data" --web web/dist >/dev/null 2>&1 &
online_server=$!
trap 'kill $server $online_server 2>/dev/null || true; rm -rf "$online_data"' EXIT
for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null && break
    sleep 0.1
done

for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$online_port/healthz" >/dev/null && break
    sleep 0.1
done

# Node 20 has its WebSocket client behind a flag (22 has it by default).
websocket=""
node -e 'typeof WebSocket === "undefined" && process.exit(1)' || websocket="--experimental-websocket"
ONLINE_URL="http://127.0.0.1:$online_port/" \
    node $websocket web/smoke-test.mjs "http://127.0.0.1:$port/" web/smoke
