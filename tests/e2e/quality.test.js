// Every page of the built site: valid HTML (html-validate), no WCAG A/AA violations (axe-core)
// in the light and the dark theme, and a page weight budget.
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const { HtmlValidate } = require("html-validate");
const { siteDir, serve, launch, watch, htmlPages, requireSite, axeViolations } = require("./lib/site");

const BUDGET_KB = 60;

// JSON has no comments: why each relaxed rule is relaxed is written in tests/e2e/README.md.
const config = JSON.parse(fs.readFileSync(path.join(__dirname, ".htmlvalidate.json"), "utf8"));

describe("html-validate", () => {
  it("reports no errors on any page", async () => {
    requireSite();
    const validator = new HtmlValidate(config);
    const errors = [];
    for (const rel of htmlPages()) {
      const report = await validator.validateFile(path.join(siteDir, rel));
      for (const result of report.results) {
        for (const m of result.messages) {
          if (m.severity === 2) errors.push(`${rel}:${m.line}:${m.column}: ${m.ruleId}: ${m.message}`);
        }
      }
    }
    assert.deepEqual(errors, []);
  });
});

/// gzip size of a page's HTML plus the stylesheets, scripts and images it loads up front. The
/// search script and index load on first use of the search box, so they do not count.
function pageWeight(rel) {
  const file = path.join(siteDir, rel);
  const html = fs.readFileSync(file, "utf8");
  const gz = (buf) => zlib.gzipSync(buf, { level: 6 }).length;
  let total = gz(html);
  const refs = new Set();
  for (const m of html.matchAll(/<(?:link[^>]*rel="(?:stylesheet|icon)"[^>]*href|script[^>]*src|img[^>]*src)="([^"]+)"/g)) {
    if (!/^[a-z]+:/i.test(m[1])) refs.add(path.resolve(path.dirname(file), m[1].split(/[?#]/)[0]));
  }
  for (const ref of refs) total += gz(fs.readFileSync(ref));
  return total / 1024;
}

describe("page weight", () => {
  it(`every page is under ${BUDGET_KB} KB gzip with its CSS and JS`, () => {
    requireSite();
    const over = [];
    const lines = [];
    for (const rel of htmlPages()) {
      const kb = pageWeight(rel);
      lines.push(`${kb.toFixed(1).padStart(6)} KB  ${rel}`);
      if (kb > BUDGET_KB && !rel.endsWith("print.html")) over.push(`${rel}: ${kb.toFixed(1)} KB`);
    }
    const index = (lang) => zlib.gzipSync(fs.readFileSync(path.join(siteDir, lang, "search-index.js"))).length / 1024;
    console.log(`page weight (gzip, HTML + CSS + JS loaded up front):\n${lines.join("\n")}`);
    console.log(`search index (gzip, loaded on first search): zh ${index("zh").toFixed(1)} KB, en ${index("en").toFixed(1)} KB`);
    assert.deepEqual(over, []);
  });
});

// Two browser contexts at once, each with half the pages: the longest browser test by far, and
// most of its time is axe on the page. Each page is loaded and given axe once, then checked in
// the light theme and, switched by the colour-scheme media query it follows (as a reader's system
// setting switches it), in the dark one: loading and injecting were a third of the time. The dark
// theme changes colours only, so there axe runs just its colour rules (lib/site.js COLOUR_RULES):
// every other rule would check the same page again.
const THEMES = ["light", "dark"];
const WORKERS = 2;
describe("axe-core WCAG A/AA", { concurrency: WORKERS }, () => {
  let browser, server;
  before(async () => {
    requireSite();
    server = await serve("/");
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (let worker = 0; worker < WORKERS; worker++) {
    it(`no violations in the light or the dark theme, pages ${worker + 1}, ${worker + 1 + WORKERS}, ...`, async () => {
      // A locale that is not one of the site's, so the root language chooser stays put.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 }, locale: "fr-FR", colorScheme: THEMES[0],
      });
      const page = await context.newPage();
      const watcher = watch(page);
      const violations = [];
      const pages = htmlPages().filter((_, i) => i % WORKERS === worker);
      assert.ok(pages.length > 0, "no pages to check");
      for (const rel of pages) {
        await page.emulateMedia({ colorScheme: THEMES[0] });
        await page.goto(server.url + rel);
        for (const [i, theme] of THEMES.entries()) {
          if (i > 0) {
            await page.emulateMedia({ colorScheme: theme });
            const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
            assert.equal(dark, theme === "dark", `${rel}: the page did not switch to the ${theme} theme`);
          }
          const found = await axeViolations(page, { injected: i > 0, colourOnly: i > 0 });
          for (const v of found) violations.push(`${rel} [${theme}] ${v}`);
        }
      }
      await context.close();
      assert.deepEqual(violations, []);
      assert.deepEqual(watcher.problems(), []);
    });
  }
});

describe("table layout", () => {
  let browser, server;
  before(async () => {
    requireSite();
    server = await serve("/");
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  // A prose table of up to five columns whose words can all wrap fits a desktop content column.
  // When it did not (headers kept on one line), the last column was squeezed to a word per line
  // and cut off at the box's edge. Tables with code spans may scroll: an error message or a
  // command does not wrap anywhere.
  it("prose tables fit the content column at 1300 px without scrolling", async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const overflowing = [];
    for (const rel of htmlPages().filter((p) => /^(en|zh)\/\d/.test(p))) {
      await page.goto(server.url + rel);
      const found = await page.evaluate(() =>
        [...document.querySelectorAll(".table-scroll")]
          .map((box) => ({ box, table: box.querySelector("table") }))
          .filter(({ table }) => !table.matches(".measured-table") && !table.querySelector("code") &&
            (table.rows[0]?.cells.length ?? 0) <= 5)
          .filter(({ box, table }) => table.scrollWidth > box.clientWidth + 1)
          .map(({ box, table }) => `"${table.rows[0].textContent.trim().replace(/\s+/g, " ").slice(0, 60)}" ` +
            `${table.scrollWidth} px in ${box.clientWidth} px`));
      overflowing.push(...found.map((f) => `${rel}: ${f}`));
    }
    await page.close();
    assert.deepEqual(overflowing, []);
  });
});
