#!/usr/bin/env python3
"""Checks the structure of warplint's JSON output and prints it in short.

usage: check_json.py FILE

Exits 1 with a message when the output breaks the contract of docs/design.md
("The output contract") or docs/checks/warplint-block-size.md (the
properties); else prints one line per finding and note, then a summary:

  LINE:COL SEVERITY CHECK launch=L kernel=K threads=T block=XxYxZ warps=W idle=I
    note LINE:COL MESSAGE
  N findings (W warnings, E errors)
"""
import json
import sys

FINDING_KEYS = {"check", "severity", "file", "line", "column", "message",
                "properties", "notes"}
NOTE_KEYS = {"file", "line", "column", "message"}
LAUNCHES = {"<<<>>>", "cudaLaunchKernel", "cudaLaunchCooperativeKernel",
            "cudaLaunchKernelEx", "cudaLaunchKernelExC", "__launch_bounds__"}


def fail(msg):
    print("check_json.py: " + msg, file=sys.stderr)
    sys.exit(1)


def check_location(what, o):
    if not isinstance(o["file"], str) or not o["file"].startswith("/"):
        fail(f"{what}: file is not an absolute path: {o['file']!r}")
    for k in ("line", "column"):
        if not isinstance(o[k], int) or o[k] < 1:
            fail(f"{what}: {k} is not a positive integer: {o[k]!r}")
    if not isinstance(o["message"], str) or not o["message"]:
        fail(f"{what}: empty message")
    if o["message"][0].isupper() or o["message"].endswith("."):
        fail(f"{what}: message not lowercase or ends with a period")


def main(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if set(doc) != {"version", "findings", "summary"}:
        fail(f"top-level keys {sorted(doc)}")
    if not isinstance(doc["version"], str) or doc["version"].count(".") != 2:
        fail(f"version {doc['version']!r}")
    findings = doc["findings"]
    if not isinstance(findings, list):
        fail("findings is not a list")
    keys = []
    for i, f in enumerate(findings):
        what = f"findings[{i}]"
        if set(f) != FINDING_KEYS:
            fail(f"{what}: keys {sorted(f)}")
        check_location(what, f)
        if f["severity"] not in ("warning", "error"):
            fail(f"{what}: severity {f['severity']!r}")
        if f["message"].endswith("[" + f["check"] + "]"):
            fail(f"{what}: the message names the check")
        p = f["properties"]
        for k in ("threads", "warps", "idleLanes"):
            if not isinstance(p.get(k), int) or p[k] < 0:
                fail(f"{what}: properties.{k} is {p.get(k)!r}")
        if p.get("launch") not in LAUNCHES:
            fail(f"{what}: properties.launch is {p.get('launch')!r}")
        if p["launch"] == "__launch_bounds__":
            if "blockDim" in p:
                fail(f"{what}: blockDim on a __launch_bounds__ finding")
            block = "-"
        else:
            b = p.get("blockDim")
            if (not isinstance(b, list) or len(b) != 3
                    or not all(isinstance(x, int) and x >= 0 for x in b)):
                fail(f"{what}: properties.blockDim is {b!r}")
            if b[0] * b[1] * b[2] != p["threads"]:
                fail(f"{what}: blockDim {b} does not make {p['threads']} threads")
            block = "x".join(map(str, b))
        if p["warps"] != (p["threads"] + 31) // 32:
            fail(f"{what}: {p['warps']} warps for {p['threads']} threads")
        if p["idleLanes"] != p["warps"] * 32 - p["threads"]:
            fail(f"{what}: {p['idleLanes']} idle lanes")
        if f["severity"] == "error" and "limit" not in p:
            fail(f"{what}: an error without properties.limit")
        if not isinstance(f["notes"], list):
            fail(f"{what}: notes is not a list")
        print(f"{f['line']}:{f['column']} {f['severity']} {f['check']} "
              f"launch={p['launch']} kernel={p.get('kernel', '-')} "
              f"threads={p['threads']} block={block} warps={p['warps']} "
              f"idle={p['idleLanes']}")
        for j, n in enumerate(f["notes"]):
            if set(n) != NOTE_KEYS:
                fail(f"{what}.notes[{j}]: keys {sorted(n)}")
            check_location(f"{what}.notes[{j}]", n)
            print(f"  note {n['line']}:{n['column']} {n['message']}")
        keys.append((f["file"], f["line"], f["column"], f["check"],
                     f["message"]))
    if keys != sorted(keys):
        fail("findings are not sorted by file, line, column, check, message")
    if len(set(keys)) != len(keys):
        fail("a finding is repeated")
    warnings = sum(f["severity"] == "warning" for f in findings)
    # The run's summary counts what the findings say.
    s = doc["summary"]
    if (s.get("warnings") != warnings
            or s.get("errors") != len(findings) - warnings
            or s.get("filesWithFindings", -1) > s.get("files", -1)
            or s.get("accessesUnknown", -1) > s.get("accessesAnalysed", -1)
            or not isinstance(s.get("text"), str)):
        fail(f"summary {s!r} for {warnings} warnings, "
             f"{len(findings) - warnings} errors")
    print(f"{len(findings)} findings ({warnings} warnings, "
          f"{len(findings) - warnings} errors)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
