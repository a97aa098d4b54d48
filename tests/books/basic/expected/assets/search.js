// GPU Guide search. Loaded by guide.js the first time the search box is focused; it then loads
// the language's index (search-index.js, window.GPUGUIDE_SEARCH, written by the generator's
// gpuguide_search) with a <script> element, which unlike fetch() works from file://.
//
// The index holds each section's plain text; this file scans it per query. Chinese has no spaces
// between words, so CJK query runs match as substrings anywhere (a run not found whole still
// matches when at least half its character bigrams occur, at a lower score); Latin terms match
// at the start of a word, case-insensitively ("nvl" finds NVLink, "h100" finds H100 but not AH1000).
// A term also matches the other words of its synonym group (the index's `synonyms`, from the
// theme's strings.json: "beginner" finds "learning deep learning", 新手 finds 入门).
// A section must match every term. Score: title hit 30, heading hit 15, then occurrences in the
// text, and 20 more when the whole query occurs as written ("5090 d" in "RTX 5090 D"). Back matter
// (SUMMARY.md's suffix chapters: the references) ranks after every other page.
(function (global) {
  "use strict";

  var CJK = "\u2e80-\u2fdf\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff";
  var TERM_RE = new RegExp("[" + CJK + "]+|[^\\s" + CJK + "\u3000-\u303f\uff00-\uffef]+", "g");
  var CJK_RE = new RegExp("^[" + CJK + "]");
  var WORD_CHAR = /[0-9a-z\u00c0-\u024f]/;
  var MAX_RESULTS = 20;
  var PER_PAGE = 3;

  /// Lower-cased query terms, each {text, cjk, alts}; Latin punctuation at a term's ends is
  /// dropped. `alts` are the forms the term matches: itself and, through `synonyms` (groups of
  /// lower-cased words), the other words of its group.
  function terms(query, synonyms) {
    var out = [];
    var parts = String(query).toLowerCase().match(TERM_RE) || [];
    parts.forEach(function (part) {
      var cjk = CJK_RE.test(part);
      var text = cjk ? part : part.replace(/^[^0-9a-z\u00c0-\u024f]+|[^0-9a-z\u00c0-\u024f+#]+$/g, "");
      if (text && out.every(function (t) { return t.text !== text; })) {
        out.push({ text: text, cjk: cjk, alts: alternatives(text, cjk, synonyms || []) });
      }
    });
    return out;
  }

  function form(text) {
    return { text: text, cjk: CJK_RE.test(text) };
  }

  /// The term and its synonyms. A Latin term matches a group's word as it is or in the plural
  /// ("beginners"); a CJK run that contains a group's word also matches the run with that word
  /// replaced by the group's other CJK words (新手显卡 -> 入门显卡), and, when it is the word
  /// itself, every other word of the group.
  function alternatives(text, cjk, synonyms) {
    var alts = [{ text: text, cjk: cjk }];
    var add = function (t) {
      if (t && alts.every(function (a) { return a.text !== t; })) alts.push(form(t));
    };
    synonyms.forEach(function (group) {
      group.forEach(function (word) {
        var whole = word === text || (!cjk && word + "s" === text);
        var inside = cjk && CJK_RE.test(word) && text.indexOf(word) >= 0;
        if (!whole && !inside) return;
        group.forEach(function (other) {
          if (other === word) return;
          if (whole) add(other);
          else if (CJK_RE.test(other)) add(text.split(word).join(other));
        });
      });
    });
    return alts;
  }

  /// Where `term` (any of its forms) matches in lower-cased `hay`: [{at, length}], at most
  /// `limit` per form. Latin forms match at the start of a word only.
  function matches(hay, term, limit) {
    var found = [];
    term.alts.forEach(function (alt) {
      var from = 0;
      var count = 0;
      while (count < limit) {
        var at = hay.indexOf(alt.text, from);
        if (at < 0) break;
        from = at + 1;
        if (!alt.cjk && at > 0 && WORD_CHAR.test(hay.charAt(at - 1))) continue;
        found.push({ at: at, length: alt.text.length });
        count++;
      }
    });
    return found;
  }

  /// For a CJK run not found whole ("显存的带宽"): how many of its character bigrams occur, if
  /// at least half do, else 0. Readers type phrases with particles that the text words differently.
  function bigramHits(hay, text) {
    if (text.length < 3) return 0;
    var found = 0;
    var total = text.length - 1;
    for (var i = 0; i < total; i++) if (hay.indexOf(text.substr(i, 2)) >= 0) found++;
    return found * 2 >= total ? found : 0;
  }

  /// Prepared index: lower-cased copies made once, so each key stroke only scans.
  function prepare(raw) {
    var docs = raw.docs.map(function (d) {
      return { href: d[0], title: d[1], number: d[2], back: d[3] === 1, lowTitle: d[1].toLowerCase() };
    });
    var sections = raw.sections.map(function (s, order) {
      return { doc: docs[s[0]], anchor: s[1], heading: s[2], text: s[3], order: order,
               lowHeading: s[2].toLowerCase(), lowText: s[3].toLowerCase() };
    });
    var synonyms = (raw.synonyms || []).map(function (group) {
      return group.map(function (word) { return String(word).toLowerCase(); });
    });
    return { lang: raw.lang, docs: docs, sections: sections, synonyms: synonyms };
  }

  /// Ranked matches: [{section, score, hits: [{at, length}] in the text}].
  function search(index, query) {
    var ts = terms(query, index.synonyms);
    if (!ts.length) return [];
    var phrase = ts.length > 1 ? String(query).toLowerCase().replace(/\s+/g, " ").trim() : "";
    var results = [];
    index.sections.forEach(function (s) {
      var score = 0;
      var hits = [];
      for (var i = 0; i < ts.length; i++) {
        var t = ts[i];
        var inTitle = matches(s.doc.lowTitle, t, 1).length > 0;
        var inHeading = matches(s.lowHeading, t, 1).length > 0;
        var inText = matches(s.lowText, t, 50);
        var weak = 0;
        if (!inTitle && !inHeading && !inText.length) {
          weak = t.cjk ? bigramHits(s.doc.lowTitle + " " + s.lowHeading + " " + s.lowText, t.text) : 0;
          if (!weak) return;
        }
        score += (inTitle ? 30 : 0) + (inHeading ? 15 : 0) + Math.min(inText.length, 10) + weak;
        hits = hits.concat(inText);
      }
      if (phrase && (s.lowText + " " + s.lowHeading + " " + s.doc.lowTitle).indexOf(phrase) >= 0) score += 20;
      hits.sort(function (a, b) { return a.at - b.at || b.length - a.length; });
      results.push({ section: s, score: score, hits: hits });
    });
    results.sort(function (a, b) {
      return (a.section.doc.back ? 1 : 0) - (b.section.doc.back ? 1 : 0) ||
        b.score - a.score || a.section.order - b.section.order;
    });
    // A page that mentions a word everywhere should not push every other page off the list.
    var perDoc = {};
    return results.filter(function (r) {
      var href = r.section.doc.href;
      perDoc[href] = (perDoc[href] || 0) + 1;
      return perDoc[href] <= PER_PAGE;
    }).slice(0, MAX_RESULTS);
  }

  /// A window of about `width` characters around the first hit, as [{text, mark}] pieces.
  function snippet(text, hits, width) {
    var start = 0;
    if (hits.length) start = Math.max(0, hits[0].at - Math.floor(width / 4));
    var end = Math.min(text.length, start + width);
    start = Math.max(0, Math.min(start, end - width));
    // Do not start in the middle of a Latin word.
    if (start > 0 && /\w/.test(text.charAt(start - 1))) {
      var space = text.indexOf(" ", start);
      if (space >= 0 && space < start + 20 && (!hits.length || space < hits[0].at)) start = space + 1;
    }
    var pieces = [];
    if (start > 0) pieces.push({ text: "…", mark: false });
    var at = start;
    hits.forEach(function (h) {
      if (h.at < at || h.at + h.length > end) return;
      if (h.at > at) pieces.push({ text: text.slice(at, h.at), mark: false });
      pieces.push({ text: text.slice(h.at, h.at + h.length), mark: true });
      at = h.at + h.length;
    });
    if (at < end) pieces.push({ text: text.slice(at, end), mark: false });
    if (end < text.length) pieces.push({ text: "…", mark: false });
    return pieces;
  }

  var engine = { terms: terms, prepare: prepare, search: search, snippet: snippet };
  if (typeof module !== "undefined" && module.exports) {
    module.exports = engine; // for the Node unit tests in tests/e2e
    return;
  }

  // --- Browser UI --------------------------------------------------------------------------
  var doc = global.document;
  var input = doc.getElementById("search-input");
  var panel = doc.getElementById("search-results");
  var indexSrc = doc.body.getAttribute("data-search");
  // Index hrefs are relative to the index's folder (the language folder).
  var base = indexSrc.replace(/[^\/]*$/, "");
  var index = null;
  var failed = false;
  var timer = 0;

  var status = doc.createElement("p");
  status.setAttribute("role", "status");
  var list = doc.createElement("ol");
  panel.appendChild(status);
  panel.appendChild(list);

  function render() {
    var query = input.value.trim();
    list.textContent = "";
    if (!query) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    if (!index) {
      status.textContent = failed ? panel.getAttribute("data-none") : panel.getAttribute("data-loading");
      return;
    }
    var results = search(index, query);
    panel.setAttribute("data-query", query); // lets tests wait for this query's results
    status.textContent = results.length
      ? results.length + " " + panel.getAttribute("data-count")
      : panel.getAttribute("data-none");
    results.forEach(function (r) {
      var s = r.section;
      var a = doc.createElement("a");
      a.href = base + s.doc.href + (s.anchor ? "#" + s.anchor : "");
      var title = doc.createElement("span");
      title.className = "result-title";
      var label = (s.doc.number ? s.doc.number + " " : "") + s.doc.title;
      if (s.heading && s.heading !== s.doc.title) label += " › " + s.heading;
      title.textContent = label;
      var text = doc.createElement("span");
      text.className = "result-snippet";
      snippet(s.text, r.hits, 120).forEach(function (p) {
        if (p.mark) {
          var m = doc.createElement("mark");
          m.textContent = p.text;
          text.appendChild(m);
        } else {
          text.appendChild(doc.createTextNode(p.text));
        }
      });
      a.appendChild(title);
      a.appendChild(text);
      var li = doc.createElement("li");
      li.appendChild(a);
      list.appendChild(li);
    });
  }

  function links() {
    return Array.prototype.slice.call(list.querySelectorAll("a"));
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(render, 60);
  });
  input.addEventListener("focus", function () {
    if (input.value.trim()) render();
  });
  input.addEventListener("keydown", function (event) {
    var first = links()[0];
    if (event.key === "ArrowDown" && first) {
      event.preventDefault();
      first.focus();
    } else if (event.key === "Enter" && first) {
      event.preventDefault();
      first.click();
    }
  });
  panel.addEventListener("keydown", function (event) {
    var all = links();
    var at = all.indexOf(doc.activeElement);
    if (event.key === "ArrowDown" && at >= 0 && at + 1 < all.length) {
      event.preventDefault();
      all[at + 1].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      (at > 0 ? all[at - 1] : input).focus();
    }
  });
  doc.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !panel.hidden) {
      panel.hidden = true;
      input.focus();
    }
  });
  doc.addEventListener("click", function (event) {
    if (!event.target.closest(".search")) panel.hidden = true;
  });

  var script = doc.createElement("script");
  script.src = indexSrc;
  script.onload = function () {
    if (global.GPUGUIDE_SEARCH) index = prepare(global.GPUGUIDE_SEARCH);
    else failed = true;
    render();
  };
  script.onerror = function () {
    failed = true;
    render();
  };
  doc.head.appendChild(script);
  render();
})(typeof window !== "undefined" ? window : globalThis);
