// What one micro-batch brings and what it yields: its inputs in host memory
// and the terms of the objective it was trained on.
#pragma once
#include <cstdint>
#include <vector>

namespace mtc::runtime {

// [micro_batch, seq] each unless noted; the BERT inputs stay empty for a
// model without them (the plan's ModelInputs say which it has).
struct MicroBatchInputs {
  std::vector<int32_t> tokens;
  std::vector<int32_t> targets;        // < 0: not predicted (BERT: unmasked)
  std::vector<int32_t> tokenTypes;     // segment ids
  std::vector<int32_t> lengths;        // [micro_batch] tokens before padding
  std::vector<int32_t> sentenceLabels; // [micro_batch] 1 when the segments were swapped
};

// Per-micro-batch means of the objective's terms: the language model's loss
// (next-token or masked) and BERT's sentence-order loss; the objective is
// their sum.
// sopAccuracy rides along (a metric, not a term): the binary head's share of
// right answers, measured at evaluation only.
// moeAux is a term too, the sum of the MoE layers' load-balancing losses
// (Megatron's MoEAuxLossAutoScaler adds their gradients), but it is logged on
// its own as Megatron logs it, so total() is the model's loss. moeLayers
// counts the layers in that sum; both add up over pipeline stages, and
// loadBalancingLoss() is Megatron's logged value, the mean over MoE layers.
struct LossTerms {
  double lm = 0, sop = 0, sopAccuracy = 0, moeAux = 0, moeLayers = 0;
  double total() const { return lm + sop; }
  double loadBalancingLoss() const { return moeLayers > 0 ? moeAux / moeLayers : 0.0; }
  LossTerms &operator+=(const LossTerms &o) {
    lm += o.lm;
    sop += o.sop;
    sopAccuracy += o.sopAccuracy;
    moeAux += o.moeAux;
    moeLayers += o.moeLayers;
    return *this;
  }
  LossTerms scaled(double f) const {
    return {lm * f, sop * f, sopAccuracy * f, moeAux * f, moeLayers * f};
  }
};

} // namespace mtc::runtime
