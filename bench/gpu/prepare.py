"""`scripts/gpu-check prepare`: writes the cases, builds them with nvcc and
records warplint's prediction of each, all in one folder (the manifest,
manifest.json, says what is where). Runs where warplint runs; the device
needs only the folder.
"""

import concurrent.futures
import fnmatch
import datetime
import json
import os
import re
import shutil
import subprocess

import cases

ROOT = cases.ROOT
MOCK = os.path.join(ROOT, "test", "Inputs")


def _run(cmd, cwd=None, timeout=600):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace"), \
        p.stderr.decode(errors="replace")


def find_nvcc(cuda):
    """The nvcc of --cuda-path, else of PATH; None without one."""
    if cuda == "none":
        return None
    for d in ([cuda] if cuda else []) + [os.environ.get("CUDA_PATH", ""),
                                         "/usr/local/cuda"]:
        if d and os.path.exists(os.path.join(d, "bin", "nvcc")):
            return os.path.join(d, "bin", "nvcc")
    return None if cuda else shutil.which("nvcc")


def toolkit_of(nvcc):
    return os.path.dirname(os.path.dirname(nvcc)) if nvcc else None


def nvcc_version(nvcc):
    rc, out, _ = _run([nvcc, "--version"])
    m = re.search(r"release ([\d.]+), (V[\d.]+)", out)
    return m.group(2) if m else out.strip().splitlines()[-1:]


# --------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------


def gencode(arch):
    n = arch.split("_")[1]
    return ["-gencode", "arch=compute_%s,code=[sm_%s,compute_%s]" % (n, n, n)]


def build(nvcc, arch, src, binary, extra=()):
    """nvcc of src (+ main.cu) to binary, and its PTX; (ok, message)."""
    d = os.path.dirname(src)
    cmd = [nvcc] + gencode(arch) + ["-lineinfo", "-w", "-o", binary, src]
    cmd += list(extra)
    rc, out, err = _run(cmd, cwd=d)
    if rc != 0:
        return False, "nvcc failed for %s:\n%s" % (src, (out + err)[-3000:])
    ptx = binary + ".ptx"
    rc, out, err = _run([nvcc, "-arch=" + arch, "-lineinfo", "-w", "-ptx",
                         "-o", ptx, src], cwd=d)
    if rc != 0:
        return False, "nvcc -ptx failed for %s:\n%s" % (src, err[-3000:])
    return True, ""


SHARED_PTX = re.compile(
    r"^\s*(?:@!?%p\d+\s+)?((?:ld|st)(?:\.volatile)?\.shared|ldmatrix|"
    r"stmatrix|cp\.async\.c[ag]\.shared|wmma\.(?:load|store))")


def ptx_counts(ptx_path, source):
    """{(kernel, line): shared-memory instructions} of the PTX, by the
    .loc of each instruction in `source` (the other files' lines are not
    counted)."""
    counts = {}
    kernel = None
    line = None
    with open(ptx_path) as f:
        lines = f.read().splitlines()
    # the .file directives come after the functions
    files = {m.group(1): os.path.basename(m.group(2)) for m in (
        re.match(r'\s*\.file\s+(\d+)\s+"([^"]*)"', t) for t in lines) if m}
    for text in lines:
        m = re.match(r"\s*\.(?:visible\s+)?\.entry\s+(\w+)", text)
        if m:
            mm = re.match(r"_Z(\d+)(\w+)", m.group(1))
            kernel = mm.group(2)[:int(mm.group(1))] if mm else m.group(1)
            line = None
            continue
        m = re.match(r"\s*\.loc\s+(\d+)\s+(\d+)", text)
        if m:
            # code inlined from a header (WMMA, intrinsics) counts at the
            # line of the source it is inlined at
            m = re.search(r"inlined_at\s+(\d+)\s+(\d+)", text) or m
            line = int(m.group(2)) if files.get(m.group(1)) == source \
                else None
            continue
        if kernel and line and SHARED_PTX.match(text):
            counts[(kernel, line)] = counts.get((kernel, line), 0) + 1
    return counts


# --------------------------------------------------------------------------
# Predictions
# --------------------------------------------------------------------------


def warplint_dump(warplint, src, toolkit, arch):
    """warplint's --dump-shared-accesses of src: (accesses, error)."""
    if toolkit:
        cmd = [warplint, "--no-config", "--dump-shared-accesses",
               "--cuda-path=" + toolkit, src, "--",
               "--cuda-gpu-arch=" + arch]
    else:
        cmd = [warplint, "--no-config", "--dump-shared-accesses",
               "--cuda-path=none", src, "--", "-x", "cuda", "-nocudainc",
               "-nocudalib", "--cuda-gpu-arch=sm_80",
               "-Wno-unknown-cuda-version", "-isystem", MOCK]
    rc, out, err = _run(cmd)
    try:
        return json.loads(out)["accesses"], None
    except (ValueError, KeyError):
        return None, "warplint exited %d without a dump for %s:\n%s" % (
            rc, src, err[-3000:])


ACCESS = {"ld": ("load",), "st": ("store",), "ldst": ("load-store",),
          "ldsm": ("load",), "stsm": ("store",),
          "ldgsts": ("store", "load-store")}
TILE = re.compile(r"at least (\d+) wavefronts where (\d+) would do")


def predict(case, accesses):
    """The prediction of one case from the dump, or {"error": ...}."""
    here = [a for a in accesses
            if os.path.basename(a["file"]) == case["source"]
            and a["line"] <= case["line"] <= a["endLine"]
            and a["function"] == case["kernel"]]
    kinds = ACCESS.get(case["kind"], ())
    match = [a for a in here if a["access"] in kinds] or here
    if len(match) != 1:
        return {"error": "%d accesses of %s at %s:%d in the dump"
                % (len(match), case["kernel"], case["source"], case["line"])}
    a = match[0]
    p = {"access": a["access"], "instruction": a["instruction"],
         "bytes": a["bytes"], "text": a["text"]}
    if a.get("tile"):
        m = TILE.search(a["tile"])
        p["tile"] = a["tile"]
        if m:
            p["lower_bound"] = int(m.group(1))
            p["ideal"] = int(m.group(2))
        else:
            p["error"] = "no bound in the tile's text: " + a["tile"]
        return p
    runs = [r for r in a["runs"] if r["blockDim"] == case["block"]]
    if len(runs) != 1:
        return {"error": "%d runs of block %s for %s:%d" % (
            len(runs), case["block"], case["source"], case["line"])}
    r = runs[0]
    p["state"] = r["state"]
    for key in ("wavefronts", "phases", "degree", "warp", "why"):
        if key in r:
            p[key] = r[key]
    return p


# --------------------------------------------------------------------------
# Occupancy
# --------------------------------------------------------------------------


def occupancy_predictions(warplint, arch, binary, ptxas_txt, kernels):
    """Registers of each kernel (the object reader, checked against ptxas
    -v) and warplint's calculator for every configuration the program
    tries. Returns (table, [plumbing errors])."""
    errors = []
    info = {}
    for what, path in (("object", binary), ("ptxas", ptxas_txt)):
        rc, out, err = _run([warplint, "occupancy", "--parse-ptxas=" + path,
                             "--format=json"])
        try:
            fns = json.loads(out)["functions"]
        except (ValueError, KeyError):
            errors.append("warplint occupancy --parse-ptxas=%s: exit %d %s"
                          % (path, rc, err[-500:]))
            continue
        for fn in fns:
            if fn.get("kind") == "kernel" and fn.get("arch") == arch:
                info.setdefault(fn["baseName"], {})[what] = fn
    table = {"kernels": {}, "configs": []}
    lines = []
    for name, lb in kernels:
        got = info.get(name, {})
        obj, px = got.get("object"), got.get("ptxas")
        if not obj or not px:
            errors.append("occupancy kernel %s: not in the %s" % (
                name, "object" if not obj else "ptxas report"))
            continue
        for key in ("registers", "smem", "stackFrame", "barriers"):
            if obj.get(key, 0) != px.get(key, 0):
                errors.append("occupancy kernel %s: %s %s in the object, %s "
                              "in ptxas -v" % (name, key, obj.get(key),
                                               px.get(key)))
        k = {"registers": obj["registers"], "static": obj["smem"],
             "stack": obj["stackFrame"], "barriers": obj["barriers"],
             "launchBounds": lb}
        table["kernels"][name] = k
        for t in cases.OCC_THREADS:
            if t > lb:
                continue
            for d in cases.OCC_DYNAMIC:
                table["configs"].append([name, t, d])
                lines.append("%s %d %d %d %d" % (
                    arch, t, k["registers"], k["static"] + d,
                    max(1, k["barriers"])))
    p = subprocess.run([warplint, "occupancy", "--batch"],
                       input="\n".join(lines).encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    answers = [json.loads(x) for x in p.stdout.decode().splitlines() if x]
    if len(answers) != len(lines):
        errors.append("warplint occupancy --batch: %d answers to %d lines"
                      % (len(answers), len(lines)))
        answers = []
    for c, a in zip(table["configs"], answers):
        c.append({"blocks": a.get("activeBlocksPerSM", 0),
                  "limiter": a.get("limiter", a.get("error", ""))})
    return table, errors


# --------------------------------------------------------------------------
# examples/: whole programs, compared per launch
# --------------------------------------------------------------------------

PHASES = {1: 1, 2: 1, 4: 1, 8: 2, 16: 4}


def example_predictions(accesses):
    """{"kernel x,y,z": [access]} of an example's dump: every access each
    launch of each kernel makes (its worst degree, the most phases one
    instruction of it can have), unknown ones included."""
    table = {}
    for a in accesses:
        for r in a["runs"]:
            # ncu names a template's instance boxBlur<16>: the base name
            key = "%s %d,%d,%d" % ((r["kernel"].split("<")[0],) +
                                   tuple(r["blockDim"]))
            table.setdefault(key, []).append({
                "line": a["line"], "access": a["access"],
                "instruction": a["instruction"], "state": r["state"],
                "degree": r.get("degree"), "wavefronts": r.get("wavefronts"),
                "maxPhases": PHASES.get(a["bytes"], 4),
                "tile": bool(a.get("tile"))})
    return table


def examples(args, toolkit, nvcc, bindir, errors, skipped):
    """Builds examples/*.cu as they are and records their accesses:
    {binary: {"source", "launches": example_predictions}}."""
    found = {}
    exdir = os.path.join(ROOT, "examples")
    for f in sorted(os.listdir(exdir)):
        if not fnmatch.fnmatch(f, args.examples):
            continue
        path = os.path.join(exdir, f)
        name = "example_" + os.path.splitext(f)[0]
        if not toolkit:
            skipped.append("examples/%s: no CUDA toolkit" % f)
            continue
        acc, err = warplint_dump(args.warplint, path, toolkit, args.arch)
        if err:
            errors.append(err)
            continue
        rc, out, err = _run([nvcc] + gencode(args.arch) + [
            "-lineinfo", "-w", "-o", os.path.join(bindir, name), path])
        if rc != 0:
            errors.append("nvcc failed for examples/%s:\n%s" % (f,
                                                                err[-2000:]))
            continue
        found[name] = {"source": "examples/" + f,
                       "launches": example_predictions(acc)}
    return found


# --------------------------------------------------------------------------
# prepare
# --------------------------------------------------------------------------


def prepare(args, log):
    """Writes args.out; returns the manifest (manifest["errors"]: the
    plumbing errors)."""
    out = os.path.abspath(args.out)
    src = os.path.join(out, "src")
    bindir = os.path.join(out, "bin")
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(src)
    os.makedirs(bindir)
    nvcc = find_nvcc(args.cuda_path)
    toolkit = toolkit_of(nvcc)
    # errors: the harness is broken; warnings: a case the compiler did not
    # keep as one instruction on its line (judged "split" on the device)
    errors, warnings, skipped = [], [], []

    groups = []  # (source, cases, uses the toolkit's headers)
    srcs, cs = cases.generated(args.seed, args.count, args.per_file, src)
    groups += [(s, [c for c in cs if c["source"] == s], False) for s in srcs]
    for fn in (lambda d: cases.tensor(args.arch, d, args.tensor),
               lambda d: cases.wmma(d, args.tensor)):
        srcs, cs = fn(src)
        groups.append((srcs[0], cs, True))
    cases.write_main(src)
    occ_src, occ_kernels = cases.occupancy(src)

    manifest = {"arch": args.arch, "created": datetime.datetime.now(
        datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "seed": args.seed, "toolkit": nvcc_version(nvcc) if nvcc else None,
        "warplint": _git_head(), "binaries": {}, "cases": [], "examples": {},
        "occupancy": None, "skipped": skipped, "errors": errors,
        "warnings": warnings}

    # predictions
    for s, cs, real in groups:
        if real and not toolkit:
            skipped.append("%s: no CUDA toolkit, so no prediction (its "
                           "kernels include CUDA's own headers)" % s)
            continue
        acc, err = warplint_dump(args.warplint, os.path.join(src, s),
                                 toolkit if real else None, args.arch)
        if err:
            errors.append(err)
            continue
        for c in cs:
            c["prediction"] = predict(c, acc)
            if "error" in c["prediction"]:
                errors.append("%s: %s" % (c["id"], c["prediction"]["error"]))
        manifest["cases"] += cs
    log("predictions: %d cases" % len(manifest["cases"]))

    # builds
    if not nvcc:
        skipped.append("build: no nvcc (--cuda-path, $CUDA_PATH, "
                       "/usr/local/cuda or PATH): no program was built")
        log("build skipped: no nvcc")
        return _write(out, manifest)
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for s, cs, real in groups:
            name = os.path.splitext(s)[0]
            jobs.append((name, s, ex.submit(
                build, nvcc, args.arch, os.path.join(src, s),
                os.path.join(bindir, name), [os.path.join(src, "main.cu")])))
        occ_job = ex.submit(_build_occupancy, nvcc, args.arch,
                            os.path.join(src, occ_src), bindir)
        for name, s, job in jobs:
            ok, msg = job.result()
            if not ok:
                errors.append(msg)
                continue
            counts = ptx_counts(os.path.join(bindir, name + ".ptx"), s)
            launches = []
            for c in manifest["cases"]:
                if c["source"] == s:
                    c["binary"] = name
                    c["ptx_instructions"] = counts.get(
                        (c["kernel"], c["line"]), 0)
                    if not c["ptx_instructions"]:
                        warnings.append("%s: no shared-memory instruction at "
                                      "%s:%d in the PTX" % (c["id"], s,
                                                            c["line"]))
                    launches.append(c["id"])
            manifest["binaries"][name] = launches
        ok, msg = occ_job.result()
    if args.examples:
        manifest["examples"] = examples(args, toolkit, nvcc, bindir, errors,
                                        skipped)
    if ok:
        occ, errs = occupancy_predictions(
            args.warplint, args.arch, os.path.join(bindir, "occupancy"),
            os.path.join(bindir, "occupancy.ptxas.txt"), occ_kernels)
        manifest["occupancy"] = occ
        errors += errs
    else:
        errors.append(msg)
    for f in os.listdir(bindir):
        if f.endswith(".ptx"):
            os.remove(os.path.join(bindir, f))
    log("built %d programs" % (len(manifest["binaries"]) + bool(ok)))
    return _write(out, manifest)


def _build_occupancy(nvcc, arch, src, bindir):
    binary = os.path.join(bindir, "occupancy")
    rc, out, err = _run([nvcc] + gencode(arch) + ["-Xptxas", "-v", "-w", "-o",
                                                  binary, src])
    with open(binary + ".ptxas.txt", "w") as f:
        f.write(err)
    if rc != 0:
        return False, "nvcc failed for %s:\n%s" % (src, err[-3000:])
    return True, ""


def _git_head():
    try:
        rc, out, _ = _run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
        return out.strip() if rc == 0 else None
    except OSError:
        return None


def _write(out, manifest):
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest
