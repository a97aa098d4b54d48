// Code blocks, admonitions and definition lists as a reader meets them: on the guide, highlighted
// tokens in both themes (screenshots into build/screenshots/code/, copies committed in
// docs/screenshots/code/); on tests/books/mdbook-syntax (GPUGUIDE_MDBOOK_SITE, built by
// 40-browser.sh) opened from file://, Rust hidden lines hidden until the button shows them, the
// copy button copying what is shown, everything readable without JavaScript, and no axe
// violations in either theme.
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { pathToFileURL } = require("node:url");
const { serve, launch, watch, screenshotDir, requireSite, htmlPages, axeViolations, assertDrawn } =
  require("./lib/site");

const mdbookSite = process.env.GPUGUIDE_MDBOOK_SITE ? path.resolve(process.env.GPUGUIDE_MDBOOK_SITE) : null;
const SHOTS = [
  { rel: "en/06-cuda.html", language: "cpp" },
  { rel: "zh/05-tensor-cores.html", language: "python" },
];

function requireMdbookSite() {
  if (!mdbookSite || !fs.existsSync(path.join(mdbookSite, "code.html"))) {
    throw new Error("no mdbook-syntax site; run scripts/test.d/40-browser.sh (or set GPUGUIDE_MDBOOK_SITE)");
  }
}

describe("highlighted code in the guide", () => {
  let browser, server;
  before(async () => {
    requireSite();
    fs.mkdirSync(path.join(screenshotDir, "code"), { recursive: true });
    server = await serve("/");
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const theme of ["light", "dark"]) {
    it(`tokens are coloured apart from the text, ${theme} theme`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: theme, deviceScaleFactor: 1 });
      const watcher = watch(page);
      for (const { rel, language } of SHOTS) {
        await page.goto(server.url + rel);
        const block = page.locator(`pre code.language-${language}`).first();
        await block.scrollIntoViewIfNeeded();
        const colours = await block.evaluate((code) => {
          const of = (el) => getComputedStyle(el).color;
          const kinds = {};
          for (const span of code.querySelectorAll("span[class^='hljs-']")) kinds[span.className] = of(span);
          return { text: of(code), kinds };
        });
        const coloured = Object.values(colours.kinds).filter((c) => c !== colours.text);
        assert.ok(coloured.length >= 2, `${rel}: ${language} tokens in at least two colours besides the text (${JSON.stringify(colours)})`);
        const wrapper = page.locator(".code-block", { has: block }).first();
        const file = path.join(screenshotDir, "code", `${rel.replace(/[/.]/g, "-").replace(/-html$/, "")}-${theme}.png`);
        assertDrawn(await wrapper.screenshot({ path: file }), file);
      }
      assert.deepEqual(watcher.problems(), []);
      await page.close();
    });
  }
});

describe("mdBook code blocks from file://", () => {
  let browser;
  before(async () => {
    requireMdbookSite();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  const url = () => pathToFileURL(path.join(mdbookSite, "code.html")).href;

  it("hides Rust hidden lines until the button shows them, and copies what is shown", async () => {
    const context = await browser.newContext();
    // The clipboard of a headless browser is not the test's to read: record what the page writes.
    await context.addInitScript(() => {
      window.__copied = [];
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: (text) => { window.__copied.push(text); return Promise.resolve(); } },
      });
    });
    const page = await context.newPage();
    const watcher = watch(page);
    await page.goto(url());
    const block = page.locator(".code-block", { hasText: "not hidden: shown with one hash" });
    const hidden = block.locator(".boring").first();
    await assert.rejects(hidden.waitFor({ state: "visible", timeout: 300 }), "a hidden line is visible");
    const toggle = block.locator("button.code-toggle");
    assert.equal(await toggle.getAttribute("aria-pressed"), "false");
    await block.hover();
    await block.locator("button.code-copy").click();
    await page.waitForFunction(() => window.__copied.length === 1);
    const copied = await page.evaluate(() => window.__copied[0]);
    assert.ok(copied.includes("#[derive(Debug)]") && copied.includes("# not hidden"), copied);
    assert.ok(!copied.includes("use std::fmt;"), `hidden line copied: ${copied}`);
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-pressed"), "true");
    await hidden.waitFor({ state: "visible" });
    assert.ok((await block.locator("code").innerText()).includes("use std::fmt;"));
    await toggle.click();
    await hidden.waitFor({ state: "hidden" });
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });

  it("without JavaScript every line shows and no dead button does", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url());
    const block = page.locator(".code-block", { hasText: "not hidden: shown with one hash" });
    assert.ok(await block.locator(".boring").first().isVisible());
    assert.equal(await block.locator("button:visible").count(), 0);
    await context.close();
  });

  for (const theme of ["light", "dark"]) {
    it(`no axe violations on the mdBook syntax book, ${theme} theme`, async () => {
      const server = await serve("/", mdbookSite);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
      const violations = [];
      for (const rel of htmlPages(mdbookSite).filter((p) => p === "code.html" || p === "blocks.html")) {
        await page.goto(server.url + rel);
        await page.locator(".code-block").first().hover().catch(() => {}); // buttons shown too
        const found = await axeViolations(page);
        for (const v of found) violations.push(`${rel} [${theme}] ${v}`);
      }
      await page.close();
      await server.close();
      assert.deepEqual(violations, []);
    });
  }
});
