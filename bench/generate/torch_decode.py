#!/usr/bin/python3
"""The PyTorch side of bench_decode.py: GPT-2's key/value-cached greedy
decoding as Hugging Face's GPT2LMHeadModel.generate(do_sample=False) runs it
(Conv1D as addmm, tanh GeLU, the cache's keys and values grown by one
position per token, the next token the argmax of the last row's logits),
written here in plain PyTorch (no `transformers` on this machine) with a
preallocated cache, which spares it HF's torch.cat per step.

Reads the weights from a safetensors file under Hugging Face's names (mtc's
--export-safetensors), runs the prompt's ids in one pass, then --tokens new
ones. Prints one JSON line: {"prefill_ms", "decode_ms", "tokens": [new ids]}.
decode_ms counts each new token's argmax and, but for the last, its forward
pass: what mtc's `generate` reports. Threads: torch.set_num_threads(--threads)."""
import argparse
import json
import math
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "integration", "numerics"))
import safetensors_io  # noqa: E402


class CachedGpt2:
    def __init__(self, weights, heads, positions):
        self.w = {name.removeprefix("transformer."): torch.from_numpy(value)
                  for name, value in weights.items()}
        self.layers = 1 + max(int(n.split(".")[1]) for n in self.w if n.startswith("h."))
        self.hidden = self.w["wte.weight"].shape[1]
        self.heads = heads
        self.head_dim = self.hidden // heads
        shape = (self.layers, heads, positions, self.head_dim)
        self.keys, self.values = torch.zeros(shape), torch.zeros(shape)
        self.length = 0

    def _linear(self, x, name):
        return torch.addmm(self.w[name + ".bias"], x, self.w[name + ".weight"])

    def _norm(self, x, name):
        return torch.nn.functional.layer_norm(x, (self.hidden,), self.w[name + ".weight"],
                                              self.w[name + ".bias"], 1e-5)

    @torch.no_grad()
    def forward(self, ids):
        """Logits [n, vocab] of n new tokens at the next n positions."""
        n, start = len(ids), self.length
        end = start + n
        x = self.w["wte.weight"][ids] + self.w["wpe.weight"][start:end]
        causal = torch.ones(n, end, dtype=torch.bool).tril(start).logical_not()
        for i in range(self.layers):
            p = f"h.{i}."
            q, k, v = self._linear(self._norm(x, p + "ln_1"), p + "attn.c_attn").split(
                self.hidden, dim=-1)
            q, k, v = (t.view(n, self.heads, self.head_dim).transpose(0, 1) for t in (q, k, v))
            self.keys[i, :, start:end] = k
            self.values[i, :, start:end] = v
            scores = q @ self.keys[i, :, :end].transpose(-1, -2) / math.sqrt(self.head_dim)
            scores.masked_fill_(causal, float("-inf"))
            y = torch.softmax(scores, dim=-1) @ self.values[i, :, :end]
            x = x + self._linear(y.transpose(0, 1).reshape(n, self.hidden), p + "attn.c_proj")
            h = self._linear(self._norm(x, p + "ln_2"), p + "mlp.c_fc")
            h = torch.nn.functional.gelu(h, approximate="tanh")
            x = x + self._linear(h, p + "mlp.c_proj")
        self.length = end
        return self._norm(x, "ln_f") @ self.w["wte.weight"].t()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--weights", required=True)
    p.add_argument("--heads", type=int, required=True)
    p.add_argument("--positions", type=int, required=True)
    p.add_argument("--prompt-ids", required=True, help="comma-separated token ids")
    p.add_argument("--tokens", type=int, required=True)
    p.add_argument("--threads", type=int, required=True)
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    weights, _ = safetensors_io.read(a.weights)
    model = CachedGpt2(weights, a.heads, a.positions)
    prompt = [int(t) for t in a.prompt_ids.split(",")]
    t0 = time.perf_counter()
    logits = model.forward(torch.tensor(prompt))
    t1 = time.perf_counter()
    new = []
    for n in range(a.tokens):
        new.append(int(logits[-1].argmax()))
        if n + 1 < a.tokens:
            logits = model.forward(torch.tensor(new[-1:]))
    t2 = time.perf_counter()
    print(json.dumps({"prefill_ms": (t1 - t0) * 1e3, "decode_ms": (t2 - t1) * 1e3,
                      "tokens": new}))


if __name__ == "__main__":
    main()
