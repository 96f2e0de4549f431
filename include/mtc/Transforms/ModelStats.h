//===- ModelStats.h - parameter, FLOP and byte counts of a model --*- C++ -*-===//
#ifndef MTC_TRANSFORMS_MODELSTATS_H
#define MTC_TRANSFORMS_MODELSTATS_H

#include "mtc/MtcDialect.h"
#include "mtc/Plan/ModelShape.h"

#include "mlir/IR/BuiltinOps.h"
#include <string>
#include <vector>

namespace mtc {
/// One row of the report: a transformer layer, or a parameter outside layers.
struct StatsGroup {
  std::string name;
  int64_t params = 0;
  /// Forward matrix-multiply FLOPs per micro-batch (2 per multiply-add).
  int64_t forwardFlops = 0;
  /// Bytes of the activations the group's forward produces per micro-batch.
  int64_t activationBytes = 0;
};

struct ModelStats {
  std::vector<StatsGroup> groups;
  int64_t params = 0;
  int64_t forwardFlops = 0;
  int64_t activationBytes = 0;
  /// Parameters a token's forward reads: with mixtures of experts, each
  /// layer's router and k of its E experts (params otherwise). The FLOPs are
  /// already the active path's: the grouped GEMMs run on the N k routed rows.
  int64_t activeParams = 0;
};

/// Counts over the @forward function (or @train_step) of `module`; a count
/// that overflows int64 is an error at the op that overflowed it.
mlir::FailureOr<ModelStats> computeModelStats(mlir::ModuleOp module);

/// The planner's view of a model (lib/Plan links no MLIR): the sizes of its
/// #mtc.model (`module`'s), with the padded vocabulary and its key/value
/// heads. GPT and BERT tie the output layer to the embedding; a LLaMA-family
/// model does unless it has an `lm_head.weight` (mtc-import's untied output).
/// Mixture-of-experts layers (mtc.moe_dispatch) set experts and topk.
ModelShape modelShapeOf(mlir::ModuleOp module, ModelAttr model);
} // namespace mtc

#endif // MTC_TRANSFORMS_MODELSTATS_H
