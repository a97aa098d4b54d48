#!/usr/bin/env python3
"""An mdBook preprocessor (mdBook's protocol): replaces marks in every chapter's content."""
import json
import sys

if len(sys.argv) > 1 and sys.argv[1] == "supports":
    sys.exit(0)
context, book = json.load(sys.stdin)
greeting = context["config"]["preprocessor"]["rewrite"]["greeting"]
count = 0


def rewrite(items):
    global count
    for item in items:
        if isinstance(item, dict) and "Chapter" in item:
            chapter = item["Chapter"]
            text = chapter["content"]
            text = text.replace("REWRITE-ME", "rewritten by rewrite.py for " + context["renderer"])
            text = text.replace("PATH-MARK", str(chapter["path"]))
            text = text.replace("NUMBER-MARK", ".".join(map(str, chapter["number"] or [])))
            text = text.replace("PARENTS-MARK", " > ".join(chapter["parent_names"]))
            text = text.replace("CONFIG-MARK", greeting)
            chapter["content"] = text
            count += 1
            rewrite(chapter["sub_items"])


rewrite(book["sections"])
print(f"rewrite.py: rewrote {count} chapters", file=sys.stderr)
json.dump(book, sys.stdout)
