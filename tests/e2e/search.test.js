// Search in the browser: Chinese words inside sentences, English words and product names, from a
// server at the domain root and from file:// (where fetch() would fail; our index is a script).
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { serve, fileRoot, launch, watch, requireSite } = require("./lib/site");

// [language, query, expected pages, within the first N results] — sections the chapter outline
// guarantees. H100 is named on many pages (the renting page's price table and the cloud page list
// H100 offers more often than the buying advice does), so the buying advice must only be among the
// first four.
const CASES = [
  ["zh", "矩阵乘法", ["04-why-gpus.html", "05-tensor-cores.html"], 1],
  ["zh", "显存带宽", ["08-gpu-metrics.html"], 1],
  ["zh", "H100", ["09-buying-advice.html"], 4],
  ["zh", "NVLink", ["19-multi-gpu.html", "08-gpu-metrics.html"], 1],
  ["en", "H100", ["09-buying-advice.html"], 4],
  ["en", "NVLink", ["19-multi-gpu.html", "08-gpu-metrics.html"], 1],
  ["en", "matrix multiplication", ["04-why-gpus.html", "05-tensor-cores.html"], 1],
  ["en", "memory bandwidth", ["08-gpu-metrics.html"], 1],
  // The "Large models in practice" part (issue 18): KV cache, quantisation and MoE sections. The
  // KV cache is the subject of page 37's title, so either page may come first; 24 stays in the top 4.
  ["en", "KV cache", ["24-llm-inference-sizing.html", "37-long-context.html"], 1],
  ["zh", "KV 缓存", ["24-llm-inference-sizing.html", "37-long-context.html"], 1],
  ["en", "KV cache", ["24-llm-inference-sizing.html"], 4],
  ["zh", "KV 缓存", ["24-llm-inference-sizing.html"], 4],
  ["en", "MoE", ["24-llm-inference-sizing.html"], 1],
  ["zh", "MoE", ["24-llm-inference-sizing.html"], 1],
  ["en", "quantisation", ["25-quantisation.html"], 1],
  ["zh", "量化", ["25-quantisation.html"], 1],
  // The pages added for issue 52.
  ["en", "Blackwell Ultra", ["33-blackwell-ultra.html"], 1],
  ["zh", "B300", ["33-blackwell-ultra.html"], 1],
  ["en", "TTFT", ["35-serving-at-load.html"], 1],
  ["en", "speculative decoding", ["36-speculative-decoding.html"], 1],
  ["zh", "投机解码", ["36-speculative-decoding.html"], 1],
  ["zh", "前缀缓存", ["37-long-context.html"], 1],
  // Issue 64: each new topic by its English and Chinese terms and abbreviations.
  ["en", "UEC", ["46-interconnect-standards.html"], 1],
  ["zh", "超以太网", ["46-interconnect-standards.html"], 1],
  ["en", "C2C", ["46-interconnect-standards.html"], 1],
  ["zh", "C2C", ["46-interconnect-standards.html"], 1],
  ["zh", "数据加载", ["48-data-loading.html"], 1],
  ["zh", "机密计算", ["47-confidential-computing.html"], 1],
  ["zh", "成组调度", ["30-sharing-a-gpu.html"], 1],
  ["en", "busbw", ["44-collectives.html"], 1],
  ["zh", "集合通信", ["44-collectives.html"], 1],
  ["en", "energy per token", ["45-energy-per-token.html"], 1],
  ["zh", "每 token 能耗", ["45-energy-per-token.html"], 1],
  ["en", "diffusion", ["49-diffusion.html"], 1],
  ["zh", "扩散模型", ["49-diffusion.html"], 1],
  ["en", "Jetson Thor", ["17-mobile-and-edge.html"], 1],
  ["zh", "MI355X", ["31-amd-and-rocm.html"], 2],
];

// Issue 52. The references page names every product the chapters discuss and answers none of the
// questions: for "RTX 4090" and "5090 D" the pages that answer come first and every content page
// ranks above it. Readers' own words reach the pages through strings.json's search synonyms:
// [language, query, expected pages, within].
const RANKED = [
  ["en", "RTX 4090", ["09-buying-advice.html"], 1],
  ["zh", "5090 D", ["32-china-market.html"], 1],
];
const SYNONYMS = [
  ["en", "beginner", ["09-buying-advice.html"], 1],
  ["zh", "新手", ["09-buying-advice.html"], 1],
  ["en", "hobbyist", ["28-local-ai.html"], 1],
  ["zh", "爱好者", ["28-local-ai.html"], 2],
  // Issue 64: abbreviations that reach their topic's page through a synonym group.
  ["en", "GDS", ["48-data-loading.html"], 1],
  ["en", "TEE", ["47-confidential-computing.html"], 1],
  ["en", "KAI", ["30-sharing-a-gpu.html"], 1],
];
const strings = require("../../templates/strings.json");
const groupOf = (lang, word) => strings[lang].search_synonyms.find((group) => group.includes(word));

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
      await page.waitForFunction(
        (q) => document.getElementById("search-results").getAttribute("data-query") === q, text, { timeout: 5000 });
      return page.locator("#search-results li a");
    }

    it("the index loads only when the search box is used", async () => {
      await page.goto(root + "zh/03-gpu-architecture.html");
      const loaded = () => page.evaluate(() => typeof window.GPUGUIDE_SEARCH !== "undefined");
      assert.equal(await loaded(), false);
      await page.locator("#search-input").focus();
      await page.waitForFunction(() => typeof window.GPUGUIDE_SEARCH !== "undefined");
    });

    for (const [lang, text, expected, within] of CASES) {
      it(`${lang}: "${text}" finds ${expected.join(" or ")} within ${within}`, async () => {
        const results = await query(lang, text);
        const hrefs = (await results.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).slice(0, within);
        assert.ok(hrefs.some((h) => expected.some((file) => h.includes(file + "#") || h.endsWith(file))),
          `first results for ${text}: ${hrefs.join(", ")}`);
        const title = await results.first().locator(".result-title").innerText();
        assert.ok(title.length > 0, "results show the page and section");
        const marked = await page.locator("#search-results mark").allInnerTexts();
        assert.ok(marked.some((m) => m.toLowerCase() === text.split(" ")[0].toLowerCase()), `marked: ${marked}`);
      });
    }

    const firstHrefs = async (results, within) =>
      (await results.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).slice(0, within);
    const isOneOf = (href, files) => files.some((file) => href.includes(file + "#") || href.endsWith(file));

    for (const [lang, text, expected, within] of RANKED) {
      it(`${lang}: "${text}" finds ${expected.join(" or ")} first, the references after every content page`, async () => {
        const results = await query(lang, text);
        const hrefs = await firstHrefs(results, 100);
        assert.ok(hrefs.slice(0, within).some((h) => isOneOf(h, expected)), `results for ${text}: ${hrefs.join(", ")}`);
        const references = hrefs.findIndex((h) => h.includes("23-references.html"));
        const lastContent = hrefs.findLastIndex((h) => !h.includes("23-references.html"));
        assert.ok(references < 0 || references > lastContent, `results for ${text}: ${hrefs.join(", ")}`);
      });
    }

    for (const [lang, text, expected, within] of SYNONYMS) {
      it(`${lang}: "${text}" finds ${expected.join(" or ")} through its synonyms`, async () => {
        const results = await query(lang, text);
        const hrefs = await firstHrefs(results, within);
        assert.ok(hrefs.some((h) => isOneOf(h, expected)), `first results for ${text}: ${hrefs.join(", ")}`);
        // What is marked is the query's synonyms, since the pages never use the query's word.
        const words = groupOf(lang, text).map((w) => w.toLowerCase());
        const marked = await page.locator("#search-results mark").allInnerTexts();
        assert.ok(marked.length > 0 && marked.every((m) => words.includes(m.toLowerCase())), `marked: ${marked}`);
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
