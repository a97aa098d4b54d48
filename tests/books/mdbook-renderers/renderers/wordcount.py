#!/usr/bin/env python3
"""An mdBook renderer (mdBook's protocol): reads the RenderContext from stdin and writes
words.txt, one line per chapter, into its folder (its working directory, the context's
destination)."""
import json
import os
import sys

context = json.load(sys.stdin)
unit = context["config"]["output"]["wordcount"]["unit"]
lines = [
    f"version {context['version']}",
    f"root {context['root']}",
    f"destination {context['destination']}",
    f"cwd {os.getcwd()}",
]
for item in context["book"]["sections"]:
    if isinstance(item, dict) and "Chapter" in item:
        chapter = item["Chapter"]
        lines.append(f"{chapter['path']}: {len(chapter['content'].split())} {unit}: "
                     + chapter["content"].splitlines()[-1])
with open("words.txt", "w", encoding="utf-8") as out:
    out.write("\n".join(lines) + "\n")
print(f"wordcount.py: counted {len(lines) - 4} chapters", file=sys.stderr)
