#!/usr/bin/env python3
"""No source file over 400 lines, no function over 60 (issue 62).

Usage: check_sizes.py [--root DIR] [FOLDER...]

Scans FOLDER... (default: generator lib probes, relative to --root, which defaults to the
repository root) for *.cpp, *.hpp and *.cu files and prints one line per problem:

    PATH:LINE: function NAME is N lines (limit 60)
    PATH: N lines (limit 400)

and exits 1 when there is any, or when no file was scanned at all (a wrong path must not pass).

A function's length runs from the line of its opening brace to the line of its closing one, both
counted. Comments, string and character literals (raw strings too) and preprocessor lines are
blanked first, so braces inside them do not count. A class, struct, union, enum or namespace body
is not a function: the functions inside it are measured one by one. A lambda inside a function
counts within that function; a lambda outside any function is measured as a function ("lambda").
Braces of data (an initialiser at namespace or class scope) are not a function.

ALLOWED below may excuse a function or a file, each with its reason; an entry that excuses nothing
is itself a problem, so it is removed once the code is fixed.
"""
import argparse
import os
import re
import sys

FUNCTION_LIMIT = 60
FILE_LIMIT = 400
SUFFIXES = (".cpp", ".hpp", ".cu")
DEFAULT_FOLDERS = ("generator", "lib", "probes")

# (path relative to the root, function name or None for the file's length): reason. Empty: add an
# entry only for what cannot be split sensibly (a table of data), with its reason.
ALLOWED = {}

CONTROL = {"if", "for", "while", "switch", "catch", "return", "sizeof", "alignof", "decltype",
           "alignas", "noexcept", "throw", "requires", "static_assert", "co_return", "co_yield"}
TRAILERS = {"const", "volatile", "noexcept", "override", "final", "mutable", "constexpr",
            "consteval", "&", "&&", "throw"}
SCOPES = {"class", "struct", "union", "enum", "namespace"}
PREFIXES = {"inline", "export", "typedef", "static", "constexpr", "friend"}
ACCESS = {"public", "private", "protected"}


def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (literals by a
    '""' token), newlines kept so that line numbers stay."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            out.append(c)
            line_start = True
            i += 1
            continue
        if line_start and c in " \t":
            out.append(c)
            i += 1
            continue
        if line_start and c == "#":
            # A directive runs to the end of the line, continued by a trailing backslash.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append("\n")
                    i += 2
                    continue
                i += 1
            continue
        line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end) or " ")
            i = end
            continue
        if c.isdigit() or (c == "." and i + 1 < n and text[i + 1].isdigit()):
            # A number, whose digit separators (1'000) are not character literals.
            j = i + 1
            while j < n:
                if text[j] in "eEpP" and j + 1 < n and text[j + 1] in "+-":
                    j += 2
                elif text[j].isalnum() or text[j] in "._":
                    j += 1
                elif text[j] == "'" and j + 1 < n and text[j + 1].isalnum():
                    j += 2
                else:
                    break
            out.append(text[i:j])
            i = j
            continue
        if c.isalpha() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = text[i:j]
            if j < n and text[j] == '"' and word in ("R", "u8R", "uR", "UR", "LR"):
                match = re.match(r'"([^()\\\s]{0,16})\(', text[j:])
                if match:
                    close = ")" + match.group(1) + '"'
                    end = text.find(close, j + match.end())
                    end = n if end < 0 else end + len(close)
                    out.append('""' + "\n" * text.count("\n", i, end))
                    i = end
                    continue
            if j < n and text[j] in "\"'" and word in ("u8", "u", "U", "L"):
                i = j  # the literal itself is read next
                continue
            out.append(word)
            i = j
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


TOKEN = re.compile(r'""|\'\'|::|->|&&|\w+|\S')


def tokens(text):
    """(token, line) pairs of blanked text; lines count from 1."""
    line = 1
    result = []
    for part in re.split(r"(\n)", text):
        if part == "\n":
            line += 1
            continue
        result.extend((m.group(0), line) for m in TOKEN.finditer(part))
    return result


def matching_open(head, close_index, opener, closer):
    """Index in head of the bracket that the one at close_index closes, or None."""
    depth = 0
    for k in range(close_index, -1, -1):
        if head[k] == closer:
            depth += 1
        elif head[k] == opener:
            depth -= 1
            if depth == 0:
                return k
    return None


def strip_prefix(head):
    """head without access labels, template<...>, [[attributes]] and storage keywords."""
    k = 0
    while k < len(head):
        if head[k] in ACCESS and k + 1 < len(head) and head[k + 1] == ":":
            k += 2
        elif head[k] == "template" and k + 1 < len(head) and head[k + 1] == "<":
            depth, k = 0, k + 1
            while k < len(head):
                depth += {"<": 1, ">": -1}.get(head[k], 0)
                k += 1
                if depth == 0:
                    break
        elif head[k] == "[" and k + 1 < len(head) and head[k + 1] == "[":
            while k < len(head) and not (head[k] == "]" and k > 0 and head[k - 1] == "]"):
                k += 1
            k += 1
        elif head[k] in PREFIXES:
            k += 1
        else:
            break
    return head[k:]


def cut_trailers(head):
    """head up to the parameter list's ')': trailing return type, requires clause and
    qualifiers removed."""
    depth = 0
    for k, token in enumerate(head):
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(token, 0)
        if depth == 0 and token in ("->", "requires") and k > 0 and ")" in head[:k]:
            head = head[:k]
            break
    while head:
        if head[-1] in TRAILERS:
            head = head[:-1]
        elif head[-1] == ")":
            opened = matching_open(head, len(head) - 1, "(", ")")
            if opened and head[opened - 1] in ("noexcept", "throw"):
                head = head[:opened - 1]
            else:
                break
        else:
            break
    return head


def is_lambda_introducer(head, close_index):
    """Whether the ']' at close_index closes a lambda's capture list (not an array's size)."""
    opened = matching_open(head, close_index, "[", "]")
    if opened is None:
        return False
    before = head[opened - 1] if opened > 0 else None
    return not (before and (re.match(r"\w", before) or before in (")", "]")))


def function_name(head, paren):
    """The (qualified) name before the '(' at index paren."""
    k = paren - 1
    if head[k] == ">":  # a template's arguments: f<int>(...)
        opened = matching_open(head, k, "<", ">")
        k = opened - 1 if opened else k
    if k >= 0 and head[k] == ")" and k >= 2 and head[k - 2] == "operator":
        return "operator()"
    parts = []
    while k >= 0:
        word = re.match(r"\w", head[k]) is not None
        if word and parts and re.match(r"\w", parts[-1]):
            break  # the return type's last word
        if word or head[k] in ("::", "~") or (k >= 1 and head[k - 1] == "operator"):
            parts.append(head[k])
            k -= 1
        else:
            break
    return "".join(reversed(parts)) or "?"


def constructor_name(head):
    """The name of a constructor with a member initialiser list, X::X(...) : a_(b), c_{d}, or
    None."""
    depth = 0
    for k, token in enumerate(head[:-1]):
        depth += {"(": 1, ")": -1}.get(token, 0)
        if token == ")" and depth == 0 and head[k + 1] == ":":
            paren = matching_open(head, k, "(", ")")
            return function_name(head, paren) if paren else None
    return None


def classify(head):
    """What a '{' at non-function scope opens, given the tokens since the last statement:
    ("function", name), ("scope", None) or ("data", None)."""
    head = strip_prefix(head)
    if head and (head[0] in SCOPES or head[:2] == ["extern", '""']):
        return ("scope", None)
    body = cut_trailers(head)
    if not body:
        return ("data", None)
    constructor = constructor_name(body)
    if constructor and body[-1] in (")", "}"):
        return ("function", constructor)
    if body[-1] == "]" and is_lambda_introducer(body, len(body) - 1):
        return ("function", "lambda")
    if body[-1] == ")":
        paren = matching_open(body, len(body) - 1, "(", ")")
        if not paren:
            return ("data", None)
        before = body[paren - 1]
        if before == "]":
            if is_lambda_introducer(body, paren - 1):
                return ("function", "lambda")
            return ("function", "operator[]")
        if before in CONTROL:
            return ("data", None)
        named = re.match(r"\w", before) or before in (">", ")")
        if named or "operator" in body[max(0, paren - 3):paren]:
            return ("function", function_name(body, paren))
        return ("data", None)
    return ("data", None)


def in_data_below(stack):
    """Whether the innermost open brace is an initialiser's."""
    return bool(stack) and stack[-1][0] == "data"


def long_functions(text):
    """(line, name, length) of every function in text over FUNCTION_LIMIT lines, and a list of
    brace problems."""
    stack = []  # (kind, name, line); kind in function, scope, data, inner
    head = []
    found, problems = [], []
    for token, line in tokens(blank(text)):
        in_function = any(kind == "function" for kind, _, _ in stack)
        in_data = in_data_below(stack)
        if token == "{":
            if in_function:
                stack.append(("inner", None, line))
                continue
            if in_data:
                # Inside an initialiser only a lambda is a function: look at its own element.
                start = max([k + 1 for k, t in enumerate(head) if t in ("{", ",", "(")] or [0])
                kind, name = classify(head[start:])
                kind = kind if name == "lambda" else "data"
            else:
                kind, name = classify(head)
            stack.append((kind, name, line))
            if kind == "data":
                head.append(token)
            elif kind == "scope" or not in_data:
                head = []
        elif token == "}":
            if not stack:
                problems.append(f"{line}: unmatched '}}'")
                continue
            kind, name, start = stack.pop()
            if kind == "function":
                length = line - start + 1
                if length > FUNCTION_LIMIT:
                    found.append((start, name, length))
            if kind == "data" or (kind == "function" and in_data_below(stack)):
                head.append(token)
            elif kind in ("function", "scope"):
                head = []
        elif not in_function:
            if token == ";" and not in_data:
                head = []
            else:
                head.append(token)
    for kind, _, line in stack:
        problems.append(f"{line}: '{{' never closed")
    return found, problems


def scan(root, folders):
    """Problem lines for folders under root, and how many files were read."""
    problems, used, scanned = [], set(), 0
    for folder in folders:
        for directory, subdirs, files in os.walk(os.path.join(root, folder)):
            subdirs.sort()
            for name in sorted(files):
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(directory, name)
                shown = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = handle.read()
                scanned += 1
                lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
                if lines > FILE_LIMIT:
                    if (shown, None) in ALLOWED:
                        used.add((shown, None))
                    else:
                        problems.append(f"{shown}: {lines} lines (limit {FILE_LIMIT})")
                found, brace_problems = long_functions(text)
                for line, function, length in found:
                    if (shown, function) in ALLOWED:
                        used.add((shown, function))
                    else:
                        problems.append(f"{shown}:{line}: function {function} is {length} "
                                        f"lines (limit {FUNCTION_LIMIT})")
                problems.extend(f"{shown}:{p} (the braces do not balance; this check cannot "
                                f"measure the file)" for p in brace_problems)
    return problems, used, scanned


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    parser.add_argument("folders", nargs="*", default=list(DEFAULT_FOLDERS))
    arguments = parser.parse_args()
    problems, used, scanned = scan(arguments.root, arguments.folders)
    if scanned == 0:
        print(f"no {'/'.join(SUFFIXES)} file found under {', '.join(arguments.folders)} "
              f"(in {arguments.root}): wrong path?")
        return 1
    if arguments.folders == list(DEFAULT_FOLDERS):
        for (path, function), reason in sorted(ALLOWED.items(), key=str):
            if (path, function) not in used:
                what = f"function {function}" if function else "file length"
                problems.append(f"{path}: allow-list entry for {what} ({reason}) excuses "
                                f"nothing now: remove it from {os.path.relpath(__file__)}")
    for problem in problems:
        print(problem)
    print(f"{scanned} files scanned, {len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
