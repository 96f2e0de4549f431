//===- ModelShape.cpp - Parameter and FLOP counts -------------------------===//
#include "mtc/Plan/ModelShape.h"

#include <cmath>
#include <cstdio>

namespace mtc {

double ModelShape::keyValueWidth() const {
  return keyValueHeads() * (static_cast<double>(hidden) / heads);
}

double ModelShape::qkvWidth() const { return hidden + 2.0 * keyValueWidth(); }

double ModelShape::fc1Width() const { return llama() ? 2.0 * ffnSize() : ffnSize(); }

double ModelShape::layerExpertParams() const {
  return moe() ? experts * 3.0 * hidden * ffnSize() : 0.0;
}

double ModelShape::layerActiveParams() const {
  // Every expert is a 3 h f SwiGLU; a token passes through topk of them.
  return moe() ? layerParams() - layerExpertParams() / experts * (experts - topk)
               : layerParams();
}

double ModelShape::layerParams() const {
  double h = hidden, f = ffnSize();
  if (moe())
    // QKV + output projection + the router (h x E) + E experts' gate, up and
    // down (3hf each) + two RMSNorm gains; no biases.
    return h * qkvWidth() + h * h + h * experts + layerExpertParams() + 2 * h;
  if (llama())
    // QKV (h x qkvWidth) + output projection (h^2) + gate, up and down (3hf)
    // + two RMSNorm gains (2h); no biases.
    return h * qkvWidth() + h * h + 3 * h * f + 2 * h;
  // QKV (3h^2 + 3h) + output projection (h^2 + h) + fc1 (hf + f) + fc2
  // (fh + h) + two layer norms (4h). For f = 4h: 12h^2 + 13h.
  return 4 * h * h + 4 * h + 2 * h * f + f + h + 4 * h;
}

double ModelShape::embeddingParams() const {
  double h = hidden;
  // Word embeddings and the final norm (RMSNorm: a gain; LayerNorm: gain and
  // bias); GPT and BERT add the learned positions.
  double p = static_cast<double>(vocab) * h + positionParams() + (llama() ? h : 2 * h);
  if (!tied)
    p += static_cast<double>(vocab) * h;
  return p;
}

double ModelShape::positionParams() const {
  return llama() ? 0.0 : static_cast<double>(seq) * hidden;
}

double ModelShape::totalParams() const {
  return layers * layerParams() + embeddingParams();
}

double ModelShape::activeParams() const {
  return layers * layerActiveParams() + embeddingParams();
}

double ModelShape::layerForwardFlops() const {
  double s = seq, h = hidden, f = ffnSize();
  const double mlpWidth =
      moe() ? experts + topk * (fc1Width() + f) : fc1Width() + f; // router + active experts
  return 2.0 * s * h * (qkvWidth() + h + mlpWidth) + 4.0 * s * s * h;
}

double ModelShape::paperFlopsPerIteration(int globalBatch) const {
  double B = globalBatch, s = seq, l = layers, h = hidden, V = vocab;
  if (llama())
    return B * (4.0 * l * layerForwardFlops() + 6.0 * s * h * V);
  return 96.0 * B * s * l * h * h * (1.0 + s / (6.0 * h) + V / (16.0 * l * h));
}

std::string ModelShape::paramsLabel() const {
  char buf[32];
  double b = totalParams() / 1e9;
  if (b >= 100)
    std::snprintf(buf, sizeof buf, "%.0fB", b);
  else if (b >= 1)
    std::snprintf(buf, sizeof buf, "%.1fB", b);
  else
    std::snprintf(buf, sizeof buf, "%.0fM", b * 1000);
  return buf;
}

Result<ModelShape> validateModel(const ModelShape &m) {
  if (m.arch != "gpt" && m.arch != "bert" && m.arch != "llama")
    return Error{"model: the planner's cost model has GPT, BERT and LLaMA layers, not '" +
                 m.arch + "'"};
  auto need = [](const char *name, int v) -> std::string {
    return v >= 1 ? "" : std::string("model: ") + name + " must be >= 1, got " +
                             std::to_string(v);
  };
  for (auto [name, v] : {std::pair<const char *, int>{"layers", m.layers},
                         {"hidden", m.hidden},
                         {"heads", m.heads},
                         {"vocab", m.vocab},
                         {"seq", m.seq}})
    if (std::string e = need(name, v); !e.empty())
      return Error{e};
  if (m.ffn < 0)
    return Error{"model: ffn must be >= 0 (0 = 4*hidden), got " +
                 std::to_string(m.ffn)};
  if (m.hidden % m.heads != 0)
    return Error{"model: heads " + std::to_string(m.heads) +
                 " do not divide hidden " + std::to_string(m.hidden)};
  if (m.kvHeads < 0 || (m.kvHeads > 0 && m.heads % m.kvHeads != 0))
    return Error{"model: key/value heads " + std::to_string(m.kvHeads) +
                 " must divide the " + std::to_string(m.heads) + " attention heads"};
  if (m.slidingWindow > 0 && m.seq > m.slidingWindow)
    return Error{"model: sequence length " + std::to_string(m.seq) +
                 " exceeds the attention's sliding window of " +
                 std::to_string(m.slidingWindow) +
                 " tokens, which the cost model does not cost (full causal attention "
                 "is the model up to the window)"};
  if (m.experts < 0 || m.topk < 0)
    return Error{"model: experts and topk must be >= 0, got " + std::to_string(m.experts) +
                 " and " + std::to_string(m.topk)};
  if (m.experts > 0 && !m.llama())
    return Error{"model: a mixture of experts (" + std::to_string(m.experts) +
                 " experts) is costed as the LLaMA family's SwiGLU experts (Mixtral, arch "
                 "'llama'), not '" + m.arch + "'"};
  if (m.experts > 0 && (m.topk < 1 || m.topk > m.experts))
    return Error{"model: the router's top-k must be between 1 and the " +
                 std::to_string(m.experts) + " experts, got " + std::to_string(m.topk)};
  if (m.experts == 0 && m.topk > 0)
    return Error{"model: top-k " + std::to_string(m.topk) + " routing needs experts"};
  if (m.kvHeads > 0 && m.kvHeads != m.heads && !m.llama())
    return Error{"model: grouped-query attention (key/value heads " +
                 std::to_string(m.kvHeads) + " of " + std::to_string(m.heads) +
                 ") is a LLaMA-family layer (arch 'llama')"};
  return m;
}

} // namespace mtc
