// GPU Guide page behaviour: the sidebar built from toc.js, the phone menu, the theme toggle,
// keyboard-scrollable tables and the lazy start of search. Plain ES5-level DOM code, no
// framework, so it runs from file:// and in old browsers without a build step.
(function () {
  "use strict";
  var doc = document;
  var root = doc.documentElement;
  var body = doc.body;
  var THEME_KEY = "gpuguide-theme";

  function el(tag, attrs, text) {
    var node = doc.createElement(tag);
    for (var name in attrs) node.setAttribute(name, attrs[name]);
    if (text) node.textContent = text;
    return node;
  }

  function pagePath(href) {
    return (href || "").split("#")[0].split("?")[0];
  }

  // --- Sidebar: the whole table of contents lives once per language in toc.js. ---------------
  // Entries: {title, number, href, depth, part}. An entry with `part: true` is a part heading,
  // one with `separator: true` a rule; (older form) a string `part` names an entry's part.
  // Entries without href are drafts (greyed, no link).
  function buildSidebar() {
    var toc = window.GPUGUIDE_TOC;
    var nav = doc.getElementById("sidebar");
    if (!nav || !toc || !toc.length) return;
    // toc.js's hrefs, like data-page, are relative to the folder toc.js is in (the language's);
    // a page in a subfolder (an mdBook book's src/a/b.md) reaches them through toc.js's own path.
    var script = doc.querySelector('script[src$="toc.js"]');
    var base = script ? script.getAttribute("src").replace(/[^\/]*$/, "") : "";
    var current = pagePath(body.getAttribute("data-page"));
    var minDepth = Infinity;
    toc.forEach(function (e) {
      if (typeof e.depth === "number" && e.part !== true) minDepth = Math.min(minDepth, e.depth);
    });
    if (!isFinite(minDepth)) minDepth = 0;

    var frag = doc.createDocumentFragment();
    var stack = []; // open <ol> elements, one per depth
    var lastPart = null;
    var partCount = 0;
    var currentLink = null;

    function startPart(title) {
      stack = [];
      if (title) {
        partCount += 1;
        frag.appendChild(el("h2", { class: "part", id: "toc-part-" + partCount }, title));
      }
    }
    function listAt(depth) {
      while (stack.length > depth + 1) stack.pop();
      while (stack.length < depth + 1) {
        var ol = el("ol", {});
        if (stack.length === 0) {
          frag.appendChild(ol);
        } else {
          var parent = stack[stack.length - 1];
          var li = parent.lastElementChild || parent.appendChild(el("li", {}));
          li.appendChild(ol);
        }
        stack.push(ol);
      }
      return stack[depth];
    }

    toc.forEach(function (e) {
      if (e.separator) {
        // Suffix chapters after a separator belong to no part.
        startPart(null);
        frag.appendChild(el("hr", {}));
        lastPart = null;
        return;
      }
      if (e.part === true && !e.href) {
        startPart(e.title);
        lastPart = e.title;
        return;
      }
      if (typeof e.part === "string" && e.part !== lastPart) {
        startPart(e.part);
        lastPart = e.part;
      }
      var depth = Math.max(0, (e.depth || 0) - minDepth);
      var li = el("li", {});
      var item;
      if (e.href) {
        item = el("a", { href: base + e.href });
        if (pagePath(e.href) === current) {
          item.setAttribute("aria-current", "page");
          currentLink = item;
        }
      } else {
        item = el("span", { class: "draft" });
      }
      if (e.number) item.appendChild(el("span", { class: "number" }, e.number));
      item.appendChild(el("span", { class: "title" }, e.title));
      li.appendChild(item);
      listAt(depth).appendChild(li);
    });
    // Keep the fallback link to the contents page above the generated list.
    var fallback = nav.querySelector(".sidebar-fallback");
    nav.textContent = "";
    nav.appendChild(frag);
    if (fallback) nav.appendChild(fallback);
    if (currentLink && currentLink.offsetTop > nav.clientHeight * 0.7) {
      // Bring the current page into view inside the sidebar without moving the page itself.
      nav.scrollTop = currentLink.offsetTop - nav.clientHeight / 3;
    }
  }

  // --- Phone menu. ------------------------------------------------------------------------
  function setupMenu() {
    var button = doc.querySelector(".menu-button");
    var nav = doc.getElementById("sidebar");
    if (!button || !nav) return;
    button.hidden = false;
    function setOpen(open) {
      root.classList.toggle("sidebar-open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    button.addEventListener("click", function () {
      var open = !root.classList.contains("sidebar-open");
      setOpen(open);
      if (open) {
        var target = nav.querySelector('[aria-current="page"]') || nav.querySelector("a");
        if (target) target.focus();
      }
    });
    doc.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && root.classList.contains("sidebar-open")) {
        setOpen(false);
        button.focus();
      }
    });
    nav.addEventListener("click", function (event) {
      if (event.target.closest("a")) setOpen(false);
    });
  }

  // --- Theme toggle: overrides prefers-color-scheme and persists (theme.js applies it). ---------
  function setupTheme() {
    var button = doc.querySelector(".theme-toggle");
    if (!button) return;
    var media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
    function isDark() {
      var chosen = root.getAttribute("data-theme");
      return chosen ? chosen === "dark" : !!(media && media.matches);
    }
    function show() {
      button.setAttribute("aria-pressed", isDark() ? "true" : "false");
    }
    button.hidden = false;
    show();
    if (media && media.addEventListener) media.addEventListener("change", show);
    button.addEventListener("click", function () {
      var next = isDark() ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try {
        localStorage.setItem(THEME_KEY, next);
      } catch (e) {
        /* storage disabled: the choice lasts for this page only */
      }
      show();
    });
  }

  // --- Tables from Markdown get the same scroll box as the generator's tables. ----------------
  function wrapTables() {
    var label = body.getAttribute("data-table-label") || "";
    var tables = doc.querySelectorAll(".content table");
    for (var i = 0; i < tables.length; i++) {
      var table = tables[i];
      if (table.parentNode.classList.contains("table-scroll")) continue;
      // A named <section> is a region landmark: screen readers announce what scrolls.
      var box = el("section", { class: "table-scroll", tabindex: "0" });
      var caption = table.querySelector("caption");
      var heading = caption ? caption.textContent : label;
      box.setAttribute("aria-label", heading.trim() || label);
      table.parentNode.insertBefore(box, table);
      box.appendChild(table);
    }
  }

  // "On this page" sits above the text on narrow screens; there it starts folded.
  function foldPageToc() {
    var details = doc.querySelector(".page-toc details");
    if (details && window.matchMedia && window.matchMedia("(max-width: 75rem)").matches) {
      details.open = false;
    }
  }

  // Code blocks wider than the text column scroll; a keyboard can only scroll what it can focus.
  function focusableCode() {
    var blocks = doc.querySelectorAll(".content pre");
    for (var i = 0; i < blocks.length; i++) {
      if (blocks[i].scrollWidth > blocks[i].clientWidth) blocks[i].setAttribute("tabindex", "0");
    }
  }

  // --- Code blocks: the generator writes the buttons hidden (they need JavaScript); here they
  // show hidden lines (mdBook's `# ` lines, which guide.css hides once theme.js marks the page
  // `js`) and copy what the reader sees, hidden lines left out unless shown.
  function setupCode() {
    var blocks = doc.querySelectorAll(".code-block");
    for (var i = 0; i < blocks.length; i++) {
      var toggle = blocks[i].querySelector(".code-toggle");
      var copy = blocks[i].querySelector(".code-copy");
      if (toggle) {
        toggle.hidden = false;
        toggle.addEventListener("click", function (event) {
          var button = event.currentTarget;
          var shown = button.closest(".code-block").classList.toggle("show-hidden");
          button.setAttribute("aria-pressed", shown ? "true" : "false");
        });
      }
      if (copy) {
        copy.hidden = false;
        copy.addEventListener("click", copyCode);
      }
    }
  }

  function copyCode(event) {
    var button = event.currentTarget;
    var code = button.closest(".code-block").querySelector("code");
    // innerText leaves out what CSS hides (the hidden lines), as mdBook's copy button does.
    var text = code.innerText.replace(/\n$/, "");
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    function done() {
      button.textContent = button.getAttribute("data-done") || label;
      setTimeout(function () { button.textContent = label; }, 1500);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () { copyBySelection(text, done); });
    } else {
      copyBySelection(text, done);
    }
  }

  // Where the Clipboard API is missing or refused: a selected, off-screen textarea and the older
  // copy command.
  function copyBySelection(text, done) {
    var area = el("textarea", { readonly: "", class: "visually-hidden" });
    area.value = text;
    body.appendChild(area);
    area.select();
    try {
      if (doc.execCommand("copy")) done();
    } catch (e) {
      /* nothing copied: the button keeps its label */
    }
    body.removeChild(area);
  }

  // --- Search starts only when the reader reaches for it. ------------------------------------
  function setupSearch() {
    var box = doc.querySelector(".search");
    var input = doc.getElementById("search-input");
    if (!box || !input || !body.getAttribute("data-search")) return;
    box.hidden = false;
    var started = false;
    function start() {
      if (started) return;
      started = true;
      var script = el("script", { src: body.getAttribute("data-assets") + "search.js" });
      doc.head.appendChild(script);
    }
    input.addEventListener("focus", start);
    input.addEventListener("input", start);
    doc.addEventListener("keydown", function (event) {
      var target = event.target;
      var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.focus();
      }
    });
  }

  buildSidebar();
  setupMenu();
  setupTheme();
  wrapTables();
  focusableCode();
  setupCode();
  foldPageToc();
  setupSearch();
})();
