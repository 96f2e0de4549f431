"""What the mtc-data tool tests share: running the tool, collecting failed
checks (so one run reports every failure at once), and reading what it wrote."""
import struct
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


# Megatron's dtype codes -> struct formats (uint16 for vocabularies under 65,500
# ids, int32 above).
DTYPE_FORMATS = {1: "B", 2: "b", 3: "h", 4: "i", 5: "q", 8: "H"}


def read_dataset(path_prefix):
    """(dtype code, sizes, document index, token ids) of an indexed dataset."""
    with open(path_prefix + ".idx", "rb") as f:
        idx = f.read()
    magic, version, dtype, nseq, ndoc = struct.unpack("<9sQBQQ", idx[:34])
    sizes = list(struct.unpack(f"<{nseq}i", idx[34:34 + 4 * nseq]))
    at = 34 + 12 * nseq
    doc_index = list(struct.unpack(f"<{ndoc}q", idx[at:at + 8 * ndoc]))
    with open(path_prefix + ".bin", "rb") as f:
        data = f.read()
    code = DTYPE_FORMATS[dtype]
    ids = list(struct.unpack(f"<{len(data) // struct.calcsize(code)}{code}", data))
    return dtype, sizes, doc_index, ids
