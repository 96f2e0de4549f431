#!/usr/bin/env python3
"""scripts/ptxas_report.py's parsing and occupancy arithmetic, without nvcc:
the numbers docs/gpu.md's kernel table is made of. Expected values are worked
by hand from the CUDA occupancy calculator's rules (registers per warp rounded
to 256, 1 KiB shared memory reserved per block, 64 warps / 32 blocks per SM)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "scripts"))
import ptxas_report as pr  # noqa: E402

SAMPLE = """\
ptxas info    : Compiling entry function '_Z6kernelPf' for 'sm_80'
ptxas info    : Function properties for _Z6kernelPf
    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 40 registers, used 1 barriers, 2048 bytes smem, 400 bytes cmem[0]
ptxas info    : Compiling entry function '_Z5otherv' for 'sm_90'
ptxas info    : Function properties for _Z5otherv
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 26 registers, used 0 barriers, 368 bytes cmem[0]
"""


class Parse(unittest.TestCase):
    def test_registers_spills_and_static_shared_memory(self):
        rows = pr.parse(SAMPLE)
        self.assertEqual(len(rows), 2)
        self.assertEqual((rows[0]["arch"], rows[0]["registers"], rows[0]["smem"]), ("sm_80", 40, 2048))
        self.assertEqual((rows[0]["stack"], rows[0]["stores"], rows[0]["loads"]), (8, 4, 12))
        self.assertEqual((rows[1]["arch"], rows[1]["registers"], rows[1]["smem"]), ("sm_90", 26, 0))


class Occupancy(unittest.TestCase):
    def test_thread_limited(self):
        # 32 regs x 256 threads: 8 blocks of 8 warps fill 64 warps.
        self.assertEqual(pr.occupancy("sm_80", 32, 0, 256), (1.0, "threads"))

    def test_register_limited_rounds_per_warp(self):
        # 40 regs -> 1280 per warp; 65536 / 1280 = 51 warps -> 6 blocks of 8 = 48 warps.
        self.assertEqual(pr.occupancy("sm_90", 40, 0, 256), (0.75, "regs"))
        # 41 regs -> 1312 rounds to 1536 per warp: 42 warps -> 5 blocks = 40 warps.
        self.assertEqual(pr.occupancy("sm_80", 41, 0, 256), (40 / 64, "regs"))

    def test_shared_memory_limited_differs_between_a100_and_h100(self):
        # 99072 + 1024 reserved bytes per block: 1 block on A100 (164 KiB), 2 on H100 (228 KiB).
        self.assertEqual(pr.occupancy("sm_80", 128, 99072, 64), (2 / 64, "smem"))
        self.assertEqual(pr.occupancy("sm_90", 128, 99072, 64), (4 / 64, "smem"))

    def test_block_count_limit(self):
        # 32-thread blocks: at most 32 blocks per SM = 32 of 64 warps.
        self.assertEqual(pr.occupancy("sm_80", 16, 0, 32), (0.5, "threads"))

    def test_options(self):
        table = pr.pattern_values(["attention=64", "attentionKey=32"], "--threads")
        self.assertEqual(pr.lookup(table, "attentionKeyGradKernel<64>", 256), 32)
        self.assertEqual(pr.lookup(table, "attentionForwardKernel<64>", 256), 64)
        self.assertEqual(pr.lookup(table, "addKernel", 256), 256)
        with self.assertRaises(SystemExit):
            pr.pattern_values(["attention"], "--threads")


if __name__ == "__main__":
    unittest.main()
