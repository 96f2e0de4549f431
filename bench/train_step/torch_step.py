#!/usr/bin/python3
"""The PyTorch side of bench_train_step.py: the same GPT-2, batch and training
step as mtc's `train` (forward, backward, global-norm clipping at 1.0, AdamW
with weight decay except biases and layer norms), timed per iteration.
--bf16 runs forward and loss under CPU autocast to bfloat16 (fp32 weights and
optimizer, as mtc's --precision bf16 keeps fp32 master weights); it exits
with status 3 and says why when this torch has no CPU bf16 autocast.
Prints one JSON line: {"ms": [...], "losses": [...]}. Thread count: the
caller's OMP_NUM_THREADS (torch.set_num_threads too)."""
import contextlib
import argparse
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "integration", "numerics"))
from gpt2_reference import GPT2, no_decay  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("layers", "hidden", "heads", "vocab", "positions", "seq", "micro_batch",
                 "steps", "threads"):
        p.add_argument("--" + name.replace("_", "-"), type=int, required=True)
    p.add_argument("--dropout", type=float, default=0.0)
    p.add_argument("--bf16", action="store_true", help="CPU autocast to bfloat16")
    a = p.parse_args()
    autocast = contextlib.nullcontext
    if a.bf16:
        try:
            autocast = lambda: torch.autocast("cpu", dtype=torch.bfloat16)  # noqa: E731
            with autocast():
                if torch.ones(2, 2).matmul(torch.ones(2, 2)).dtype != torch.bfloat16:
                    raise RuntimeError("a matmul under autocast did not run in bfloat16")
        except (RuntimeError, AttributeError) as e:
            print(f"torch {torch.__version__} has no CPU bf16 autocast: {e}", file=sys.stderr)
            sys.exit(3)
    torch.set_num_threads(a.threads)
    torch.manual_seed(1234)
    model = GPT2(a.layers, a.hidden, a.heads, a.vocab, a.positions, dropout=a.dropout)
    with torch.no_grad():
        for name, param in model.named_parameters():
            if name.endswith(".bias"):
                param.zero_()
            elif ".ln_" in name or name.startswith("ln_f."):
                param.fill_(1.0)
            else:
                param.normal_(0.0, 0.02)
    model.train()
    params = dict(model.named_parameters())
    optimizer = torch.optim.AdamW(
        [{"params": [q for n, q in params.items() if not no_decay(n)], "weight_decay": 0.01},
         {"params": [q for n, q in params.items() if no_decay(n)], "weight_decay": 0.0}],
        lr=1.5e-4, betas=(0.9, 0.95), eps=1e-8)
    generator = torch.Generator().manual_seed(1)
    ms, losses = [], []
    for _ in range(a.steps):
        sample = torch.randint(0, a.vocab, (a.micro_batch, a.seq + 1), generator=generator)
        start = time.perf_counter()
        with autocast():
            loss = model(sample[:, :-1], sample[:, 1:])
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        ms.append((time.perf_counter() - start) * 1000.0)
        losses.append(loss.item())
    print(json.dumps({"ms": ms, "losses": losses}))


if __name__ == "__main__":
    main()
