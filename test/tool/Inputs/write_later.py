#!/usr/bin/env python3
"""usage: write_later.py SECONDS SOURCE DEST COMMAND...

Runs COMMAND (its stdout and stderr passed through), and SECONDS after it
started writes the contents of SOURCE to DEST whole (written beside it, then
renamed), as warplint-launch publishes a ptxas report. Exits with COMMAND's
status."""
import os
import shutil
import subprocess
import sys
import threading


def main(argv):
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    delay, source, dest, command = float(argv[1]), argv[2], argv[3], argv[4:]

    def publish():
        shutil.copyfile(source, dest + ".part")
        os.rename(dest + ".part", dest)

    timer = threading.Timer(delay, publish)
    proc = subprocess.Popen(command)
    timer.start()
    status = proc.wait()
    timer.join()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
