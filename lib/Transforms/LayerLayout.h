//===- LayerLayout.h - which pipeline layouts a model takes ------*- C++ -*-===//
//
// Private to lib/Transforms. --mtc-pipeline-partition places the layers in
// pp x vp chunks evenly, as an explicit layers-per-chunk list, or balanced
// by cost; --mtc-verify-config checks the same layout with the same rule, so
// it neither refuses an uneven layout the partition builds nor accepts one
// it refuses.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_LIB_TRANSFORMS_LAYERLAYOUT_H
#define MTC_LIB_TRANSFORMS_LAYERLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace mtc {
/// How the caller's options are spelled in messages: the partition's
/// {stages, chunks, balance}, the check's {pp, vp, pipeline-balance}. Both
/// spell Megatron-LM's first/last stage options as mtc-compile does.
struct LayoutOptionNames {
  llvm::StringRef pp, vp, balance;
};

/// The layout asked for: explicit layers per chunk (in model order), the
/// first and last stage's layers (Megatron-LM's; 0: not given), or a
/// balance ("even" or "cost"). At most one of the three kinds.
struct LayerLayoutRequest {
  llvm::ArrayRef<int64_t> layersPerChunk;
  int64_t firstStageLayers = 0, lastStageLayers = 0;
  llvm::StringRef balance = "even";

  bool firstOrLast() const { return firstStageLayers != 0 || lastStageLayers != 0; }
};

/// Why `layers` layers cannot be placed in `p` x `v` chunks of at least one
/// layer each as `request` asks, with what to change; nothing when they can.
std::optional<std::string> layerLayoutProblem(int64_t layers, int64_t p, int64_t v,
                                              const LayerLayoutRequest &request,
                                              const LayoutOptionNames &names);

/// The layers per chunk an explicit or first/last request gives, in model
/// order; empty for a balance. Only for a request layerLayoutProblem passed.
std::vector<int> requestedLayerCounts(int64_t layers, int64_t p, int64_t v,
                                      const LayerLayoutRequest &request);
} // namespace mtc

#endif // MTC_LIB_TRANSFORMS_LAYERLAYOUT_H
