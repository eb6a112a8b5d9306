"""Checks `warplint occupancy --sweep` and `--plot` output.

  sweep_check.py csv WARPLINT FILE    each CSV row against `warplint
                                      occupancy --batch` of its configuration
  sweep_check.py json WARPLINT FILE   each JSON point the same way
  sweep_check.py svg FILE LIMITER [OFF]
                                      a well-formed, self-contained SVG of
                                      three charts, each with the launch
                                      marked and LIMITER named; OFF: the
                                      charts (threads,regs) where the
                                      launch is off the axis, unmarked

Prints one line of what was checked and the first differences; exits 1 on
any difference.
"""
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def batch(warplint, configs):
    """--batch's object for each (arch, threads, regs, smem, barriers)."""
    lines = "".join("%s %s %s %s %s\n" % c for c in configs)
    out = subprocess.run([warplint, "occupancy", "--batch"], input=lines,
                         capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def compare(rows, answers):
    """rows: (config, blocks, warps, percent, limiter, error-or-None)."""
    diffs = []
    if len(rows) != len(answers):
        diffs.append("%d rows, %d batch answers" % (len(rows), len(answers)))
    for (config, blocks, warps, pct, limiter, error), b in zip(rows, answers):
        want = (b["activeBlocksPerSM"], b["activeWarpsPerSM"],
                "%.1f" % (b["occupancy"] * 100), b["limiter"],
                b.get("error"))
        got = (blocks, warps, pct, limiter, error)
        if got != want:
            diffs.append("%s: sweep %s, batch %s" % (" ".join(map(str, config)),
                                                     got, want))
    return diffs


def check_csv(warplint, path):
    import csv
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    configs = [(r["arch"], r["threads"], r["regs"], r["smem"], r["barriers"])
               for r in rows]
    got = [(c, int(r["activeBlocksPerSM"]), int(r["activeWarpsPerSM"]),
            r["occupancyPercent"], r["limiter"] or None, r["error"] or None)
           for c, r in zip(configs, rows)]
    current = sum(r["current"] == "1" for r in rows)
    return len(rows), current, compare(got, batch(warplint, configs))


def check_json(warplint, path):
    with open(path) as f:
        doc = json.load(f)
    axis = doc["sweep"]
    configs, got = [], []
    for p in doc["points"]:
        c = dict(threads=doc["threads"], regs=doc["regs"], smem=doc["smem"])
        c[axis] = p[axis]
        config = (doc["arch"], c["threads"], c["regs"], c["smem"],
                  doc["barriers"])
        configs.append(config)
        got.append((config, p["activeBlocksPerSM"], p["activeWarpsPerSM"],
                    "%.1f" % (p["occupancy"] * 100), p["limiter"],
                    p.get("error")))
    current = sum(1 for p in doc["points"] if p.get("current"))
    return len(got), current, compare(got, batch(warplint, configs))


def check_svg(path, limiter, off):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    problems = []
    root = ET.fromstring(text.encode("utf-8"))
    if root.tag != SVG + "svg":
        problems.append("root is %s" % root.tag)
    for el in root.iter():
        tag = el.tag.replace(SVG, "")
        if tag in ("script", "style", "image", "foreignObject", "use", "a"):
            problems.append("a <%s> element" % tag)
        for name, value in el.attrib.items():
            if "href" in name or name.startswith("on"):
                problems.append("attribute %s on <%s>" % (name, tag))
            if "url(" in value:
                problems.append("url() in %s" % name)
    if text.replace("http://www.w3.org/2000/svg", "").count("http"):
        problems.append("an http reference besides the namespace")
    charts = [c for c in root.findall(SVG + "svg")
              if c.get("class") == "occupancy-chart"]
    sweeps = [c.get("data-sweep") for c in charts]
    if sweeps != ["threads", "regs", "smem"]:
        problems.append("charts %s" % sweeps)
    for c in charts:
        marks = [e for e in c.iter(SVG + "circle") if e.get("class") == "current"]
        curves = [e for e in c.iter(SVG + "path") if e.get("class") == "curve"]
        texts = " | ".join("".join(t.itertext()) for t in c.iter(SVG + "text"))
        want = 0 if c.get("data-sweep") in off else 1
        if len(marks) != want or len(curves) != 1:
            problems.append("%s: %d markers, %d curves" % (c.get("data-sweep"),
                                                           len(marks),
                                                           len(curves)))
        if limiter not in texts:
            problems.append("%s: no '%s' in %s" % (c.get("data-sweep"),
                                                   limiter, texts))
    title = "".join(root.find(SVG + "title").itertext())
    print("svg: %d charts, %s; title: %s" % (len(charts),
                                            "ok" if not problems else
                                            "%d problems" % len(problems),
                                            title))
    for p in problems[:10]:
        print("  " + p)
    return not problems


def main():
    mode = sys.argv[1]
    if mode == "svg":
        off = sys.argv[4].split(",") if len(sys.argv) > 4 else []
        sys.exit(0 if check_svg(sys.argv[2], sys.argv[3], off) else 1)
    check = check_csv if mode == "csv" else check_json
    n, current, diffs = check(sys.argv[2], sys.argv[3])
    print("%s: %d points, %d current, checked against --batch: %d differences"
          % (mode, n, current, len(diffs)))
    for d in diffs[:10]:
        print("  " + d)
    sys.exit(1 if diffs or n == 0 else 0)


if __name__ == "__main__":
    main()
