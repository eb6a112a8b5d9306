#!/usr/bin/env python3
"""Checks an HTML report of warplint against the tool's own JSON outputs.

  check_report.py REPORT.html FINDINGS.json ACCESSES.json

- well-formed: every element that is not void is closed, in order; every
  inline <svg> is well-formed XML;
- self-contained: no src/href to another document, no @import, no url();
- the summary's counts are those of FINDINGS.json (--format=json);
- one bank map per access with a conflict (ACCESSES.json, the tool's
  --dump-shared-accesses), inside that access's block, and each access's
  worst degree in data-degree;
- three occupancy charts per launch and architecture that has numbers;
- each warplint-occupancy finding's numbers in its launch's table row.
Prints "report ok: ..." or the first problem (exit 1).
"""
import html.parser
import json
import re
import sys
import xml.etree.ElementTree as ET

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr", "circle", "rect", "line", "path",
        "polyline", "polygon", "stop", "ellipse", "use"}


def xml_escape(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;")
            .replace("'", "&apos;"))


def fail(msg):
    print("report check failed: " + msg)
    sys.exit(1)


class Nesting(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append((tag, self.getpos()))

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            fail(f"</{tag}> at {self.getpos()} closes "
                 f"{self.stack[-1] if self.stack else 'nothing'}")
        self.stack.pop()


def main():
    page = open(sys.argv[1], encoding="utf-8").read()
    findings = json.load(open(sys.argv[2]))["findings"]
    accesses = json.load(open(sys.argv[3]))["accesses"]

    if not page.startswith("<!DOCTYPE html>"):
        fail("no doctype")
    n = Nesting()
    n.feed(page)
    n.close()
    if n.stack:
        fail(f"unclosed: {n.stack[-3:]}")
    svgs, depth, start = [], 0, 0
    for m in re.finditer(r"<svg\b|</svg>", page):
        if m.group(0) == "<svg":
            if depth == 0:
                start = m.start()
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                svgs.append(page[start:m.end()])
    for s in svgs:
        try:
            ET.fromstring(s)
        except ET.ParseError as e:
            fail(f"an SVG is not well-formed XML: {e}: {s[:200]}")
    for pat in (r'(?:src|href)\s*=\s*"(?!#)', r"@import", r"url\("):
        m = re.search(pat, page)
        if m:
            fail(f"external reference: {page[m.start():m.start() + 80]!r}")

    warnings = sum(f["severity"] == "warning" for f in findings)
    errors = sum(f["severity"] == "error" for f in findings)
    m = re.search(r'<p id="summary">(\d+) warnings? and (\d+) errors? in '
                  r'(\d+) files?; (\d+) shared-memory access(?:es)? analysed, '
                  r'(\d+) unknown', page)
    if not m:
        fail("no summary line")
    if (int(m.group(1)), int(m.group(2))) != (warnings, errors):
        fail(f"summary says {m.group(1)} warnings, {m.group(2)} errors; the "
             f"tool {warnings}, {errors}")
    if int(m.group(4)) != len(accesses):
        fail(f"summary says {m.group(4)} accesses; the dump has "
             f"{len(accesses)}")

    # Each access's block: its data-line, its degree, its map.
    blocks = re.findall(r'<div class="access (\w+)" id="[^"]+" '
                        r'data-line="(\d+)" data-degree="([\d.]+)">(.*?)'
                        r'(?=<div class="access |<h[23]|</body>)', page, re.S)
    if len(blocks) != len(accesses):
        fail(f"{len(blocks)} access blocks for {len(accesses)} accesses")
    maps = fixes = 0
    for a in accesses:
        worst = max([r["wavefronts"] / r["phases"] for r in a["runs"]
                     if r["state"] == "ok" and r["phases"]] or [0])
        mine = [b for b in blocks if int(b[1]) == a["line"]
                and abs(float(b[2]) - worst) < 1e-3]
        if not mine:
            fail(f"no block for the access at line {a['line']} with degree "
                 f"{worst}")
        conflict = worst > 1
        if conflict != (mine[0][0] == "conflict"):
            fail(f"line {a['line']}: degree {worst} but class {mine[0][0]}")
        body = mine[0][3]
        has_map = 'class="bankmap"' in body
        if has_map != conflict:
            fail(f"line {a['line']}: degree {worst}, bank map: {has_map}")
        maps += has_map
        # The worst run's fix, and the map of the same warp after it.
        runs = [r for r in a["runs"] if r["state"] == "ok" and r["phases"]]
        top = max(runs, key=lambda r: r["wavefronts"] / r["phases"],
                  default=None)
        if conflict and top and "fixedDegree" in top:
            if '<figure class="fixed">' not in body:
                fail(f"line {a['line']}: no map after the fix")
            fixes += 1
            if "fix" not in top or xml_escape(top["fix"]) not in body:
                fail(f"line {a['line']}: the fix not named")
    if page.count('class="bankmap"') != maps + fixes:
        fail("bank maps outside their access")

    rows = re.findall(r'<tr data-arch="(sm_\d+)" data-occupancy="([\d.]+)" '
                      r'data-blocks="(\d+)" data-warps="(\d+)" '
                      r'data-registers="(\d+)">', page)
    charts = page.count('class="occupancy-chart"')
    if charts != 3 * len(rows):
        fail(f"{charts} charts for {len(rows)} launches with numbers")
    occ = [f for f in findings if f["check"] == "warplint-occupancy"
           and "occupancy" in f.get("properties", {})]
    for f in occ:
        p = f["properties"]
        want = (p["arch"], f"{p['occupancy']:.4f}",
                str(p["activeBlocksPerSM"]), str(p["activeWarpsPerSM"]),
                str(p["registers"]))
        if want not in rows:
            fail(f"occupancy finding {want} not in any launch row")
    print(f"report ok: {len(accesses)} accesses, {maps} bank maps, "
          f"{fixes} after a fix, "
          f"{len(rows)} launch rows, {charts} charts, {len(occ)} occupancy "
          f"findings matched")


main()
