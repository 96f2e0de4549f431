#!/usr/bin/env python3
"""The PyTorch peer of mtc-gpu-bench (bench/gpu/acceptance.sh): the same GPT as
mtc's GPT-2 plans (tied embedding, learned positions, pre-LN, tanh GeLU, causal
attention, AdamW with clipping) in PyTorch as people train it on one GPU: bf16
autocast, scaled_dot_product_attention (flash on Hopper), fused AdamW, and
optionally torch.compile.

  torch_gpt_peer.py L H A V S B STEPS WARMUP COMPILE(0/1) [DROPOUT]

DROPOUT (default 0) is GPT-2's and Megatron's: after the embedding, on the
attention probabilities and on both residual branches, as mtc's plans of
models/gpt2.mlir and mtc-import's GPTs (0.1) apply it.

Prints one JSON line: median ms/iteration (CUDA events), tokens/s, MFU (PaLM's
6 N + 12 L H S per token, N without the position table, as mtc-gpu-bench
counts it, over the device's dense bf16 peak from bench/gpu/GpuPeaks.h through
gpu_peaks.py; null for an unknown device), peak memory in GiB."""
import json
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from gpu_peaks import peak_tflops, read_peaks

L, H, A, V, S, B, steps, warmup, compile_ = map(int, sys.argv[1:10])
P = float(sys.argv[10]) if len(sys.argv) > 10 else 0.0
torch.manual_seed(0)
dev = "cuda"


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.qkv, self.proj = nn.LayerNorm(H), nn.Linear(H, 3 * H), nn.Linear(H, H)
        self.ln2, self.fc, self.fc2 = nn.LayerNorm(H), nn.Linear(H, 4 * H), nn.Linear(4 * H, H)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(H, -1)
        heads = lambda t: t.view(b, n, A, H // A).transpose(1, 2)
        y = F.scaled_dot_product_attention(heads(q), heads(k), heads(v), is_causal=True,
                                           dropout_p=P if self.training else 0.0)
        x = x + F.dropout(self.proj(y.transpose(1, 2).reshape(b, n, H)), P, self.training)
        return x + F.dropout(self.fc2(F.gelu(self.fc(self.ln2(x)), approximate="tanh")), P,
                             self.training)


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(V, H), nn.Embedding(S, H)
        self.h = nn.ModuleList([Block() for _ in range(L)])
        self.lnf = nn.LayerNorm(H)

    def forward(self, idx, targets):
        x = F.dropout(self.wte(idx) + self.wpe(torch.arange(idx.shape[1], device=idx.device)), P,
                      self.training)
        for block in self.h:
            x = block(x)
        logits = self.lnf(x) @ self.wte.weight.T
        return F.cross_entropy(logits.float().view(-1, V), targets.reshape(-1))


model = GPT().to(dev)
params = sum(p.numel() for p in model.parameters()) - model.wpe.weight.numel()
opt = torch.optim.AdamW(model.parameters(), lr=1e-4, betas=(0.9, 0.95), weight_decay=0.01,
                        fused=True)
forward = torch.compile(model) if compile_ else model


def step():
    x = torch.randint(0, V, (B, S + 1), device=dev)
    with torch.autocast("cuda", dtype=torch.bfloat16):
        loss = forward(x[:, :-1], x[:, 1:])
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    opt.zero_grad(set_to_none=True)
    return loss


t0 = time.time()
for _ in range(warmup):
    step()
torch.cuda.synchronize()
warm_s = time.time() - t0
torch.cuda.reset_peak_memory_stats()
events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
          for _ in range(steps)]
for start, end in events:
    start.record()
    loss = step()
    end.record()
torch.cuda.synchronize()
ms = sorted(s.elapsed_time(e) for s, e in events)
median = ms[len(ms) // 2]
tok_s = B * S / median * 1000
flops_per_token = 6 * params + 12 * L * H * S
peak = peak_tflops(torch.cuda.get_device_name(), read_peaks())
print(json.dumps({
    "peer": "torch" + (".compile" if compile_ else ""), "device": torch.cuda.get_device_name(),
    "L": L, "H": H, "S": S, "B": B, "dropout": P, "params": params, "median_ms": round(median, 2),
    "tok_s": round(tok_s), "mfu": round(flops_per_token * tok_s / (peak * 1e12), 4) if peak else None,
    "peak_gib": round(torch.cuda.max_memory_allocated() / 2**30, 2), "warmup_s": round(warm_s, 1),
    "last_loss": round(float(loss), 4), "torch": torch.__version__}))
