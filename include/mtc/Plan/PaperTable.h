//===- PaperTable.h - Published runs the cost model is checked on -*- C++ -*-===//
//
// The measured reference the cost model is checked against: GPT models on
// A100-80GB, 8 per node, fp16, full recomputation, seq 2048, vocab 51200
// (Narayanan et al. 2021, Table 1); and Llama 3 405B's 8K and 128K-token
// runs on H100s (Dubey et al. 2024, Table 4), the context-parallel check.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_PAPERTABLE_H
#define MTC_PLAN_PAPERTABLE_H

#include "mtc/Plan/ParallelConfig.h"

#include <string>
#include <vector>

namespace mtc {

struct PaperRow {
  std::string label; ///< the paper's parameter count, e.g. "1.7B"
  ModelShape model;
  ParallelConfig config;
  int gpus = 0;
  double measuredTflopsPerGpu = 0;
};

const std::vector<PaperRow> &narayananTable1();

/// Dubey et al. 2024, "The Llama 3 Herd of Models" (arXiv 2407.21783),
/// Table 4: Llama 3 405B pre-training on H100-80GB (8 per node, bf16),
/// 16M tokens per batch, TFLOP/s per GPU as published. The model is the
/// 405B's LLaMA layer: 126 layers, hidden 16384, 128 heads, 8 key/value
/// heads, a SwiGLU MLP of 53248, vocabulary 128256, untied (405.85B
/// parameters). The paper does not print the
/// interleaving depth, recomputation or micro-batch size; the rows give the
/// published t, cp, p, d with micro-batch 1, sequence parallelism, the
/// distributed optimizer (FSDP's sharded optimizer state) and flash
/// attention.
struct LongContextRow {
  std::string label; ///< "405B, seq 8192, 16384 GPUs"
  ModelShape model;
  ParallelConfig config;
  int gpus = 0;
  double publishedTflopsPerGpu = 0;
};

const std::vector<LongContextRow> &llama3Table4();

} // namespace mtc

#endif // MTC_PLAN_PAPERTABLE_H
