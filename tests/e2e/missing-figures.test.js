// The guide as a reader sees it where figures are missing: 40-browser.sh builds it with
// --measure reference (no GPU figures of this machine) from a copy of the content whose reference
// is turned into a placeholder (nothing measured anywhere, as before the first GPU run). No table
// column or chart is a grid of "not measured", no sentence shows a missing figure, and the
// reference's datasheet figures stand in, labelled as such. The guide with its real, measured
// reference is reference.test.js's. Screenshots go to build/screenshots/missing-*.png.
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { placeholderSiteDir, serve, launch, htmlPages, requireSite, screenshotDir, sectionClip, assertDrawn } =
  require("./lib/site");

const NOT_MEASURED = /^(not measured|未测量)$/;
// Pages whose tables or charts had no figure at all in the GPU-less guide before issue 18.
const AFFECTED = ["03-gpu-architecture", "05-tensor-cores", "08-gpu-metrics", "19-multi-gpu"];

describe("missing figures", () => {
  let browser, server;
  before(async () => {
    requireSite(placeholderSiteDir);
    server = await serve("/", placeholderSiteDir);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it("no table column, chart or sentence is made of missing figures, on every page", async () => {
    const page = await browser.newPage();
    const problems = [];
    let lines = 0;
    for (const rel of htmlPages(placeholderSiteDir).filter((p) => /^(en|zh)\//.test(p))) {
      await page.goto(server.url + rel);
      const found = await page.evaluate((pattern) => {
        const notMeasured = new RegExp(pattern);
        const out = { problems: [], lines: document.querySelectorAll(".figures-missing").length };
        for (const table of document.querySelectorAll("table.measured-table")) {
          const rows = [...table.tBodies[0].rows];
          const width = rows[0]?.cells.length ?? 0;
          for (let c = 1; c < width; c++) {
            const texts = rows.map((row) => row.cells[c].textContent.trim());
            if (texts.every((t) => notMeasured.test(t) || t === "—")) {
              out.problems.push(`table "${table.caption?.textContent}" has a column without a figure`);
            }
          }
          for (const cell of table.querySelectorAll("td")) {
            if (notMeasured.test(cell.textContent.trim())) {
              out.problems.push(`table "${table.caption?.textContent}" has a "not measured" cell`);
            }
          }
        }
        for (const figure of document.querySelectorAll("figure.chart")) {
          if (!figure.querySelector("svg") && !figure.querySelector(".figures-missing")) {
            out.problems.push(`chart ${figure.id} has neither a drawing nor a line saying why`);
          }
        }
        // A missing figure inside prose: the old "triad reached not measured".
        for (const span of document.querySelectorAll("main .not-measured")) {
          out.problems.push(`"${span.parentElement.textContent.trim().slice(0, 80)}…" cites a missing figure`);
        }
        for (const marker of document.querySelectorAll("main code")) {
          if (/^(when-measured|otherwise|end):$/.test(marker.textContent)) {
            out.problems.push(`marker \`${marker.textContent}\` left in the page`);
          }
        }
        return out;
      }, NOT_MEASURED.source);
      problems.push(...found.problems.map((p) => `${rel}: ${p}`));
      lines += found.lines;
    }
    await page.close();
    assert.deepEqual(problems, []);
    // The build has no GPU figures of its own, so some column or chart must have collapsed.
    assert.ok(lines > 0, "no page says which figures are missing: did the build have a GPU?");
  });

  it("a missing column says what, why and how to fill it, in the page's language", async () => {
    const page = await browser.newPage();
    for (const [lang, how] of [["en", /NVIDIA GPU fills them in/], ["zh", /NVIDIA GPU 的主机上构建/]]) {
      await page.goto(`${server.url}${lang}/08-gpu-metrics.html`);
      const line = await page.locator("p.figures-missing").first().textContent();
      // This build has no GPU: its column would repeat the reference's, so the line stands for
      // it; the unmeasured reference keeps its column for the datasheet row it has.
      assert.match(line, lang === "en" ? /^GPU memory bandwidth \(STREAM\) for this machine: / : /^GPU 显存带宽（STREAM）（本机）：/);
      assert.match(line, lang === "en" ? /this build has no GPU measurements/ : /本次构建没有 GPU 测量结果/);
      assert.match(line, how);
    }
    await page.close();
  });

  it("an unmeasured reference shows its datasheet figure, labelled as datasheet", async () => {
    const page = await browser.newPage();
    for (const [lang, label, note] of [["en", "Datasheet bandwidth", /not a measurement/],
                                       ["zh", "官方规格带宽", /不是实测值/]]) {
      await page.goto(`${server.url}${lang}/08-gpu-metrics.html`);
      const table = page.locator("table.measured-table", { hasText: "STREAM" });
      // The reference's column first (then one per other reference, each its own GPU's).
      const cell = table.locator("tr", { hasText: label }).locator("td.kind-datasheet").first();
      assert.equal(await cell.textContent(), "4.8\u00A0TB/s");
      assert.match(await cell.getAttribute("title"), /H200 SXM 141GB/);
      assert.match(await page.locator(".provenance-datasheet").first().textContent(), note);
    }
    await page.close();
  });

  it("screenshots of the pages with a formerly empty table (desktop, en and zh)", async () => {
    fs.mkdirSync(screenshotDir, { recursive: true });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    for (const lang of ["en", "zh"]) {
      for (const name of AFFECTED) {
        await page.goto(`${server.url}${lang}/${name}.html`);
        // Built with a placeholder reference: every one of these pages has the line to show.
        const first = page.locator(".figures-missing").first();
        assert.ok((await first.count()) > 0, `${lang}/${name}.html has no .figures-missing line`);
        // The table left above the line (if any), the line and the notes under it: small images.
        await first.scrollIntoViewIfNeeded();
        const line = await first.elementHandle();
        const above = await line.evaluateHandle((l) =>
          l.previousElementSibling?.matches(".table-scroll") ? l.previousElementSibling : l);
        const clip = await sectionClip(page, above, line);
        const file = path.join(screenshotDir, `missing-${lang}-${name}.png`);
        assertDrawn(await page.screenshot({ path: file, clip, fullPage: true }), file);
      }
    }
    await page.close();
  });
});
