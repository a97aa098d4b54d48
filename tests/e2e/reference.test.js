// The guide built without a GPU (40-browser.sh: --measure reference) shows the committed
// reference's measured figures, labelled as the reference and naming its GPU, in both languages;
// nothing reads "not yet measured". Screenshots of the measured sections (memory bandwidth, GEMM
// by precision, roofline, host-device transfer curve) go to build/screenshots/measured-*.png; the
// copies in docs/screenshots/measured/ are these.
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { serve, launch, htmlPages, requireSite, screenshotDir, sectionClip, assertDrawn } =
  require("./lib/site");

/// The reference documents committed with the guide, as the pages should name them.
function committedReferences() {
  const dir = path.join(__dirname, "../../content/measurements/reference");
  return fs.readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => {
    const document = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
    return { placeholder: document.placeholder, host: document.provenance.host, gpu: document.provenance.gpus[0].name };
  });
}

/// The host content/book.toml names as the reference (`reference = "HOST"`), if any.
function namedReference() {
  const toml = fs.readFileSync(path.join(__dirname, "../../content/book.toml"), "utf8");
  const match = /^reference\s*=\s*"([^"]+)"/m.exec(toml);
  return match ? match[1] : null;
}

const HOST = {
  en: (r) => `reference measurement from ${r.host} (`,
  zh: (r) => `参考测量，来自 ${r.host}（`,
};
const LABEL = {
  en: (r) => `reference measurement from ${r.host} (${r.gpu}), not this machine`,
  zh: (r) => `参考测量，来自 ${r.host}（${r.gpu}），并非本机`,
};

// Measured sections: page, what to find (a table by its caption, or a chart by its id).
const SECTIONS = [
  { name: "bandwidth", page: "08-gpu-metrics", table: /STREAM/ },
  { name: "gemm-by-precision", page: "05-tensor-cores", table: /GEMM/, chart: "page-05-tensor-cores-chart-1" },
  { name: "roofline", page: "08-gpu-metrics", chart: "page-08-gpu-metrics-chart-1" },
  { name: "transfer-curve", page: "08-gpu-metrics", chart: "page-08-gpu-metrics-chart-2" },
  { name: "measured-gpus-memory", page: "43-measured-gpus", table: /host transfers|主机传输/ },
  { name: "measured-gpus-gemm", page: "43-measured-gpus", table: /best size|最佳尺寸/ },
];

describe("the measured reference", () => {
  const references = committedReferences();
  // "The reference": the document book.toml names, else the first real one by file name.
  const measured = references.find((r) => r.host === namedReference()) ?? references.find((r) => !r.placeholder);
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

  it("is committed: one reference document is a real measurement", () => {
    assert.ok(measured, `every committed reference is a placeholder: ${JSON.stringify(references)}`);
  });

  it("labels every GPU figure as the reference, naming its GPU, in both languages", async () => {
    const page = await browser.newPage();
    for (const lang of ["en", "zh"]) {
      for (const name of ["03-gpu-architecture", "05-tensor-cores", "08-gpu-metrics"]) {
        await page.goto(`${server.url}${lang}/${name}.html`);
        const notes = await page.locator("p.provenance-reference").allTextContents();
        assert.ok(notes.length > 0, `${lang}/${name}: no reference provenance note`);
        // A GPU figure's note names the reference's GPU; a CPU figure set beside it (one host
        // per table: page 03's CPU column) is the reference host's too, and names its CPU.
        // (A `hosts: [this, references]` table adds a column, and a note, per reference.)
        for (const note of notes) assert.ok(references.some((r) => note.startsWith(HOST[lang](r))), `${lang}/${name}: "${note}"`);
        assert.ok(notes.some((note) => note.startsWith(LABEL[lang](measured))), `${lang}/${name}: no note names ${measured.gpu}`);
        assert.ok((await page.locator("td.kind-reference").count()) > 0, `${lang}/${name}: no reference cell`);
        assert.equal(await page.locator("td.kind-reference", { hasText: /^(not measured|未测量)$/ }).count(), 0);
      }
    }
    await page.close();
  });

  it("leaves no placeholder anywhere: a line stands only for this build's own GPU figures or one GPU", async () => {
    const page = await browser.newPage();
    const problems = [];
    for (const rel of htmlPages().filter((p) => /^(en|zh)\/\d/.test(p))) {
      await page.goto(server.url + rel);
      if ((await page.locator(".provenance-placeholder, th.kind-datasheet").count()) > 0) {
        problems.push(`${rel}: a placeholder note or datasheet stand-in beside a measured reference`);
      }
      for (const line of await page.locator("p.figures-missing").allTextContents()) {
        // Allowed: "This machine" beside the reference's column (this build has no GPU of its
        // own, so the column would repeat the reference's figures) and the reference's own "one
        // GPU" (peer-to-peer needs two). Never a reference that "has not been measured yet".
        const own = /this build has no GPU measurements|本次构建没有 GPU 测量结果/.test(line);
        if (/not been measured yet|参考机尚未测量/.test(line) || !(own || /one GPU|只有一块 GPU/.test(line))) {
          problems.push(`${rel}: ${line}`);
        }
      }
    }
    await page.close();
    assert.deepEqual(problems, []);
  });

  it("sets every committed reference side by side on the Measured GPUs page, the reference first", async () => {
    const real = references.filter((r) => !r.placeholder);
    const page = await browser.newPage();
    for (const lang of ["en", "zh"]) {
      await page.goto(`${server.url}${lang}/43-measured-gpus.html`);
      // The tables with reference columns: a probe no committed reference has yet (cpu.llm)
      // has a table of this machine's figures only.
      const tables = page.locator("table.measured-table").filter({ has: page.locator("thead th.kind-reference") });
      assert.equal(await tables.count(), 3, `${lang}: three tables`);
      for (let t = 0; t < 3; ++t) {
        const headers = await tables.nth(t).locator("thead th").allTextContents();
        assert.equal(headers.length, real.length, `${lang}: table ${t + 1} has ${headers}`);
        assert.ok(headers[0].includes(measured.host), `${lang}: the reference first, got ${headers}`);
        for (const r of real) assert.ok(headers.some((h) => h.includes(r.host)), `${lang}: no column for ${r.host}`);
        assert.equal(await tables.nth(t).locator("thead th.kind-reference").count(), real.length);
      }
      // Each GPU's own name in its column, and a share of the datasheet in every column.
      const first = await tables.nth(0).locator("tbody tr").first().locator("td").allTextContents();
      for (const r of real) assert.ok(first.includes(r.gpu), `${lang}: GPU row ${first} lacks ${r.gpu}`);
      const shares = await tables.nth(1).locator("td", { hasText: /^\d+(\.\d+)? %$/ }).count();
      assert.ok(shares >= 5 * real.length, `${lang}: ${shares} shares of the datasheet`);
    }
    await page.close();
  });

  it("draws the roofline and the transfer curve from the reference", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}en/08-gpu-metrics.html`);
    for (const id of ["page-08-gpu-metrics-chart-1", "page-08-gpu-metrics-chart-2"]) {
      const chart = page.locator(`#${id}`);
      assert.equal(await chart.locator("svg").count(), 1, `${id} is not drawn`);
      assert.equal(await chart.locator(".figures-missing").count(), 0);
    }
    await page.close();
  });

  it("screenshots of the measured sections (desktop, en and zh)", async () => {
    fs.mkdirSync(screenshotDir, { recursive: true });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    for (const lang of ["en", "zh"]) {
      for (const section of SECTIONS) {
        await page.goto(`${server.url}${lang}/${section.page}.html`);
        // From the table (or chart) down to the last provenance note under the section.
        const first = section.table
          ? page.locator(".table-scroll", { has: page.locator("caption", { hasText: section.table }) })
          : page.locator(`#${section.chart}`);
        const last = section.chart ? page.locator(`#${section.chart}`) : first;
        await first.scrollIntoViewIfNeeded();
        const clip = await sectionClip(page, await first.elementHandle(), await last.elementHandle());
        const file = path.join(screenshotDir, `measured-${lang}-${section.name}.png`);
        assertDrawn(await page.screenshot({ path: file, clip, fullPage: true }), file);
      }
    }
    await page.close();
  });
});
