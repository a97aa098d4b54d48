// Formulas of a book with mdBook's mathjax-support (tests/books/mdbook-math, built by
// 40-browser.sh into GPUGUIDE_MATH_SITE) opened from file:// with every request that is not a
// local file aborted: KaTeX, copied into the site by gpuguide, typesets each formula (its
// .katex elements, the display ones apart), its fonts load, nothing reaches for the network, and
// the screenshot of a display formula is drawn (build/screenshots/math/). Without JavaScript the
// TeX source is there to read.
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { pathToFileURL } = require("node:url");
const { launch, watch, screenshotDir, assertDrawn } = require("./lib/site");

const mathSite = process.env.GPUGUIDE_MATH_SITE ? path.resolve(process.env.GPUGUIDE_MATH_SITE) : null;

// A page of the math site from file://, with anything but file:// aborted and recorded.
async function openOffline(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const blocked = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) return route.continue();
    blocked.push(url);
    return route.abort("internetdisconnected");
  });
  const page = await context.newPage();
  const watcher = watch(page);
  await page.goto(pathToFileURL(path.join(mathSite, "formulas.html")).href);
  return { context, page, watcher, blocked };
}

describe("formulas typeset offline from file://", () => {
  let browser;
  before(async () => {
    if (!mathSite || !fs.existsSync(path.join(mathSite, "formulas.html"))) {
      throw new Error("no mdbook-math site; run scripts/test.d/40-browser.sh (or set GPUGUIDE_MATH_SITE)");
    }
    fs.mkdirSync(path.join(screenshotDir, "math"), { recursive: true });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it("renders every formula with KaTeX, its fonts loaded, and nothing from the network", async () => {
    const { context, page, watcher, blocked } = await openOffline(browser);
    await page.waitForSelector("span.math .katex");
    const found = await page.evaluate(async () => {
      await document.fonts.ready;
      const loaded = [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family);
      return {
        spans: document.querySelectorAll("span.math-inline, span.math-display").length,
        katex: document.querySelectorAll("span.math .katex").length,
        display: document.querySelectorAll("span.math-display .katex-display").length,
        tex: [...document.querySelectorAll(".katex annotation")].map((a) => a.textContent.trim()),
        fonts: [...new Set(loaded)],
      };
    });
    assert.equal(found.spans, 6, "six formulas in tests/books/mdbook-math");
    assert.equal(found.katex, 6, `every formula typeset: ${JSON.stringify(found)}`);
    assert.equal(found.display, 2, "\\\\[..\\\\] and $$..$$ are display formulas");
    assert.ok(found.tex.includes("x*y*z_1"), `stars and underscores reach KaTeX as written: ${found.tex}`);
    assert.ok(found.tex.includes("E = mc^2"), "the formula in the Chinese paragraph");
    assert.ok(found.fonts.some((f) => f.includes("KaTeX_Main")), `KaTeX's fonts loaded from the site: ${found.fonts}`);
    assert.deepEqual(blocked, [], "no request leaves the machine");
    assert.deepEqual(watcher.problems(), []);
    // The first display formula's ink: the box around its glyph runs (.base), not its
    // full-width line, so the pixel check sees the formula and not the margin beside it.
    const clip = await page.evaluate(() => {
      const bases = [...document.querySelector("span.math-display .katex-display").querySelectorAll(".base")];
      const boxes = bases.map((b) => b.getBoundingClientRect());
      const x = Math.min(...boxes.map((b) => b.left)), y = Math.min(...boxes.map((b) => b.top));
      const right = Math.max(...boxes.map((b) => b.right)), bottom = Math.max(...boxes.map((b) => b.bottom));
      return { x: x - 4, y: y - 4 + window.scrollY, width: right - x + 8, height: bottom - y + 8 };
    });
    const png = await page.screenshot({ clip, fullPage: true, path: path.join(screenshotDir, "math", "display.png") });
    assertDrawn(png, "the display formula");
    await page.screenshot({ path: path.join(screenshotDir, "math", "formulas.png") });
    await context.close();
  });

  it("shows the TeX source without JavaScript", async () => {
    const { context, page } = await openOffline(browser, { javaScriptEnabled: false });
    const text = await page.textContent("main");
    assert.ok(text.includes("\\pi r^2"), "the inline formula's TeX");
    assert.ok(text.includes("\\frac{1}{N}"), "the display formula's TeX");
    assert.equal(await page.$$eval(".katex", (nodes) => nodes.length), 0);
    await context.close();
  });
});
