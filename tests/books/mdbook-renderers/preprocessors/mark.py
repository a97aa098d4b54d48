#!/usr/bin/env python3
"""An mdBook preprocessor (mdBook's protocol): writes the renderer it runs for into every chapter."""
import json
import sys

if len(sys.argv) > 1 and sys.argv[1] == "supports":
    sys.exit(0)
context, book = json.load(sys.stdin)
for item in book["sections"]:
    if isinstance(item, dict) and "Chapter" in item:
        chapter = item["Chapter"]
        chapter["content"] = chapter["content"].replace("RENDERER-MARK", context["renderer"])
json.dump(book, sys.stdout)
