# A SUMMARY.md entry whose title is 1 MB long (generated, not committed): it must render or be
# refused with a message, not overflow the stack in the line parser.
python3 - <<'PY'
title = "A" * (1 << 20)
with open("content/en/SUMMARY.md", "a", encoding="utf-8") as summary:
    summary.write(f"- [{title}](long.md)\n")
with open("content/en/long.md", "w", encoding="utf-8") as page:
    page.write("---\ntitle: Long\n---\n\n# Long\n")
PY
