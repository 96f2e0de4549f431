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

namespace mtc {
/// How the caller's options are spelled in messages: the partition's
/// {stages, chunks, balance}, the check's {pp, vp, pipeline-balance}.
struct LayoutOptionNames {
  llvm::StringRef pp, vp, balance;
};

/// Why `layers` layers cannot be placed in `p` x `v` chunks of at least one
/// layer each, given `layersPerChunk` (explicit, in model order) or
/// `balance` ("even" or "cost"), with what to change; nothing when they can.
std::optional<std::string> layerLayoutProblem(int64_t layers, int64_t p, int64_t v,
                                              llvm::ArrayRef<int64_t> layersPerChunk,
                                              llvm::StringRef balance,
                                              const LayoutOptionNames &names);
} // namespace mtc

#endif // MTC_LIB_TRANSFORMS_LAYERLAYOUT_H
