#!/usr/bin/env python3
"""Checks that a built guide's figures carry no false precision and read as numbers do in prose.

  check_number_format.py SITE_DIR [CONTENT_DIR]

1. Digit groups: no figure the generator writes (a measured, reference or datasheet table cell,
   an inline value, an estimate) shows a whole part of five or more digits without its separator:
   "1,000,000 tokens", "16,896", never "1000000 tokens" (issue 64).
2. Significant figures: an estimate (an inline `estimate:` span, a `kind-estimate` table cell)
   shows at most two significant figures ("14", "1,300,000", "0.012"), unless its page's source
   asks for more (`digits=N` inline, `digits: N` in a gg-estimate); then at most the most it
   asks on that page. "13.6 (estimate)" for a ratio of two measured rates claims more than the
   formula's inputs hold.
Exit status 1 with one line per finding (page, what, text).
"""
import html
import re
import sys
from pathlib import Path

ESTIMATE_DIGITS = 2
# Figure elements: table cells of every kind, inline values, data values and estimates.
FIGURE = re.compile(
    r'<(?P<tag>td|strong|span) class="(?P<class>kind-[a-z-]+(?: num)?|measured|reference|'
    r'fleet|data-value|estimate)"[^>]*>(?P<text>[^<]*)<')
NUMBER = re.compile(r"(?<![\w.,])-?(?P<whole>\d[\d,]*)(?:\.(?P<fraction>\d+))?(?![\d\w])")
DIGITS_ASKED = re.compile(r"digits(?:=|:\s*)(\d+)")


def significant_figures(whole: str, fraction: str | None) -> int:
    digits = whole.replace(",", "").lstrip("0")
    if fraction is not None:
        return len((digits + fraction).lstrip("0"))
    return len(digits.rstrip("0")) or 1


def allowed_digits(page: Path, site: Path, content: Path) -> int:
    """The most significant figures an estimate of `page` may show (its source's `digits`)."""
    source = content / page.relative_to(site).with_suffix(".md")
    asked = [int(n) for n in DIGITS_ASKED.findall(source.read_text(encoding="utf-8"))] \
        if source.is_file() else []
    return max([ESTIMATE_DIGITS, *asked])


def findings(page: Path, site: Path, content: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    out = []
    limit = None
    for match in FIGURE.finditer(text):
        shown = html.unescape(match.group("text")).replace("\u00a0", " ")
        is_estimate = match.group("class") in ("estimate", "kind-estimate", "kind-estimate num")
        for number in NUMBER.finditer(shown):
            whole, fraction = number.group("whole"), number.group("fraction")
            if "," not in whole and len(whole) >= 5:
                out.append(f"{page}: a figure without digit groups: {shown!r}")
            if is_estimate:
                limit = limit or allowed_digits(page, site, content)
                if significant_figures(whole, fraction) > limit:
                    out.append(f"{page}: an estimate with more than {limit} significant "
                               f"figures: {shown!r}")
            if is_estimate:
                break  # the value comes first; what follows is its unit ("1/s", "tokens/s")
    return out


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    site = Path(sys.argv[1])
    content = Path(sys.argv[2]) if len(sys.argv) == 3 else \
        Path(__file__).resolve().parents[2] / "content"
    pages = sorted(p for p in site.glob("*/*.html") if p.name != "print.html")
    problems = [line for page in pages for line in findings(page, site, content)]
    for line in problems:
        print(f"number-format: {line}", file=sys.stderr)
    if not pages:
        print(f"number-format: no pages under {site}", file=sys.stderr)
        return 1
    if problems:
        print(f"number-format: {len(problems)} finding(s) in {len(pages)} pages", file=sys.stderr)
        return 1
    print(f"number-format: {len(pages)} pages, every figure grouped and every estimate rounded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
