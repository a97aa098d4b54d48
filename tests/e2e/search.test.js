// Search in the browser: Chinese words inside sentences, English words and product names, from a
// server at the domain root and from file:// (where fetch() would fail; our index is a script).
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { serve, fileRoot, launch, watch, requireSite } = require("./lib/site");

// [language, query, pages that may come first] — sections the chapter outline guarantees.
const CASES = [
  ["zh", "矩阵乘法", ["04-why-gpus.html", "05-tensor-cores.html"]],
  ["zh", "显存带宽", ["08-gpu-metrics.html"]],
  ["zh", "H100", ["09-buying-advice.html"]],
  ["zh", "NVLink", ["19-multi-gpu.html", "08-gpu-metrics.html"]],
  ["en", "H100", ["09-buying-advice.html"]],
  ["en", "NVLink", ["19-multi-gpu.html", "08-gpu-metrics.html"]],
  ["en", "matrix multiplication", ["04-why-gpus.html", "05-tensor-cores.html"]],
];

for (const mode of ["http", "file"]) {
  describe(`search (${mode})`, () => {
    let browser, server, root, page, watcher;

    before(async () => {
      requireSite();
      if (mode === "http") {
        server = await serve("/");
        root = server.url;
      } else {
        root = fileRoot();
      }
      browser = await launch();
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      watcher = watch(page);
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    async function query(lang, text) {
      if (!page.url().includes(`/${lang}/`)) await page.goto(root + `${lang}/03-gpu-architecture.html`);
      const input = page.locator("#search-input");
      await input.fill("");
      await input.focus();
      await input.fill(text);
      await page.locator("#search-results li a").first().waitFor({ timeout: 5000 });
      return page.locator("#search-results li a");
    }

    it("the index loads only when the search box is used", async () => {
      await page.goto(root + "zh/03-gpu-architecture.html");
      const loaded = () => page.evaluate(() => typeof window.GPUGUIDE_SEARCH !== "undefined");
      assert.equal(await loaded(), false);
      await page.locator("#search-input").focus();
      await page.waitForFunction(() => typeof window.GPUGUIDE_SEARCH !== "undefined");
    });

    for (const [lang, text, expected] of CASES) {
      it(`${lang}: "${text}" finds ${expected.join(" or ")}`, async () => {
        const results = await query(lang, text);
        const first = await results.first().getAttribute("href");
        assert.ok(expected.some((file) => first.includes(file)), `first result ${first} for ${text}`);
        const title = await results.first().locator(".result-title").innerText();
        assert.ok(title.length > 0, "results show the page and section");
        const marked = await page.locator("#search-results mark").allInnerTexts();
        assert.ok(marked.some((m) => m.toLowerCase() === text.split(" ")[0].toLowerCase()), `marked: ${marked}`);
      });
    }

    it("Enter opens the first result at its section", async () => {
      const results = await query("zh", "显存带宽");
      const href = await results.first().getAttribute("href");
      await page.locator("#search-input").press("Enter");
      await page.waitForURL((url) => url.href.endsWith(href.replace(/^(\.\.\/)*/, "")) || url.href.includes("08-gpu-metrics.html"));
      assert.match(page.url(), /08-gpu-metrics\.html/);
    });

    it("a word that is nowhere says so", async () => {
      await page.goto(root + "en/index.html");
      const input = page.locator("#search-input");
      await input.focus();
      await input.fill("qqqxyzzy");
      await page.waitForFunction(() => {
        const status = document.querySelector("#search-results [role=status]");
        return status && /No results/.test(status.textContent);
      });
      assert.equal(await page.locator("#search-results li").count(), 0);
    });

    it("no console errors and no failed requests", () => {
      assert.deepEqual(watcher.problems(), []);
    });
  });
}
