// Shared helpers for the browser tests: where the built site is, a tiny static server for it, and
// Debian's chromium driven by playwright-core (which never downloads a browser of its own).
"use strict";
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");
const { pathToFileURL } = require("node:url");
const { chromium } = require("playwright-core");
const { inkOf } = require("./png");

/// The site under test: $GPUGUIDE_SITE, written by scripts/test.d/40-browser.sh.
const siteDir = path.resolve(process.env.GPUGUIDE_SITE || path.join(__dirname, "../../site"));
/// The same guide built with its reference turned into a placeholder (nothing measured anywhere):
/// $GPUGUIDE_PLACEHOLDER_SITE, also written by 40-browser.sh (lib/placeholder-reference.js).
const placeholderSiteDir = process.env.GPUGUIDE_PLACEHOLDER_SITE
  ? path.resolve(process.env.GPUGUIDE_PLACEHOLDER_SITE)
  : null;
const repoDir = path.resolve(__dirname, "../..");
const screenshotDir = path.resolve(process.env.GPUGUIDE_SCREENSHOTS || path.join(repoDir, "build/screenshots"));

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".xml": "application/xml",
  ".json": "application/json",
};

/// Serves `root` (default siteDir) on 127.0.0.1 at an ephemeral port, under `prefix` (a sub-path
/// such as "/gpu-guide/", as on GitHub Pages project sites). Resolves to {url, close}.
function serve(prefix = "/", root = siteDir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    let rel = decodeURIComponent(url.pathname);
    if (!rel.startsWith(prefix)) {
      res.writeHead(404).end("outside the site");
      return;
    }
    rel = rel.slice(prefix.length);
    if (rel === "" || rel.endsWith("/")) rel += "index.html";
    const file = path.join(root, rel);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { "content-type": TYPES[".html"] }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/// file:// URL of the site root, with a trailing slash.
function fileRoot() {
  return pathToFileURL(siteDir).href + "/";
}

/// Headless Debian chromium; the flags keep it from calling home or needing a GPU.
function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run",
    ],
  });
}

/// Records console errors, page errors, failed requests and HTTP errors of a page. `problems()`
/// returns them as readable lines (empty when the page behaved).
function watch(page) {
  const found = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") found.push(`console error on ${page.url()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => found.push(`uncaught ${err.message} on ${page.url()}`));
  page.on("requestfailed", (req) => {
    const error = req.failure()?.errorText ?? "";
    // A navigation (a clicked result, Enter in search) cancels the old page's pending loads,
    // such as its favicon, with ERR_ABORTED: a cancellation, not a broken link. A missing file
    // still shows up as ERR_FILE_NOT_FOUND or an HTTP status below.
    if (error === "net::ERR_ABORTED" && !req.isNavigationRequest()) return;
    found.push(`request failed: ${req.url()} (${error})`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) found.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  return { problems: () => found.slice() };
}

/// Every HTML file of the site at `root` (default siteDir), relative to it, sorted.
function htmlPages(root = siteDir) {
  const out = [];
  (function walk(dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html")) out.push(path.relative(root, full).split(path.sep).join("/"));
    }
  })(root);
  return out.sort();
}

/// A clip for page.screenshot: from element `first` down to `last` and the provenance notes right
/// after it, the full width of <main>, scrolled to just below the sticky page header (which would
/// otherwise cover the clip's top). `first` and `last` are element handles.
function sectionClip(page, first, last = first) {
  return page.evaluate(([a, b]) => {
    window.scrollTo(0, a.getBoundingClientRect().top + window.scrollY -
      document.querySelector("header").offsetHeight - 24);
    const top = a.getBoundingClientRect().top + window.scrollY;
    let end = b;
    while (end.nextElementSibling?.matches(".provenance")) end = end.nextElementSibling;
    const bottom = end.getBoundingClientRect().bottom + window.scrollY;
    const main = document.querySelector("main").getBoundingClientRect();
    return { x: main.left, y: top - 12, width: main.width, height: bottom - top + 24 };
  }, [first, last]);
}

/// Fails early with a clear message when the site at `root` (default siteDir) was not built.
function requireSite(root = siteDir) {
  if (!root || !fs.existsSync(path.join(root, "zh", "index.html"))) {
    throw new Error(`no built site at ${root}; run scripts/test.d/40-browser.sh ` +
      "(or set GPUGUIDE_SITE and GPUGUIDE_PLACEHOLDER_SITE)");
  }
}

/// Fails unless a PNG screenshot shows something: at least 2 % of its pixels differ from its
/// background and it has at least 16 colours (text, rules, figures), not a blank or flat image.
function assertDrawn(png, what) {
  const { ink, colours, width, height } = inkOf(png);
  if (!(ink >= 0.02 && colours >= 16)) {
    throw new Error(`${what}: the ${width}×${height} screenshot is blank or flat ` +
                    `(${(ink * 100).toFixed(1)} % ink, ${colours} colours)`);
  }
}

// The WCAG A/AA rules that depend on colours alone: what a second colour theme of the same page
// can change (its structure, names, roles and focus order are the same page's).
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/// axe-core's WCAG 2.x A/AA violations on the page loaded in `page`, one readable line each.
/// `injected`: axe is already on the page (an earlier call since it loaded), so it is not added
/// again. `colourOnly`: just COLOUR_RULES, for the same page again in another theme (about half
/// the time of every rule).
async function axeViolations(page, { injected = false, colourOnly = false } = {}) {
  if (!injected) await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  return page.evaluate(async (colourRules) => {
    const result = await window.axe.run(document, {
      runOnly: colourRules
        ? { type: "rule", values: colourRules }
        : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")})`);
  }, colourOnly ? COLOUR_RULES : null);
}

module.exports = {
  axeViolations, siteDir, placeholderSiteDir, repoDir, screenshotDir, serve, fileRoot, launch, watch, htmlPages,
  requireSite, sectionClip, assertDrawn,
};
