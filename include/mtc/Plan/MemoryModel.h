//===- MemoryModel.h - Predicted bytes per GPU ------------------*- C++ -*-===//
//
// Mixed-precision training state per parameter: fp16/bf16 weight (2 bytes),
// fp32 gradient (4), fp32 master weight + Adam moments (12) = 18 bytes; the
// distributed optimizer shards the 12 over d: 6 + 12/d.
//
// Activations follow Korthikanti et al. 2022 (bytes per layer per micro-batch,
// f = MLP size, 34 = 18 + 4f/h for f = 4h):
//   no parallelism        sbh(18 + 4f/h) + 5as^2b
//   tensor parallel       sbh(10 + (8 + 4f/h)/t) + 5as^2b/t
//   + sequence parallel   (sbh(18 + 4f/h) + 5as^2b)/t
//   selective recompute   drops the 5as^2b term
//   full recompute        2sbh (2sbh/t with sequence parallelism) kept per
//                         layer, plus one layer's full activations while it
//                         is recomputed
// The first stage holds p micro-batches in flight (1F1B) for its L/p layers,
// i.e. L layers' worth; interleaving multiplies that by 1 + (p-1)/(p v).
// Both the first stage (embedding, most activations) and the last stage
// (output projection, logits) are evaluated; the larger one is reported.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_MEMORYMODEL_H
#define MTC_PLAN_MEMORYMODEL_H

#include "mtc/Plan/ParallelConfig.h"

namespace mtc {

struct MemoryBreakdown {
  int stage = 0;            ///< pipeline stage the figures describe
  double params = 0;        ///< parameters held by one GPU of that stage
  double weights = 0;       ///< bytes
  double gradients = 0;     ///< bytes
  double optimizer = 0;     ///< bytes
  double activations = 0;   ///< bytes
  double reserved = 0;      ///< workspaces, communication buffers, fragmentation
  double total() const {
    return weights + gradients + optimizer + activations + reserved;
  }
};

/// Fixed per-GPU reserve: cuBLAS workspace, NCCL buffers, allocator slack.
constexpr double kMemoryReserveBytes = 2.0 * 1024 * 1024 * 1024;

/// The heavier of the first and the last stage. `config` must be valid.
MemoryBreakdown predictMemory(const ModelShape &model,
                              const ParallelConfig &config);

/// Activation bytes of one transformer layer for one micro-batch as kept
/// until its backward (the per-layer formulas above, without the recompute
/// working set).
double layerActivationBytes(const ModelShape &model, const ParallelConfig &config);

} // namespace mtc

#endif // MTC_PLAN_MEMORYMODEL_H
