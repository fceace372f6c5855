// The browser smoke test (run by scripts/web-smoke-test.sh, which builds and serves
// the page): plays the web build in headless Chromium as a person would, by clicks
// and keys timed by the game's own frames, and reads what happened from the game's
// log in the console.
//
//   node web/smoke-test.mjs http://127.0.0.1:8917/ web/smoke
//
// Fails (exit 1) on a blank canvas, a page that shows no download progress, a game
// that does not start, an AI reply that does not come, or a panic or uncaught error
// on the page. Prints the time to the menu and, over a few moves of AI 5 against
// AI 5, the search's nodes/s, the frame times and the longest task on the page's
// thread while the AI thought.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [url, shots = "web/smoke"] = process.argv.slice(2);
if (!url) {
  console.error("usage: node web/smoke-test.mjs URL [SCREENSHOT_DIR]");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
// A failure.png from an earlier run would read as this run's.
rmSync(join(shots, "failure.png"), { force: true });

// Where the widgets are in a 1280x800 page: egui lays the menu out the same way
// every time, but a change to the menu or its fonts moves them (a click that misses
// shows up as a missing log line below, with failure.png to measure them again).
const VIEW = { width: 1280, height: 800 };
const MENU = {
  gomokuTab: { x: 87, y: 100 },
  secondSeatAi: { x: 196, y: 356 },
  // White's level slider: its handle (at level 3), dragged to the left end, level 1.
  levelHandle: { x: 290, y: 356 },
  levelOne: { x: 228, y: 356 },
  start: { x: 88, y: 604 },
};
const HUD = { save: { x: 74, y: 568 }, load: { x: 146, y: 568 } };
// h8, the centre point of the framed 15x15 board: the view's centre, moved right by
// half the HUD's width (the board is framed beside the HUD).
const BOARD_CENTRE = { x: 836, y: 380 };

const problems = [];
// Pointer presses by kind (mouse, touch, pen), on every page.
const presses = {};
const log = [];
let started = performance.now();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--ignore-gpu-blocklist",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
// In English whatever the machine speaks: the clicks below are measured on the English menu.
let page = await browser.newPage({ viewport: VIEW, acceptDownloads: true, locale: "en-US" });
await watch(page);

/** Everything the test reads from a page: in the page, before the game starts, the
 *  time of every move and AI answer the game logs (on the page's clock), every task
 *  over 50 ms on its thread, and every pointer press with its kind (a phone's run
 *  fails on a mouse press); here, its console and its errors. */
async function watch(page) {
  await page.addInitScript(() => {
    window.__marks = [];
    for (const level of ["log", "info", "warn", "error", "debug"]) {
      const original = console[level];
      console[level] = function (...args) {
        const text = String(args[0] ?? "");
        if (/AI \d chose|move \d+:/.test(text)) window.__marks.push([performance.now(), text]);
        return original.apply(this, args);
      };
    }
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) window.__long.push([task.startTime, task.duration]);
    }).observe({ type: "longtask", buffered: true });
    // What the game takes for a mouse button (winit reads pointer events): a
    // pointer press of kind "mouse". Counted here, across the page's loads.
    window.addEventListener("pointerdown", (event) => window.__press?.(event.pointerType), {
      capture: true,
    });
  });
  await page.exposeBinding("__press", (_, kind) => {
    presses[kind] = (presses[kind] ?? 0) + 1;
  });
  page.on("console", (message) => {
    // Bevy's log lines come styled: drop the %c markers and their CSS.
    const text = message.text().replace(/%c/g, "").replace(/\s+color: [^]*$/, "");
    log.push({ at: performance.now(), text });
    if (process.env.VERBOSE) console.log(`  [console] ${text}`);
    if (text.includes("panicked")) problems.push(`panic: ${text}`);
  });
  page.on("pageerror", (error) => {
    // winit hands the event loop to the browser by throwing this on purpose.
    if (!String(error).includes("Using exceptions for control flow")) {
      problems.push(`uncaught error: ${error}`);
    }
  });
}

/** Waits for a console line matching `pattern` logged after `since`. */
async function waitForLog(pattern, what, timeoutMs, since = 0) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const hit = log.find((line) => line.at >= since && pattern.test(line.text));
    if (hit) return hit;
    if (problems.length > 0) await fail(`${what}: ${problems.join("; ")}`);
    if (performance.now() > deadline) await fail(`${what}: nothing in ${timeoutMs / 1000} s`);
    await page.waitForTimeout(100);
  }
}

async function fail(why) {
  console.error(`FAIL: ${why}`);
  await page.screenshot({ path: join(shots, "failure.png") }).catch(() => {});
  writeFileSync(join(shots, "console.log"), log.map((l) => l.text).join("\n"));
  await browser.close();
  process.exit(1);
}

/** A screenshot, which must not be blank: the number of colours on a sample grid. */
async function shot(name) {
  const png = await page.screenshot({ path: join(shots, `${name}.png`) });
  const colours = await page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length; i += 4 * 61) {
      seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    }
    return seen.size;
  }, png.toString("base64"));
  console.log(`  ${name}.png: ${colours} colours`);
  if (colours < 16) await fail(`${name}.png is blank (${colours} colours)`);
}

/** The frames the game has drawn (it counts them into `window.tabletopFrames`). */
async function frames() {
  return page.evaluate(() => window.tabletopFrames ?? 0);
}

/** Waits until the game has drawn `count` more frames: what a click or a key must last
 *  to be seen, whatever a frame takes (under SwiftShader, up to a second or more). */
async function waitFrames(count, timeoutMs = 30_000) {
  const deadline = performance.now() + timeoutMs;
  let last = await frames();
  let drawn = 0;
  while (drawn < count) {
    if (problems.length > 0) await fail(problems.join("; "));
    if (performance.now() > deadline) await fail(`the game drew no frame in ${timeoutMs / 1000} s`);
    await page.waitForTimeout(20);
    const now = await frames();
    // A new page counts from 0 again.
    drawn += now >= last ? now - last : now;
    last = now;
  }
}

/** A drag as the game sees one: press, move over several frames, release. */
async function drag(from, to, what) {
  await page.mouse.move(from.x, from.y);
  await waitFrames(2);
  await page.mouse.down();
  await waitFrames(1);
  for (let step = 1; step <= 5; step++) {
    const x = from.x + ((to.x - from.x) * step) / 5;
    const y = from.y + ((to.y - from.y) * step) / 5;
    await page.mouse.move(x, y);
    await waitFrames(1);
  }
  await page.mouse.up();
  console.log(`  dragged ${what} from ${from.x},${from.y} to ${to.x},${to.y}`);
  await waitFrames(2);
}

/** A click as the game sees one: the pointer rests over the widget for two frames
 *  (so it is hovered), the button is held over one frame boundary, and the click has
 *  two frames to take effect. No fixed sleeps: a frame may take a second. */
async function click(point, what) {
  await page.mouse.move(point.x, point.y);
  await waitFrames(2);
  await page.mouse.down();
  await waitFrames(1);
  await page.mouse.up();
  console.log(`  clicked ${what} at ${point.x},${point.y}`);
  await waitFrames(2);
}

/** A key (with Control, if asked) held over a frame boundary, as a person's is. */
async function press(key, { control = false } = {}) {
  if (control) {
    await page.keyboard.down("Control");
    await waitFrames(1);
  }
  await page.keyboard.down(key);
  await waitFrames(1);
  await page.keyboard.up(key);
  if (control) await page.keyboard.up("Control");
  await waitFrames(2);
}

// 1. The menu, over a network of 40 Mbit/s (as a person's would be; localhost would
//    download the module too fast to see the page's progress): what the loading
//    overlay showed, and the time from opening the page to the menu.
const network = await page.context().newCDPSession(page);
await network.send("Network.enable");
await network.send("Network.emulateNetworkConditions", {
  offline: false,
  latency: 20,
  downloadThroughput: 5_000_000,
  uploadThroughput: 5_000_000,
});
started = performance.now();
await page.goto(`${url}?frame-times`, { waitUntil: "commit" });
const overlay = [];
let menu;
while (!(menu = log.find((line) => /menu on screen/.test(line.text)))) {
  if (problems.length > 0) await fail(`the menu: ${problems.join("; ")}`);
  if (performance.now() - started > 180_000) await fail("the menu: nothing in 180 s");
  const text = await page
    .evaluate(() => document.getElementById("loading")?.innerText.replace(/\s+/g, " "))
    .catch(() => undefined);
  if (text && text !== overlay.at(-1)) overlay.push(text);
  await page.waitForTimeout(50);
}
await network.send("Network.emulateNetworkConditions", {
  offline: false,
  latency: 0,
  downloadThroughput: -1,
  uploadThroughput: -1,
});
const toMenu = (menu.at - started) / 1000;
const progress = overlay.filter((text) => / of [\d.]+ MB/.test(text));
console.log(`loading overlay: ${overlay.length} states, e.g. ${JSON.stringify([overlay[0], progress[Math.floor(progress.length / 2)], overlay.at(-1)])}`);
if (progress.length < 2) await fail(`the page showed no download progress: ${JSON.stringify(overlay)}`);
console.log(`menu on screen ${toMenu.toFixed(1)} s after the page was opened (at 40 Mbit/s)`);
await waitFrames(3);
await shot("1-menu");

// 2. Gomoku against AI level 1, by clicks in the menu.
await click(MENU.gomokuTab, "Gomoku");
await click(MENU.secondSeatAi, "White: AI");
await drag(MENU.levelHandle, MENU.levelOne, "White's level to 1");
await shot("2-menu-set");
await click(MENU.start, "Start");
await waitForLog(/Gomoku on the table .*White \(AI 1\)/, "a Gomoku game against AI 1", 20_000);
await waitFrames(2);
await shot("3-board");

// 3. A stone, and the AI's reply.
let since = performance.now();
await click(BOARD_CENTRE, "the board's centre");
const mine = await waitForLog(/move 1: Black/, "the stone placed by the click", 20_000, since);
console.log(`placed: ${mine.text.replace(/.*move/, "move")}`);
const reply = await waitForLog(/move 2: White/, "the AI's reply", 30_000, since);
console.log(`AI 1 replied: ${reply.text.replace(/.*move/, "move")}`);
await waitFrames(2);
await shot("4-ai-replied");

// Keys the browser would take for itself reach the game: Ctrl+Z takes back the
// AI's reply and the stone, Ctrl+Y plays them again.
for (const [key, expect] of [
  ["z", /1 undo and 0 redo requests: 0 moves/],
  ["y", /0 undo and 1 redo requests: 2 moves/],
]) {
  since = performance.now();
  await press(key, { control: true });
  const done = await waitForLog(expect, `Ctrl+${key.toUpperCase()} (undo/redo)`, 15_000, since);
  console.log(`pressed Ctrl+${key.toUpperCase()}: ${done.text.replace(/^.*?(\d+ undo)/, "$1")}`);
}
// The free camera: right mouse button held, the pointer moved: the view turns.
await page.mouse.move(900, 600);
await waitFrames(1);
await page.mouse.down({ button: "right" });
for (let step = 1; step <= 6; step++) {
  await page.mouse.move(900 + step * 25, 600 - step * 8);
  await waitFrames(1);
}
await page.mouse.up({ button: "right" });
await waitFrames(2);
await shot("4b-camera-turned");

// 4. Save (a download) and load it back (the file picker), then a bad file.
/** Clicks `point` until the page raises `event` (a download, a file picker). The game
 *  raises it in the frame that sees the click, a few slow frames later; a click in a
 *  frame that came too late for the browser (it opens pickers only within 5 s of a
 *  person's click) is tried again. */
async function clickFor(event, point, what) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const [raised] = await Promise.all([
      page.waitForEvent(event, { timeout: 30_000 }).catch(() => null),
      click(point, attempt === 1 ? what : `${what} (again)`),
    ]);
    if (raised) return raised;
  }
  return null;
}

const download = await clickFor("download", HUD.save, "Save");
if (!download) await fail("Save started no download");
const saved = join(shots, "saved-game.txt");
await download.saveAs(saved);
const text = readFileSync(saved, "utf8");
console.log(`Save downloaded ${download.suggestedFilename()}: ${JSON.stringify(text)}`);
if (!/game gomoku/.test(text) || !/moves \w+ \w+/.test(text)) {
  await fail("the downloaded game is not the game on the table");
}
for (const [file, expect] of [
  [saved, /Loaded saved-game.txt \(2 moves\)/],
  [join(shots, "bad-game.txt"), /load failed: bad-game.txt: .*h8 is already taken/],
]) {
  if (file.endsWith("bad-game.txt")) {
    writeFileSync(file, "game gomoku\nsize 15x15\nrule freestyle\nblack human\nwhite ai:1\nmoves h8 h8\n");
  }
  since = performance.now();
  const chooser = await clickFor("filechooser", HUD.load, "Load…");
  if (!chooser) await fail("Load opened no file picker");
  await chooser.setFiles(file);
  const loaded = await waitForLog(expect, `loading ${file}`, 10_000, since);
  console.log(`picked ${file}: ${loaded.text.replace(/^.*?(Loaded|load failed)/, "$1")}`);
}
await waitFrames(2);
await shot("5-loaded");

// 5b. A review (R) of a loaded 12-move game: every position searched in the page's
//     thread, in slices; the app logs the longest stretch a search held the thread.
{
  const file = join(shots, "review-game.txt");
  writeFileSync(
    file,
    "game gomoku\nsize 15x15\nrule freestyle\nblack human\nwhite human\n" +
      "moves h8 i9 h9 h10 g8 j8 i7 f9 g7 g6 f7 e7\n",
  );
  since = performance.now();
  const chooser = await clickFor("filechooser", HUD.load, "Load…");
  if (!chooser) await fail("Load opened no file picker");
  await chooser.setFiles(file);
  await waitForLog(/Loaded review-game.txt \(12 moves\)/, "loading the game to review", 10_000, since);
  since = performance.now();
  await press("r");
  await waitForLog(/review of 12 moves started/, "the review's start (R)", 15_000, since);
  const done = await waitForLog(/review done/, "the review of 12 moves", 240_000, since);
  const took = ((done.at - since) / 1000).toFixed(1);
  const held = Number(/at most (\d+) ms without a pause/.exec(done.text)?.[1] ?? 0);
  console.log(`review: ${done.text.replace(/^.*review done/, "done")} in ${took} s`);
  console.log(`  longest stretch of review work without a pause: ${held} ms`);
  if (held >= 50) await fail(`a review search held the page's thread ${held} ms at once`);
  await waitFrames(2);
  await shot("5b-reviewed");
}

// 5. Tic-tac-toe and Knucklebones against AI 1, each started from the address: a move
//    by a person (a click on the centre cell; key 2, the middle column) and the AI's
//    reply.
for (const game of [
  {
    query: "game=tictactoe&x=human&o=ai:1",
    table: /Tic-tac-toe on the table .*X \(you\) against O \(AI 1\)/,
    play: () => click(BOARD_CENTRE, "the centre cell"),
    mine: /move 1: X b2/,
    reply: /move 2: O/,
    shot: "6-tictactoe",
  },
  {
    query: "game=knucklebones&p1=human&p2=ai:1&seed=42",
    table: /Knucklebones on the table .*Player 1 \(you\) against Player 2 \(AI 1\)/,
    play: () => press("2"),
    mine: /move 1: Player 1 2/,
    reply: /move 2: Player 2/,
    shot: "7-knucklebones",
  },
]) {
  since = performance.now();
  await page.goto(`${url}?${game.query}`);
  const table = await waitForLog(game.table, game.query, 180_000, since);
  console.log(`${table.text.replace(/^.*?(\S+ on the table)/, "$1")}`);
  await waitFrames(3);
  await game.play();
  const mine = await waitForLog(game.mine, `${game.query}: the person's move`, 20_000, since);
  const reply = await waitForLog(game.reply, `${game.query}: the AI's reply`, 30_000, since);
  console.log(`  ${mine.text.replace(/.*move/, "move")}, ${reply.text.replace(/.*move/, "move")}`);
  await waitFrames(2);
  await shot(game.shot);
}

// 6. AI 5 against AI 5 (started from the address) for a few moves: how the page keeps
//    going while the AI thinks. The app logs its frame times ("frames while the AI
//    thought" per move: frames wholly inside a think); the page records every task
//    over 50 ms on its thread (the Long Tasks API), which is what a search that did
//    not yield would show up as.
//    In a smaller page: SwiftShader draws on the CPU, and at 1280x800 a frame takes
//    about a second even with nothing else to do, longer than most thinks.
await page.setViewportSize({ width: 640, height: 400 });
await page.goto(`${url}?black=ai:5&white=ai:5&frame-times`);
await waitForLog(/Gomoku on the table .*Black \(AI 5\) against White \(AI 5\)/, "AI 5 vs AI 5", 180_000, 0);
await waitForLog(/move 8: White/, "eight moves of AI 5 vs AI 5", 120_000, 0);
await waitFrames(2);
await shot("8-ai5-vs-ai5");
const timeline = await page.evaluate(() => ({ marks: window.__marks, long: window.__long }));
let thinkMs = 0;
let nodes = 0;
let leftToPage = 0;
let longest = { duration: 0, start: 0 };
let longestStretch = 0;
const thinks = [];
for (const [at, text] of timeline.marks) {
  const chose = /AI 5 chose \w+ in ([\d.]+) s/.exec(text);
  if (!chose) continue;
  const from = at - Number(chose[1]) * 1000;
  thinks.push(text.replace(/%c/g, "").replace(/\s+color: [^]*$/, "").replace(/^.*AI 5 chose/, "chose"));
  longestStretch = Math.max(longestStretch, Number(/at most (\d+) ms without/.exec(text)?.[1] ?? 0));
  thinkMs += at - from;
  nodes += Number(/(\d+) nodes/.exec(text)?.[1] ?? 0);
  leftToPage += Number(/([\d.]+) s of it left to the page/.exec(text)?.[1] ?? 0) * 1000;
  for (const [start, duration] of timeline.long) {
    if (start < at && start + duration > from && duration > longest.duration) {
      longest = { duration, start };
    }
  }
}
for (const think of thinks) console.log(`  AI 5 ${think}`);
const frameLines = log.filter((l) => /frames while the AI thought/.test(l.text)).map((l) => l.text);
const maxFrame = Math.max(...frameLines.map((t) => Number(/max ([\d.]+) ms/.exec(t)?.[1] ?? 0)));
const report = log.filter((l) => /frame times: idle/.test(l.text)).pop();
console.log(`AI 5 thought ${(thinkMs / 1000).toFixed(1)} s over ${thinks.length} moves`);
// The module's speed: the search's nodes per second of its own work (the pauses left
// to the page taken out).
const working = (thinkMs - leftToPage) / 1000;
console.log(`  ${nodes} nodes in ${working.toFixed(1)} s of search: ${Math.round(nodes / working)} nodes/s`);
console.log(`  longest stretch of AI work without a pause: ${longestStretch} ms`);
console.log(`  longest frame wholly inside a think: ${maxFrame.toFixed(0)} ms`);
console.log(`  ${report ? report.text.replace(/^.*frame times/, "frame times") : "no frame-time report"}`);
console.log(
  longest.duration > 0
    ? `  longest task on the page's thread while the AI thought: ${longest.duration.toFixed(0)} ms (the AI's or the page's own)`
    : "  no task over 50 ms on the page's thread while the AI thought",
);
if (thinks.length < 4) await fail(`only ${thinks.length} AI 5 moves logged`);

// 7. Online, through a tabletop-server that serves the page too (ONLINE_URL): a client
//    here (Node's WebSocket) makes a Connect Four room as Red; the page opens the
//    room's link (?room=CODE) and plays Yellow by keys; every move goes through the
//    server, and Red's four in column a ends the game on both sides.
const online = process.env.ONLINE_URL;
if (online) {
  const inbox = [];
  const socket = new WebSocket(`${online.replace(/^http/, "ws")}ws`);
  socket.onmessage = (event) => inbox.push(JSON.parse(event.data));
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error("no connection to the server"));
  });
  const send = (frame) => socket.send(JSON.stringify(frame));
  /** The next frame of `type` from the server (the ones before it are passed over). */
  async function frame(type, what, timeoutMs = 60_000) {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const at = inbox.findIndex((f) => f.type === type || f.type === "error");
      if (at >= 0) {
        const [found] = inbox.splice(0, at + 1).slice(-1);
        if (found.type === "error") await fail(`${what}: the server refused: ${found.message}`);
        return found;
      }
      if (problems.length > 0) await fail(`${what}: ${problems.join("; ")}`);
      if (performance.now() > deadline) await fail(`${what}: no '${type}' frame`);
      await page.waitForTimeout(50);
    }
  }
  send({ type: "hello", protocol: 1, name: "Node" });
  await frame("welcome", "the server's welcome");
  send({ type: "create", game: "connectfour", seat: "first" });
  const { room } = await frame("created", "a room");
  await frame("snapshot", "the room's snapshot");
  console.log(`online: room ${room} made at ${online}`);
  since = performance.now();
  // Wide enough for the HUD of a desktop (the README shows this screenshot).
  await page.setViewportSize({ width: 1024, height: 640 });
  await page.goto(`${online}?room=${room}&name=Page`);
  await waitForLog(new RegExp(`online room ${room}: connectfour with 0 moves, playing Second`), "the page in the room", 180_000, since);
  const joined = await frame("presence", "the page's arrival");
  console.log(`  the page joined as ${joined.name}`);
  await waitFrames(3);
  let seq = 0;
  for (let turn = 0; turn < 4; turn++) {
    send({ type: "move", seq, move: "a" });
    seq = (await frame("moved", "Red's move")).seq;
    const ply = 2 * turn + 1;
    await waitForLog(new RegExp(`move ${ply}: Red a \\(accepted\\)`), `Red's move ${ply} on the page`, 30_000, since);
    if (turn === 3) break;
    await waitFrames(2);
    await press("7");
    const reply = await frame("moved", "the page's move");
    if (reply.by !== "second" || reply.move !== "g") await fail(`the page's move: ${JSON.stringify(reply)}`);
    seq = reply.seq;
    await waitForLog(new RegExp(`move ${ply + 1}: Yellow g \\(accepted\\)`), `the page's move ${ply + 1}`, 30_000, since);
  }
  const ended = await frame("ended", "the end");
  if (ended.result !== "first") await fail(`the result: ${JSON.stringify(ended)}`);
  await waitForLog(/game over after 7 moves: Red wins/, "the end on the page", 30_000, since);
  await waitFrames(3);
  await shot("9-online");
  console.log(`  7 moves through the server; the page and the server agree: Red wins`);
  socket.close();
}

// 8. As a phone: a 390x844 portrait page with touch (Playwright's emulation), the
//    same build. Taps only: a move and the AI's reply in every game (with taps to
//    confirm, the setting's default: a first tap shows the piece, a second plays
//    it), a turn to landscape and back, undo from the compact bar; then the page
//    again with the network off, from the service worker's cache. Any mouse press
//    the game could see fails the run.
//    At a pixel ratio of 1: headless Chromium's emulation of a ratio of 2 reports
//    the canvas's device-pixel size in CSS pixels (devicePixelContentBoxSize), so
//    winit takes the page for a 195x422 window at scale 2 (bevy issue #25306); a
//    real phone reports its true size.
const PHONE = { width: 390, height: 844 };
// Where things are on the phone's page, measured as MENU above: h9, b2, the middle
// column of Player 1's tray, column d, and Undo in the compact bar.
const TAPS = {
  gomoku: { x: 195, y: 487 },
  tictactoe: { x: 193, y: 482 },
  knucklebones: { x: 173, y: 580 },
  connectfour: { x: 194, y: 530 },
  undo: { x: 50, y: 112 },
};
await page.close();
const phone = await browser.newContext({
  viewport: PHONE,
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 1,
  locale: "en-US",
});
page = await phone.newPage();
await watch(page);
for (const kind of Object.keys(presses)) delete presses[kind];

/** A tap as a finger makes one (Playwright's touchscreen: down and up at once),
 *  with two frames for the game to see it. */
async function tap(point, what) {
  await page.touchscreen.tap(point.x, point.y);
  console.log(`  tapped ${what} at ${point.x},${point.y}`);
  await waitFrames(2);
}

const phoneStarted = performance.now();
since = phoneStarted;
await page.goto(url);
const phoneMenu = await waitForLog(/menu on screen/, "the menu on a phone", 180_000, since);
console.log(`phone (390x844, touch): menu on screen ${((phoneMenu.at - since) / 1000).toFixed(1)} s after the page was opened`);
await waitFrames(3);
await shot("p1-menu");
for (const game of [
  {
    name: "gomoku",
    query: "game=gomoku&black=human&white=ai:1",
    table: /Gomoku on the table .*Black \(you\) against White \(AI 1\)/,
    mine: /move 1: Black/,
    reply: /move 2: White/,
  },
  {
    name: "tictactoe",
    query: "game=tictactoe&x=human&o=ai:1",
    table: /Tic-tac-toe on the table/,
    mine: /move 1: X b2/,
    reply: /move 2: O/,
  },
  {
    name: "knucklebones",
    query: "game=knucklebones&p1=human&p2=ai:1&seed=42",
    table: /Knucklebones on the table/,
    mine: /move 1: Player 1 2/,
    reply: /move 2: Player 2/,
  },
  {
    name: "connectfour",
    query: "game=connectfour&p1=human&p2=ai:1",
    table: /Connect Four on the table/,
    mine: /move 1: Red d/,
    reply: /move 2: Yellow/,
  },
]) {
  since = performance.now();
  await page.goto(`${url}?${game.query}`);
  await waitForLog(game.table, `${game.name} on a phone`, 180_000, since);
  // The taps aim at fixed points of the framed view, and the view is framed again
  // once the fonts are in (the panels change size): a tap before that can miss the
  // board (a Knucklebones tap did, once in four runs).
  await waitForLog(/the game's fonts are in/, `${game.name}: the fonts`, 60_000, since);
  await waitFrames(3);
  const at = TAPS[game.name];
  await tap(at, `${game.name}: the move (first tap)`);
  await waitForLog(/tap \S+ again to play it/, `${game.name}: the first tap shows the move`, 20_000, since);
  if (game.name === "gomoku") await shot("p2-gomoku-confirm");
  await tap(at, `${game.name}: the same move (second tap)`);
  const mine = await waitForLog(game.mine, `${game.name}: the tapped move`, 20_000, since);
  const reply = await waitForLog(game.reply, `${game.name}: the AI's reply`, 30_000, since);
  console.log(`  ${mine.text.replace(/.*move/, "move")}, ${reply.text.replace(/.*move/, "move")}`);
  await waitFrames(2);
  await shot(`p3-${game.name}`);
  if (game.name !== "gomoku") continue;
  // Turned to landscape and back, mid-game: the game goes on, then Undo from the
  // compact bar takes back the AI's reply and the stone.
  await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
  await waitFrames(4);
  await shot("p4-landscape");
  await page.setViewportSize(PHONE);
  await waitFrames(4);
  since = performance.now();
  await tap(TAPS.undo, "Undo in the compact bar");
  const undone = await waitForLog(/1 undo and 0 redo requests: 0 moves/, "Undo from the compact bar", 15_000, since);
  console.log(`  ${undone.text.replace(/^.*?(\d+ undo)/, "$1")}`);
  await shot("p5-undone");
}
console.log(`  pointer presses the game saw on the phone: ${JSON.stringify(presses)}`);
if (presses.mouse > 0) await fail(`the game received ${presses.mouse} mouse presses on a phone`);
if (presses.touch < 9) await fail(`only ${presses.touch} touches reached the page`);

// Offline: the service worker has kept the build; the page starts from it.
const kept = await page.evaluate(async () => {
  await navigator.serviceWorker.ready;
  const names = await caches.keys();
  const files = names.length ? (await (await caches.open(names[0])).keys()).length : 0;
  return { names, files, controlled: !!navigator.serviceWorker.controller };
});
console.log(`  service worker: caches ${JSON.stringify(kept.names)}, ${kept.files} files`);
if (kept.names.length !== 1 || kept.files < 8) await fail(`the service worker kept ${JSON.stringify(kept)}`);
await phone.setOffline(true);
since = performance.now();
await page.goto(url);
await waitForLog(/menu on screen/, "the menu offline, from the service worker", 120_000, since);
const offlineMenu = ((performance.now() - since) / 1000).toFixed(1);
await waitFrames(2);
await shot("p6-offline-menu");
console.log(`  offline: menu on screen in ${offlineMenu} s from the service worker's cache`);
console.log(`phone run: ${((performance.now() - phoneStarted) / 1000).toFixed(0)} s`);
await phone.setOffline(false);

if (problems.length > 0) await fail(problems.join("; "));
writeFileSync(join(shots, "console.log"), log.map((l) => l.text).join("\n"));
await browser.close();
console.log(`PASS (screenshots in ${shots}/)`);
