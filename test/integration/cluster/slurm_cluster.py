"""A one-machine Slurm cluster for a test: munged, slurmctld and slurmd on this
machine, configured in a temporary folder under /tmp (its own munge key and
socket, free ports, state, spool and logs; short paths, as Unix sockets need),
with no cgroup plugins so it also starts in a container. Nothing outside that
folder is written or changed, and the folder is removed at the end; every
daemon is this process's child, stopped on exit (and killed with it:
PR_SET_PDEATHSIG).

    with OneNodeSlurm(cpus=4) as slurm:   # raises Unavailable(reason)
        subprocess.run(["srun", ...], env=slurm.env())
"""
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

DAEMONS = ["munged", "slurmctld", "slurmd"]
CLIENTS = ["srun", "sbatch", "sinfo", "squeue", "scancel"]
NODE = "mtc-node"
START_SECONDS = 30  # for the node to register, at most
STOP_SECONDS = 10   # for a daemon to stop on SIGTERM before it is killed

SLURM_CONF = """\
ClusterName=mtc-test
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={munge_socket}
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/slurmctld.log
SlurmdLogFile={dir}/slurmd.log
MailProg=/bin/true
# No cgroups (a container may not delegate them): processes are tracked by
# their parent ids, tasks are not bound, nothing is accounted.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# Debian's default: srun --mpi=pmix must be asked for, as on most clusters.
MpiDefault=none
ReturnToService=2
# {cpus} CPUs whatever the machine has, so a 4-task step fits on 2 cores.
SlurmdParameters=config_overrides
NodeName={node} NodeAddr=127.0.0.1 NodeHostname={host} CPUs={cpus} State=UNKNOWN
PartitionName=mtc Nodes={node} Default=YES MaxTime=10 State=UP
"""


class Unavailable(Exception):
    """Slurm cannot run here; the message says why."""


def _die_with_parent():
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tail(path, lines=15):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return "(no log)\n"


class OneNodeSlurm:
    def __init__(self, cpus=4):
        self.dir = tempfile.mkdtemp(prefix="mtc-slurm-")
        self.cpus = cpus
        self.conf = os.path.join(self.dir, "slurm.conf")
        self.munge_socket = os.path.join(self.dir, "munge.socket")
        self.daemons = []  # (name, Popen, log file)

    def env(self, base=None):
        env = dict(os.environ if base is None else base)
        env["SLURM_CONF"] = self.conf
        return env

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            self.remove()
            raise
        return self

    def __exit__(self, kind, value, trace):
        self.stop()
        failed = kind is not None and not (kind is SystemExit and not value.code)
        if failed:  # say what Slurm saw
            print(f"Slurm's logs:\n{self._logs()}")
        self.remove()
        return False

    def start(self):
        if os.geteuid() != 0:
            raise Unavailable(f"slurmd must run as root to start job steps (uid {os.geteuid()})")
        missing = [p for p in DAEMONS + CLIENTS + ["munge"] if not shutil.which(p)]
        if missing:
            raise Unavailable(f"{' '.join(missing)} not installed (packages slurm-wlm, munge: "
                              "run scripts/setup.sh)")
        for sub in ("state", "spool"):
            os.makedirs(os.path.join(self.dir, sub))
        key = os.path.join(self.dir, "munge.key")
        with open(os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
            f.write(os.urandom(1024))

        self._start("munged", ["munged", "--foreground", "--force", "--socket", self.munge_socket,
                               "--key-file", key,
                               "--pid-file", os.path.join(self.dir, "munged.pid"),
                               "--seed-file", os.path.join(self.dir, "munged.seed"),
                               "--log-file", os.path.join(self.dir, "munged.log")])
        self._wait("munged to create its socket", lambda: os.path.exists(self.munge_socket))

        host = socket.gethostname().split(".")[0]
        with open(self.conf, "w") as f:
            f.write(SLURM_CONF.format(host=host, ctld_port=_free_port(), slurmd_port=_free_port(),
                                      munge_socket=self.munge_socket, dir=self.dir,
                                      cpus=self.cpus, node=NODE))
        self._start("slurmctld", ["slurmctld", "-D", "-i", "-f", self.conf])
        self._start("slurmd", ["slurmd", "-D", "-N", NODE, "-f", self.conf])
        self._wait(f"node {NODE} to register idle", self._node_idle)

    def _start(self, name, cmd):
        log = open(os.path.join(self.dir, name + ".out"), "w")
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=self.env(),
                             preexec_fn=_die_with_parent)
        self.daemons.append((name, p, log))

    def _node_idle(self):
        r = subprocess.run(["sinfo", "-h", "-N", "-o", "%T"], env=self.env(), timeout=10,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return r.returncode == 0 and r.stdout.strip() == "idle"

    def _wait(self, what, ready):
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            for name, p, _ in self.daemons:
                if p.poll() is not None:
                    raise Unavailable(f"{name} exited with status {p.returncode} while waiting "
                                      f"for {what}:\n{self._logs()}")
            if ready():
                return
            time.sleep(0.5)
        raise Unavailable(f"waited {START_SECONDS} s for {what}:\n{self._logs()}")

    def _logs(self):
        text = ""
        for name in DAEMONS:
            for suffix in (".out", ".log"):
                path = os.path.join(self.dir, name + suffix)
                if os.path.exists(path):
                    text += f"--- {path}\n{_tail(path)}"
        return text

    def stop(self):
        """Cancels what is still queued or running, then stops the daemons
        (SIGTERM, then SIGKILL after STOP_SECONDS), newest first."""
        if any(name == "slurmctld" and p.poll() is None for name, p, _ in self.daemons):
            subprocess.run(["scancel", "--partition", "mtc"], env=self.env(),
                           timeout=10, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + STOP_SECONDS
            while time.monotonic() < deadline:
                r = subprocess.run(["squeue", "-h"], env=self.env(), timeout=10,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                if r.returncode != 0 or not r.stdout.strip():
                    break
                time.sleep(0.5)
        for name, p, log in reversed(self.daemons):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
            log.close()
        self.daemons = []

    def remove(self):
        shutil.rmtree(self.dir, ignore_errors=True)
