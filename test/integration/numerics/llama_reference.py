#!/usr/bin/python3
"""LLaMA causal language modelling in plain PyTorch, written from Touvron et al.
2023 and Hugging Face's LlamaForCausalLM conventions (modeling_llama), sharing
no code with mtc: token embeddings; pre-norm decoder layers of RMSNorm
(x * rsqrt(mean(x^2) + eps) * w), causal self-attention with rotary position
embeddings on q and k (inv_freq = 1 / theta^(2i/d); HF's rotate_half pairs
dimension i with i + d/2) and grouped-query attention (key/value head h // r
serves query head h, HF's repeat_kv), then a SwiGLU MLP
(down(silu(gate(x)) * up(x))); a final RMSNorm and lm_head. No biases. The
objective is the mean cross-entropy over all positions.

Parameter names and layouts are LlamaForCausalLM's (torch Linear weights
[out, in], separate q_proj/k_proj/v_proj, the real vocabulary's rows), so
model.state_dict() holds exactly the tensors of a file save_pretrained writes;
a tied model (tie_word_embeddings) has no lm_head and uses the embeddings.

Run as a script, it checks itself in float64 (gradients against finite
differences, rotary's rotation and pairing, grouped-query against multi-head
attention, a hand-computed case, an element-by-element forward, causality) and
exits 1 on a failure."""
import json
import math
import sys

import torch
import torch.nn.functional as F
from torch import nn

from numerics_common import report_self_checks, worst_gradient_error


class RMSNorm(nn.Module):
    def __init__(self, hidden, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate_half(x):
    """HF's pairing: (x[i], x[i + d/2]) -> (-x[i + d/2], x[i])."""
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rotate_interleaved(x):
    """GPT-J's pairing, (x[2i], x[2i+1]) -> (-x[2i+1], x[2i]): NOT LLaMA's in
    HF's layout; only the sabotage of the numerics check uses it."""
    pairs = x.unflatten(-1, (-1, 2))
    return torch.stack((-pairs[..., 1], pairs[..., 0]), dim=-1).flatten(-2)


def rotary_angles(seq, head_dim, theta, dtype, interleaved=False):
    """cos and sin [seq, head_dim] of position p's angles p * inv_freq[i], laid
    out for rotate_half (both halves hold the same angles) or, interleaved, for
    rotate_interleaved (each angle twice in a row)."""
    inv_freq = 1.0 / (theta ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
    angles = torch.arange(seq, dtype=torch.float64)[:, None] * inv_freq[None, :]
    if interleaved:
        angles = angles.repeat_interleave(2, dim=-1)
    else:
        angles = torch.cat((angles, angles), dim=-1)
    return angles.cos().to(dtype), angles.sin().to(dtype)


def apply_rotary(x, cos, sin, interleaved=False):
    """x [batch, heads, seq, head_dim] rotated by its positions' angles."""
    return x * cos + (rotate_interleaved(x) if interleaved else rotate_half(x)) * sin


def repeat_kv(x, n_rep):
    """[batch, kv_heads, seq, d] -> [batch, kv_heads * n_rep, seq, d]: query
    head h reads key/value head h // n_rep."""
    if n_rep == 1:
        return x
    batch, kv_heads, seq, d = x.shape
    return x[:, :, None].expand(batch, kv_heads, n_rep, seq, d).reshape(batch, kv_heads * n_rep,
                                                                        seq, d)


class Attention(nn.Module):
    def __init__(self, hidden, heads, kv_heads, theta, interleaved):
        super().__init__()
        self.heads, self.kv_heads = heads, kv_heads
        self.head_dim = hidden // heads
        self.theta, self.interleaved = theta, interleaved
        self.q_proj = nn.Linear(hidden, heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(hidden, kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(hidden, kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(heads * self.head_dim, hidden, bias=False)

    def forward(self, x):
        batch, seq, _ = x.shape
        d = self.head_dim

        def heads_first(t, n):
            return t.view(batch, seq, n, d).transpose(1, 2)

        q = heads_first(self.q_proj(x), self.heads)
        k = heads_first(self.k_proj(x), self.kv_heads)
        v = heads_first(self.v_proj(x), self.kv_heads)
        cos, sin = rotary_angles(seq, d, self.theta, x.dtype, self.interleaved)
        q = apply_rotary(q, cos, sin, self.interleaved)
        k = apply_rotary(k, cos, sin, self.interleaved)
        n_rep = self.heads // self.kv_heads
        k, v = repeat_kv(k, n_rep), repeat_kv(v, n_rep)
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(d)
        future = torch.ones(seq, seq, dtype=torch.bool).triu(1)
        scores = scores.masked_fill(future, float("-inf"))
        y = torch.softmax(scores, dim=-1) @ v
        return self.o_proj(y.transpose(1, 2).reshape(batch, seq, self.heads * d))


class MLP(nn.Module):
    def __init__(self, hidden, ffn):
        super().__init__()
        self.gate_proj = nn.Linear(hidden, ffn, bias=False)
        self.up_proj = nn.Linear(hidden, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, hidden, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DecoderLayer(nn.Module):
    def __init__(self, hidden, heads, kv_heads, ffn, eps, theta, interleaved):
        super().__init__()
        self.input_layernorm = RMSNorm(hidden, eps)
        self.self_attn = Attention(hidden, heads, kv_heads, theta, interleaved)
        self.post_attention_layernorm = RMSNorm(hidden, eps)
        self.mlp = MLP(hidden, ffn)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class LlamaModel(nn.Module):
    def __init__(self, layers, hidden, heads, kv_heads, ffn, vocab, eps, theta, interleaved):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, hidden)
        self.layers = nn.ModuleList(DecoderLayer(hidden, heads, kv_heads, ffn, eps, theta,
                                                 interleaved) for _ in range(layers))
        self.norm = RMSNorm(hidden, eps)

    def forward(self, tokens):
        x = self.embed_tokens(tokens)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)


class LlamaForCausalLM(nn.Module):
    def __init__(self, layers, hidden, heads, vocab, ffn, kv_heads=None, eps=1e-6,
                 theta=10000.0, tied=False, rotary_interleaved=False):
        """vocab: the real vocabulary (the logits cover exactly it). eps and
        theta: HF's defaults; give the model's. rotary_interleaved: GPT-J's
        pairing instead of LLaMA's (a deliberately wrong reference)."""
        super().__init__()
        if hidden % heads or heads % (kv_heads or heads) or (hidden // heads) % 2:
            raise ValueError(f"hidden {hidden}, heads {heads}, kv_heads {kv_heads}: need "
                             "heads | hidden, kv_heads | heads and an even head size")
        self.tied = tied
        self.model = LlamaModel(layers, hidden, heads, kv_heads or heads, ffn, vocab, eps, theta,
                                rotary_interleaved)
        if not tied:
            self.lm_head = nn.Linear(hidden, vocab, bias=False)

    @classmethod
    def from_config(cls, config, **kwargs):
        """From an HF config.json (a path or its dict). Refuses what this
        reference does not implement rather than computing something else."""
        if isinstance(config, str):
            with open(config) as f:
                config = json.load(f)
        if config.get("model_type") != "llama":
            raise ValueError(f"model_type {config.get('model_type')!r} is not 'llama'")
        unsupported = {"rope_scaling": None, "attention_bias": False, "mlp_bias": False,
                       "hidden_act": "silu"}
        for key, plain in unsupported.items():
            if config.get(key, plain) != plain:
                raise ValueError(f"config {key} = {config[key]!r} is not implemented "
                                 f"(only {plain!r})")
        heads = config["num_attention_heads"]
        if config.get("head_dim", config["hidden_size"] // heads) != config["hidden_size"] // heads:
            raise ValueError(f"head_dim {config['head_dim']} is not hidden_size / heads")
        return cls(config["num_hidden_layers"], config["hidden_size"], heads,
                   config["vocab_size"], config["intermediate_size"],
                   kv_heads=config.get("num_key_value_heads") or heads,
                   eps=config.get("rms_norm_eps", 1e-6), theta=config.get("rope_theta", 10000.0),
                   tied=config.get("tie_word_embeddings", False), **kwargs)

    def logits(self, tokens):
        x = self.model(tokens)
        table = self.model.embed_tokens.weight if self.tied else self.lm_head.weight
        return x @ table.t()

    def forward(self, tokens, targets):
        """tokens, targets: [batch, seq] int64. The mean cross-entropy."""
        logits = self.logits(tokens)
        return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


def no_decay(name):
    """Megatron-LM/mtc: the RMSNorm weights (model.norm, input_layernorm,
    post_attention_layernorm) get no weight decay; LLaMA has no biases."""
    return name.endswith("norm.weight")


# ---- self-checks (float64) ----

def randomize(model, seed, scale=0.3):
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            base = 1.0 if no_decay(name) else 0.0
            p.copy_(base + scale * torch.randn(p.shape, generator=generator, dtype=p.dtype))
    return model


def tiny(kv_heads=2, tied=False, seed=1, **kwargs):
    """2 layers, hidden 8, 4 heads of 2, ffn 6, vocabulary 7."""
    return randomize(LlamaForCausalLM(2, 8, 4, 7, 6, kv_heads=kv_heads, eps=1e-5, tied=tied,
                                      **kwargs).double(), seed)


def sample_batch(seed, batch=2, seq=5, vocab=7):
    generator = torch.Generator().manual_seed(seed)
    return (torch.randint(0, vocab, (batch, seq), generator=generator),
            torch.randint(0, vocab, (batch, seq), generator=generator))


def finite_difference_case():
    """Each parameter's gradient along a random direction against the central
    difference of the loss (step 1e-6, float64)."""
    checks = []
    for tied in (False, True):
        model = tiny(tied=tied)
        tokens, targets = sample_batch(2)
        worst, worst_name = worst_gradient_error(model, lambda: model(tokens, targets), 3)
        checks.append((f"gradients vs central differences ({'tied' if tied else 'untied'}, "
                       f"worst {worst_name})", worst, 0.0, 1e-7))
    return checks


def rotary_case():
    """Rotation by position: orthogonal (norms kept), undone by the negative
    angle, scores depend on relative position only, and rotate_half's pairing
    by hand (dimension 0 pairs with d/2 = 2 at angle p, dimension 1 with 3 at
    angle p / theta^(1/2))."""
    d, seq, theta = 4, 6, 100.0
    generator = torch.Generator().manual_seed(4)
    x = torch.randn(1, 2, seq, d, generator=generator, dtype=torch.float64)
    cos, sin = rotary_angles(seq, d, theta, torch.float64)
    y = apply_rotary(x, cos, sin)
    norm_change = float((y.norm(dim=-1) - x.norm(dim=-1)).abs().max())
    back = y * cos - rotate_half(y) * sin  # rotation by -angle
    inverse = float((back - x).abs().max())
    # <R(m) q, R(n) k> = <R(m + s) q, R(n + s) k>
    q = x[0, 0, 0].expand(seq, d)
    k = x[0, 1, 1].expand(seq, d)
    rq, rk = apply_rotary(q, cos, sin), apply_rotary(k, cos, sin)
    shift = max(abs(float(rq[m] @ rk[n] - rq[m + 2] @ rk[n + 2]))
                for m in range(seq - 2) for n in range(seq - 2))
    # Position 3, unit vector e0 -> cos(3) e0 + sin(3) e2; e1 -> cos(a) e1 + sin(a) e3.
    e = torch.eye(d, dtype=torch.float64)
    a = 3 / math.sqrt(theta)
    by_hand = torch.tensor([[math.cos(3), 0, math.sin(3), 0], [0, math.cos(a), 0, math.sin(a)],
                            [-math.sin(3), 0, math.cos(3), 0], [0, -math.sin(a), 0, math.cos(a)]],
                           dtype=torch.float64)
    pairing = float((apply_rotary(e, cos[3], sin[3]) - by_hand).abs().max())
    # GPT-J's interleaved pairing is another map (so the sabotage differs).
    interleaved = apply_rotary(e, *[t[3] for t in rotary_angles(seq, d, theta, torch.float64,
                                                                True)], True)
    other = float((interleaved - by_hand).abs().max())
    return [("rotary keeps norms (max change)", norm_change, 0.0, 1e-14),
            ("rotary by the negative angle is the inverse", inverse, 0.0, 1e-14),
            ("rotary scores depend on relative position only", shift, 0.0, 1e-13),
            ("rotate_half pairs i with i + d/2, by hand", pairing, 0.0, 1e-15),
            ("the interleaved pairing differs", float(other > 0.1), 1.0, 0.0)]


def gqa_case():
    """Grouped-query attention with 2 key/value heads for 4 query heads equals
    multi-head attention whose head h has key/value head h // 2's weights; and
    kv_heads = heads equals multi-head attention written without repeat_kv."""
    gqa = tiny(kv_heads=2, seed=5)
    mha = LlamaForCausalLM(2, 8, 4, 7, 6, kv_heads=4, eps=1e-5).double()
    d = 2
    with torch.no_grad():
        state = {}
        for name, w in gqa.state_dict().items():
            if name.endswith("k_proj.weight") or name.endswith("v_proj.weight"):
                w = w.view(2, d, -1).repeat_interleave(2, dim=0).reshape(4 * d, -1)
            state[name] = w
        mha.load_state_dict(state)
    tokens, targets = sample_batch(6)
    grouped = abs(gqa(tokens, targets).item() - mha(tokens, targets).item())

    def plain_attention(attn, x):
        batch, seq, _ = x.shape
        cos, sin = rotary_angles(seq, d, attn.theta, x.dtype)
        out = []
        for h in range(attn.heads):
            rows = slice(h * d, (h + 1) * d)
            q = apply_rotary(x @ attn.q_proj.weight[rows].t(), cos, sin)
            k = apply_rotary(x @ attn.k_proj.weight[rows].t(), cos, sin)
            v = x @ attn.v_proj.weight[rows].t()
            scores = q @ k.transpose(-1, -2) / math.sqrt(d)
            scores = scores + torch.full((seq, seq), float("-inf"), dtype=x.dtype).triu(1)
            out.append(torch.softmax(scores, -1) @ v)
        return torch.cat(out, -1) @ attn.o_proj.weight.t()

    x = torch.randn(2, 5, 8, generator=torch.Generator().manual_seed(7), dtype=torch.float64)
    attn = mha.model.layers[0].self_attn
    mha_error = float((attn(x) - plain_attention(attn, x)).abs().max())
    return [("GQA (kv 2) = MHA with repeated key/value heads (loss difference)", grouped, 0.0,
             1e-14),
            ("kv_heads = heads is plain multi-head attention", mha_error, 0.0, 1e-14)]


def hand_computed_case():
    """Every attention and MLP projection zero: each layer adds nothing, so the
    logits are lm_head(rmsnorm_f(embedding)), computed here with math."""
    vocab, hidden, eps = 5, 4, 1e-5
    model = LlamaForCausalLM(1, hidden, 2, vocab, 3, kv_heads=1, eps=eps).double()
    randomize(model, 8)
    embed = [[0.5, -1.0, 2.0, 0.0], [1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 3.0, -4.0],
             [0.1, 0.2, 0.3, 0.4], [-2.0, 0.5, 0.0, 1.0]]
    norm = [1.0, 2.0, 0.5, -1.0]
    head = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.5, 0.5, 0.5, 0.5],
            [-1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0]]
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith("_proj.weight"):
                p.zero_()
        model.model.embed_tokens.weight.copy_(torch.tensor(embed, dtype=torch.float64))
        model.model.norm.weight.copy_(torch.tensor(norm, dtype=torch.float64))
        model.lm_head.weight.copy_(torch.tensor(head, dtype=torch.float64))
    tokens, targets = [[0, 2, 3], [1, 4, 1]], [[2, 0, 4], [3, 3, 1]]
    loss = model(torch.tensor(tokens), torch.tensor(targets)).item()
    terms = []
    for row_t, row_y in zip(tokens, targets):
        for t, y in zip(row_t, row_y):
            x = embed[t]
            scale = 1 / math.sqrt(sum(a * a for a in x) / hidden + eps)
            n = [a * scale * g for a, g in zip(x, norm)]
            logits = [sum(w * a for w, a in zip(row, n)) for row in head]
            terms.append(math.log(sum(math.exp(z) for z in logits)) - logits[y])
    return [("hand-computed loss", loss, sum(terms) / len(terms), 1e-14)]


def loops_forward(model, tokens, targets, heads, kv_heads, theta, eps):
    """The same model element by element from the weights' HF names: rotation
    of each pair (i, i + d/2) at angle position / theta^(2i/d), query head h
    reading key/value head h // (heads / kv_heads)."""
    w = {n: p.detach().tolist() for n, p in model.state_dict().items()}

    def rms_norm(v, weight):
        scale = 1 / math.sqrt(sum(a * a for a in v) / len(v) + eps)
        return [a * scale * g for a, g in zip(v, weight)]

    def linear(v, weight):  # torch Linear: out[o] = sum_i W[o][i] v[i]
        return [sum(row[i] * v[i] for i in range(len(v))) for row in weight]

    def rotate(v, position):
        half = len(v) // 2
        out = list(v)
        for i in range(half):
            angle = position / theta ** (2 * i / len(v))
            c, s = math.cos(angle), math.sin(angle)
            out[i] = v[i] * c - v[i + half] * s
            out[i + half] = v[i + half] * c + v[i] * s
        return out

    def silu(a):
        return a / (1 + math.exp(-a))

    terms = []
    for row_t, row_y in zip(tokens, targets):
        x = [list(w["model.embed_tokens.weight"][t]) for t in row_t]
        hidden, seq = len(x[0]), len(x)
        d = hidden // heads
        for n in range(len(model.model.layers)):
            p = f"model.layers.{n}."
            normed = [rms_norm(v, w[p + "input_layernorm.weight"]) for v in x]
            q = [linear(v, w[p + "self_attn.q_proj.weight"]) for v in normed]
            k = [linear(v, w[p + "self_attn.k_proj.weight"]) for v in normed]
            vv = [linear(v, w[p + "self_attn.v_proj.weight"]) for v in normed]
            context = [[0.0] * (heads * d) for _ in range(seq)]
            for h in range(heads):
                g = h // (heads // kv_heads)
                for i in range(seq):
                    qi = rotate(q[i][h * d:(h + 1) * d], i)
                    scores = [sum(a * b for a, b in zip(qi, rotate(k[j][g * d:(g + 1) * d], j)))
                              / math.sqrt(d) for j in range(i + 1)]
                    top = max(scores)
                    e = [math.exp(s - top) for s in scores]
                    for c in range(d):
                        context[i][h * d + c] = sum(e[j] * vv[j][g * d + c]
                                                    for j in range(i + 1)) / sum(e)
            x = [[a + b for a, b in zip(x[i], linear(context[i], w[p + "self_attn.o_proj.weight"]))]
                 for i in range(seq)]
            for i in range(seq):
                m = rms_norm(x[i], w[p + "post_attention_layernorm.weight"])
                gate = linear(m, w[p + "mlp.gate_proj.weight"])
                up = linear(m, w[p + "mlp.up_proj.weight"])
                out = linear([silu(a) * b for a, b in zip(gate, up)], w[p + "mlp.down_proj.weight"])
                x[i] = [a + b for a, b in zip(x[i], out)]
        head = w["lm_head.weight"] if "lm_head.weight" in w else w["model.embed_tokens.weight"]
        for i in range(seq):
            logits = linear(rms_norm(x[i], w["model.norm.weight"]), head)
            top = max(logits)
            terms.append(top + math.log(sum(math.exp(z - top) for z in logits)) - logits[row_y[i]])
    return sum(terms) / len(terms)


def loops_case():
    checks = []
    for kv_heads, tied in ((2, False), (1, True), (4, False)):
        model = tiny(kv_heads=kv_heads, tied=tied, seed=9)
        tokens, targets = sample_batch(10)
        loss = model(tokens, targets).item()
        loops = loops_forward(model, tokens.tolist(), targets.tolist(), 4, kv_heads, 10000.0, 1e-5)
        checks.append((f"element-by-element loss (kv_heads {kv_heads}, "
                       f"{'tied' if tied else 'untied'})", loss, loops, 1e-13))
    return checks


def causality_case():
    """Changing the last token leaves the earlier positions' logits alone and
    moves the last position's (so the check can fail)."""
    model = tiny(seed=11)
    tokens, _ = sample_batch(12)
    changed = tokens.clone()
    changed[:, -1] = (changed[:, -1] + 3) % 7
    before, after = model.logits(tokens), model.logits(changed)
    earlier = float((before[:, :-1] - after[:, :-1]).abs().max())
    last = float((before[:, -1] - after[:, -1]).abs().max())
    return [("causal: earlier logits unchanged by the last token", earlier, 0.0, 0.0),
            ("the last token moves its own logits", float(last > 1e-6), 1.0, 0.0)]


def config_case():
    """from_config reads HF's keys and refuses what is not implemented."""
    config = {"model_type": "llama", "num_hidden_layers": 1, "hidden_size": 8,
              "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 6,
              "vocab_size": 7, "rms_norm_eps": 1e-5, "rope_theta": 500.0,
              "tie_word_embeddings": False}
    model = LlamaForCausalLM.from_config(config)
    attn = model.model.layers[0].self_attn
    read = (attn.kv_heads, attn.theta, model.model.norm.eps, hasattr(model, "lm_head")) == \
        (2, 500.0, 1e-5, True)
    refused = 0
    for key, value in (("rope_scaling", {"type": "linear", "factor": 2.0}),
                       ("attention_bias", True), ("hidden_act", "gelu"), ("head_dim", 4)):
        try:
            LlamaForCausalLM.from_config(dict(config, **{key: value}))
        except ValueError:
            refused += 1
    return [("from_config reads kv heads, theta, eps, tying", float(read), 1.0, 0.0),
            ("from_config refuses rope_scaling, biases, other activations, head_dim",
             refused, 4, 0.0)]


def self_check():
    return report_self_checks(finite_difference_case() + rotary_case() + gqa_case()
                              + hand_computed_case() + loops_case() + causality_case()
                              + config_case())


if __name__ == "__main__":
    sys.exit(self_check())
