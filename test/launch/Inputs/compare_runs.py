"""Runs a compile command twice in the working directory, alone and behind
warplint-launch, and checks that the launcher behaved exactly as the
compiler did: the same exit status, the same standard output byte for byte,
a standard error that begins with the compiler's own, and the same files
written (names and bytes). Prints what the launcher added to standard error
(the findings and its own lines), for FileCheck.

    compare_runs.py [--stdin=FILE] LAUNCHER [OPTIONS...] ::: COMPILER [ARGS...]

The compiler alone runs as a shell runs it, with /bin/sh -c 'exec "$@"', so
that a script without a '#!' line runs as in a build. Both runs get FILE as
standard input (none: the null device). The files the compiler alone wrote
are removed (and those it changed restored) before the launcher runs.
"""
import os
import subprocess
import sys


def snapshot():
    files = {}
    for root, _, names in os.walk("."):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                files[path] = f.read()
    return files


def written(before, after):
    return {p: b for p, b in after.items() if before.get(p) != b}


def run(argv, stdin_path):
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    p = subprocess.run(argv, stdin=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def fail(msg):
    sys.stderr.write("compare_runs.py: " + msg + "\n")
    sys.exit(1)


args = sys.argv[1:]
stdin_path = None
if args and args[0].startswith("--stdin="):
    stdin_path = args.pop(0).split("=", 1)[1]
split = args.index(":::")
launcher, command = args[:split], args[split + 1:]

before = snapshot()
alone = run(["/bin/sh", "-c", 'exec "$@"', "sh"] + command, stdin_path)
alone_files = written(before, snapshot())
for path in alone_files:
    if path in before:
        with open(path, "wb") as f:
            f.write(before[path])
    else:
        os.remove(path)
launched = run(launcher + command, stdin_path)
launched_files = written(before, snapshot())

if alone[0] != launched[0]:
    fail("exit status %d alone, %d behind the launcher"
         % (alone[0], launched[0]))
if alone[1] != launched[1]:
    fail("standard output differs:\n%r\n%r" % (alone[1], launched[1]))
if not launched[2].startswith(alone[2]):
    fail("standard error does not begin with the compiler's:\n%r\n%r"
         % (alone[2], launched[2]))
if sorted(alone_files) != sorted(launched_files):
    fail("files written: %s alone, %s behind the launcher"
         % (sorted(alone_files), sorted(launched_files)))
for path, data in alone_files.items():
    if launched_files[path] != data:
        fail("%s differs" % path)
sys.stdout.buffer.write(launched[2][len(alone[2]):])
