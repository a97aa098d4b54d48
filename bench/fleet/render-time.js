// How long Debian's headless Chromium takes to render fleet pages, and screenshots of them.
//
//   node bench/fleet/render-time.js SITE [--shots DIR --label NAME] PAGE...
//
// PAGE is a path below SITE ("en/fleet.html"). Each page is loaded 5 times from a local server
// (tests/e2e/lib/site.js); printed: the median time from navigation to the load event, which
// covers parsing, style, layout and the first paint of everything. With --shots, a screenshot of
// each LANG/fleet.html's top (1280×2300: the summary and the outliers) goes to DIR/fleet-NAME-LANG.png.
"use strict";
const path = require("node:path");
const { serve, launch } = require("../../tests/e2e/lib/site");

async function main() {
  const args = process.argv.slice(2);
  const site = path.resolve(args.shift());
  let shots = null, label = "";
  const pages = [];
  while (args.length) {
    const arg = args.shift();
    if (arg === "--shots") shots = args.shift();
    else if (arg === "--label") label = args.shift();
    else pages.push(arg);
  }
  const server = await serve("/", site);
  const browser = await launch();
  try {
    for (const file of pages) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 2300 } });
      const times = [];
      for (let i = 0; i < 5; i++) {
        await page.goto(server.url + file, { waitUntil: "load" });
        times.push(await page.evaluate(() => {
          const nav = performance.getEntriesByType("navigation")[0];
          return nav.loadEventEnd - nav.startTime;
        }));
      }
      times.sort((a, b) => a - b);
      console.log(`  ${file}: renders in ${(times[2] / 1000).toFixed(2)} s (median of 5; target: under 1 s)`);
      if (shots && file.endsWith("/fleet.html")) {
        const lang = file.split("/")[0];
        await page.screenshot({ path: path.join(shots, `fleet-${label}-${lang}.png`) });
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
