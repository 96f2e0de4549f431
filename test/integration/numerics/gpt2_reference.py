"""GPT-2 in plain PyTorch, written from the paper/HF conventions and sharing no
code with mtc: pre-LN blocks, tanh-GeLU (or squared-ReLU) MLP, causal softmax attention, learned
positions, an output layer tied to the token embedding, mean token
cross-entropy. Parameter names and layouts are Hugging Face GPT2Model's:
Conv1D weights are [in, out] and c_attn's output columns are [q | k | v], each
[heads][head_dim]."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class Conv1D(nn.Module):
    """GPT-2's linear layer: y = x @ weight + bias with weight [in, out]."""

    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(n_in, n_out))
        self.bias = nn.Parameter(torch.zeros(n_out))

    def forward(self, x):
        return x @ self.weight + self.bias


class Attention(nn.Module):
    def __init__(self, hidden, heads, dropout=0.0):
        super().__init__()
        self.heads = heads
        self.attn_dropout = nn.Dropout(dropout)
        self.resid_dropout = nn.Dropout(dropout)
        self.c_attn = Conv1D(hidden, 3 * hidden)
        self.c_proj = Conv1D(hidden, hidden)

    def forward(self, x):
        batch, seq, hidden = x.shape
        head_dim = hidden // self.heads
        q, k, v = self.c_attn(x).split(hidden, dim=-1)

        def heads_first(t):
            return t.view(batch, seq, self.heads, head_dim).transpose(1, 2)

        q, k, v = heads_first(q), heads_first(k), heads_first(v)
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(head_dim)
        future = torch.triu(torch.ones(seq, seq, dtype=torch.bool), diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
        y = self.attn_dropout(torch.softmax(scores, dim=-1)) @ v
        return self.resid_dropout(self.c_proj(y.transpose(1, 2).reshape(batch, seq, hidden)))


# Hugging Face's activation_function names: GPT-2's tanh GeLU, and squared
# ReLU (Primer; Megatron-LM's --squared-relu).
ACTIVATIONS = {
    "gelu_new": lambda x: F.gelu(x, approximate="tanh"),
    "relu2": lambda x: torch.square(F.relu(x)),
}


class MLP(nn.Module):
    def __init__(self, hidden, ffn, dropout=0.0, activation="gelu_new"):
        super().__init__()
        self.c_fc = Conv1D(hidden, ffn)
        self.c_proj = Conv1D(ffn, hidden)
        self.dropout = nn.Dropout(dropout)
        self.act = ACTIVATIONS[activation]

    def forward(self, x):
        return self.dropout(self.c_proj(self.act(self.c_fc(x))))


class Block(nn.Module):
    def __init__(self, hidden, heads, ffn, eps, dropout=0.0, activation="gelu_new"):
        super().__init__()
        self.ln_1 = nn.LayerNorm(hidden, eps=eps)
        self.attn = Attention(hidden, heads, dropout)
        self.ln_2 = nn.LayerNorm(hidden, eps=eps)
        self.mlp = MLP(hidden, ffn, dropout, activation)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT2(nn.Module):
    def __init__(self, layers, hidden, heads, vocab, positions, ffn=None, eps=1e-5,
                 dropout=0.0, activation="gelu_new"):
        """dropout: GPT-2's embedding, attention-probability and residual dropout
        (the numerics test uses 0; the benchmark uses the model's rate).
        activation: the MLP's, by its Hugging Face name (ACTIVATIONS)."""
        super().__init__()
        self.wte = nn.Embedding(vocab, hidden)
        self.wpe = nn.Embedding(positions, hidden)
        self.drop = nn.Dropout(dropout)
        self.h = nn.ModuleList(Block(hidden, heads, ffn or 4 * hidden, eps, dropout, activation)
                               for _ in range(layers))
        self.ln_f = nn.LayerNorm(hidden, eps=eps)

    def logits(self, tokens):
        """[batch, seq, vocab] next-token logits of [batch, seq] tokens at
        positions 0 .. seq-1."""
        seq = tokens.shape[1]
        x = self.drop(self.wte(tokens) + self.wpe(torch.arange(seq)))
        for block in self.h:
            x = block(x)
        return self.ln_f(x) @ self.wte.weight.t()

    def forward(self, tokens, targets):
        """Mean cross-entropy over all tokens of [batch, seq] tokens/targets."""
        logits = self.logits(tokens)
        return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


def no_decay(name):
    """Megatron-LM/mtc: biases and layer-norm parameters get no weight decay."""
    return name.endswith(".bias") or ".ln_" in name or name.startswith("ln_f.")
