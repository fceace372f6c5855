// node web/frame-ab.mjs URL[|HASH] ... : the frame times of several web builds side by
// side, under SwiftShader (the CI machine's renderer), e.g.
//
//   node web/frame-ab.mjs http://127.0.0.1:8091/ http://127.0.0.1:8092/
//
// with each build served by scripts/serve-web.py on its own port. Each page runs in a
// browser of its own; all but one are stopped (SIGSTOP on the browser's whole process
// tree, so the stopped ones take no CPU and never learn they were stopped) and they take
// turns, ROUNDS times, counting the frames the game draws (window.tabletopFrames) over
// SECONDS each turn. The machine's drift, which moves a lone run's figure by 15% and
// more, falls on all of them alike; the medians are compared with the first URL's.
//
// Environment: Q (the query, default a Gomoku game of two people), W and H (the page's
// size, default 640x400, the smoke test's), ROUNDS (default 4), SECONDS (default 10).
import { chromium } from "playwright-core";
import fs from "fs";

const rounds = Number(process.env.ROUNDS ?? 4);
const seconds = Number(process.env.SECONDS ?? 10);
const query = process.env.Q ?? "game=gomoku&black=human&white=human";
const width = Number(process.env.W ?? 640);
const height = Number(process.env.H ?? 400);

/** The process `root` and all its descendants. */
function processTree(root) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      // Gone since the listing.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

function signal(run, name) {
  for (const pid of processTree(run.pid)) {
    try {
      process.kill(pid, name);
    } catch {
      // Gone.
    }
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const frames = (run) => run.page.evaluate(() => window.tabletopFrames ?? 0);

const runs = [];
for (const arg of process.argv.slice(2)) {
  const [url, hash] = arg.split("|");
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist", "--no-first-run"],
  });
  const browser = await chromium.connect(server.wsEndpoint());
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${url}?${query}${hash ? `#${hash}` : ""}`);
  // Loaded and drawing steadily: past its first frames.
  for (let i = 0; i < 180 && (await frames({ page })) < 25; i++) await sleep(1000);
  const run = { name: arg, page, browser, server, pid: server.process().pid, samples: [] };
  signal(run, "SIGSTOP");
  runs.push(run);
}
for (let round = 0; round < rounds; round++) {
  for (const run of runs) {
    signal(run, "SIGCONT");
    await sleep(1500);
    const [from, start] = [await frames(run), performance.now()];
    await sleep(seconds * 1000);
    const drawn = (await frames(run)) - from;
    run.samples.push((performance.now() - start) / Math.max(1, drawn));
    signal(run, "SIGSTOP");
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = median(runs[0].samples);
for (const run of runs) {
  const m = median(run.samples);
  const change = ((m / first - 1) * 100).toFixed(0);
  const all = run.samples.map((x) => x.toFixed(0)).join(" ");
  console.log(`${run.name}: median ${m.toFixed(0)} ms a frame (${change}% on the first; ${all})`);
}
for (const run of runs) {
  signal(run, "SIGCONT");
  await run.browser.close();
  await run.server.close();
}
