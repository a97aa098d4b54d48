// Turns a measurement document into a placeholder in place: what the committed reference was
// before any GPU run ("placeholder": true, every probe skipped as "not yet measured"), so the
// browser tests can still see the guide with nothing measured (missing-figures.test.js).
//
//   node placeholder-reference.js DOCUMENT.json ...
"use strict";
const fs = require("node:fs");

for (const file of process.argv.slice(2)) {
  const document = JSON.parse(fs.readFileSync(file, "utf8"));
  document.placeholder = true;
  for (const key of Object.keys(document.probes)) {
    document.probes[key] = { status: "skipped", reason: "not yet measured", duration_s: 0, result: null };
  }
  fs.writeFileSync(file, JSON.stringify(document, null, 2) + "\n");
}
