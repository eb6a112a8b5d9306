#!/usr/bin/env python3
"""What an edit costs in the editor: `warplint lsp` against clang's parse.

    bench/lsp.py [--reps N] [--memory-edits M] [--warplint BIN]
                 [--server-arg=OPTION]... FILE...

For each FILE, the language server (with the CUDA toolkit when there is one,
ptxas off: an edit's analysis does not run it) opens the file, then, N
times, alternating with a run of clang on the same host-side command
warplint parses with (`clang++ ... -fsyntax-only`, from `warplint
--verbose`), receives an edit (a comment line added at the end) and
analyses the new text. The time from the didChange sent to its
publishDiagnostics received (--debounce=0: the analysis alone; an editor adds
the debounce, 300 ms by default) is set against clang's time: medians, and
their ratio. Then, on the first file, M edits more, and the server's resident
memory after the first 10 and after all M (VmRSS from /proc): a long session
must not grow. Measured, never asserted (bench/README.md).
"""
import argparse
import importlib.util
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
spec = importlib.util.spec_from_file_location(
    "lsp_client", os.path.join(ROOT, "test", "lsp", "Inputs", "lsp-client.py"))
lsp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lsp)


def clang_command(warplint, path):
    """The host-side clang command warplint parses PATH with, runnable."""
    err = subprocess.run([warplint, "--verbose", "--no-config", path],
                         capture_output=True, text=True).stderr
    for line in err.splitlines():
        m = re.match(r"warplint: .*?: (\S*clang-tool .*)$", line)
        if m:
            args = shlex.split(m.group(1))
            compat = os.path.join(ROOT, "share", "include",
                                  "warplint_nvcc_compat.h")
            args = [compat if a.endswith("__warplint_nvcc_compat.h") else a
                    for a in args]
            args[0] = "clang++-22"
            return args
    sys.exit("bench/lsp.py: no command for %s in:\n%s" % (path, err))


def timed(fn):
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Session:
    def __init__(self, warplint, path, extra):
        self.c = lsp.Client([warplint, "lsp", "--no-config", "--no-ptxas",
                             "--debounce=0"] + extra)
        self.path = path
        sys.stderr = open(os.devnull, "w")  # the client logs every message
        self.c.request("initialize", {"processId": os.getpid(),
                                      "rootUri": None, "capabilities": {}})
        self.c.notify("initialized", {})
        with open(path, encoding="utf-8", errors="replace") as f:
            self.text = f.read()
        self.version = 1
        self.c.texts[path] = self.text
        self.c.versions[path] = 1
        self.c.notify("textDocument/didOpen", {"textDocument": {
            "uri": lsp.uri(path), "languageId": "cuda", "version": 1,
            "text": self.text}})
        self.wait(1)

    def wait(self, version):
        while True:
            m = self.c.wait(lambda m: m.get("method") ==
                            "textDocument/publishDiagnostics")
            if m["params"].get("version") == version:
                return len(m["params"]["diagnostics"])

    def edit(self):
        end = lsp.position(self.text, len(self.text))
        line = "\n// edit %d" % self.version
        self.text += line
        self.version += 1
        self.c.notify("textDocument/didChange", {
            "textDocument": {"uri": lsp.uri(self.path),
                             "version": self.version},
            "contentChanges": [{"range": {"start": end, "end": end},
                                "text": line}]})
        return self.wait(self.version)

    def close(self):
        self.c.request("shutdown", None)
        self.c.notify("exit", None)
        self.c.proc.wait(timeout=60)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--memory-edits", type=int, default=300)
    ap.add_argument("--warplint",
                    default=os.path.join(ROOT, "build", "bin", "warplint"))
    ap.add_argument("--server-arg", action="append", default=[],
                    help="an option for `warplint lsp` (--no-preamble)")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    print("| file | lines | clang -fsyntax-only (s) | didChange to "
          "diagnostics (s) | ratio |")
    print("|---|---:|---:|---:|---:|")
    for i, path in enumerate(a.files):
        path = os.path.abspath(path)
        cmd = clang_command(a.warplint, path)
        s = Session(a.warplint, path, a.server_arg)
        parse, edit = [], []
        for _ in range(a.reps):
            parse.append(timed(lambda: subprocess.run(
                cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)))
            edit.append(timed(s.edit))
        p, e = statistics.median(parse), statistics.median(edit)
        print("| %s | %d | %.3f | %.3f | %.2f |" % (
            os.path.relpath(path), s.text.count("\n") - a.reps + 1, p, e,
            e / p))
        sys.stdout.flush()
        if i == 0 and a.memory_edits:
            first = None
            for n in range(a.memory_edits):
                s.edit()
                if n == 9:
                    first = rss_kib(s.c.proc.pid)
            last = rss_kib(s.c.proc.pid)
            mem = (os.path.relpath(path), first // 1024, a.memory_edits,
                   last // 1024)
        s.close()
    if a.memory_edits:
        print("\nresident memory of the server on %s: %d MiB after 10 edits, "
              "%d edits: %d MiB" % mem)


if __name__ == "__main__":
    main()
