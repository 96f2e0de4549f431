#!/usr/bin/env python3
"""train under Slurm, for real: a one-machine cluster (munged, slurmctld,
slurmd; slurm_cluster.py) runs gpt2-tiny at t=2 x p=2 on the fortunes

  - as `srun --mpi=pmix -n 4 train`: the four tasks form one MPI world, read
    SLURM_LOCALID, and train the losses of `mpirun -np 4` bit for bit;
  - as sbatch jobs whose script runs that srun (the usual way) or mpirun (which
    takes the allocation from Slurm), their logs in files with whole lines only;
  - as a one-task step without PMI (`srun --mpi=none -n 1`, Debian's default
    MpiDefault): one rank, the losses of a plain one-process run;
  - and `srun --mpi=none -n 2` is refused on every task with what to change,
    instead of two ranks each starting MPI alone.

Skipped (exit 77, with the reason) where Slurm cannot start: not root, Slurm or
munge not installed, a daemon that exits or a node that never registers.
"""
import os
import shlex
import sys

from cluster_common import Job, arguments, compare, expect_in, expect_refusal, must_run, skip
from slurm_cluster import OneNodeSlurm, Unavailable

STEP_SECONDS = 120


def main():
    args = arguments(__doc__).parse_args()
    try:
        with OneNodeSlurm(cpus=4) as slurm:  # Unavailable comes from starting it only
            check(args, slurm)
    except Unavailable as e:
        skip(f"Slurm cannot run here: {e}")
    print("PASS")


def batch(job, name, command, env):
    """The log of `sbatch --wait -n 4` running COMMAND in a script; it must end
    well and hold whole lines only (no progress bar)."""
    script = os.path.join(job.work, name)
    with open(script, "w") as f:
        f.write("#!/bin/sh\n" + " ".join(shlex.quote(c) for c in command) + "\n")
    log_file = script + ".log"
    must_run(["sbatch", "--wait", "-n", "4", "--time", "2", "-o", log_file, script],
             STEP_SECONDS, f"sbatch --wait {name}", env)
    with open(log_file, newline="") as f:
        log = f.read()
    print(log)
    expect_in(log, f"iteration        {Job.STEPS}/       {Job.STEPS}", f"the log of {name}")
    if "\r" in log:
        sys.exit(f"FAIL: the log of {name} holds carriage returns (a progress bar)")
    return log


def check(args, slurm):
    env = slurm.env()
    # OpenMPI cannot tell that srun's tasks share 2 cores: yield when idle.
    env["OMPI_MCA_mpi_yield_when_idle"] = "1"
    plugins = must_run(["srun", "--mpi=list"], 30, "srun --mpi=list", env)
    if "pmix" not in plugins:
        skip(f"this Slurm has no PMIx plugin, which Debian's OpenMPI needs:\n{plugins}")

    job = Job(args)
    reference = job.reference()
    host = os.uname().nodename.split(".")[0]

    srun = ["srun", "--mpi=pmix", "-n", "4", "--time", "2"]
    log = must_run(srun + [job.train] + job.args("srun.jsonl"), STEP_SECONDS,
                   "srun --mpi=pmix -n 4 train", env)
    expect_in(log, f"launch: srun, 4 ranks on 1 host ({host}: ranks 0-3), local rank from "
              "SLURM_LOCALID", "the placement line under srun")
    compare(reference, job.metrics("srun.jsonl"), 0.0, Job.STEPS)

    # Batch jobs, their logs in files: srun in the script, and mpirun in the script
    # (OpenMPI takes the allocation from Slurm; its ranks inherit the job's
    # SLURM_PROCID=0 and SLURM_LOCALID=0, which must not count).
    log = batch(job, "srun.sbatch", srun + [job.train] + job.args("sbatch_srun.jsonl"), env)
    expect_in(log, "launch: srun, 4 ranks on 1 host", "the sbatch job running srun")
    compare(reference, job.metrics("sbatch_srun.jsonl"), 0.0, Job.STEPS)
    log = batch(job, "mpirun.sbatch",
                job.mpirun + ["-np", "4", job.train] + job.args("sbatch_mpirun.jsonl"), env)
    expect_in(log, f"launch: mpirun, 4 ranks on 1 host ({host}: ranks 0-3), local rank from "
              "OMPI_COMM_WORLD_LOCAL_RANK", "the sbatch job running mpirun")
    compare(reference, job.metrics("sbatch_mpirun.jsonl"), 0.0, Job.STEPS)

    # One rank: the plan compiled for t=1 x p=1.
    one = os.path.join(job.work, "one")
    must_run([os.path.join(args.bin, "mtc-compile"), args.model, "-o", one, "--seq", "32",
              "--global-batch", "4"], 300, "mtc-compile (one rank)")
    one_train = os.path.join(one, "train")
    must_run([one_train] + job.args("alone.jsonl"), STEP_SECONDS, "train alone")
    log = must_run(["srun", "--mpi=none", "-n", "1", "--time", "2", one_train] +
                   job.args("srun1.jsonl"), STEP_SECONDS, "srun --mpi=none -n 1 train", env)
    expect_in(log, "launch: srun, 1 rank on 1 host", "the placement line of one task")
    compare(job.metrics("alone.jsonl"), job.metrics("srun1.jsonl"), 0.0, Job.STEPS)

    expect_refusal(["srun", "--mpi=none", "-n", "2", "--time", "2", one_train] +
                   job.args("refused.jsonl"), STEP_SECONDS,
                   "srun started 2 tasks without a process-management interface (srun "
                   "--mpi=none), so they cannot form one MPI world: launch with srun --mpi=pmix",
                   "srun --mpi=none -n 2 (two tasks without PMI)", env)


if __name__ == "__main__":
    main()
