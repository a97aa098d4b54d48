#!/usr/bin/env python3
"""The manual's reference and the code agree, both ways.

Reads what the code reads, from the source (so it needs no build):
  * every command-line option and positional of gpuguide and gpuguide-probe (the CLI11
    definitions in generator/cli/main.cpp and probes/tool/main.cpp),
  * every book.toml key (generator/load/book_toml.cpp: each read.table(...) and its keys),
  * every field of every directive (each body.allow_only(...) in generator/directives/),
  * every environment variable (getenv in generator/ and probes/, ${NAME:-...} in scripts/),
and checks that the reference pages in docs/src/reference/ document each one, and that each thing
those pages document is read by the code. Each problem names the page to change.

    python3 tests/docs/check_reference.py [REPOSITORY_ROOT]
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parents[2])
REF = ROOT / "docs/src/reference"
problems = []


def read(path):
    return (ROOT / path).read_text(encoding="utf-8")


def without_comments(code):
    """C++ source without // and /* */ comments (string literals kept as they are)."""
    out, i, n = [], 0, len(code)
    while i < n:
        c = code[i]
        if c == '"':
            j = i + 1
            while j < n and code[j] != '"':
                j += 2 if code[j] == "\\" else 1
            out.append(code[i:j + 1])
            i = j + 1
        elif code.startswith("//", i):
            i = code.find("\n", i)
            i = n if i < 0 else i
        elif code.startswith("/*", i):
            i = code.find("*/", i) + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def table_rows(markdown):
    """(heading, first cell) of every table row in a page, the header and rule rows left out."""
    heading, rows, in_fence = "", [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
        if in_fence:
            continue
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        elif line.startswith("|") and not re.match(r"^\|[\s|:-]+\|$", line):
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows.append((heading, cells[0]))
    # Each table's first line is its header: drop rows whose first cell holds no code span.
    return [(h, cell) for h, cell in rows if "`" in cell]


def spans(cell):
    return re.findall(r"`([^`]+)`", cell)


def compare(what, in_code, documented, page):
    for name in sorted(in_code - documented):
        problems.append(f"{page}: {what} `{name}` is read by the code but not documented here")
    for name in sorted(documented - in_code):
        problems.append(f"{page}: {what} `{name}` is documented here but the code does not read it")


# --- Command-line options ------------------------------------------------------------------------
OPTION = re.compile(r"(\w+)\s*(?:->|\.)\s*(?:add_option|add_flag|set_version_flag)\(\s*\"([^\"]+)\"")
PAGES = {  # CLI11 receiver in the source -> the command's page
    "generator/cli/main.cpp": {"app": "README", "command": "build", "check": "check",
                               "serve": "serve", "theme": "theme", "init": "init",
                               "fleet": "fleet"},
    "probes/tool/main.cpp": {"app": "probe"},
}
INHERITS = {"check": "build", "serve": "build"}  # commands that take every option of build too
options = {}
for source, receivers in PAGES.items():
    for receiver, names in OPTION.findall(without_comments(read(source))):
        if receiver not in receivers:
            problems.append(f"{source}: options added to `{receiver}`, which no page of "
                            f"docs/src/reference/cli/ is mapped to (add it to PAGES in "
                            f"tests/docs/check_reference.py)")
            continue
        page = receivers[receiver]
        options.setdefault(page, set()).update(n.strip() for n in names.split(","))
for page, in_code in options.items():
    path = REF / "cli" / f"{page}.md"
    documented = set()
    for _, cell in table_rows(path.read_text(encoding="utf-8")):
        for span in spans(cell):
            word = span.split()[0]
            if re.fullmatch(r"--?[A-Za-z][\w-]*|[A-Za-z]+", word):
                documented.add(word)
    # A page may also describe an inherited option where it means more there (check's --out).
    inherited = options.get(INHERITS.get(page), set())
    compare("option", in_code, documented - (inherited - in_code), path.relative_to(ROOT))

# --- book.toml keys --------------------------------------------------------------------------------
def toml_keys(code):
    """{TABLE.KEY} for every key a read.table(node, "TABLE", {{"KEY", ...}, ...}) call handles."""
    keys = set()
    for call in re.finditer(r"read\.table\(\s*[^,]+,\s*\"([^\"]*)\"\s*,", code):
        table, i, depth = call.group(1), call.end(), 0
        while i < len(code):
            c = code[i]
            if c == '"':
                j = code.index('"', i + 1)
                if depth == 2 and code[i - 1] == "{":
                    keys.add((table + "." if table else "") + code[i + 1:j])
                i = j + 1
                continue
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            elif c == ")" and depth == 0:
                break
            i += 1
    return keys


code_keys = toml_keys(without_comments(read("generator/load/book_toml.cpp")))
page = REF / "book-toml.md"
documented, headings = set(), set()
for heading, cell in table_rows(page.read_text(encoding="utf-8")):
    table = re.fullmatch(r"`\[([\w.-]+)\]`", heading)
    if table:
        headings.add(table.group(1))
        documented.add(table.group(1) + "." + spans(cell)[0])
# A heading is a key of its own, but for a table of tables ([preprocessor.NAME]) whose keys the
# code reads under the heading's name.
documented |= {h for h in headings if not any(k.startswith(h + ".") for k in code_keys)}
# A table every key of which is documented under its own heading ([output]) needs no row.
parents = {k for key in documented for k in
           (".".join(key.split(".")[:n]) for n in range(1, key.count(".") + 1))}
compare("book.toml key", code_keys, documented | (parents & code_keys), page.relative_to(ROOT))

# --- Directive fields ------------------------------------------------------------------------------
DIRECTIVE_OF_FILE = {"measured_table.cpp": "gg-table", "data_table.cpp": "gg-data",
                     "chart.cpp": "gg-chart", "chart_measured.cpp": "gg-chart",
                     "estimate_table.cpp": "gg-estimate"}
DIRECTIVE_OF_FUNCTION = {"provenance": "gg-provenance"}  # functions that hold another directive
fields = {}
for source in sorted((ROOT / "generator/directives").glob("*.cpp")):
    code = without_comments(source.read_text(encoding="utf-8"))
    for call in re.finditer(r"allow_only\(", code):
        if source.name == "yaml_body.cpp":
            break
        # The function around the call: the last definition that starts a line before it.
        functions = re.findall(r"^[A-Za-z][\w:<>,\s\*&]*?\b(\w+)\([^;{]*\)\s*(?:const\s*)?\{",
                               code[:call.start()], re.M)
        directive = DIRECTIVE_OF_FUNCTION.get(functions[-1] if functions else "",
                                              DIRECTIVE_OF_FILE.get(source.name))
        if directive is None:
            problems.append(f"generator/directives/{source.name}: directive fields read in a file "
                            f"tests/docs/check_reference.py does not map to a directive")
            continue
        end = code.index(";", call.start())
        fields.setdefault(directive, set()).update(re.findall(r"\"([\w-]+)\"",
                                                              code[call.start():end]))
block_directives = set(re.findall(r"\"(gg-[a-z]+)\"",
                                  re.search(r"kBlockDirectives\{([^}]*)\}",
                                            read("generator/directives/expand.cpp")).group(1)))
page = REF / "directives.md"
documented = {}
for heading, cell in table_rows(page.read_text(encoding="utf-8")):
    name = re.match(r"`(gg-[a-z]+)`", heading)
    if name:
        documented.setdefault(name.group(1), set()).update(
            s for s in spans(cell) if re.fullmatch(r"[\w-]+", s))
compare("directive", block_directives, set(documented), page.relative_to(ROOT))
for directive in sorted(block_directives):
    compare(f"{directive} field", fields.get(directive, set()), documented.get(directive, set()),
            page.relative_to(ROOT))

# --- Environment variables -------------------------------------------------------------------------
sources = [p for d in ("generator", "probes") for p in (ROOT / d).rglob("*")
           if p.suffix in (".cpp", ".hpp", ".cu", ".h")]
constants = {}
for source in sources:
    for name, value in re.findall(r"\b(k\w+)\s*=\s*\"([A-Z][A-Z0-9_]+)\"",
                                  source.read_text(encoding="utf-8", errors="replace")):
        constants[name] = value
variables = set()
for source in sources:
    code = without_comments(source.read_text(encoding="utf-8", errors="replace"))
    if "getenv" not in code and "EnvLookup" not in code:
        continue
    variables.update(re.findall(r"getenv\(\"([A-Z][A-Z0-9_]*)\"\)", code))
    variables.update(constants[k] for k in re.findall(r"getenv\((?:\w+::)*(k\w+)\)", code)
                     if k in constants)
    variables.update(re.findall(r"\benv\(\"([A-Z][A-Z0-9_]*)\"\)", code))
    for names in re.findall(r"for \(const char\* \w+ : \{([^}]*)\}\)", code):
        variables.update(re.findall(r"\"([A-Z][A-Z0-9_]*)\"", names))
# CMake scripts read the environment at build time as $ENV{NAME} (the version's commit).
for cmake_script in sorted((ROOT / "lib").rglob("*.cmake")) + sorted((ROOT / "cmake").glob("*.cmake")):
    variables.update(re.findall(r"ENV\{([A-Z][A-Z0-9_]*)\}", cmake_script.read_text(encoding="utf-8")))
scripts = [p for p in (ROOT / "scripts").rglob("*") if p.is_file()]
script_text = ""
for script in scripts:
    text = script.read_text(encoding="utf-8", errors="replace")
    script_text += text
    found = set(re.findall(r"\$\{([A-Z][A-Z0-9_]*):?[-=+?]", text))
    if "/etc/os-release" in text:  # its fields, read by sourcing it, are not the environment's
        found -= {"ID", "VERSION_ID", "VERSION_CODENAME", "PRETTY_NAME", "NAME"}
    variables.update(found)
page = REF / "environment.md"
documented = {s for _, cell in table_rows(page.read_text(encoding="utf-8"))
              for s in spans(cell) if re.fullmatch(r"[A-Z][A-Z0-9_]+", s)}
code_text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in sources) + script_text
# The converse for variables: one the page documents must at least occur in the code or scripts
# (SLURM_CONF is read by Slurm's commands, which gpuguide fleet runs, and exported by a script).
occurring = {name for name in documented if re.search(r"\b" + name + r"\b", code_text)}
for name in sorted(variables - documented):
    problems.append(f"{page.relative_to(ROOT)}: environment variable `{name}` is read by the code "
                    "but not documented here")
for name in sorted(documented - variables - occurring):
    problems.append(f"{page.relative_to(ROOT)}: environment variable `{name}` is documented here "
                    "but the code does not read it")

if problems:
    print("\n".join(problems))
    print(f"check_reference: {len(problems)} problem(s): the reference (docs/src/reference/) and "
          "the code disagree; document what the code reads, and remove what it no longer reads")
    sys.exit(1)
print(f"check_reference: the reference documents every option ({sum(map(len, options.values()))}), "
      f"book.toml key ({len(code_keys)}), directive field "
      f"({sum(map(len, fields.values()))}) and environment variable ({len(variables)}) the code "
      "reads, and nothing else")
