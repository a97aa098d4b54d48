#!/usr/bin/env python3
"""An mdBook preprocessor that adds a numbered chapter at the end of the book."""
import json
import sys

if len(sys.argv) > 1 and sys.argv[1] == "supports":
    sys.exit(0)
context, book = json.load(sys.stdin)
book["sections"].append({"Chapter": {
    "name": "Added chapter",
    "content": "# Added chapter\n\nREWRITE-ME: added by add-chapter.py.\n",
    "number": [2],
    "sub_items": [],
    "path": "added.md",
    "source_path": None,
    "parent_names": [],
}})
json.dump(book, sys.stdout)
