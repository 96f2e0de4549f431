//===- PaperTable.h - Narayanan et al. 2021, Table 1 ------------*- C++ -*-===//
//
// The measured reference the cost model is checked against: GPT models on
// A100-80GB, 8 per node, fp16, full recomputation, seq 2048, vocab 51200.
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

} // namespace mtc

#endif // MTC_PLAN_PAPERTABLE_H
