#!/usr/bin/env python3
"""A scripted Language Server Protocol client for the tests of `warplint lsp`.

    lsp-client.py SCRIPT -- SERVER_COMMAND...

SCRIPT has one step per line ('#' starts a comment); FILE is a path, PATTERN
a piece of the file's current text (the step acts at its first occurrence):

    initialize                  initialize + initialized (utf-16 positions)
    open FILE                   didOpen with the file's text, version 1
    versions FILE N             wait for the publishDiagnostics of version N
                                of FILE; print the versions published
    diagnostics FILE            wait for the next publishDiagnostics of FILE
                                and print them, one per line:
                                  diag L:C-L:C SEVERITY CODE: MESSAGE
                                  related L:C: MESSAGE
    replace FILE OLD => NEW     didChange: OLD (first occurrence) becomes NEW
                                (an incremental change, version + 1)
    save FILE                   write the current text to FILE, didSave
    hover FILE PATTERN          print the hover's Markdown (or "no hover")
    inlay FILE                  print the inlay hints: hint L:C LABEL
    actions FILE PATTERN        print the code actions on PATTERN's line
    apply FILE PATTERN => TITLE apply the action whose title starts with
                                TITLE (its edit, as a didChange)
    command FILE PATTERN => TITLE  run the action's command; print the
                                window/showMessage it gives
    raw TEXT                    send TEXT as a message body as it is
    rawbytes TEXT               send TEXT (\\r\\n escapes) with no framing
    request METHOD JSON         send a request, print its answer
    shutdown                    shutdown, then exit; print the exit status
    eof                         close the server's input; print its status

Lines are printed 1-based (L:C, C in UTF-16 units from 1). Every message
the server sends is also logged to standard error. A wait longer than
LSP_CLIENT_TIMEOUT seconds (default 120) fails the script.
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time

TIMEOUT = float(os.environ.get("LSP_CLIENT_TIMEOUT", "120"))


class Client:
    def __init__(self, cmd):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.messages = queue.Queue()
        self.pending = []
        self.next_id = 0
        self.texts = {}
        self.versions = {}
        self.diags = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.decode("ascii").strip()
                if not line:
                    break
                k, _, v = line.partition(":")
                headers[k.strip().lower()] = v.strip()
            body = out.read(int(headers["content-length"]))
            msg = json.loads(body)
            sys.stderr.write("<- %s\n" % json.dumps(msg)[:2000])
            self.messages.put(msg)

    def send(self, msg):
        body = json.dumps(msg).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) +
                              body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        msg = self.wait(lambda m: m.get("id") == rid and "method" not in m)
        return msg

    def wait(self, match):
        for i, m in enumerate(self.pending):
            if match(m):
                return self.pending.pop(i)
        deadline = time.time() + TIMEOUT
        while True:
            left = deadline - time.time()
            if left <= 0:
                fail("timed out waiting for the server")
            try:
                m = self.messages.get(timeout=left)
            except queue.Empty:
                fail("timed out waiting for the server")
            if m is None:
                fail("the server's output ended")
            if "method" in m and "id" in m:  # a request to us: answer it
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
                if m["method"] == "workspace/inlayHint/refresh":
                    continue
            if match(m):
                return m
            self.pending.append(m)


def fail(why):
    print("lsp-client: error: " + why)
    sys.stdout.flush()
    os._exit(1)


def uri(path):
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))


def position(text, offset):
    """LSP position (utf-16) of a byte... of a character offset in text."""
    before = text[:offset]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1:]
    return {"line": line, "character": len(col.encode("utf-16-le")) // 2}


def offset_of(text, pos):
    lines = text.split("\n")
    start = sum(len(l) + 1 for l in lines[:pos["line"]])
    line = lines[pos["line"]] if pos["line"] < len(lines) else ""
    units = 0
    for i, ch in enumerate(line):
        if units >= pos["character"]:
            return start + i
        units += len(ch.encode("utf-16-le")) // 2
    return start + len(line)


def show(pos):
    return "%d:%d" % (pos["line"] + 1, pos["character"] + 1)


def find(c, path, pattern):
    text = c.texts[path]
    at = text.find(pattern)
    if at < 0:
        fail("'%s' not in %s" % (pattern, path))
    return position(text, at)


def apply_edits(text, edits):
    spans = [(offset_of(text, e["range"]["start"]),
              offset_of(text, e["range"]["end"]), e["newText"])
             for e in edits]
    for b, e, new in sorted(spans, reverse=True):
        text = text[:b] + new + text[e:]
    return text


def change(c, path, new_text, changes):
    c.versions[path] += 1
    c.texts[path] = new_text
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(path), "version": c.versions[path]},
        "contentChanges": changes})


def actions_at(c, path, pattern):
    p = find(c, path, pattern)
    line_end = {"line": p["line"], "character": 10000}
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(path)},
        "range": {"start": {"line": p["line"], "character": 0},
                  "end": line_end},
        "context": {"diagnostics": c.diags.get(path, [])}})
    return r.get("result") or []


def step(c, words, line):
    op = words[0]
    rest = line.split(None, 1)[1] if len(words) > 1 else ""
    if op == "initialize":
        r = c.request("initialize", {
            "processId": os.getpid(), "rootUri": None,
            "capabilities": {"workspace": {"inlayHint":
                                           {"refreshSupport": True}}}})
        caps = r["result"]["capabilities"]
        print("initialized: " + ", ".join(sorted(caps)))
        c.notify("initialized", {})
    elif op == "open":
        path = words[1]
        with open(path, encoding="utf-8") as f:
            c.texts[path] = f.read()
        c.versions[path] = 1
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri(path), "languageId": "cuda", "version": 1,
            "text": c.texts[path]}})
    elif op == "diagnostics":
        path = words[1]
        m = c.wait(lambda m: m.get("method") ==
                   "textDocument/publishDiagnostics" and
                   m["params"]["uri"] == uri(path))
        p = m["params"]
        c.diags[path] = p["diagnostics"]
        print("diagnostics version %s: %d" % (p.get("version"),
                                              len(p["diagnostics"])))
        for d in p["diagnostics"]:
            r = d["range"]
            print("diag %s-%s %s %s: %s" % (
                show(r["start"]), show(r["end"]), d.get("severity"),
                d.get("code", "-"), d["message"]))
            if "codeDescription" in d:
                print("  href " + os.path.basename(d["codeDescription"]["href"]))
            for ri in d.get("relatedInformation", []):
                print("  related %s: %s" % (
                    show(ri["location"]["range"]["start"]), ri["message"]))
    elif op == "versions":
        # Every publishDiagnostics of FILE until the one of version N.
        path, last = words[1], int(words[2])
        seen = []
        while not seen or seen[-1] != last:
            m = c.wait(lambda m: m.get("method") ==
                       "textDocument/publishDiagnostics" and
                       m["params"]["uri"] == uri(path))
            seen.append(m["params"].get("version"))
            c.diags[path] = m["params"]["diagnostics"]
        print("published versions: %s (%d diagnostics)" % (
            " ".join(map(str, seen)), len(c.diags[path])))
    elif op == "replace":
        path = words[1]
        old, _, new = rest.split(None, 1)[1].partition(" => ")
        text = c.texts[path]
        at = text.find(old)
        if at < 0:
            fail("'%s' not in %s" % (old, path))
        rng = {"start": position(text, at),
               "end": position(text, at + len(old))}
        change(c, path, text[:at] + new + text[at + len(old):],
               [{"range": rng, "text": new}])
    elif op == "save":
        path = words[1]
        with open(path, "w", encoding="utf-8") as f:
            f.write(c.texts[path])
        c.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
    elif op == "hover":
        path, pattern = words[1], rest.split(None, 1)[1]
        r = c.request("textDocument/hover", {
            "textDocument": {"uri": uri(path)},
            "position": find(c, path, pattern)})
        res = r.get("result")
        print(res["contents"]["value"] if res else "no hover")
    elif op == "inlay":
        path = words[1]
        r = c.request("textDocument/inlayHint", {
            "textDocument": {"uri": uri(path)},
            "range": {"start": {"line": 0, "character": 0},
                      "end": {"line": 100000, "character": 0}}})
        for h in sorted(r["result"], key=lambda h: (
                h["position"]["line"], h["position"]["character"])):
            print("hint %s %s" % (show(h["position"]), h["label"]))
    elif op == "actions":
        path, pattern = words[1], rest.split(None, 1)[1]
        for a in actions_at(c, path, pattern):
            print("action [%s] %s" % (a.get("kind"), a["title"]))
    elif op in ("apply", "command"):
        path = words[1]
        pattern, _, title = rest.split(None, 1)[1].partition(" => ")
        acts = [a for a in actions_at(c, path, pattern)
                if a["title"].startswith(title)]
        if not acts:
            fail("no action '%s'" % title)
        a = acts[0]
        if op == "command":
            cmd = a["command"]
            c.request("workspace/executeCommand",
                      {"command": cmd["command"],
                       "arguments": cmd.get("arguments", [])})
            m = c.wait(lambda m: m.get("method") == "window/showMessage")
            print("message: " + m["params"]["message"])
            return
        for u, edits in a["edit"]["changes"].items():
            if u != uri(path):
                fail("an edit of another file: " + u)
            text = apply_edits(c.texts[path], edits)
            change(c, path, text, [{"text": text}])
        print("applied: " + a["title"])
    elif op == "raw":
        body = rest.encode("utf-8")
        c.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        c.proc.stdin.flush()
    elif op == "rawbytes":
        c.proc.stdin.write(rest.encode("utf-8").decode("unicode_escape")
                           .encode("latin-1"))
        c.proc.stdin.flush()
    elif op == "request":
        method, _, params = rest.partition(" ")
        r = c.request(method, json.loads(params) if params else None)
        print("answer: " + json.dumps({k: v for k, v in r.items()
                                       if k in ("result", "error")},
                                      sort_keys=True))
    elif op == "expect-error":
        m = c.wait(lambda m: "error" in m and m.get("id") is None)
        print("error %d: %s" % (m["error"]["code"], m["error"]["message"]))
    elif op == "shutdown":
        c.request("shutdown", None)
        c.notify("exit", None)
        print("exit status %d" % c.proc.wait(timeout=TIMEOUT))
    elif op == "eof":
        c.proc.stdin.close()
        print("exit status %d" % c.proc.wait(timeout=TIMEOUT))
    else:
        fail("unknown step: " + line)


def main():
    argv = sys.argv[1:]
    if "--" not in argv or argv.index("--") != 1:
        sys.exit("usage: lsp-client.py SCRIPT -- SERVER_COMMAND...")
    script, cmd = argv[0], argv[2:]
    c = Client(cmd)
    with open(script, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            print(">> " + line.strip())
            step(c, line.split(), line.strip())
            sys.stdout.flush()


if __name__ == "__main__":
    main()
