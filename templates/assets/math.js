// Typesets the formulas of a book with mdBook's mathjax-support (gpuguide marks each one as
// span.math-inline or span.math-display at build time) with the KaTeX copied into the site's
// katex/: no network, also from file://. Without KaTeX the TeX source stays as it is.
"use strict";
(function () {
  if (typeof katex === "undefined") return;
  for (const span of document.querySelectorAll("span.math-inline, span.math-display")) {
    katex.render(span.textContent, span, {
      displayMode: span.classList.contains("math-display"),
      throwOnError: false,
    });
  }
})();
