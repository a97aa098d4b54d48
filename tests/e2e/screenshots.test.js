// Screenshots of a desktop and a phone viewport in both themes, for people to look at
// (build/screenshots/); the test only checks that they were taken and the layout fits.
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { serve, launch, screenshotDir, requireSite, assertDrawn } =
  require("./lib/site");

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const PAGES = ["zh/08-gpu-metrics.html", "en/09-buying-advice.html"];
// The topic pages added for practitioners' 2026 questions (24–32, then 33–37 for teams at
// scale): the top of each, both languages, so that people can look at them (docs/screenshots/
// keeps copies made by this test).
const TOPIC_PAGES = [
  "24-llm-inference-sizing", "25-quantisation", "26-fine-tuning", "27-training-time-and-cost",
  "28-local-ai", "29-two-cards", "30-sharing-a-gpu", "31-amd-and-rocm", "32-china-market",
  "33-blackwell-ultra", "34-renting-gpus", "35-serving-at-load", "36-speculative-decoding",
  "37-long-context",
  "38-power-and-cooling", "39-networking-between-nodes", "40-low-precision-training",
  "41-reliability-at-scale", "42-buying-at-scale",
];

describe("screenshots", () => {
  let browser, server;
  before(async () => {
    requireSite();
    fs.mkdirSync(screenshotDir, { recursive: true });
    server = await serve("/");
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it("desktop, light, searching", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, colorScheme: "light" });
    await page.goto(server.url + "en/08-gpu-metrics.html");
    await page.locator("#search-input").focus();
    await page.locator("#search-input").fill("memory bandwidth");
    await page.waitForFunction(() => document.getElementById("search-results").getAttribute("data-query"));
    const file = path.join(screenshotDir, "en-08-gpu-metrics-desktop-light-search.png");
    assertDrawn(await page.screenshot({ path: file }), file);
    await page.close();
  });

  it("topic pages, desktop, both languages", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, colorScheme: "light" });
    const dir = path.join(screenshotDir, "topics");
    fs.mkdirSync(dir, { recursive: true });
    for (const lang of ["en", "zh"]) {
      for (const slug of TOPIC_PAGES) {
        const response = await page.goto(`${server.url}${lang}/${slug}.html`);
        assert.equal(response.status(), 200, `${lang}/${slug}.html`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= VIEWPORTS.desktop.width, `${lang}/${slug}.html scrolls sideways (${width}px)`);
        const file = path.join(dir, `${lang}-${slug}.jpg`);
        await page.screenshot({ path: file, type: "jpeg", quality: 70 });
        assertDrawn(await page.screenshot(), file); // the same view, as PNG pixels to read
      }
    }
    await page.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of ["light", "dark"]) {
      it(`${name}, ${theme}`, async () => {
        const page = await browser.newPage({ viewport, colorScheme: theme, deviceScaleFactor: 1 });
        for (const rel of PAGES) {
          await page.goto(server.url + rel);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= viewport.width, `${rel} scrolls sideways at ${viewport.width}px (${width}px)`);
          const file = path.join(screenshotDir, `${rel.replace(/[/.]/g, "-").replace(/-html$/, "")}-${name}-${theme}.png`);
          assertDrawn(await page.screenshot({ path: file }), file);
        }
        await page.close();
      });
    }
  }
});
