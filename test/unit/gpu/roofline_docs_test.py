#!/usr/bin/env python3
"""bench/gpu/roofline.py's arithmetic and docs/gpu.md's "Expected MFU" tables:
the FLOP and byte counts against hand-worked values, and every table line the
script prints present in the doc (a changed assumption must update the doc)."""
import contextlib
import io
import os
import sys
import unittest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "bench", "gpu"))
import roofline  # noqa: E402

GPT2 = dict(name="GPT-2 124M", layers=12, hidden=768, vocab=50304, seq=1024, micro=8)


class Arithmetic(unittest.TestCase):
    def test_gpt2_counts(self):
        rows, total, mfu, n, _ = roofline.step(GPT2, "A100")
        T, h, L, V = 8192, 768, 12, 50304
        self.assertEqual(n, L * (12 * h * h + 13 * h) + V * h + 2 * h)  # 124.4 M less positions
        gemm = 3 * (2 * T * L * 12 * h * h + 2 * T * h * V)
        self.assertAlmostEqual(rows[0][2], gemm / (312e12 * 0.70))
        flash = L * (2 + 7) * 8 * 1024 * 1024 * h  # causal forward 2 b s^2 h, backward 7
        self.assertAlmostEqual(rows[1][2], flash / (312e12 * 0.35))
        self.assertAlmostEqual(rows[2][2], 54 * h * T * L * 4 / (2039e9 * 0.8))
        self.assertAlmostEqual(total, sum(r[2] for r in rows))
        self.assertAlmostEqual(mfu, (6 * n + 12 * L * h * 1024) * T / total / 312e12)


class DocsInSync(unittest.TestCase):
    def test_every_table_line_is_in_gpu_md(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            roofline.main()
        doc = open(os.path.join(ROOT, "docs", "gpu.md")).read()
        for line in out.getvalue().splitlines():
            if line.strip():
                self.assertIn(line, doc, "docs/gpu.md lacks roofline.py's line")


if __name__ == "__main__":
    unittest.main()
