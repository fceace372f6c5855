// node web/shot.mjs URL WIDTH HEIGHT OUT.png [SECONDS]: a screenshot of the page
// after the game has drawn for SECONDS (default 25).
import { chromium } from "playwright-core";
const [url, width, height, out, seconds = "25"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--ignore-gpu-blocklist", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(url);
await page.waitForTimeout(Number(seconds) * 1000);
await page.screenshot({ path: out });
await browser.close();
