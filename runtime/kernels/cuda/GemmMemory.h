// GPU memory the GEMMs of a plan need beside its buffers, for the memory
// prediction mtc-compile --target=cuda prints: cuBLASLt's workspace and the
// 16-bit operand copies of bf16/fp16 runs (docs/gpu.md "GEMMs"). Pure C++.
#pragma once
#include "kernels/cuda/GemmPlan.h"
#include "plan.pb.h"

#include <cstdint>

namespace mtc::kernels::gpu {

struct GemmMemory {
  int64_t workspaceBytes = kGemmWorkspaceBytes;
  // The backend's operand scratch grows to the largest linear step's A and B
  // copies; 0 for fp32 plans and for plans that store their activations in
  // 16 bits (the GEMMs read them and the 16-bit weight copy as stored). With
  // pipeline stages: the largest stage's.
  int64_t operandScratchBytes = 0;
  // Plans that store 16 bits: the GEMMs write fp32 into backend scratch that
  // is then rounded into the 16-bit output (CudaBackend's typed linear
  // steps): the largest linear step's output in fp32.
  int64_t outputStagingBytes = 0;
  int64_t total() const { return workspaceBytes + operandScratchBytes + outputStagingBytes; }
};

// For a plan stored in `precision` ("fp32", "bf16", "fp16"; empty: fp32).
// Throws std::invalid_argument on a linear step whose weight or input the
// plan does not describe.
GemmMemory predictGemmMemory(const pb::Plan &plan, const std::string &precision);

} // namespace mtc::kernels::gpu
