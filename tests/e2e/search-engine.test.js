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

// Issue 52: back matter ranks last, the whole query as written ranks first, and synonyms.
const book = engine.prepare({
  v: 2,
  lang: "en",
  docs: [
    ["09-buying-advice.html", "Buying advice", "7.", 0],
    ["23-references.html", "References", "", 1],
    ["32-china-market.html", "The China market", "30.", 0],
    ["28-local-ai.html", "Local AI on one machine", "26.", 0],
  ],
  sections: [
    [0, "budget", "By budget", "Learning deep learning: an RTX 5060 Ti. Later, an RTX 4090 or RTX 5090."],
    [1, "", "", "RTX 4090 datasheet. RTX 4090 D. RTX 5090 D. RTX 4090 review. NVIDIA RTX 4090 page."],
    [2, "cards", "Cards", "The RTX 5090 D and the 5090 D v2 keep 32 GB; the RTX 4090 D has 24 GB."],
    [3, "desk", "On a desk", "Running models locally, on a desk, with 新手 notes."],
  ],
  synonyms: [["beginner", "learning deep learning", "新手"], ["hobbyist", "local", "on a desk"],
    ["入门", "新手"]],
});
const pages = (q) => engine.search(book, q).map((r) => r.section.doc.href);

it("back matter ranks after every other page, however often it names the query", () => {
  assert.deepEqual(pages("RTX 4090"), ["09-buying-advice.html", "32-china-market.html", "23-references.html"]);
  assert.ok(engine.search(book, "RTX 4090").find((r) => r.section.doc.back).score >
    engine.search(book, "RTX 4090")[0].score, "the references page has the most hits");
});

it("the whole query as written ranks above its words found apart", () => {
  const ranked = engine.search(book, "5090 D");
  assert.equal(ranked[0].section.doc.href, "32-china-market.html");
  assert.ok(ranked[0].score >= 20);
});

it("a term matches the words of its synonym group, plurals too, and marks what it found", () => {
  assert.deepEqual(pages("beginner"), ["09-buying-advice.html", "28-local-ai.html"]);
  assert.deepEqual(pages("beginners"), pages("beginner"));
  assert.deepEqual(pages("hobbyist"), ["28-local-ai.html"]);
  const [result] = engine.search(book, "hobbyist");
  const marked = engine.snippet(result.section.text, result.hits, 200).filter((p) => p.mark).map((p) => p.text);
  assert.deepEqual(marked, ["locally".slice(0, 5), "on a desk"]);
  assert.deepEqual(pages("novice"), [], "a word in no group matches only itself");
});

it("a CJK run containing a group's word also matches it replaced by the group's other words", () => {
  const alts = engine.terms("入门笔记", book.synonyms)[0].alts.map((a) => a.text);
  assert.deepEqual(alts, ["入门笔记", "新手笔记"]);
  assert.deepEqual(engine.terms("入门", book.synonyms)[0].alts.map((a) => a.text), ["入门", "新手"]);
  assert.deepEqual(pages("入门"), ["28-local-ai.html"]);
});
