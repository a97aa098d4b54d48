# 10,000 nested emphasis and link brackets: inline parsing and rendering must not overflow either.
python3 -c 'print("---\ntitle: Memory\n---\n\n# Memory\n\n" + "*a " * 10000 + "b" + " a*" * 10000 + "\n\n" + "[" * 10000 + "x" + "](y)" * 10000)' >content/en/memory.md
