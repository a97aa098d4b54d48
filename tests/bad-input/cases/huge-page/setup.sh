# A 50 MB page (generated here, never committed): refused, over the 16 MiB a page may have.
python3 - <<'PY'
paragraph = ("GPU memory bandwidth is measured, not guessed. " * 20 + "\n\n").encode()
with open("content/en/memory.md", "wb") as page:
    page.write(b"---\ntitle: Memory\n---\n\n# Memory\n\n")
    while page.tell() < 50 * 1024 * 1024:
        page.write(paragraph * 100)
PY
