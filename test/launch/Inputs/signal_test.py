"""Sends a signal to a running warplint-launch and checks that it ends as
the compiler did, that the processes it started are gone and that it left no
temporary directory.

    signal_test.py TERM|INT|KILL TMPDIR PIDFILE... -- COMMAND [ARGS...]
    signal_test.py gone TMPDIR PIDFILE...

COMMAND runs with TMPDIR set, in a session of its own. Once every PIDFILE
holds a process id (the compiler's and the analysis's), TERM is sent to the
launcher alone and INT to its whole process group, as Ctrl-C does. KILL is
sent to the launcher alone, which can clean nothing up: its temporary
directory is then not looked at, only that the processes ended. 'gone'
only checks that the processes have ended and TMPDIR holds no directory of
the launcher.
"""
import os
import signal
import subprocess
import sys
import time

sig_name, tmpdir = sys.argv[1], sys.argv[2]
split = sys.argv.index("--") if "--" in sys.argv else len(sys.argv)
pidfiles, command = sys.argv[3:split], sys.argv[split + 1:]


def fail(msg):
    sys.stderr.write("signal_test: %s\n" % msg)
    sys.exit(1)


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def check_gone(pids, tmp=True):
    deadline = time.time() + 5
    while any(alive(p) for p in pids):
        if time.time() > deadline:
            fail("still running: %s" % [p for p in pids if alive(p)])
        time.sleep(0.05)
    if not tmp:
        return
    left = [n for n in os.listdir(tmpdir) if n.startswith("warplint-launch")]
    if left:
        fail("temporary directories left: %s" % left)


if sig_name == "gone":
    check_gone([int(open(p).read()) for p in pidfiles])
    sys.exit(0)

sig = {"TERM": signal.SIGTERM, "INT": signal.SIGINT,
       "KILL": signal.SIGKILL}[sig_name]
# lit runs tests with SIGINT ignored, which children inherit; a terminal's
# Ctrl-C meets processes that take it.
signal.signal(signal.SIGINT, signal.SIG_DFL)
env = dict(os.environ, TMPDIR=tmpdir)
proc = subprocess.Popen(command, env=env, start_new_session=True)
deadline = time.time() + 20
while not all(os.path.exists(p) and open(p).read().strip() for p in pidfiles):
    if time.time() > deadline or proc.poll() is not None:
        proc.kill()
        fail("the processes did not start (status %s)" % proc.poll())
    time.sleep(0.05)
pids = [int(open(p).read()) for p in pidfiles]
if sig != signal.SIGINT:
    os.kill(proc.pid, sig)
else:
    os.killpg(proc.pid, sig)
try:
    status = proc.wait(timeout=10)
except subprocess.TimeoutExpired:
    proc.kill()
    fail("warplint-launch still runs 10 s after the signal")
if status != -sig:
    fail("exit status %d, expected death by signal %d" % (status, sig))
check_gone(pids, tmp=sig != signal.SIGKILL)
