#!/usr/bin/env python3
"""mpirun --hostfile across two "nodes" of this machine.

OpenMPI treats every name of this machine as one node: a hostfile with
`localhost slots=2` and `127.0.0.1 slots=2` is refused ("multiple definitions
of the slot count for node ..."). A second node needs a launch agent, so
fake_node_agent.sh plays ssh: mpirun starts its daemon for `node-b` through it,
here, under the host name node-b (a UTS namespace). OpenMPI then runs a real
two-node job: a daemon per node, shared memory within a node, TCP between them
(on the loopback interface only; no sshd, nothing listens beyond it).

  same-losses: t=2 x p=2 with ranks 0-1 on this host and 2-3 on node-b (each
      pipeline transfer and the embedding all-reduce cross nodes) trains the
      losses of the one-node run bit for bit, and its checkpoint, saved by
      ranks on both nodes, resumes on one node with the uninterrupted losses.
  not-shared: node-b gets its own, empty copy of the checkpoint folder (a tmpfs
      in a mount namespace), like a node's local disk: --save is refused before
      the first iteration and --load is refused instead of hanging, both
      naming the shared file system they need.

Skipped (exit 77, with the reason) where namespaces cannot be made (no
CAP_SYS_ADMIN).
"""
import os
import shutil
import socket
import subprocess
import sys

from cluster_common import Job, arguments, compare, expect_in, expect_refusal, must_run, skip

AGENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_node_agent.sh")
RUN_SECONDS = 120


def namespaces_work(mount_dir=None):
    """Whether this process may make the namespaces the agent needs."""
    cmd = ["unshare", "--uts", "sh", "-c", "hostname mtc-probe"]
    if mount_dir:
        cmd = ["unshare", "--uts", "--mount", "sh", "-c",
               f"hostname mtc-probe && mount -t tmpfs mtc-probe {mount_dir}"]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=30)
    return r.returncode == 0, r.stdout.strip()


class TwoNodes:
    def __init__(self, job):
        self.job = job
        self.hostfile = os.path.join(job.work, "hostfile")
        with open(self.hostfile, "w") as f:
            f.write("localhost slots=2\nnode-b slots=2\n")
        self.mpirun = job.mpirun + ["--hostfile", self.hostfile, "--mca", "plm_rsh_agent", AGENT,
                                    "--mca", "btl_tcp_if_include", "lo",
                                    "--mca", "oob_tcp_if_include", "lo", "-np", "4"]

    def command(self, flags):
        return self.mpirun + [self.job.train] + flags

    def refuse(self, flags, private, needle, what):
        """`train FLAGS` on the two nodes, node-b with its own empty PRIVATE folder,
        must fail saying `needle`."""
        env = dict(os.environ, MTC_FAKE_NODE_PRIVATE=private)
        return expect_refusal(self.command(flags), RUN_SECONDS, needle, what, env)


def same_losses(job, nodes):
    reference = job.reference()
    ckpt = os.path.join(job.work, "ckpt")
    shutil.rmtree(ckpt, ignore_errors=True)
    flags = job.args("two_nodes.jsonl") + ["--save", ckpt, "--save-interval", "4"]
    log = must_run(nodes.command(flags), RUN_SECONDS, "the two-node run")
    host = socket.gethostname().split(".")[0]
    expect_in(log, f"launch: mpirun, 4 ranks on 2 hosts ({host}: ranks 0-1; node-b: ranks 2-3)",
              "the two-node run's placement line")
    compare(reference, job.metrics("two_nodes.jsonl"), 0.0, Job.STEPS)
    halfway = os.path.join(ckpt, "iter_0000004")
    expect_in(log, f"saved checkpoint at iteration 4 to '{halfway}'", "the two-node run")

    log = must_run(job.mpirun + ["-np", "4", job.train] + job.args("resumed.jsonl") +
                   ["--load", halfway], RUN_SECONDS, "resuming on one node")
    expect_in(log, f"loaded checkpoint from '{halfway}' at iteration 4", "the resumed run")
    compare(reference, job.metrics("resumed.jsonl"), 0.0, Job.STEPS - 4)


def not_shared(job, nodes):
    save = os.path.join(job.work, "node_local_save")
    shutil.rmtree(save, ignore_errors=True)
    os.makedirs(save)
    log = nodes.refuse(job.args("refused_save.jsonl") + ["--save", save], save,
                       f"--save '{save}' is not one folder for all ranks: 2 of 4 ranks do not "
                       "see the file rank 0 wrote there", "--save into a node's own folder")
    if " iteration " in log:
        sys.exit("FAIL: training started before the --save folder was found not shared")
    if os.listdir(save):
        sys.exit(f"FAIL: the refused --save left {os.listdir(save)} in {save}")

    load = os.path.join(job.work, "node_local_load")
    shutil.rmtree(load, ignore_errors=True)
    must_run(job.mpirun + ["-np", "4", job.train] + job.args("saved.jsonl", steps=2) +
             ["--save", load], RUN_SECONDS, "saving a checkpoint on one node")
    nodes.refuse(job.args("refused_load.jsonl") + ["--load", load], load,
                 f"the ranks do not see the same checkpoint in '{load}' (rank(s) 2, 3 see "
                 "another one than rank 0, or none)", "--load from a node's own folder")


def main():
    p = arguments(__doc__)
    p.add_argument("case", choices=["same-losses", "not-shared"])
    args = p.parse_args()
    os.makedirs(args.work, exist_ok=True)
    probe = os.path.join(os.path.abspath(args.work), "namespace_probe")
    os.makedirs(probe, exist_ok=True)
    works, why = namespaces_work(probe if args.case == "not-shared" else None)
    if not works:
        skip(f"cannot make the namespaces a second node on this machine needs ({why})")
    job = Job(args)
    nodes = TwoNodes(job)
    if args.case == "same-losses":
        same_losses(job, nodes)
    else:
        not_shared(job, nodes)
    print("PASS")


if __name__ == "__main__":
    main()
