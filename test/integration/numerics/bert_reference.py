#!/usr/bin/python3
"""BERT pre-training in plain PyTorch, written from the paper (Devlin et al.
2019) and Hugging Face's BertForPreTraining conventions, sharing no code with
mtc: learned word, position and token-type embeddings summed then normalized;
post-LN encoder layers (bidirectional attention whose keys beyond a sample's
length are masked, tanh-GeLU MLP, as HF's hidden_act "gelu_new"); the masked-LM
head (dense, GeLU, LayerNorm, a decoder tied to the word embeddings, a bias);
the pooler (tanh of a dense layer on the first token) and the two-way
sentence-order head. The objective is the mean cross-entropy of the predicted
positions (label >= 0) plus the mean sentence-order cross-entropy.

Parameter names and layouts are BertForPreTraining's (torch Linear weights
[out, in], separate query/key/value, the real vocabulary's rows). The tied
decoder is stored once, as save_pretrained writes safetensors (it drops
cls.predictions.decoder.weight/.bias), so model.state_dict() holds exactly the
tensors of such a file.

Run as a script, it checks itself in float64 (a hand-computed case, an
element-by-element forward, padding invariance) and exits 1 on a failure."""
import math
import sys

import torch
import torch.nn.functional as F
from torch import nn

from numerics_common import report_self_checks


def gelu_tanh(x):
    return F.gelu(x, approximate="tanh")


class Embeddings(nn.Module):
    def __init__(self, vocab, hidden, positions, type_vocab, eps, dropout):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden)
        self.position_embeddings = nn.Embedding(positions, hidden)
        self.token_type_embeddings = nn.Embedding(type_vocab, hidden)
        self.LayerNorm = nn.LayerNorm(hidden, eps=eps)
        self.dropout = nn.Dropout(dropout)

    def forward(self, tokens, token_types):
        x = (self.word_embeddings(tokens) + self.position_embeddings(torch.arange(tokens.shape[1]))
             + self.token_type_embeddings(token_types))
        return self.dropout(self.LayerNorm(x))


class SelfAttention(nn.Module):
    def __init__(self, hidden, heads, dropout):
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(hidden, hidden)
        self.key = nn.Linear(hidden, hidden)
        self.value = nn.Linear(hidden, hidden)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, key_valid):
        """key_valid: [batch, seq] bool, False for padding keys."""
        batch, seq, hidden = x.shape
        head_dim = hidden // self.heads

        def heads_first(t):
            return t.view(batch, seq, self.heads, head_dim).transpose(1, 2)

        q, k, v = heads_first(self.query(x)), heads_first(self.key(x)), heads_first(self.value(x))
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(head_dim)
        scores = scores.masked_fill(~key_valid[:, None, None, :], float("-inf"))
        y = self.dropout(torch.softmax(scores, dim=-1)) @ v
        return y.transpose(1, 2).reshape(batch, seq, hidden)


class Residual(nn.Module):
    """HF's BertSelfOutput / BertOutput: LayerNorm(dropout(dense(y)) + x)."""

    def __init__(self, n_in, hidden, eps, dropout):
        super().__init__()
        self.dense = nn.Linear(n_in, hidden)
        self.LayerNorm = nn.LayerNorm(hidden, eps=eps)
        self.dropout = nn.Dropout(dropout)

    def forward(self, y, x):
        return self.LayerNorm(self.dropout(self.dense(y)) + x)


class Attention(nn.Module):
    def __init__(self, hidden, heads, eps, dropout):
        super().__init__()
        self.self = SelfAttention(hidden, heads, dropout)  # HF's name
        self.output = Residual(hidden, hidden, eps, dropout)

    def forward(self, x, key_valid):
        return self.output(self.self(x, key_valid), x)


class Intermediate(nn.Module):
    def __init__(self, hidden, ffn):
        super().__init__()
        self.dense = nn.Linear(hidden, ffn)

    def forward(self, x):
        return gelu_tanh(self.dense(x))


class Layer(nn.Module):
    def __init__(self, hidden, heads, ffn, eps, dropout):
        super().__init__()
        self.attention = Attention(hidden, heads, eps, dropout)
        self.intermediate = Intermediate(hidden, ffn)
        self.output = Residual(ffn, hidden, eps, dropout)

    def forward(self, x, key_valid):
        x = self.attention(x, key_valid)
        return self.output(self.intermediate(x), x)


class Encoder(nn.Module):
    def __init__(self, layers, hidden, heads, ffn, eps, dropout):
        super().__init__()
        self.layer = nn.ModuleList(Layer(hidden, heads, ffn, eps, dropout) for _ in range(layers))

    def forward(self, x, key_valid):
        for layer in self.layer:
            x = layer(x, key_valid)
        return x


class Pooler(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.dense = nn.Linear(hidden, hidden)

    def forward(self, x):
        return torch.tanh(self.dense(x[:, 0]))


class Bert(nn.Module):
    def __init__(self, layers, hidden, heads, ffn, vocab, positions, type_vocab, eps, dropout,
                 pooler):
        super().__init__()
        self.embeddings = Embeddings(vocab, hidden, positions, type_vocab, eps, dropout)
        self.encoder = Encoder(layers, hidden, heads, ffn, eps, dropout)
        if pooler:
            self.pooler = Pooler(hidden)


class Transform(nn.Module):
    def __init__(self, hidden, eps):
        super().__init__()
        self.dense = nn.Linear(hidden, hidden)
        self.LayerNorm = nn.LayerNorm(hidden, eps=eps)

    def forward(self, x):
        return self.LayerNorm(gelu_tanh(self.dense(x)))


class Predictions(nn.Module):
    """The masked-LM head; its decoder is the word-embedding table."""

    def __init__(self, hidden, vocab, eps):
        super().__init__()
        self.transform = Transform(hidden, eps)
        self.bias = nn.Parameter(torch.zeros(vocab))

    def forward(self, x, word_embeddings):
        return self.transform(x) @ word_embeddings.t() + self.bias


class Heads(nn.Module):
    def __init__(self, hidden, vocab, eps, binary_head):
        super().__init__()
        self.predictions = Predictions(hidden, vocab, eps)
        if binary_head:
            self.seq_relationship = nn.Linear(hidden, 2)


class BertForPreTraining(nn.Module):
    def __init__(self, layers, hidden, heads, vocab, positions, ffn=None, type_vocab=2,
                 eps=1e-12, dropout=0.0, binary_head=True):
        """vocab: the real vocabulary (the logits cover exactly it). eps: HF's
        default is 1e-12; give the model's. binary_head=False is BERT with the
        masked LM only (no pooler): Megatron's --bert-no-binary-head."""
        super().__init__()
        self.binary_head = binary_head
        self.bert = Bert(layers, hidden, heads, ffn or 4 * hidden, vocab, positions, type_vocab,
                         eps, dropout, pooler=binary_head)
        self.cls = Heads(hidden, vocab, eps, binary_head)

    def forward(self, tokens, token_types, lengths, labels, sop_labels=None):
        """tokens, token_types, labels: [batch, seq] int64 (label -1: not
        predicted); lengths: [batch] tokens before padding; sop_labels: [batch].
        Returns (lm_loss, sop_loss); sop_loss is None without the binary head."""
        key_valid = torch.arange(tokens.shape[1])[None, :] < lengths[:, None]
        x = self.bert.encoder(self.bert.embeddings(tokens, token_types), key_valid)
        logits = self.cls.predictions(x, self.bert.embeddings.word_embeddings.weight)
        predicted = labels >= 0
        lm_loss = F.cross_entropy(logits[predicted], labels[predicted])
        if not self.binary_head:
            return lm_loss, None
        sop_logits = self.cls.seq_relationship(self.bert.pooler(x))
        return lm_loss, F.cross_entropy(sop_logits, sop_labels)


def no_decay(name):
    """Megatron-LM/mtc: biases and layer-norm parameters get no weight decay."""
    return name.endswith(".bias") or ".LayerNorm." in name


# ---- self-checks (float64) ----

def randomize(model, seed):
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            base = 1.0 if name.endswith("LayerNorm.weight") else 0.0
            p.copy_(base + 0.3 * torch.randn(p.shape, generator=generator, dtype=p.dtype))
    return model


def hand_computed_case():
    """Every Linear and the head's LayerNorm shift at zero: the MLM transform
    gives the zero vector, so the head's LayerNorm returns its bias, zero, and
    the logits are cls.predictions.bias at every position; the pooler returns
    tanh(pooler bias). Both losses then have closed forms."""
    vocab, hidden = 5, 4
    model = BertForPreTraining(1, hidden, 2, vocab, positions=3).double()
    randomize(model, 1)
    bias = torch.tensor([0.5, -1.0, 2.0, 0.0, 0.25], dtype=torch.float64)
    pooler_bias = torch.tensor([0.3, -0.2, 0.1, 0.7], dtype=torch.float64)
    sop_weight = torch.tensor([[1.0, 0.0, -1.0, 2.0], [0.5, 0.5, 0.5, 0.5]], dtype=torch.float64)
    sop_bias = torch.tensor([0.1, -0.1], dtype=torch.float64)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if ".dense." in name or ".query." in name or ".key." in name or ".value." in name:
                p.zero_()
        model.cls.predictions.transform.LayerNorm.bias.zero_()
        model.cls.predictions.bias.copy_(bias)
        model.bert.pooler.dense.bias.copy_(pooler_bias)
        model.cls.seq_relationship.weight.copy_(sop_weight)
        model.cls.seq_relationship.bias.copy_(sop_bias)
    tokens = torch.tensor([[1, 2, 3], [4, 0, 0]])
    labels = torch.tensor([[-1, 2, 4], [1, -1, -1]])
    lm, sop = model(tokens, torch.tensor([[0, 0, 1], [0, 1, 0]]), torch.tensor([3, 1]), labels,
                    torch.tensor([1, 0]))
    log_z = math.log(sum(math.exp(b) for b in bias.tolist()))
    expected_lm = sum(log_z - bias[t].item() for t in (2, 4, 1)) / 3
    pooled = [math.tanh(b) for b in pooler_bias.tolist()]
    sop_logits = [sum(w * p for w, p in zip(row, pooled)) + b
                  for row, b in zip(sop_weight.tolist(), sop_bias.tolist())]
    sop_z = math.log(sum(math.exp(s) for s in sop_logits))
    # Both samples share the pooled vector: labels 1 and 0.
    expected_sop = ((sop_z - sop_logits[1]) + (sop_z - sop_logits[0])) / 2
    return [("hand-computed lm loss", lm.item(), expected_lm, 1e-14),
            ("hand-computed sop loss", sop.item(), expected_sop, 1e-14)]


def loops_forward(model, tokens, token_types, lengths, labels, sop_labels, heads):
    """The same model element by element in numpy, from the weights' HF names."""
    w = {n: p.detach().numpy() for n, p in model.state_dict().items()}
    eps = model.bert.embeddings.LayerNorm.eps

    def layer_norm(v, prefix):
        mean = sum(v) / len(v)
        var = sum((a - mean) ** 2 for a in v) / len(v)
        return [(a - mean) / math.sqrt(var + eps) * g + b
                for a, g, b in zip(v, w[prefix + ".weight"], w[prefix + ".bias"])]

    def linear(v, prefix):  # torch Linear: out[o] = sum_i W[o, i] v[i] + b[o]
        weight, bias = w[prefix + ".weight"], w[prefix + ".bias"]
        return [sum(weight[o][i] * v[i] for i in range(len(v))) + bias[o]
                for o in range(len(bias))]

    def gelu(a):
        return 0.5 * a * (1 + math.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a ** 3)))

    def log_softmax_at(logits, target):
        top = max(logits)
        return logits[target] - top - math.log(sum(math.exp(v - top) for v in logits))

    batch, seq = len(tokens), len(tokens[0])
    lm_terms, sop_terms = [], []
    for b in range(batch):
        x = [layer_norm([w["bert.embeddings.word_embeddings.weight"][tokens[b][s]][h]
                         + w["bert.embeddings.position_embeddings.weight"][s][h]
                         + w["bert.embeddings.token_type_embeddings.weight"][token_types[b][s]][h]
                         for h in range(model.bert.embeddings.LayerNorm.weight.shape[0])],
                        "bert.embeddings.LayerNorm") for s in range(seq)]
        hidden = len(x[0])
        d = hidden // heads
        for n in range(len(model.bert.encoder.layer)):
            p = f"bert.encoder.layer.{n}."
            q = [linear(v, p + "attention.self.query") for v in x]
            k = [linear(v, p + "attention.self.key") for v in x]
            v_ = [linear(v, p + "attention.self.value") for v in x]
            context = [[0.0] * hidden for _ in range(seq)]
            for head in range(heads):
                cols = range(head * d, (head + 1) * d)
                for i in range(seq):
                    scores = [sum(q[i][c] * k[j][c] for c in cols) / math.sqrt(d)
                              for j in range(lengths[b])]  # only the valid keys
                    top = max(scores)
                    e = [math.exp(s - top) for s in scores]
                    for c in cols:
                        context[i][c] = sum(e[j] * v_[j][c] for j in range(lengths[b])) / sum(e)
            x = [layer_norm([a + r for a, r in zip(linear(context[i], p + "attention.output.dense"),
                                                   x[i])], p + "attention.output.LayerNorm")
                 for i in range(seq)]
            x = [layer_norm([a + r for a, r in zip(
                linear([gelu(a) for a in linear(x[i], p + "intermediate.dense")],
                       p + "output.dense"), x[i])], p + "output.LayerNorm") for i in range(seq)]
        table = w["bert.embeddings.word_embeddings.weight"]
        for s in range(seq):
            if labels[b][s] < 0:
                continue
            t = layer_norm([gelu(a) for a in linear(x[s], "cls.predictions.transform.dense")],
                           "cls.predictions.transform.LayerNorm")
            logits = [sum(table[r][h] * t[h] for h in range(hidden)) + w["cls.predictions.bias"][r]
                      for r in range(len(table))]
            lm_terms.append(-log_softmax_at(logits, labels[b][s]))
        pooled = [math.tanh(a) for a in linear(x[0], "bert.pooler.dense")]
        sop_terms.append(-log_softmax_at(linear(pooled, "cls.seq_relationship"), sop_labels[b]))
    return sum(lm_terms) / len(lm_terms), sum(sop_terms) / len(sop_terms)


def loops_case():
    heads = 2
    model = randomize(BertForPreTraining(2, 4, heads, 7, positions=5, ffn=6, eps=1e-5).double(), 2)
    tokens = [[2, 5, 1, 6, 3], [4, 0, 6, 0, 0]]
    types = [[0, 0, 1, 1, 1], [0, 1, 1, 0, 0]]
    lengths, labels, sop = [5, 3], [[-1, 3, -1, 0, 6], [-1, -1, 2, 5, -1]], [0, 1]
    lm, sop_loss = model(*(torch.tensor(a) for a in (tokens, types, lengths, labels, sop)))
    lm_loops, sop_loops = loops_forward(model, tokens, types, lengths, labels, sop, heads)
    return [("element-by-element lm loss", lm.item(), lm_loops, 1e-12),
            ("element-by-element sop loss", sop_loss.item(), sop_loops, 1e-12)]


def padding_case():
    """Padded positions (unlabeled, beyond the length) change nothing; a valid
    one does (so the check can fail)."""
    torch.manual_seed(3)
    model = randomize(BertForPreTraining(2, 8, 2, 11, positions=6).double(), 3)
    tokens = torch.randint(0, 11, (3, 6))
    types = torch.randint(0, 2, (3, 6))
    lengths = torch.tensor([6, 4, 2])
    labels = torch.tensor([[1, -1, 3, -1, -1, 7], [-1, 2, -1, 9, -1, -1], [-1, 4, -1, -1, -1, -1]])
    sop = torch.tensor([1, 0, 1])
    base = model(tokens, types, lengths, labels, sop)
    padded = torch.arange(6)[None, :] >= lengths[:, None]
    changed_tokens = torch.where(padded, (tokens + 5) % 11, tokens)
    changed_types = torch.where(padded, 1 - types, types)
    after = model(changed_tokens, changed_types, lengths, labels, sop)
    valid = tokens.clone()
    valid[1, 3] = (valid[1, 3] + 1) % 11  # a valid key of sample 1
    control = model(valid, types, lengths, labels, sop)
    difference = max(abs(a.item() - b.item()) for a, b in zip(base, after))
    moved = abs(control[0].item() - base[0].item())
    return [("padding invariance (max loss change)", difference, 0.0, 0.0),
            ("a valid token moves the loss", float(moved > 1e-6), 1.0, 0.0)]


def self_check():
    return report_self_checks(hand_computed_case() + loops_case() + padding_case())


if __name__ == "__main__":
    sys.exit(self_check())
