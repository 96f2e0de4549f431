#!/usr/bin/env python3
"""A bundled program folder runs with nothing of ours or of the system but glibc
(docs/bundle.md).

`mtc-compile --bundle` writes gpt2-tiny's one-rank programs, with a two-rank
(tensor-parallel) gpt2-tiny compiled into a subfolder first, so the one
tarball also proves that mtc-bundle gathers a nested program folder's runtime
into lib/. The tarball is unpacked into an empty folder and, inside a private
mount namespace, the build tree, the source tree, /usr/local, OpenMPI's
installed files and every system library but glibc's are hidden (a folder with
only libc, libm, libdl, librt, libpthread and the loader is mounted over
/usr/lib/x86_64-linux-gnu); the programs then run under `env -i`:
  - `./train` on one rank, no mpirun (OpenMPI's singleton finds the bundled
    components through the runtime itself);
  - `bin/mpirun -np 2 t2/train` (the bundled launcher).
Each must log the same losses, to the printed digit, as the same program run
in place from the build tree, and LD_DEBUG must show every library loaded from
the bundle or from glibc. The tarball must stay under 40 MiB."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

GLIBC = ["libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1", "libpthread.so.0",
         "ld-linux-x86-64.so.2", "libresolv.so.2", "libutil.so.1"]
SYSLIB = "/usr/lib/x86_64-linux-gnu"
TRAIN = ["--mock-data", "--train-iters", "5", "--log-interval", "1", "--seed", "3"]
LIMIT_MIB = 40


def run(cmd, env=None, cwd=None, timeout=600):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout)
    if r.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {r.returncode}\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
    return r.stdout + r.stderr


def losses(log):
    found = re.findall(r"iteration +(\d+)/ +\d+ \|.*?lm loss: ([0-9.E+-]+)", log)
    if len(found) != 5:
        sys.exit(f"FAIL: expected 5 logged iterations, found {len(found)}:\n{log[-3000:]}")
    return found


def in_namespace(work, hide, command):
    """`command` (a list) under `unshare -m` with `hide` covered by empty tmpfs
    and only glibc left in the system library folder."""
    glibc = os.path.join(work, "glibc")
    os.makedirs(glibc)
    for lib in GLIBC:
        if os.path.exists(os.path.join(SYSLIB, lib)):
            shutil.copy(os.path.join(SYSLIB, lib), glibc)
    script = ["set -e"]
    script += [f"mount -t tmpfs none '{d}'" for d in hide if os.path.isdir(d)]
    script += [f"mount --bind '{glibc}' {SYSLIB}", 'exec "$@"']
    return ["unshare", "-m", "sh", "-c", "\n".join(script), "sh"] + command


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bin", required=True, help="the build's bin folder")
    ap.add_argument("--source", required=True, help="the source tree (hidden in the namespace)")
    ap.add_argument("--mpirun", required=True, help="the system's mpirun, for the build-tree runs")
    args = ap.parse_args()
    build = os.path.dirname(os.path.abspath(args.bin))
    if subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode != 0:
        print("SKIPPED: cannot create a mount namespace (unshare -m) here")
        sys.exit(77)

    with tempfile.TemporaryDirectory(prefix="mtc-bundle-") as work:
        compile_ = [os.path.join(args.bin, "mtc-compile"),
                    os.path.join(args.source, "models", "gpt2-tiny.mlir"),
                    "--micro-batch-size", "2", "--seq-length", "32", "--global-batch-size", "4"]
        pkg, ref = os.path.join(work, "gpt2-tiny"), os.path.join(work, "ref")
        # The build tree's programs, and the same ones bundled.
        run(compile_ + ["-o", ref])
        run(compile_ + ["-o", os.path.join(ref, "t2"), "--tensor-model-parallel-size", "2"])
        run(compile_ + ["-o", os.path.join(pkg, "t2"), "--tensor-model-parallel-size", "2"])
        print(run(compile_ + ["-o", pkg, "--bundle"]).strip().splitlines()[-1])
        tarball = pkg + ".tar.xz"
        mib = os.path.getsize(tarball) / 2**20
        print(f"tarball {mib:.1f} MiB")
        if mib >= LIMIT_MIB:
            sys.exit(f"FAIL: the bundle is {mib:.1f} MiB, not under {LIMIT_MIB} MiB")

        # What the folder holds: the runtime once, found through $ORIGIN.
        for rel in ["train", "generate", "t2/train", "lib/libmtc_runtime.so", "bin/mpirun",
                    "bin/orterun", "bin/check-node", "lib/openmpi3/mca_ess_singleton.so",
                    "share/openmpi", "BUNDLE.txt"]:
            if not os.path.exists(os.path.join(pkg, rel)):
                sys.exit(f"FAIL: the bundle has no {rel}")
        if os.path.exists(os.path.join(pkg, "t2", "lib")):
            sys.exit("FAIL: t2/lib was not gathered into lib/")
        for rel, want in [("train", "$ORIGIN/lib"), ("t2/train", "$ORIGIN/../lib"),
                          ("lib/libmtc_runtime.so", "$ORIGIN")]:
            dyn = run(["readelf", "-d", os.path.join(pkg, rel)])
            got = re.search(r"\(RUNPATH\).*\[(.*)\]", dyn)
            if not got or got.group(1) != want:
                sys.exit(f"FAIL: {rel}'s RUNPATH is {got.group(1) if got else 'missing'}, not {want}")

        base = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                    OMPI_MCA_btl_vader_single_copy_mechanism="none")
        want1 = losses(run([os.path.join(ref, "train")] + TRAIN, base, ref))
        want2 = losses(run(args.mpirun.split() + ["-np", "2", os.path.join(ref, "t2", "train")]
                           + TRAIN, base, ref))

        # Unpacked into an empty folder, nothing else visible.
        empty = os.path.join(work, "elsewhere")
        os.makedirs(empty)
        run(["tar", "-xJf", tarball, "-C", empty])
        moved = os.path.join(empty, "gpt2-tiny")
        hide = [build, os.path.abspath(args.source), "/usr/local", "/usr/share/openmpi",
                "/etc/openmpi"]
        bare = ["env", "-i", "HOME=" + work, "OMPI_ALLOW_RUN_AS_ROOT=1",
                "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1", "OMPI_MCA_btl_vader_single_copy_mechanism=none"]
        trace = os.path.join(work, "ld")
        log1 = run(in_namespace(os.path.join(work, "ns1"), hide,
                                bare + ["LD_DEBUG=libs", "LD_DEBUG_OUTPUT=" + trace, "./train"]
                                + TRAIN), cwd=moved)
        log2 = run(in_namespace(os.path.join(work, "ns2"), hide,
                                bare + ["./bin/mpirun", "--oversubscribe", "-np", "2",
                                        "./t2/train"] + TRAIN), cwd=moved)
        for log in (log1, log2):
            # OpenMPI and PMIx say so when a component or help text is missing.
            for sign in ("help file", "Sorry!", "unable to open", "component was found"):
                if sign in log:
                    sys.exit(f"FAIL: OpenMPI missed a bundled file ('{sign}'):\n{log[-3000:]}")
        got1, got2 = losses(log1), losses(log2)
        for name, want, got in [("one rank", want1, got1), ("mpirun -np 2 (t=2)", want2, got2)]:
            if want != got:
                sys.exit(f"FAIL: {name}: the bundle's losses {got} differ from the build "
                         f"tree's {want}")
            print(f"{name}: same losses as the build tree's program: "
                  + ", ".join(f"{it}: {loss}" for it, loss in got))

        # Every library the one-rank run loaded came from the bundle or glibc.
        loaded = set()
        for f in os.listdir(work):
            if f.startswith("ld."):
                for line in open(os.path.join(work, f)):
                    m = re.search(r"calling init: (\S+)", line)
                    if m:
                        loaded.add(m.group(1))
        if not loaded:
            sys.exit("FAIL: LD_DEBUG recorded no library")
        foreign = sorted(p for p in loaded if not p.startswith(moved) and
                         os.path.basename(p) not in GLIBC)
        if foreign:
            sys.exit(f"FAIL: libraries loaded from outside the bundle: {foreign}")
        print(f"{len(loaded)} libraries loaded: all from the bundle, but "
              + ", ".join(sorted(os.path.basename(p) for p in loaded
                                 if not p.startswith(moved))))
    print("PASS")


if __name__ == "__main__":
    main()
