# 10,000 nested lists on one line (`- - - ... x`): render or refuse, never overflow the stack.
python3 -c 'print("---\ntitle: Memory\n---\n\n# Memory\n\n" + "- " * 10000 + "x")' >content/en/memory.md
