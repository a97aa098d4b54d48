// Reading the guide: sidebar, previous/next, language switch, theme toggle and the phone menu,
// served under a project sub-path (as on GitHub Pages) and opened from file://.
"use strict";
const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { serve, fileRoot, launch, watch, requireSite } = require("./lib/site");

for (const mode of ["http", "file"]) {
  describe(`navigation (${mode})`, () => {
    let browser, server, root, context, page, watcher;

    before(async () => {
      requireSite();
      if (mode === "http") {
        server = await serve("/gpu-guide/");
        root = server.url;
      } else {
        root = fileRoot();
      }
      browser = await launch();
      context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
      page = await context.newPage();
      watcher = watch(page);
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it("the sidebar lists every part and marks the current page", async () => {
      await page.goto(root + "zh/index.html");
      assert.equal(await page.getAttribute("html", "lang"), "zh-CN");
      const current = page.locator('#sidebar a[aria-current="page"]');
      assert.equal(await current.count(), 1);
      assert.match(await current.getAttribute("href"), /(^|\/)index\.html$/);
      assert.ok((await page.locator("#sidebar .part").count()) >= 3, "parts are headings in the sidebar");
      const numbered = page.locator('#sidebar a[href$="08-gpu-metrics.html"] .number');
      assert.match(await numbered.innerText(), /^\d+(\.\d+)*\.?$/);
    });

    it("a sidebar link opens its page, which becomes the current one", async () => {
      await page.locator('#sidebar a[href$="08-gpu-metrics.html"]').click();
      await page.waitForURL(/\/zh\/08-gpu-metrics\.html$/);
      const current = page.locator('#sidebar a[aria-current="page"]');
      assert.match(await current.getAttribute("href"), /08-gpu-metrics\.html$/);
      assert.ok((await page.locator(".page-toc a").count()) > 0, "the page lists its headings");
    });

    it("next and previous move through the chapter in order", async () => {
      await page.locator('.prev-next a[rel="next"]').click();
      await page.waitForURL(/\/zh\/09-buying-advice\.html$/);
      await page.locator('.prev-next a[rel="prev"]').click();
      await page.waitForURL(/\/zh\/08-gpu-metrics\.html$/);
    });

    it("the language switch lands on the same section in the other language", async () => {
      const link = page.locator('.language-switch a[hreflang="en"]');
      assert.equal(await link.getAttribute("lang"), "en");
      await link.click();
      await page.waitForURL(/\/en\/08-gpu-metrics\.html$/);
      assert.equal(await page.getAttribute("html", "lang"), "en");
      await page.locator('.language-switch a[hreflang="zh"]').click();
      await page.waitForURL(/\/zh\/08-gpu-metrics\.html$/);
    });

    it("the theme toggle overrides the system theme and persists across pages", async () => {
      const theme = () => page.evaluate(() => document.documentElement.getAttribute("data-theme"));
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await background();
      const toggle = page.locator(".theme-toggle");
      assert.equal(await toggle.getAttribute("aria-pressed"), "false");
      await toggle.click();
      assert.equal(await theme(), "dark");
      assert.equal(await toggle.getAttribute("aria-pressed"), "true");
      assert.notEqual(await background(), light);
      await page.locator('.prev-next a[rel="next"]').click();
      await page.waitForURL(/09-buying-advice\.html$/);
      assert.equal(await theme(), "dark", "the choice survives navigation");
      assert.notEqual(await background(), light);
      await page.locator(".theme-toggle").click();
      assert.equal(await theme(), "light");
      await page.reload();
      assert.equal(await theme(), "light");
      assert.equal(await background(), light);
    });

    it("keyboard users can skip to the content", async () => {
      await page.keyboard.press("Tab");
      const skip = await page.evaluate(() => document.activeElement.className);
      assert.equal(skip, "skip-link");
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => document.activeElement.id), "content");
    });

    it("on a phone the sidebar hides behind the menu button", async () => {
      const phone = await context.newPage();
      const phoneWatch = watch(phone);
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(root + "en/05-tensor-cores.html");
      const sidebar = phone.locator("#sidebar");
      assert.equal(await sidebar.isVisible(), false);
      const menu = phone.locator(".menu-button");
      await menu.click();
      assert.equal(await menu.getAttribute("aria-expanded"), "true");
      await phone.locator('#sidebar a[aria-current="page"]').waitFor({ state: "visible" });
      await phone.keyboard.press("Escape");
      assert.equal(await menu.getAttribute("aria-expanded"), "false");
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page does not scroll sideways (scrollWidth ${width})`);
      assert.deepEqual(phoneWatch.problems(), []);
      await phone.close();
    });

    it("no console errors and no failed requests", () => {
      assert.deepEqual(watcher.problems(), []);
    });
  });
}
