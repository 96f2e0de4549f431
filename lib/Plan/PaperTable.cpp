//===- PaperTable.cpp - The ten rows of Narayanan et al. 2021, Table 1 ----===//
#include "mtc/Plan/PaperTable.h"

namespace mtc {

namespace {
PaperRow row(const char *label, int heads, int hidden, int layers, int t, int p,
             int gpus, int batch, int micro, int layersPerVirtualStage,
             double tflops) {
  PaperRow r;
  r.label = label;
  r.model = ModelShape{layers, hidden, heads, 4 * hidden, 51200, 2048, true};
  r.gpus = gpus;
  r.config.tp = t;
  r.config.pp = p;
  r.config.dp = gpus / (t * p);
  // The interleave column gives layers per virtual stage: v = l / (p * that).
  r.config.vp = layersPerVirtualStage > 0 ? layers / (p * layersPerVirtualStage) : 1;
  r.config.microBatch = micro;
  r.config.globalBatch = batch;
  r.config.recompute = Recompute::Full;
  r.config.sequenceParallel = false;
  r.config.distributedOptimizer = false;
  r.measuredTflopsPerGpu = tflops;
  return r;
}
} // namespace

const std::vector<PaperRow> &narayananTable1() {
  static const std::vector<PaperRow> rows = {
      row("1.7B", 24, 2304, 24, 1, 1, 32, 512, 16, 0, 137),
      row("3.6B", 32, 3072, 30, 2, 1, 64, 512, 16, 0, 138),
      row("7.5B", 32, 4096, 36, 4, 1, 128, 512, 16, 0, 142),
      row("18.4B", 48, 6144, 40, 8, 1, 256, 1024, 8, 0, 135),
      row("39.1B", 64, 8192, 48, 8, 2, 512, 1536, 4, 0, 138),
      row("76.1B", 80, 10240, 60, 8, 4, 1024, 1792, 2, 5, 140),
      row("145.6B", 96, 12288, 80, 8, 8, 1536, 2304, 2, 5, 148),
      row("310.1B", 128, 16384, 96, 8, 16, 1920, 2160, 1, 3, 155),
      row("529.6B", 128, 20480, 105, 8, 35, 2520, 2520, 1, 1, 163),
      row("1008B", 160, 25600, 128, 8, 64, 3072, 3072, 1, 0, 163),
  };
  return rows;
}

namespace {
// Layers per stage: "we reduce one Transformer layer each from the first and
// the last stages" (Dubey et al. 2024, section 3.3.2): 7 + 14 x 8 + 7 = 126.
LongContextRow llama3Row(int gpus, int cp, int dp, int seq, double tflops) {
  LongContextRow r;
  r.model = ModelShape{126, 16384, 128, 53248, 128256, seq, /*tied=*/false, "llama", 8};
  r.gpus = gpus;
  r.config.tp = 8;
  r.config.cp = cp;
  r.config.pp = 16;
  r.config.dp = dp;
  r.config.microBatch = 1;
  r.config.globalBatch = static_cast<int>((16LL << 20) / seq); // 16M tokens
  r.config.sequenceParallel = true;
  r.config.distributedOptimizer = true;
  r.config.flashAttention = true;
  r.config.layersPerChunk = {7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7};
  r.publishedTflopsPerGpu = tflops;
  r.label = "405B, seq " + std::to_string(seq) + ", " + std::to_string(gpus) + " GPUs";
  return r;
}
} // namespace

const std::vector<LongContextRow> &llama3Table4() {
  // t * cp * p * d = GPUs: the 128K row's d is 16384 / (8 * 16 * 16) = 8,
  // 16 of its 128 sequences per data-parallel replica.
  static const std::vector<LongContextRow> rows = {
      llama3Row(8192, 1, 64, 8192, 430),
      llama3Row(16384, 1, 128, 8192, 400),
      llama3Row(16384, 16, 8, 131072, 380),
  };
  return rows;
}

} // namespace mtc
