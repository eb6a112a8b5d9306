#!/usr/bin/env python3
"""Runs every command the docs show, as written (test/docs/doc-commands.test).

usage: doctest.py --src=ROOT --bin=BINDIR --table=TABLE --work=DIR
                  [--feature=NAME]... [--doc=FILE]... [--list]

The commands are those of the fenced ```sh, ```bash, ```shell and
```console blocks of README.md, examples/README.md, docs/*.md,
docs/checks/*.md, docs/design/*.md and bench/**/README.md (or of each
--doc FILE, relative to ROOT), and the `$ `-prefixed lines of console
and untagged blocks: `\\` continuations joined, `for ... done` and the like
kept whole, comments dropped.

Each command is decided by the first entry of TABLE that matches it, one
entry a line, `ACTION :: PATTERN` (PATTERN: the command with its white
space collapsed, or an fnmatch pattern of it):

  skip: REASON                    not run; REASON is printed
  run [exit=N] [needs=FEATURE] [sub=OLD=>NEW]...
                                  run with bash in a scratch project; its
                                  exit status must be N (default 0). With
                                  needs=, run only when --feature=FEATURE
                                  was given (lit's features), else skipped
                                  with that reason. sub= replaces a
                                  placeholder of the docs (`...`) before
                                  it runs; the substitution is printed.

A command that no entry matches fails, with its FILE:LINE, and so does an
entry that matches no command (stale). The commands of one doc file run in
its order, in a scratch project of its own under DIR (see make_scratch):
examples/, kernels.cu and the files the docs name, include/ and src/ of a
small CMake project, build/ with its compile_commands.json and build/bin
the built binaries, HOME in it; PATH is BINDIR, LLVM 22's bin, the CUDA
toolkit's bin when it is there, and the system's.

Prints one line per command (RUN/SKIP/FAIL) and a count; exits 1 on any
failure."""
import argparse
import fnmatch
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

SHELL_LANGS = ("sh", "bash", "shell", "console")
TIMEOUT_S = 120


def doc_files(src):
    files = ["README.md", "examples/README.md"]
    for pattern in ("docs/*.md", "docs/checks/*.md", "docs/design/*.md",
                    "bench/**/README.md"):
        files += sorted(os.path.relpath(p, src) for p in
                        glob.glob(os.path.join(src, pattern), recursive=True))
    return [f for f in files if os.path.exists(os.path.join(src, f))]


def strip_comment(line):
    """The line without a trailing shell comment (a # after white space,
    outside quotes)."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


OPEN = re.compile(r"(?:^|[;&|(]\s*)(for|while|until|if|case)\b")
CLOSE = re.compile(r"(?:^|[;&|]\s*)(done|fi|esac)\b")


def extract(path, name):
    """[(name, line, command)] of one doc file."""
    commands = []
    lang = None  # None outside a fence, else the fence's language
    pending, start, depth = [], 0, 0
    blocks = 0
    shown = None  # the output lines a console block shows after `$ ` ...
    for number, raw in enumerate(open(path, encoding="utf-8"), 1):
        raw = raw.rstrip("\n")
        fence = re.match(r"^\s*```\s*([\w-]*)", raw)
        if fence:
            if lang is None:
                lang = fence.group(1).lower()
                counted = False
            else:
                if pending:
                    raise SystemExit(f"{name}:{start}: command not ended "
                                     "before the end of its block")
                lang = None
            shown = None
            continue
        if lang is None:
            continue
        text = raw.strip()
        if not pending:
            if lang in SHELL_LANGS and lang != "console":
                if not text or text.startswith("#"):
                    continue
            elif text.startswith("$ "):
                text = text[2:].strip()
                shown = []
            else:
                if shown is not None:
                    shown.append(raw.rstrip())
                continue
            start = number
            if not counted:
                blocks += 1
                counted = True
        text = strip_comment(text)
        # A continuation joins the next line with a space; the lines of a
        # compound command (for ... done) stay lines.
        joined = text.endswith("\\")
        if joined:
            text = text[:-1].rstrip()
        pending.append(text + (" " if joined else "\n"))
        if joined:
            continue
        depth += len(OPEN.findall(text)) - len(CLOSE.findall(text))
        if depth > 0:
            continue
        commands.append((name, start, "".join(pending).strip(), shown))
        pending, depth = [], 0
    return commands, blocks


def normalize(command):
    return " ".join(command.split())


def read_table(path):
    entries = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if " :: " not in line:
            raise SystemExit(f"{path}:{number}: not ACTION :: PATTERN")
        action, pattern = line.rstrip("\n").split(" :: ", 1)
        action, pattern = action.strip(), normalize(pattern)
        entry = {"line": number, "pattern": pattern, "used": 0,
                 "exit": 0, "needs": [], "subs": []}
        if action.startswith("skip:"):
            entry["skip"] = action[5:].strip()
            if not entry["skip"]:
                raise SystemExit(f"{path}:{number}: skip without a reason")
        elif action == "run" or action.startswith("run "):
            for word in shlex.split(action)[1:]:
                key, _, value = word.partition("=")
                if key == "exit":
                    entry["exit"] = int(value)
                elif key == "needs":
                    entry["needs"].append(value)
                elif key == "output" and not value:
                    entry["output"] = True
                elif key == "sub" and "=>" in value:
                    entry["subs"].append(tuple(value.split("=>", 1)))
                else:
                    raise SystemExit(f"{path}:{number}: unknown {word!r}")
        else:
            raise SystemExit(f"{path}:{number}: unknown action {action!r}")
        entries.append(entry)
    return entries


def match(entries, command):
    norm = normalize(command)
    for e in entries:
        if e["pattern"] == norm or fnmatch.fnmatchcase(norm, e["pattern"]):
            return e
    return None


def make_db(build, root, files):
    os.makedirs(build, exist_ok=True)
    entries = [{"directory": build,
                "command": "clang++ -x cuda --cuda-gpu-arch=sm_80 "
                           f"-I{root}/include -c {root}/{f} -o "
                           f"{os.path.basename(f)}.o",
                "file": f"{root}/{f}"} for f in files]
    with open(os.path.join(build, "compile_commands.json"), "w") as out:
        json.dump(entries, out, indent=2)


def make_scratch(src, bindir, where):
    """A project as the docs' commands expect one, in WHERE."""
    os.makedirs(where)
    shutil.copytree(os.path.join(src, "examples"),
                    os.path.join(where, "examples"))
    project = os.path.join(src, "test", "integration", "Inputs", "project")
    for part in ("include", "src", "CMakeLists.txt"):
        copy = shutil.copytree if part != "CMakeLists.txt" else shutil.copy
        copy(os.path.join(project, part), os.path.join(where, part))
    ex = os.path.join(src, "examples")
    # The files the docs' commands name, each an example of what they show.
    for name, example in (("kernels.cu", "bank_conflicts.cu"),
                          ("bank_conflicts.cu", "bank_conflicts.cu"),
                          ("src/kernels.cu", "bank_conflicts.cu"),
                          ("src/stencil.cu", "box_blur.cu")):
        shutil.copy(os.path.join(ex, example), os.path.join(where, name))
    # docs/launcher.md's heavy.cu is test/launch/Inputs/heavy.cu; the
    # attention.cu of docs/checks/warplint-bank-conflict.md is this test's.
    shutil.copy(os.path.join(src, "test", "launch", "Inputs", "heavy.cu"),
                where)
    shutil.copy(os.path.join(src, "test", "docs", "Inputs", "attention.cu"),
                where)
    os.symlink(os.path.join(src, "scripts"), os.path.join(where, "scripts"))
    files = sorted("src/" + f for f in os.listdir(os.path.join(where, "src")))
    make_db(os.path.join(where, "build"), where, files)
    os.symlink(bindir, os.path.join(where, "build", "bin"))
    # HOME: ~/myproject/build and ~/src/app, a user's own code.
    home = os.path.join(where, "home")
    proj = os.path.join(home, "myproject")
    shutil.copytree(os.path.join(where, "src"), os.path.join(proj, "src"))
    shutil.copytree(os.path.join(where, "include"),
                    os.path.join(proj, "include"))
    make_db(os.path.join(proj, "build"), proj, files)
    for d in ("src/app/kernels", "src/app/include", "src/other"):
        os.makedirs(os.path.join(home, d))
    shutil.copy(os.path.join(ex, "transpose.cu"),
                os.path.join(home, "src/app/kernels"))
    shutil.copy(os.path.join(ex, "reduction.cu"),
                os.path.join(home, "src/other"))
    return home


def unshown(shown, out, cwd):
    """The first part of the output the docs show that the command's output
    lacks, or None. The docs' output is cut at each `...` (what the docs
    leave out) and each part must be in the output, in order, as shown
    but for white space: the docs shorten the paths warplint prints
    absolute, so a line may wrap elsewhere, even within a word. The
    scratch directory is left out of the output's paths."""
    def squeeze(t):
        return re.sub(r"\s+", "", t)
    text = squeeze(out).replace(squeeze(cwd) + "/", "")
    at = 0
    for part in "\n".join(shown).split("..."):
        part = squeeze(part)
        if not part:
            continue
        found = text.find(part, at)
        if found < 0:
            return part
        at = found + len(part)
    return None


def run(command, cwd, env):
    began = time.monotonic()
    try:
        proc = subprocess.run(["bash", "-c", command], cwd=cwd, env=env,
                              stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=TIMEOUT_S)
        status, out = proc.returncode, proc.stdout
    except subprocess.TimeoutExpired as e:
        status, out = f"timeout after {TIMEOUT_S} s", e.stdout or b""
    return status, out.decode("utf-8", "replace"), time.monotonic() - began


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("--src", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--table", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--feature", action="append", default=[])
    ap.add_argument("--doc", action="append", default=[])
    ap.add_argument("--list", action="store_true",
                    help="print the commands and their entries, run none")
    args = ap.parse_args()
    src, bindir = os.path.abspath(args.src), os.path.abspath(args.bin)
    # The scratch projects come from this checkout (examples/, test inputs).
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..",
                                        "..", ".."))
    entries = read_table(args.table)
    docs = args.doc or doc_files(src)

    failures, ran, skipped, nblocks, uncovered = 0, 0, 0, 0, 0
    plan = []
    for doc in docs:
        commands, blocks = extract(os.path.join(src, doc), doc)
        nblocks += blocks
        for name, line, command, shown in commands:
            entry = match(entries, command)
            if entry is None:
                print(f"FAIL {name}:{line}: no entry of the table covers "
                      f"this command: {normalize(command)}")
                failures += 1
                uncovered += 1
                continue
            entry["used"] += 1
            plan.append((name, line, command, entry, shown))
    for e in entries:
        if not e["used"]:
            print(f"FAIL {args.table}:{e['line']}: stale: the entry matches "
                  f"no command of the docs: {e['pattern']}")
            failures += 1
    if args.list:
        for name, line, command, e, shown in plan:
            what = "skip: " + e["skip"] if "skip" in e else "run"
            print(f"{name}:{line}: {what}: {normalize(command)}")
        return 1 if failures else 0

    if os.path.exists(args.work):
        shutil.rmtree(args.work)
    path = [bindir, "/usr/lib/llvm-22/bin"]
    if "cuda-toolkit" in args.feature:
        path.append("/usr/local/cuda/bin")
    path.append(os.environ.get("PATH", "/usr/bin:/bin"))
    scratch = {}
    for name, line, command, e, shown in plan:
        where = f"{name}:{line}"
        text = normalize(command)
        if "skip" in e:
            print(f"SKIP {where}: {text}: {e['skip']}")
            skipped += 1
            continue
        missing = [n for n in e["needs"] if n not in args.feature]
        if missing:
            print(f"SKIP {where}: {text}: needs {', '.join(missing)}")
            skipped += 1
            continue
        if name not in scratch:
            cwd = os.path.join(args.work, re.sub(r"[^\w.-]", "_", name))
            scratch[name] = (cwd, make_scratch(root, bindir, cwd))
        cwd, home = scratch[name]
        for old, new in e["subs"]:
            command = command.replace(old, new)
        env = dict(os.environ, HOME=home, PATH=os.pathsep.join(path))
        for var in ("NO_COLOR", "CLICOLOR_FORCE", "WARPLINT_UPDATE_BASELINE"):
            env.pop(var, None)
        status, out, secs = run(command, cwd, env)
        subs = "".join(f" [{o!r} as {n!r}]" for o, n in e["subs"])
        if status == e["exit"] and e.get("output"):
            missing = unshown(shown or [], out, cwd)
            if missing or not shown:
                print(f"FAIL {where}: {text}{subs}: the output the docs show "
                      f"is not the command's; the first part missing: "
                      f"{missing or '(the docs show none)'}; the output:")
                for l in out.splitlines()[:40]:
                    print("     | " + l)
                failures += 1
                continue
        if status == e["exit"]:
            also = ", its output as shown" if e.get("output") else ""
            print(f"RUN  {where}: {text}{subs}: exit {status}{also} "
                  f"({secs:.1f} s)")
            ran += 1
        else:
            print(f"FAIL {where}: {text}{subs}: exit {status}, the docs "
                  f"imply {e['exit']} (table line {e['line']}); its output "
                  "ends:")
            for l in out.splitlines()[-15:]:
                print("     | " + l)
            failures += 1
    print(f"{len(plan) + uncovered} commands in {nblocks} "
          f"blocks of {len(docs)} files: {ran} run, {skipped} skipped, "
          f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
