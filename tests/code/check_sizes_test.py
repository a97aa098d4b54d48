#!/usr/bin/env python3
"""Self-test of check_sizes.py on the fixtures under fixtures/: the 60-line function and the
constructs that are not functions (a class body, a table, braces in literals) pass; a 61-line
function, a 61-line constructor with a member initialiser list, a function made long by
its lambda, a long lambda outside any function and a 401-line
file each fail with their own line; a folder with no source file fails."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")


def check(*folders):
    run = subprocess.run([sys.executable, os.path.join(HERE, "check_sizes.py"), "--root",
                          FIXTURES, *folders], capture_output=True, text=True)
    return run.returncode, run.stdout.splitlines()


def expect(what, got, wanted):
    if got != wanted:
        print(f"FAIL {what}: got {got!r}, wanted {wanted!r}")
        return 1
    print(f"ok   {what}")
    return 0


failures = 0
code, lines = check("at_limit")
failures += expect("at_limit passes", (code, lines), (0, []))
code, lines = check("too_long")
failures += expect("too_long fails", code, 1)
failures += expect("too_long's problems", lines, [
    "too_long/constructor.cpp:10: function Holder::Holder is 61 lines (limit 60)",
    "too_long/lambda.cpp:4: function with_lambda is 61 lines (limit 60)",
    "too_long/lambda.cpp:66: function lambda is 61 lines (limit 60)",
    "too_long/long_file.hpp: 401 lines (limit 400)",
    "too_long/long_function.cpp:3: function too_long is 61 lines (limit 60)",
])
code, lines = check("no_such_folder")
failures += expect("a folder without sources fails", code, 1)
failures += expect("and says so", [line for line in lines if "wrong path?" in line] != [], True)
sys.exit(1 if failures else 0)
