"""Reading Nsight Compute's counters and the occupancy program's output,
and comparing them with the predictions of the manifest.

How a launch is compared (each case is one launch of one block):

  generated   the counters sum over the block's warps, so the expected
              wavefronts are the bank model's per-warp wavefronts summed
              over the warps with an active lane, times the instructions
              each warp executes (measured instructions / active warps,
              normally 1); and warplint's worst warp (--dump-shared-
              accesses: wavefronts / phases) must be the model's worst.
  tensor      one warp: the measured wavefronts are warplint's wavefronts
              (ldmatrix, stmatrix, cp.async), one instruction.
  example     a launch of a program of examples/, all its shared accesses
              together: the measured wavefronts per instruction must not
              exceed the largest of warplint's degree x the phases of the
              access over the kernel's accesses (each warp's wavefronts are
              its degree x its phases); recorded only when one of them is
              unknown (or a WMMA tile); unlisted when the counters see
              instructions of a kind warplint lists no access of.
  wmma        one warp: warplint gives a lower bound; the measured
              wavefronts must not be below it. The measurement (wavefronts
              and instructions per load/store) is the data that decides an
              exact degree table (docs/design/bank-model.md).

Verdicts: agrees, disagrees (the model or warplint is wrong, or the
counter is not what it is taken to be), split (the access compiled to more
than one instruction per warp or to none: not comparable), no-prediction
(warplint says unknown: recorded only), bound-ok / below-bound (wmma),
not-measured (no counter for it), recorded, unlisted (examples).
"""

import csv
import io
import json
import re

WF = {
    "ld": ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"],
    "st": ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"],
    "ldsm": ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
             "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"],
    "stsm": ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum",
             "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"],
    "ldgsts": ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
               "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"],
}
INST = {
    "ld": ["smsp__sass_inst_executed_op_shared_ld.sum"],
    "st": ["smsp__sass_inst_executed_op_shared_st.sum"],
    "ldsm": ["smsp__sass_inst_executed_op_ldsm.sum",
             "smsp__inst_executed_op_ldsm.sum"],
    "stsm": ["smsp__sass_inst_executed_op_stsm.sum",
             "smsp__inst_executed_op_stsm.sum",
             "smsp__sass_inst_executed_op_shared_st.sum"],
    "ldgsts": ["smsp__sass_inst_executed_op_ldgsts.sum",
               "smsp__inst_executed_op_ldgsts.sum"],
}
# Recorded for every launch too: the totals over all shared operations.
EXTRA = ["l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
         "smsp__sass_inst_executed_op_shared.sum"]


def metrics():
    """Every metric the run asks for (those the device's ncu lacks are
    dropped there and recorded)."""
    seen = []
    for table in (WF, INST):
        for names in table.values():
            for n in names:
                if n not in seen:
                    seen.append(n)
    return seen + [n for n in EXTRA if n not in seen]


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------


def _number(text):
    text = text.strip().replace(",", "")
    if text in ("", "n/a", "N/A"):
        return None
    try:
        v = float(text)
    except ValueError:
        return None
    return int(v) if v == int(v) else v


def _kernel_name(text):
    """g12 of 'g12', 'g12(float *, float, int)', 'void g12<...>(...)'."""
    text = text.strip()
    text = re.sub(r"^void\s+", "", text)
    return re.split(r"[(<]", text, 1)[0].split("::")[-1].strip()


def parse_ncu_csv(text):
    """Launches of `ncu --csv --metrics ...` output, in ID order:
    [{"id", "kernel", "block": [x, y, z], "metrics": {name: value}}].
    Lines before the CSV header (the program's own output, ==PROF==) are
    skipped. Raises ValueError when there is no header."""
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')),
                 None)
    if start is None:
        raise ValueError("no ncu CSV header (\"ID\",...) in the output")
    launches = {}
    for row in csv.DictReader(io.StringIO("\n".join(lines[start:]))):
        if not row.get("ID") or not row.get("Metric Name"):
            continue
        try:
            lid = int(row["ID"])
        except ValueError:
            continue
        block = [int(x) for x in re.findall(r"\d+", row.get("Block Size",
                                                             ""))]
        entry = launches.setdefault(lid, {
            "id": lid, "kernel": _kernel_name(row.get("Kernel Name", "")),
            "block": (block + [1, 1, 1])[:3], "metrics": {}})
        entry["metrics"][row["Metric Name"]] = _number(row["Metric Value"])
    return [launches[k] for k in sorted(launches)]


def parse_occupancy(text):
    """The occupancy program's output: (device, {kernel: attr},
    {(kernel, threads, dynamic): (blocks, error)})."""
    device, attrs, occ = None, {}, {}
    for line in text.splitlines():
        tag, _, rest = line.partition(" ")
        if tag not in ("DEVICE", "ATTR", "OCC"):
            continue
        d = json.loads(rest)
        if tag == "DEVICE":
            device = d
        elif tag == "ATTR":
            attrs[d["kernel"]] = d
        else:
            occ[(d["kernel"], d["threads"], d["dynamic"])] = (d["blocks"],
                                                              d["error"])
    return device, attrs, occ


# --------------------------------------------------------------------------
# Comparing
# --------------------------------------------------------------------------


def _pick(m, names):
    for n in names:
        if m.get(n) is not None:
            return n, m[n]
    return None, None


ORDER = ["disagrees", "below-bound", "split", "not-measured", "unlisted",
         "no-prediction", "recorded", "bound-ok", "agrees"]


def ops(kind):
    return ["ld", "st"] if kind == "ldst" else [kind]


def judge(case, m):
    """{"verdict", "why", "measured": {...}, "expected": {...}} of one case
    and the counters of its launch."""
    p = case.get("prediction") or {}
    measured, expected, whys = {}, {}, []
    verdicts = []
    for op in ops(case["kind"]):
        wn, wf = _pick(m, WF[op])
        iname, inst = _pick(m, INST[op])
        measured[op] = {"wavefronts": wf, "instructions": inst,
                        "wavefrontsMetric": wn, "instructionsMetric": iname}
        if wf is None or inst is None:
            verdicts.append("not-measured")
            whys.append("%s: no counter (%s)" % (op, ", ".join(
                WF[op] + INST[op])))
            continue
        v, e, why = _judge_op(case, p, wf, inst)
        verdicts.append(v)
        expected[op] = e
        if why:
            whys.append("%s: %s" % (op, why) if len(ops(case["kind"])) > 1
                        else why)
    order = ORDER
    verdict = min(verdicts, key=order.index)
    return {"verdict": verdict, "why": "; ".join(whys),
            "measured": measured, "expected": expected}


def _judge_op(case, p, wf, inst):
    if case["group"] == "wmma":
        lb = p.get("lower_bound")
        if lb is None:
            return "no-prediction", {}, "no bound in the dump"
        e = {"lowerBound": lb, "ideal": p.get("ideal")}
        if wf < lb:
            return "below-bound", e, "%s wavefronts, below the bound %d" % (
                wf, lb)
        return "bound-ok", e, "%s wavefronts in %s instructions (bound %d%s)" \
            % (wf, inst, lb, ", exact" if wf == lb else "")
    if case["group"] == "generated":
        active = sum(1 for ph in case["model_phases"] if ph)
        total = sum(case["model_warps"])
        if active == 0:
            e = {"wavefronts": 0, "instructions": 0}
            ok = wf == 0 and inst == 0
            return ("agrees" if ok else "disagrees"), e, \
                "" if ok else "no lane runs it, yet measured %s/%s" % (wf,
                                                                      inst)
        if inst == 0 or inst % active:
            return "split", {"activeWarps": active}, (
                "%s instructions for %d active warps" % (inst, active))
        per = inst // active
        e = {"wavefronts": per * total, "instructions": inst,
             "perWarp": case["model_warps"]}
        if per != 1:
            return "split", e, "%d instructions per warp (PTX: %s)" % (
                per, case.get("ptx_instructions"))
        if wf != total:
            return "disagrees", e, (
                "measured %s wavefronts, the model %d (warps %s)"
                % (wf, total, case["model_warps"]))
        # warplint's worst warp against the model's
        if p.get("state") != "ok":
            return "no-prediction", e, "warplint: %s%s" % (
                p.get("state", "no prediction"),
                ": " + p["why"] if p.get("why") else "")
        worst = max(w / ph for w, ph in zip(case["model_warps"],
                                            case["model_phases"]) if ph)
        if abs(p["wavefronts"] / p["phases"] - worst) > 1e-9:
            return "disagrees", e, (
                "the counters agree with the model, but warplint's worst "
                "warp is %s/%s wavefronts/phases where the model's worst "
                "degree is %g" % (p["wavefronts"], p["phases"], worst))
        return "agrees", e, ""
    # one warp: ldmatrix, stmatrix, cp.async, hand-written
    if p.get("state") != "ok":
        return "no-prediction", {}, "warplint: %s" % p.get("state")
    e = {"wavefronts": p["wavefronts"], "instructions": 1}
    if inst != 1:
        return "split", e, "%s instructions for one warp" % inst
    if wf != p["wavefronts"]:
        return "disagrees", e, "measured %s wavefronts, warplint %s" % (
            wf, p["wavefronts"])
    return "agrees", e, ""


def compare_bank(manifest, launches_by_binary):
    """Results of every case: ([result], [plumbing error])."""
    byid = {c["id"]: c for c in manifest["cases"]}
    results, errors = [], []
    for binary, ids in manifest["binaries"].items():
        launches = launches_by_binary.get(binary)
        if launches is None:
            continue
        if len(launches) != len(ids):
            errors.append("%s: %d launches measured, %d in the manifest" % (
                binary, len(launches), len(ids)))
        for cid, launch in zip(ids, launches):
            c = byid[cid]
            if launch["kernel"] != c["kernel"] or \
                    launch["block"] != c["block"]:
                errors.append("%s: launch %s is %s %s, the manifest says "
                              "%s %s" % (binary, launch["id"],
                                         launch["kernel"], launch["block"],
                                         c["kernel"], c["block"]))
                continue
            r = judge(c, launch["metrics"])
            r.update({"id": cid, "group": c["group"], "kernel": c["kernel"],
                      "block": c["block"], "kind": c["kind"],
                      "source": "%s:%d" % (c["source"], c["line"])})
            for key in ("wmma", "ldm", "instruction", "text"):
                if key in c:
                    r[key] = c[key]
            results.append(r)
    return results, errors


EXAMPLE_OPS = {
    "ld": lambda a: a["access"] in ("load", "load-store")
    and not a["instruction"].startswith("ldmatrix"),
    "st": lambda a: a["access"] in ("store", "load-store")
    and not a["instruction"].startswith(("stmatrix", "cp.async")),
    "ldsm": lambda a: a["instruction"].startswith("ldmatrix"),
}


def judge_example(launch, predictions):
    """The verdict of one launch of an example (see the module's doc)."""
    key = "%s %d,%d,%d" % ((launch["kernel"],) + tuple(launch["block"]))
    accesses = predictions.get(key, [])
    m = launch["metrics"]
    measured, verdicts, whys = {}, [], []
    for op, chosen in EXAMPLE_OPS.items():
        wf, inst = m.get(WF[op][0]), m.get(INST[op][0])
        if wf is None or inst is None or inst == 0:
            continue
        mine = [a for a in accesses if chosen(a)]
        measured[op] = {"wavefronts": wf, "instructions": inst,
                        "perInstruction": round(wf / inst, 3)}
        if not mine:
            verdicts.append("unlisted")
            whys.append("%s: %s instructions, no access listed" % (op, inst))
        elif any(a["state"] != "ok" or a["tile"] for a in mine):
            verdicts.append("recorded")
            whys.append("%s: %.3g wavefronts per instruction (some accesses "
                        "unknown)" % (op, wf / inst))
        else:
            bound = max(a["degree"] * a["maxPhases"] for a in mine)
            ok = wf <= bound * inst + 1e-9
            verdicts.append("bound-ok" if ok else "disagrees")
            lines = ", ".join(sorted({str(a["line"]) for a in mine}))
            whys.append("%s: %.3g wavefronts per instruction, warplint's "
                        "bound %g (lines %s)" % (op, wf / inst, bound, lines))
    verdict = min(verdicts, key=ORDER.index) if verdicts else "recorded"
    return {"verdict": verdict, "why": "; ".join(whys),
            "measured": measured, "expected": {"accesses": accesses}}


def compare_examples(manifest, launches_by_binary):
    results = []
    for binary, ex in manifest.get("examples", {}).items():
        for launch in launches_by_binary.get(binary, []):
            r = judge_example(launch, ex["launches"])
            r.update({"id": "%s.%s" % (binary, launch["id"]),
                      "group": "example", "kernel": launch["kernel"],
                      "block": launch["block"], "source": ex["source"]})
            results.append(r)
    return results


def compare_occupancy(manifest, text):
    """(results, errors) of the occupancy program's output against the
    calculator: a result per configuration and per kernel's attributes."""
    occ = manifest.get("occupancy")
    if not occ:
        return [], ["no occupancy predictions in the manifest"]
    device, attrs, measured = parse_occupancy(text)
    results, errors = [], []
    if device is None:
        return [], ["the occupancy program printed no DEVICE line"]
    want = manifest["arch"].split("_")[1]
    cc = device["cc"].replace(".", "")
    if cc != want.rstrip("a"):
        errors.append("the device is %s (%s), the predictions are for %s: "
                      "occupancy not compared" % (device["name"],
                                                  device["cc"],
                                                  manifest["arch"]))
        return [], errors
    for name, k in occ["kernels"].items():
        a = attrs.get(name)
        if not a:
            errors.append("occupancy: no ATTR line for %s" % name)
            continue
        ok = a["regs"] == k["registers"] and a["static"] == k["static"]
        results.append({"id": name + ".attributes", "group": "attributes",
                        "verdict": "agrees" if ok else "disagrees",
                        "why": "" if ok else (
                            "cudaFuncGetAttributes: %d registers, %d bytes "
                            "static; the object: %d, %d" % (
                                a["regs"], a["static"], k["registers"],
                                k["static"])),
                        "measured": a, "expected": k})
    for name, t, d, pred in occ["configs"]:
        got = measured.get((name, t, d))
        if got is None:
            continue  # above the device's opt-in maximum: not tried
        blocks, err = got
        e = pred["blocks"]
        if err:
            v, why = ("agrees" if e == 0 else "disagrees"), \
                "the runtime: %s" % err
        else:
            v = "agrees" if blocks == e else "disagrees"
            why = "" if v == "agrees" else (
                "the runtime: %d blocks, warplint: %d (%s)" % (
                    blocks, e, pred["limiter"]))
        results.append({"id": "%s.%d.%d" % (name, t, d),
                        "group": "occupancy", "verdict": v, "why": why,
                        "measured": {"blocks": blocks},
                        "expected": pred})
    return results, errors


# --------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------

BAD = ("disagrees", "below-bound")


def summary(results):
    """{group: {verdict: count}}."""
    s = {}
    for r in results:
        g = s.setdefault(r["group"], {})
        g[r["verdict"]] = g.get(r["verdict"], 0) + 1
    return s


def markdown(header, results, errors, notes):
    out = ["# warplint on the GPU: results of scripts/gpu-check", ""]
    for k, v in header.items():
        out.append("- %s: %s" % (k, v))
    out.append("")
    for n in notes:
        out.append("**%s**" % n)
        out.append("")
    out += ["## Summary", "", "| group | verdict | cases |", "|---|---|---|"]
    for g, vs in sorted(summary(results).items()):
        for v, n in sorted(vs.items()):
            out.append("| %s | %s | %d |" % (g, v, n))
    bad = [r for r in results if r["verdict"] in BAD]
    out += ["", "## Disagreements (%d)" % len(bad), ""]
    if bad:
        out += ["| case | group | where | why |", "|---|---|---|---|"]
        for r in bad:
            out.append("| %s | %s | %s | %s |" % (
                r["id"], r["group"], r.get("source", ""),
                r["why"].replace("|", "\\|")))
    wm = [r for r in results if r["group"] == "wmma"]
    if wm:
        out += ["", "## WMMA: wavefronts per load/store (one warp)", "",
                "| fragment | op | ldm | lower bound | ideal | measured "
                "wavefronts | instructions | verdict |",
                "|---|---|---|---|---|---|---|---|"]
        for r in wm:
            op = r["kind"]
            m = r["measured"].get(op, {})
            e = r["expected"].get(op, {})
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                r.get("wmma"), op, r.get("ldm"), e.get("lowerBound"),
                e.get("ideal"), m.get("wavefronts"), m.get("instructions"),
                r["verdict"]))
    if errors:
        out += ["", "## Plumbing errors (%d)" % len(errors), ""]
        out += ["- " + e.replace("\n", " ") for e in errors]
    return "\n".join(out) + "\n"
