//===- ModelShape.cpp - Parameter and FLOP counts -------------------------===//
#include "mtc/Plan/ModelShape.h"

#include <cmath>
#include <cstdio>

namespace mtc {

double ModelShape::layerParams() const {
  double h = hidden, f = ffnSize();
  // QKV (3h^2 + 3h) + output projection (h^2 + h) + fc1 (hf + f) + fc2
  // (fh + h) + two layer norms (4h). For f = 4h: 12h^2 + 13h.
  return 4 * h * h + 4 * h + 2 * h * f + f + h + 4 * h;
}

double ModelShape::embeddingParams() const {
  double h = hidden;
  double p = static_cast<double>(vocab) * h + static_cast<double>(seq) * h + 2 * h;
  if (!tied)
    p += static_cast<double>(vocab) * h;
  return p;
}

double ModelShape::totalParams() const {
  return layers * layerParams() + embeddingParams();
}

double ModelShape::paperFlopsPerIteration(int globalBatch) const {
  double B = globalBatch, s = seq, l = layers, h = hidden, V = vocab;
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
  if (m.arch != "gpt" && m.arch != "bert")
    return Error{"model: the planner's cost model has GPT and BERT layers only, not '" + m.arch +
                 "' (SwiGLU MLPs and grouped-query attention are not costed yet); "
                 "give the layout with --tp/--pp/--vp/--dp"};
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
  return m;
}

} // namespace mtc
