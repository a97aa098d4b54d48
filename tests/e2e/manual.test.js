// The manual (docs/, built by gpuguide itself) as published: under /docs/ beside the guide. Its
// first page, the installation page, the format reference's book.toml page, one command's page and
// the generated --help page load without errors, list the manual's parts in the sidebar and fit
// the desktop width; screenshots of each into build/screenshots/manual/ (copies committed in
// docs/screenshots/manual/).
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { serve, launch, watch, screenshotDir, assertDrawn } = require("./lib/site");

const manualDir = process.env.GPUGUIDE_MANUAL_SITE;
const VIEWPORT = { width: 1280, height: 800 };
const PAGES = [
  { rel: "index.html", shot: "first-page.png", heading: "GPU Guide manual" },
  { rel: "installation.html", shot: "installation.png", heading: "Installation" },
  { rel: "reference/book-toml.html", shot: "format-reference.png", heading: "book.toml" },
  { rel: "reference/cli/build.html", shot: "command-build.png", heading: "gpuguide build" },
  { rel: "reference/commands.html", shot: "help-text.png", heading: "The --help text" },
];

describe("manual", () => {
  let browser, server;
  before(async () => {
    assert.ok(manualDir && fs.existsSync(path.join(manualDir, "index.html")),
      "GPUGUIDE_MANUAL_SITE must name the built manual (scripts/test.d/40-browser.sh builds it)");
    server = await serve("/docs/", path.resolve(manualDir));
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const { rel, shot, heading } of PAGES) {
    it(`${rel}: loads cleanly, lists the parts, fits, screenshot`, async () => {
      const page = await browser.newPage({ viewport: VIEWPORT, colorScheme: "light" });
      const seen = watch(page);
      const response = await page.goto(server.url + rel);
      assert.equal(response.status(), 200, rel);
      assert.equal((await page.locator("main h1").first().textContent()).trim(), heading);
      await page.locator("#sidebar a").first().waitFor();
      const sidebar = await page.locator("#sidebar").textContent();
      for (const part of ["Installation", "Format reference", "Command reference",
        "Environment variables", "How to contribute", "Design"]) {
        assert.ok(sidebar.includes(part), `${rel}: the sidebar lacks "${part}"`);
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= VIEWPORT.width, `${rel} scrolls sideways (${width}px)`);
      assert.deepEqual(seen.problems(), []);
      const dir = path.join(screenshotDir, "manual");
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, shot);
      assertDrawn(await page.screenshot({ path: file }), file);
      await page.close();
    });
  }

  // A book with pages in subfolders (src/design/directives.md beside src/writing/directives.md):
  // from such a page, each sidebar link reaches its own page and only this page is current.
  it("from a page in a subfolder, the sidebar links resolve and mark one current page", async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(server.url + "design/directives.html");
    await page.locator("#sidebar a").first().waitFor();
    const links = await page.$$eval("#sidebar a", (as) =>
      as.map((a) => ({ href: a.href, current: a.getAttribute("aria-current") })));
    const current = links.filter((l) => l.current === "page").map((l) => l.href);
    assert.deepEqual(current, [server.url + "design/directives.html"]);
    for (const { href } of links) {
      const response = await page.request.get(href);
      assert.equal(response.status(), 200, `sidebar link ${href}`);
    }
    await page.close();
  });

  it("the --help page shows every command's help", async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(server.url + "reference/commands.html");
    const text = await page.locator("main").textContent();
    for (const command of ["gpuguide build", "gpuguide check", "gpuguide fleet", "gpuguide-probe"]) {
      assert.ok(text.includes(command), `the --help page lacks ${command}`);
    }
    await page.close();
  });
});
