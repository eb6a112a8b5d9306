#!/usr/bin/env python3
"""usage: clean-root.py ROOT DEB

Makes ROOT a minimal Debian system to install DEB in, as a clean container
would have it: only dpkg (with the shell and tools it runs) and the packages
DEB depends on, with their own dependencies, each package's files (hard
links to this machine's, or copies) and its entry in ROOT's dpkg database.
Nothing else of this machine is there, so that `chroot ROOT dpkg -i DEB`
fails on a dependency the package does not declare, and the installed tool
finds only what its dependencies provide. The packages come from this
machine's dpkg database: they must be installed here."""
import os
import re
import shutil
import subprocess
import sys

# What dpkg needs to install a package and run its maintainer scripts.
BASE = ["dpkg", "dash", "coreutils", "diffutils", "libc-bin", "tar"]


def query(fmt, pkg):
    r = subprocess.run(["dpkg-query", "-W", "-f=" + fmt, pkg],
                       capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else ""


def installed(pkg):
    return "install ok installed" in query("${Status}", pkg)


def depends(field):
    """The installed package of each Depends alternative in FIELD."""
    out = []
    for group in field.split(","):
        for alt in group.split("|"):
            name = re.sub(r"\(.*?\)", "", alt).strip().split(":")[0]
            if name and installed(name):
                out.append(name)
                break
        else:
            if group.strip():
                sys.exit("clean-root: no installed package for '%s'" % group.strip())
    return out


def main(root, deb):
    control = subprocess.run(["dpkg-deb", "-f", deb, "Depends", "Pre-Depends"],
                             capture_output=True, text=True, check=True).stdout
    wanted = BASE + depends(",".join(
        l.split(":", 1)[1] for l in control.splitlines() if ":" in l))
    seen = []
    while wanted:
        p = wanted.pop()
        if p in seen:
            continue
        seen.append(p)
        wanted += depends(query("${Depends},${Pre-Depends}", p))

    os.makedirs(root)
    # Merged /usr, as Debian 12 has it.
    for d in ("bin", "sbin", "lib", "lib64"):
        os.makedirs(os.path.join(root, "usr", d), exist_ok=True)
        os.symlink("usr/" + d, os.path.join(root, d))
    for d in ("tmp", "var/lib/dpkg/info", "var/lib/dpkg/updates", "var/log", "etc"):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    status = []
    for p in seen:
        arch = query("${Architecture}", p)
        name = p if arch == "all" else p + ":" + arch
        status.append(subprocess.run(["dpkg-query", "-s", name], capture_output=True,
                                     text=True, check=True).stdout.rstrip() + "\n")
        files = subprocess.run(["dpkg-query", "-L", name], capture_output=True,
                               text=True, check=True).stdout.split("\n")
        for f in files:
            if not f.startswith("/") or f == "/.":
                continue
            dst = os.path.join(root, f.lstrip("/"))
            if os.path.islink(f):
                if not os.path.lexists(dst):
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    os.symlink(os.readlink(f), dst)
            elif os.path.isdir(f):
                if not os.path.lexists(dst):
                    os.makedirs(dst, exist_ok=True)
            elif os.path.isfile(f) and not os.path.lexists(dst):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                try:
                    os.link(f, dst)
                except OSError:
                    shutil.copy2(f, dst)
        for info in os.listdir("/var/lib/dpkg/info"):
            if info.startswith(p + ".") or info.startswith(name + "."):
                shutil.copy2(os.path.join("/var/lib/dpkg/info", info),
                             os.path.join(root, "var/lib/dpkg/info", info))
    with open(os.path.join(root, "var/lib/dpkg/status"), "w") as s:
        s.write("\n".join(status))
    open(os.path.join(root, "var/lib/dpkg/available"), "w").close()
    print("\n".join(sorted(seen)))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
