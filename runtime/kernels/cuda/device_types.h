// Plain types and sizes shared by the CUDA kernels and the host-side layout
// code, without CUDA headers (the layout code builds and is tested on
// machines without the toolkit).
#pragma once
#include <cstdint>

namespace mtc::kernels::cuda {

constexpr int kNormPartialCount = 1024; // blocks of the sum-of-squares pass
constexpr int64_t kNormPartialsBytes = kNormPartialCount * int64_t(sizeof(double));

// A chunk of the flat parameter array for the fused AdamW launch (one block
// per chunk), with its parameter's weight-decay flag.
struct AdamChunk {
  int64_t offset;
  int32_t count;
  int32_t decay; // 1: apply the step's weight decay
};

} // namespace mtc::kernels::cuda
