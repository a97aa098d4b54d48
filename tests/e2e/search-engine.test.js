// The matching and ranking of templates/assets/search.js, run in Node without a browser.
"use strict";
const { it } = require("node:test");
const assert = require("node:assert/strict");
const engine = require("../../templates/assets/search.js");

const index = engine.prepare({
  v: 1,
  lang: "zh",
  docs: [
    ["04-why-gpus.html", "深度学习为何选择 GPU", "3.1."],
    ["08-gpu-metrics.html", "如何选 GPU：关键指标", "6."],
  ],
  sections: [
    [0, "", "", "神经网络的大部分计算是矩阵乘法，GPU 擅长并行。"],
    [1, "bandwidth", "显存带宽", "显存带宽决定数据搬运的速度。NVLink 连接多块 H100。"],
    [1, "power", "功耗", "AH1000 不是一块 GPU。"],
  ],
});
const hrefs = (q) => engine.search(index, q).map((r) => r.section.doc.href + "#" + r.section.anchor);

it("CJK words match inside sentences", () => {
  assert.deepEqual(hrefs("矩阵乘法"), ["04-why-gpus.html#"]);
  assert.deepEqual(hrefs("搬运"), ["08-gpu-metrics.html#bandwidth"]);
});

it("a CJK phrase worded differently still matches by bigrams", () => {
  assert.deepEqual(hrefs("显存的带宽"), ["08-gpu-metrics.html#bandwidth"]);
});

it("Latin terms match word prefixes, case-insensitively, not inside words", () => {
  assert.deepEqual(hrefs("nvl"), ["08-gpu-metrics.html#bandwidth"]);
  assert.deepEqual(hrefs("h100"), ["08-gpu-metrics.html#bandwidth"]);
  assert.deepEqual(hrefs("link"), []);
});

it("every term must match; headings and titles rank first", () => {
  assert.deepEqual(hrefs("显存 nvlink"), ["08-gpu-metrics.html#bandwidth"]);
  assert.deepEqual(hrefs("矩阵 nvlink"), []);
  const ranked = hrefs("GPU");
  assert.equal(ranked.length, 3);
  assert.ok(engine.search(index, "显存带宽")[0].score > 15);
});

it("the snippet marks every hit inside its window", () => {
  const [result] = engine.search(index, "显存 nvlink");
  const pieces = engine.snippet(result.section.text, result.hits, 200);
  assert.deepEqual(pieces.filter((p) => p.mark).map((p) => p.text), ["显存", "NVLink"]);
  assert.equal(pieces.map((p) => p.text).join(""), result.section.text);
});

it("a long text is cut around the first hit with ellipses", () => {
  const long = engine.prepare({ v: 1, lang: "en", docs: [["a.html", "A", ""]],
    sections: [[0, "x", "X", "word ".repeat(100) + "target " + "word ".repeat(100)]] });
  const [result] = engine.search(long, "target");
  const pieces = engine.snippet(result.section.text, result.hits, 60);
  assert.equal(pieces[0].text, "…");
  assert.equal(pieces[pieces.length - 1].text, "…");
  assert.ok(pieces.some((p) => p.mark && p.text === "target"));
});

it("queries without terms find nothing", () => {
  assert.deepEqual(engine.terms("  ，。 "), []);
  assert.deepEqual(hrefs(""), []);
});
