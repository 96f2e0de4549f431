//===- LlamaFamilyFlags.cpp - Megatron-LM's flags for a LLaMA model -------===//
#include "mtc/Support/LlamaFamilyFlags.h"

namespace mtc {

void LlamaFamilyFlags::addTo(FlagSet &flags) {
  flags.add("normalization", &normalization, "LayerNorm or RMSNorm (LLaMA)")
      .choices({"LayerNorm", "RMSNorm"});
  flags.add("swiglu", &swiglu, "SwiGLU MLP (LLaMA)");
  flags.add("position-embedding-type", &positionEmbeddingType,
            "learned_absolute or rope (LLaMA)")
      .choices({"learned_absolute", "rope"});
  flags.add("disable-bias-linear", &disableBiasLinear, "linears without bias (LLaMA)");
  flags.add("group-query-attention", &groupQueryAttention,
            "grouped-query attention (with --num-query-groups)");
  flags.add("num-query-groups", &numQueryGroups, "key/value heads of grouped-query attention",
            ValueRange::atLeast(1));
}

std::optional<std::string> LlamaFamilyFlags::resolve(bool llamaAlready, bool &llama) const {
  const bool rms = normalization == "RMSNorm", rope = positionEmbeddingType == "rope";
  const int given = rms + swiglu + rope + disableBiasLinear;
  llama = llamaAlready || given == 4;
  if (!llama && given > 0)
    return std::string("--normalization RMSNorm, --swiglu, --position-embedding-type rope "
                       "and --disable-bias-linear build a LLaMA-family model together; one "
                       "without the others is not supported");
  if (llama && ((!normalization.empty() && !rms) || (!positionEmbeddingType.empty() && !rope)))
    return std::string("a LLaMA-family model uses RMSNorm and rope positions");
  if (!llama && (groupQueryAttention || numQueryGroups > 0))
    return std::string("--group-query-attention and --num-query-groups are for LLaMA-family "
                       "models");
  if (numQueryGroups > 0 && !groupQueryAttention)
    return std::string("--num-query-groups needs --group-query-attention (as in Megatron-LM)");
  if (groupQueryAttention && numQueryGroups == 0)
    return std::string("--group-query-attention needs --num-query-groups");
  return std::nullopt;
}

} // namespace mtc
