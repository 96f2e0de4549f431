#!/usr/bin/python3
"""Mixtral (a sparse mixture of experts) causal language modelling in plain
PyTorch, written from Jiang et al. 2024 ("Mixtral of Experts") and Hugging
Face's MixtralForCausalLM conventions (modeling_mixtral), sharing no code with
mtc. It is llama_reference.py's model (RMSNorm, rotary positions,
grouped-query attention: imported from there) with every MLP replaced by a
sparse block:

  router logits  = x @ gate^T                  (block_sparse_moe.gate, no bias)
  probs          = softmax(logits) over the E experts
  picks          = the k largest logits, ties to the lower expert index
  weights        = probs of the picks / their sum (= softmax over the picks)
  y              = sum over the picks j of weights[j] * expert_j(x)
  expert_e(x)    = w2(silu(w1 x) * w3 x)       (experts.e.w1/w2/w3, no biases)

Every token reaches its k experts: no capacity, nothing dropped. The
objective is the mean cross-entropy plus, for each layer, Megatron-Core's
load-balancing loss (switch_load_balancing_loss_func): coeff * E * sum_e f_e
P_e with f_e the share of the layer's T k picks that went to expert e and P_e
the mean probability of expert e over its T tokens; the counts are constants
for the gradient. HF's load_balancing_loss_func is another quantity (no 1/k,
every layer's tokens pooled before the product); hf_load_balancing_loss
computes it, so the two can be compared, and is not part of the objective.

Parameter names and layouts are MixtralForCausalLM's (torch Linear weights
[out, in]), so model.state_dict() holds exactly the tensors of a file
save_pretrained writes.

Run as a script, it checks itself in float64 (gradients against finite
differences, one expert against the dense LLaMA MLP, the tie rule, the
load-balancing loss by hand and against HF's formula, an element-by-element
forward, the config keys) and exits 1 on a failure."""
import json
import math
import sys

import torch
import torch.nn.functional as F
from torch import nn

from llama_reference import Attention, LlamaForCausalLM, RMSNorm, randomize, sample_batch
from numerics_common import report_self_checks, worst_gradient_error


def route(logits, k):
    """logits [T, E] -> (probs [T, E], picks [T, k], weights [T, k]). A
    stable descending sort keeps equal logits in index order: ties go to the
    lower expert (torch.topk leaves them unspecified)."""
    probs = torch.softmax(logits, dim=-1)
    picks = torch.sort(logits, dim=-1, descending=True, stable=True).indices[:, :k]
    chosen = probs.gather(1, picks)
    return probs, picks, chosen / chosen.sum(dim=-1, keepdim=True)


def switch_load_balancing_loss(probs, picks, experts, coeff):
    """Megatron-Core's per-layer loss: coeff E sum_e (routed_e / (T k)) P_e,
    routed_e the picks of expert e (a constant), P_e the mean probability."""
    tokens, k = picks.shape
    routed = torch.bincount(picks.reshape(-1), minlength=experts).to(probs.dtype)
    return coeff * experts * (routed / (tokens * k) * probs.mean(dim=0)).sum()


def hf_load_balancing_loss(router_logits, experts, k):
    """HF's load_balancing_loss_func (before router_aux_loss_coef): every
    layer's logits [T, E] pooled into one [L T, E], then E sum_e (share of
    tokens with e among their picks, summed over the k slots) x mean prob."""
    logits = torch.cat(router_logits, dim=0)
    probs, picks, _ = route(logits, k)
    one_hot = F.one_hot(picks, experts).to(probs.dtype)  # [T, k, E]
    return experts * (one_hot.mean(dim=0) * probs.mean(dim=0)).sum()


class Expert(nn.Module):
    def __init__(self, hidden, ffn):
        super().__init__()
        self.w1 = nn.Linear(hidden, ffn, bias=False)
        self.w2 = nn.Linear(ffn, hidden, bias=False)
        self.w3 = nn.Linear(hidden, ffn, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoeBlock(nn.Module):
    def __init__(self, hidden, ffn, experts, k):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(hidden, experts, bias=False)
        self.experts = nn.ModuleList(Expert(hidden, ffn) for _ in range(experts))

    def forward(self, x):
        """x [batch, seq, hidden] -> (y, probs [T, E], picks [T, k], logits)."""
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        logits = self.gate(x)
        probs, picks, weights = route(logits, self.k)
        y = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            token, slot = (picks == e).nonzero(as_tuple=True)
            if token.numel():
                y = y.index_add(0, token, weights[token, slot, None] * expert(x[token]))
        return y.reshape(shape), probs, picks, logits


class DecoderLayer(nn.Module):
    def __init__(self, hidden, heads, kv_heads, ffn, experts, k, eps, theta):
        super().__init__()
        self.input_layernorm = RMSNorm(hidden, eps)
        self.self_attn = Attention(hidden, heads, kv_heads, theta, False)
        self.post_attention_layernorm = RMSNorm(hidden, eps)
        self.block_sparse_moe = SparseMoeBlock(hidden, ffn, experts, k)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        y, probs, picks, logits = self.block_sparse_moe(self.post_attention_layernorm(x))
        return x + y, probs, picks, logits


class MixtralModel(nn.Module):
    def __init__(self, layers, hidden, heads, kv_heads, ffn, vocab, experts, k, eps, theta):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, hidden)
        self.layers = nn.ModuleList(DecoderLayer(hidden, heads, kv_heads, ffn, experts, k, eps,
                                                 theta) for _ in range(layers))
        self.norm = RMSNorm(hidden, eps)

    def forward(self, tokens):
        """-> (normed hidden states, [(probs, picks, logits) per layer])."""
        x = self.embed_tokens(tokens)
        routing = []
        for layer in self.layers:
            x, probs, picks, logits = layer(x)
            routing.append((probs, picks, logits))
        return self.norm(x), routing


class MixtralForCausalLM(nn.Module):
    def __init__(self, layers, hidden, heads, vocab, ffn, experts, k, kv_heads=None, eps=1e-5,
                 theta=1e6, tied=False, aux_loss_coeff=0.0):
        """aux_loss_coeff: Megatron's --moe-aux-loss-coeff (HF's
        router_aux_loss_coef is passed on as it, docs/moe.md)."""
        super().__init__()
        if hidden % heads or heads % (kv_heads or heads) or (hidden // heads) % 2:
            raise ValueError(f"hidden {hidden}, heads {heads}, kv_heads {kv_heads}: need "
                             "heads | hidden, kv_heads | heads and an even head size")
        if not 1 <= k <= experts:
            raise ValueError(f"top-{k} of {experts} experts")
        self.tied, self.experts, self.k, self.aux_loss_coeff = tied, experts, k, aux_loss_coeff
        self.model = MixtralModel(layers, hidden, heads, kv_heads or heads, ffn, vocab, experts,
                                  k, eps, theta)
        if not tied:
            self.lm_head = nn.Linear(hidden, vocab, bias=False)

    @classmethod
    def from_config(cls, config, **kwargs):
        """From an HF config.json (a path or its dict). Refuses what this
        reference does not implement rather than computing something else."""
        if isinstance(config, str):
            with open(config) as f:
                config = json.load(f)
        if config.get("model_type") != "mixtral":
            raise ValueError(f"model_type {config.get('model_type')!r} is not 'mixtral'")
        unsupported = {"rope_scaling": None, "hidden_act": "silu", "sliding_window": None,
                       "router_jitter_noise": 0.0, "attention_dropout": 0.0}
        for key, plain in unsupported.items():
            if config.get(key, plain) != plain:
                raise ValueError(f"config {key} = {config[key]!r} is not implemented "
                                 f"(only {plain!r})")
        heads = config["num_attention_heads"]
        if config.get("head_dim", config["hidden_size"] // heads) != config["hidden_size"] // heads:
            raise ValueError(f"head_dim {config['head_dim']} is not hidden_size / heads")
        return cls(config["num_hidden_layers"], config["hidden_size"], heads,
                   config["vocab_size"], config["intermediate_size"],
                   config["num_local_experts"], config["num_experts_per_tok"],
                   kv_heads=config.get("num_key_value_heads") or heads,
                   eps=config.get("rms_norm_eps", 1e-5), theta=config.get("rope_theta", 1e6),
                   tied=config.get("tie_word_embeddings", False),
                   # HF adds the loss to the objective only with output_router_logits.
                   aux_loss_coeff=(config.get("router_aux_loss_coef", 0.001)
                                   if config.get("output_router_logits", False) else 0.0),
                   **kwargs)

    def logits_and_routing(self, tokens):
        x, routing = self.model(tokens)
        table = self.model.embed_tokens.weight if self.tied else self.lm_head.weight
        return x @ table.t(), routing

    def losses(self, tokens, targets):
        """-> (objective, cross-entropy, [load-balancing loss per layer],
        [tokens routed to each expert per layer])."""
        logits, routing = self.logits_and_routing(tokens)
        ce = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))
        aux = [switch_load_balancing_loss(probs, picks, self.experts, self.aux_loss_coeff)
               for probs, picks, _ in routing]
        load = [torch.bincount(picks.reshape(-1), minlength=self.experts).tolist()
                for _, picks, _ in routing]
        return ce + sum(aux), ce, aux, load

    def forward(self, tokens, targets):
        """tokens, targets: [batch, seq] int64. The objective."""
        return self.losses(tokens, targets)[0]


def no_decay(name):
    """Megatron-LM/mtc: the RMSNorm weights get no weight decay; the router
    and the experts (matrices) do. Mixtral has no biases."""
    return name.endswith("norm.weight")


# ---- self-checks (float64; randomize and sample_batch are llama_reference's) ----

def tiny(experts=4, k=2, kv_heads=2, tied=False, seed=1, coeff=0.05):
    """2 layers, hidden 8, 4 heads of 2, experts of ffn 6, vocabulary 7."""
    return randomize(MixtralForCausalLM(2, 8, 4, 7, 6, experts, k, kv_heads=kv_heads,
                                        tied=tied, aux_loss_coeff=coeff).double(), seed)


def finite_difference_case():
    """Each parameter's gradient of the objective (cross-entropy and the
    load-balancing losses) along a random direction against the central
    difference (step 1e-6, float64; the picks stay put at that step)."""
    checks = []
    for experts, k, tied in ((4, 2, False), (4, 1, True), (3, 3, False)):
        model = tiny(experts=experts, k=k, tied=tied)
        tokens, targets = sample_batch(2)
        worst, worst_name = worst_gradient_error(model, lambda: model(tokens, targets), 3)
        checks.append((f"gradients vs central differences (E {experts}, top-{k}, "
                       f"{'tied' if tied else 'untied'}; worst {worst_name})", worst, 0.0, 1e-7))
    return checks


def one_expert_case():
    """One expert, top-1: every weight is 1 and the block is LLaMA's SwiGLU MLP
    with w1 = gate_proj, w3 = up_proj, w2 = down_proj; each layer's
    load-balancing loss is the constant coeff."""
    moe = tiny(experts=1, k=1, seed=4, coeff=0.25)
    dense = LlamaForCausalLM(2, 8, 4, 7, 6, kv_heads=2, eps=1e-5, theta=1e6).double()
    names = {"block_sparse_moe.experts.0.w1": "mlp.gate_proj",
             "block_sparse_moe.experts.0.w3": "mlp.up_proj",
             "block_sparse_moe.experts.0.w2": "mlp.down_proj"}
    state = {}
    for name, w in moe.state_dict().items():
        if "block_sparse_moe.gate" in name:
            continue
        for mine, theirs in names.items():
            name = name.replace(mine, theirs)
        state[name] = w
    dense.load_state_dict(state)
    tokens, targets = sample_batch(5)
    objective, ce, aux, _ = moe.losses(tokens, targets)
    return [("one expert = the dense SwiGLU MLP (cross-entropy)", ce.item(),
             dense(tokens, targets).item(), 1e-14),
            ("one expert: each layer's load-balancing loss is coeff", sum(a.item() for a in aux),
             2 * 0.25, 1e-15),
            ("the objective adds them", objective.item(), ce.item() + 0.5, 1e-14)]


def routing_case():
    """Ties to the lower expert; the weights are the softmax over the picks;
    a hand-worked route."""
    equal = torch.zeros(3, 5, dtype=torch.float64)
    _, picks, weights = route(equal, 2)
    ties = picks.tolist() == [[0, 1]] * 3 and bool((weights == 0.5).all())
    logits = torch.tensor([[1.0, 3.0, 3.0, 2.0], [0.0, -1.0, 5.0, 5.0]], dtype=torch.float64)
    probs, picks, weights = route(logits, 2)
    picked = picks.tolist() == [[1, 2], [2, 3]]
    e = math.exp
    by_hand = [e(3) / (e(3) + e(3)), e(5) / (e(5) + e(5))]
    weight_error = max(abs(weights[0, 0].item() - by_hand[0]), abs(weights[1, 1].item() - by_hand[1]))
    row = [e(v) / sum(e(u) for u in (1.0, 3.0, 3.0, 2.0)) for v in (1.0, 3.0, 3.0, 2.0)]
    prob_error = float((probs[0] - torch.tensor(row, dtype=torch.float64)).abs().max())
    top3 = route(torch.tensor([[0.5, 2.0, 1.0]], dtype=torch.float64), 3)[2]
    softmax_error = float((top3 - torch.softmax(torch.tensor([[2.0, 1.0, 0.5]],
                                                             dtype=torch.float64), -1)).abs().max())
    return [("ties go to the lower expert, equal weights", float(ties), 1.0, 0.0),
            ("hand-worked picks (ties among the largest)", float(picked), 1.0, 0.0),
            ("hand-worked weights", weight_error, 0.0, 1e-15),
            ("probabilities are the full softmax", prob_error, 0.0, 1e-15),
            ("weights = softmax over the picks' logits", softmax_error, 0.0, 1e-15)]


def load_balancing_case():
    """Balanced picks at uniform probabilities give coeff whatever E and k; a
    hand-worked case; HF's formula is k times Megatron's for one layer."""
    checks = []
    tokens, experts, k = 8, 4, 2
    probs = torch.full((tokens, experts), 1.0 / experts, dtype=torch.float64)
    picks = torch.tensor([[t % 4, (t + 1) % 4] for t in range(tokens)])
    checks.append(("balanced and uniform: the coefficient",
                   switch_load_balancing_loss(probs, picks, experts, 0.01).item(), 0.01, 1e-15))
    probs = torch.tensor([[0.7, 0.2, 0.1], [0.1, 0.6, 0.3]], dtype=torch.float64)
    picks = torch.tensor([[0], [0]])
    # routed (2, 0, 0) over T k = 2; P = (0.4, 0.4, 0.2): 1 * 3 * (1 * 0.4)
    checks.append(("hand-worked load-balancing loss",
                   switch_load_balancing_loss(probs, picks, 3, 1.0).item(), 1.2, 1e-15))
    logits = torch.randn(10, 5, generator=torch.Generator().manual_seed(6), dtype=torch.float64)
    p, s, _ = route(logits, 3)
    checks.append(("HF's loss = k x Megatron's (one layer)",
                   hf_load_balancing_loss([logits], 5, 3).item(),
                   3 * switch_load_balancing_loss(p, s, 5, 1.0).item(), 1e-14))
    return checks


def loops_forward(model, tokens, targets):
    """The sparse blocks element by element from the HF names, the attention
    by llama_reference's model (whose own loops check covers it): each token's
    logits, their softmax, its k largest in index order on ties, the
    renormalised weights and the weighted sum of its experts' SwiGLU."""
    w = {n: p.detach().tolist() for n, p in model.state_dict().items()}
    E, k, coeff = model.experts, model.k, model.aux_loss_coeff

    def linear(v, weight):
        return [sum(row[i] * v[i] for i in range(len(v))) for row in weight]

    def silu(a):
        return a / (1 + math.exp(-a))

    x = model.model.embed_tokens(tokens)
    aux_total = 0.0
    for n, layer in enumerate(model.model.layers):
        p = f"model.layers.{n}.block_sparse_moe."
        x = x + layer.self_attn(layer.input_layernorm(x))
        normed = layer.post_attention_layernorm(x).detach().reshape(-1, x.shape[-1]).tolist()
        out, routed, prob_sums = [], [0] * E, [0.0] * E
        for v in normed:
            logits = linear(v, w[p + "gate.weight"])
            top = max(logits)
            z = [math.exp(a - top) for a in logits]
            probs = [a / sum(z) for a in z]
            order = sorted(range(E), key=lambda e: (-logits[e], e))[:k]
            total = sum(probs[e] for e in order)
            y = [0.0] * len(v)
            for e in order:
                q = f"{p}experts.{e}."
                h = [silu(a) * b for a, b in zip(linear(v, w[q + "w1.weight"]),
                                                   linear(v, w[q + "w3.weight"]))]
                y = [a + probs[e] / total * b for a, b in zip(y, linear(h, w[q + "w2.weight"]))]
                routed[e] += 1
            prob_sums = [a + b for a, b in zip(prob_sums, probs)]
            out.append(y)
        T = len(normed)
        aux_total += coeff * E * sum(routed[e] / (T * k) * prob_sums[e] / T for e in range(E))
        x = x + torch.tensor(out, dtype=x.dtype).reshape(x.shape)
    logits = model.model.norm(x) @ (model.model.embed_tokens.weight if model.tied
                                    else model.lm_head.weight).t()
    ce = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))
    return ce.item() + aux_total


def loops_case():
    checks = []
    for experts, k in ((4, 2), (5, 3)):
        model = tiny(experts=experts, k=k, seed=9)
        tokens, targets = sample_batch(10)
        with torch.no_grad():
            loss = model(tokens, targets).item()
            loops = loops_forward(model, tokens, targets)
        checks.append((f"element-by-element objective (E {experts}, top-{k})", loss, loops,
                       1e-13))
    return checks


def config_case():
    """from_config reads Mixtral's keys and refuses what is not implemented."""
    config = {"model_type": "mixtral", "num_hidden_layers": 1, "hidden_size": 8,
              "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 6,
              "vocab_size": 7, "num_local_experts": 4, "num_experts_per_tok": 2,
              "router_aux_loss_coef": 0.02, "rms_norm_eps": 1e-5, "rope_theta": 1e6,
              "sliding_window": None, "tie_word_embeddings": False,
              "output_router_logits": True}
    model = MixtralForCausalLM.from_config(config)
    moe = model.model.layers[0].block_sparse_moe
    read = (len(moe.experts), moe.k, model.aux_loss_coeff, model.model.layers[0].self_attn.kv_heads,
            hasattr(model, "lm_head")) == (4, 2, 0.02, 2, True)
    # Without output_router_logits HF trains on the LM loss alone.
    read = read and MixtralForCausalLM.from_config(
        dict(config, output_router_logits=False)).aux_loss_coeff == 0.0
    refused = 0
    for key, value in (("sliding_window", 4), ("router_jitter_noise", 0.1),
                       ("hidden_act", "gelu"), ("model_type", "llama"), ("num_experts_per_tok", 5)):
        try:
            MixtralForCausalLM.from_config(dict(config, **{key: value}))
        except ValueError:
            refused += 1
    return [("from_config reads experts, top-k, the coefficient (with output_router_logits), "
             "kv heads, tying", float(read),
             1.0, 0.0),
            ("from_config refuses a sliding window, jitter, other activations and types, "
             "top-k > E", refused, 5, 0.0)]


def self_check():
    return report_self_checks(finite_difference_case() + one_expert_case() + routing_case()
                              + load_balancing_case() + loops_case() + config_case())


if __name__ == "__main__":
    sys.exit(self_check())
