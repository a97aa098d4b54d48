#!/usr/bin/env python3
"""Does a fleet page name every planted fault (make_fleet.py --faults) and no healthy node?

    check_detection.py SITE FAULTS.json

Reads SITE/en/fleet.html and SITE/zh/fleet.html: the outliers must be exactly the slow node and
the node that lost a GPU, the configuration drift exactly the node with the other driver, the
nodes asked but missing exactly the silent one. Prints one line per language; exit 1 on a miss.
"""
import json
import re
import sys


def section(page, name):
    start = page.find('id="%s"' % name)
    return "" if start < 0 else page[start:page.find("</section>", start)]


def main():
    site, faults = sys.argv[1], json.load(open(sys.argv[2]))
    want = {"fleet-outliers": {faults["slow"], faults["off_bus"]},
            "fleet-drift": {faults["driver"]},
            "fleet-missing": {faults["silent"]}}
    failed = False
    for lang in ("en", "zh"):
        page = open("%s/%s/fleet.html" % (site, lang), encoding="utf-8").read()
        problems = []
        for name, nodes in want.items():
            found = set(re.findall(r"node[0-9]{4,}", section(page, name)))
            if found != nodes:
                problems.append("%s names %s, planted %s" % (name, sorted(found), sorted(nodes)))
        if problems:
            failed = True
            print("  %s/fleet.html: MISSED: %s" % (lang, "; ".join(problems)))
        else:
            print("  %s/fleet.html names all 4 planted faults (%s) and no healthy node"
                  % (lang, ", ".join(sorted(n for s in want.values() for n in s))))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
