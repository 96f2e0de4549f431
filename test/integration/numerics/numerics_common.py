"""What the PyTorch reference checks (check_numerics.py for GPT-2,
check_bert_numerics.py for BERT, check_llama_numerics.py for LLaMA) share:
running mtc's tools, Megatron-LM's learning-rate schedule and clipping, AdamW
on the reference, and the per-step comparison of the training losses; and
what the references' own self-checks share (report_self_checks,
worst_gradient_error)."""
import csv
import math
import os
import shutil
import subprocess

import numpy as np
import torch


def fresh_workdir(work):
    """Empties WORK for a check and opens its commands.log."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    return open(os.path.join(work, "commands.log"), "w")


def run(command, log):
    log.write("$ " + " ".join(command) + "\n")
    log.flush()
    done = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise SystemExit(f"FAILED: {' '.join(command)} (exit {done.returncode}); "
                         f"see {log.name}")


def relative(a, b):
    return float(np.linalg.norm(a - b) / max(np.linalg.norm(b), 1e-30))


def learning_rate(completed, lr, min_lr, warmup, decay):
    """Megatron-LM's schedule, written from its definition."""
    if warmup > 0 and completed <= warmup:
        return lr * completed / warmup
    if completed > decay:
        return min_lr
    ratio = (completed - warmup) / (decay - warmup)
    return min_lr + 0.5 * (1 + math.cos(math.pi * ratio)) * (lr - min_lr)


def train_reference(model, no_decay, steps, iteration_loss, schedule, betas, eps, weight_decay,
                    clip):
    """`steps` AdamW iterations of `model` (decay except where no_decay(name)),
    clipped by Megatron's rule; iteration_loss(step) runs one iteration's
    backward and returns its loss. Returns (losses, grad norms)."""
    params = dict(model.named_parameters())
    groups = [{"params": [p for n, p in params.items() if not no_decay(n)],
               "weight_decay": weight_decay},
              {"params": [p for n, p in params.items() if no_decay(n)], "weight_decay": 0.0}]
    optimizer = torch.optim.AdamW(groups, lr=schedule(0), betas=betas, eps=eps)
    losses, norms = [], []
    for step in range(steps):
        losses.append(iteration_loss(step))
        norm = math.sqrt(sum(float((p.grad ** 2).sum()) for p in params.values()))
        norms.append(norm)
        coeff = clip / (norm + 1e-6)  # Megatron-LM's clipping rule
        if clip > 0 and coeff < 1:
            for p in params.values():
                p.grad.mul_(coeff)
        for group in optimizer.param_groups:
            group["lr"] = schedule(step)
        optimizer.step()
    return losses, norms


def compare_training(check, what, mtc, torch_losses, mtc_norms, torch_norms, steps, tol, clip):
    """Prints mtc's and the reference's per-step losses and norms; check()s
    that all `steps` agree within `tol` relative."""
    print(f"step  mtc {what:<10}torch {what:<8}relative   mtc |g|   torch |g|")
    worst = 0.0
    for step in range(min(steps, len(mtc))):
        error = abs(mtc[step] - torch_losses[step]) / abs(torch_losses[step])
        worst = max(worst, error)
        print(f"{step + 1:4d}  {mtc[step]:.9f}  {torch_losses[step]:.9f}  {error:.2e}"
              f"   {mtc_norms[step]:.5f}   {torch_norms[step]:.5f}")
    clipped = sum(n > clip for n in torch_norms)
    check(len(mtc) == steps and worst <= tol,
          f"{steps} AdamW iterations: per-step losses within {tol:g} relative "
          f"(worst {worst:.2e}; clipping active on {clipped} of them)")


def read_metrics(path):
    """Per-iteration (lm_loss, grad_norm) columns of train's --metrics CSV."""
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if not rows or "lm_loss" not in rows[0] or "grad_norm" not in rows[0]:
        raise SystemExit(f"FAILED: '{path}' has no lm_loss and grad_norm columns "
                         f"(columns {list(rows[0]) if rows else []})")
    return [float(r["lm_loss"]) for r in rows], [float(r["grad_norm"]) for r in rows]


def causal_lm_iteration(model, tokens, targets):
    """One iteration of a causal LM that returns its mean loss: micro-batch
    losses averaged into the loss and gradients (accumulated in .grad).
    tokens, targets: [micro-batches, micro-batch, seq]. Returns the loss."""
    model.zero_grad()
    losses = []
    for mb in range(tokens.shape[0]):
        loss = model(tokens[mb], targets[mb])
        (loss / tokens.shape[0]).backward()
        losses.append(loss.item())
    return float(np.mean(losses))


class Checks:
    """Prints each check as ok/FAIL and keeps the failed ones in `failures`."""

    def __init__(self):
        self.failures = []

    def __call__(self, ok, message):
        print(("ok    " if ok else "FAIL  ") + message)
        if not ok:
            self.failures.append(message)


def check_hf_round_trip(check, exported_path, weights):
    """--init-from then --export-initial must give back the file's tensors bit
    for bit under the same names (a Hugging Face layout)."""
    import numpy as np
    import safetensors_io
    exported, meta = safetensors_io.read(exported_path)
    same_names = set(exported) == set(weights)
    check(same_names and all(np.array_equal(exported[n], w) for n, w in weights.items()),
          f"--init-from then --export-initial returns the file's {len(weights)} tensors bit for "
          f"bit under the same names (mtc_names '{meta.get('mtc_names')}')"
          + ("" if same_names else f"; only in mtc's: {sorted(set(exported) - set(weights))}, "
             f"only in the file: {sorted(set(weights) - set(exported))}"))


def report_final_weights(final_path, params, steps):
    """Prints the worst relative difference between mtc's exported final
    weights (Hugging Face names) and the reference's parameters of those names."""
    import numpy as np
    import safetensors_io
    final, _ = safetensors_io.read(final_path)
    error = max(relative(final[n].astype(np.float64), p.detach().numpy())
                for n, p in params.items() if n in final)
    print(f"info  final weights after {steps} iterations: worst relative norm difference "
          f"{error:.2e}")


def summary(check, started, work):
    """The last line of a numerics check, and its exit status."""
    import time
    print(f"{'PASSED' if not check.failures else 'FAILED'} in {time.time() - started:.1f} s "
          f"({len(check.failures)} failure(s)); files in {work}")
    return 1 if check.failures else 0


def check_gradients(check, mine, grads64, grads32, tol, error=None):
    """Every gradient of `mine` (mtc's, float64, by name) against the float64
    reference's within `tol` relative norm, reporting torch float32's worst
    alongside. `error(name, candidate, grads64)` measures one (default: the
    relative norm difference); names mtc does not hold are left to the caller."""
    if error is None:
        def error(name, candidate, grads):
            return relative(candidate, grads[name])
    worst, worst_name, worst32 = 0.0, "", 0.0
    for name in grads64:
        if name not in mine:
            continue
        e = error(name, mine[name], grads64)
        worst32 = max(worst32, error(name, grads32[name], grads64))
        if e > worst:
            worst, worst_name = e, name
        if e > tol:
            check(False, f"gradient of {name}: relative norm error {e:.2e} > {tol:g}")
    check(worst <= tol,
          f"all {len(grads64)} gradients within {tol:g} relative norm (worst {worst:.2e} "
          f"on {worst_name}; torch float32's (bf16 run: torch.bfloat16's) worst {worst32:.2e})")


def report_self_checks(checks):
    """checks: (name, got, expected, relative tolerance) tuples. Prints one
    line each and a count; returns the exit status (1 on a failure)."""
    failures = 0
    for name, got, expected, tolerance in checks:
        error = abs(got - expected)
        ok = error <= tolerance * max(1.0, abs(expected))
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'}  {name}: {got:.15g} vs {expected:.15g} "
              f"(difference {error:.1e}, allowed {tolerance:g})")
    print(f"{len(checks) - failures} passed, {failures} failed")
    return 1 if failures else 0


def worst_gradient_error(model, loss, seed, step=1e-6):
    """Each parameter's gradient of loss() along a random direction against
    the central difference (float64): the worst relative error and the
    parameter it is on. A parameter with no gradient (an expert no token
    reached) has a zero one."""
    model.zero_grad()
    loss().backward()
    generator = torch.Generator().manual_seed(seed)
    worst, worst_name = 0.0, ""
    for name, p in model.named_parameters():
        direction = torch.randn(p.shape, generator=generator, dtype=p.dtype)
        grad = p.grad if p.grad is not None else torch.zeros_like(p)
        analytic = float((grad * direction).sum())
        with torch.no_grad():
            p.add_(step * direction)
            plus = loss().item()
            p.sub_(2 * step * direction)
            minus = loss().item()
            p.add_(step * direction)
        numeric = (plus - minus) / (2 * step)
        error = abs(analytic - numeric) / max(abs(numeric), 1e-3)
        if error > worst:
            worst, worst_name = error, name
    return worst, worst_name
