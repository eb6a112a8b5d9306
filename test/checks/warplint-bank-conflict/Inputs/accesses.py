"""Prints warplint --dump-shared-accesses JSON (standard input) one access a
line, for FileCheck: LINE:COL [INSTRUCTION] TEXT bytes=N degree=D[,D...] or
why=REASON (the instruction only for accesses that are not C++ loads and
stores)."""
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
    instr = a.get("instruction", "")
    print("%d:%d %s%s bytes=%d %s" % (a["line"], a["column"],
                                       instr + " " if instr else "",
                                       a["text"], a["bytes"], result))
