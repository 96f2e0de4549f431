"""What the planner's validation scripts share: their command line (an
optional mtc-plan path after the script's own options) and one
`mtc-plan --evaluate --json` run."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pop_option(args, flag, default=None):
    """Removes `flag VALUE` from args and returns VALUE (default if absent)."""
    if flag not in args:
        return default
    i = args.index(flag)
    value = args[i + 1]
    del args[i:i + 2]
    return value


def plan_binary(args, script):
    """The mtc-plan to run: the first remaining argument, or the build's."""
    plan = args[0] if args else os.path.join(ROOT, "build", "bin", "mtc-plan")
    if not os.access(plan, os.X_OK):
        sys.exit(f"{script}: no executable at {plan} (build mtc-plan or pass its path)")
    return plan


def evaluate(binary, script, arguments):
    """mtc-plan's --json answer for `binary ARGUMENTS --evaluate --json`
    (exit 1 is an answer too: a layout that does not fit)."""
    cmd = [binary, *arguments, "--evaluate", "--json"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1) or not r.stdout.strip():
        sys.exit("%s: %s failed: %s" % (script, " ".join(cmd), r.stderr))
    return json.loads(r.stdout)
