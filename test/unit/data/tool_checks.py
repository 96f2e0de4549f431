"""What the mtc-data tool tests share: running the tool and collecting failed
checks, so one run reports every failure at once."""
import subprocess
import sys


class ToolChecks:
    def __init__(self, mtc_data, bpe_dir):
        self.mtc_data, self.bpe_dir, self.failures = mtc_data, bpe_dir, []

    def check(self, condition, what):
        if not condition:
            self.failures.append(what)
            print("FAIL:", what)

    def run(self, args):
        return subprocess.run([self.mtc_data, "--vocab-dir", self.bpe_dir] + args,
                              capture_output=True, text=True)

    def finish(self):
        print("FAILED" if self.failures else "PASSED", f"({len(self.failures)} failures)")
        sys.exit(1 if self.failures else 0)
