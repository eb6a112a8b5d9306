"""Prints warplint --dump-shared-accesses JSON (standard input) one access a
line, for FileCheck: LINE:COL TEXT bytes=N degree=D[,D...] or why=REASON."""
import json
import sys

for a in json.load(sys.stdin)["accesses"]:
    runs = a["runs"]
    ok = [r for r in runs if r["state"] == "ok"]
    if ok:
        degrees = ",".join("%g" % r["degree"] for r in ok)
        result = "degree=" + degrees
    else:
        why = next((r.get("why", "") for r in runs if r.get("why")), "")
        result = "why=" + (why or a["whyUnknown"])
    print("%d:%d %s bytes=%d %s" % (a["line"], a["column"], a["text"],
                                     a["bytes"], result))
