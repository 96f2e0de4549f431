//===- LlamaFamilyFlags.h - Megatron-LM's flags for a LLaMA model -*- C++ -*-===//
//
// Megatron-LM describes a LLaMA-family model with four flags that only make
// that model together (--normalization RMSNorm, --swiglu,
// --position-embedding-type rope, --disable-bias-linear) and grouped-query
// attention with two more. mtc-import builds the model from them and mtc-plan
// costs it: both declare and check them here, so they accept the same sets.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_SUPPORT_LLAMAFAMILYFLAGS_H
#define MTC_SUPPORT_LLAMAFAMILYFLAGS_H

#include "mtc/Support/Flags.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mtc {

struct LlamaFamilyFlags {
  std::string normalization;         ///< "" (not given), "LayerNorm" or "RMSNorm"
  std::string positionEmbeddingType; ///< "", "learned_absolute" or "rope"
  bool swiglu = false, disableBiasLinear = false, groupQueryAttention = false;
  int64_t numQueryGroups = 0; ///< 0: not given

  /// Declares the six flags in `flags`, under the current topic.
  void addTo(FlagSet &flags);
  /// Whether they make a LLaMA-family model (all four, or `llamaAlready`:
  /// --arch llama or a LLaMA config); the error when they cannot: some of
  /// the four alone, LayerNorm or learned positions on a LLaMA model,
  /// grouped-query attention on another family, or one of its two flags
  /// without the other.
  std::optional<std::string> resolve(bool llamaAlready, bool &llama) const;
};

} // namespace mtc

#endif // MTC_SUPPORT_LLAMAFAMILYFLAGS_H
