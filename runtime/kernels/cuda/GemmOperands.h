// The 16-bit copies of fp32 GEMM operands that bf16/fp16 tensor-core matmuls
// read (LtGemm with GemmDataType BF16 / F16). The fp32 values were already
// rounded to the storage type by the precision emulation, so the copy is
// exact; it uses the same rounding (math/precision.h) in any case.
#pragma once
#include "kernels/cuda/GemmPlan.h"

#include <cstdint>

#include <cuda_runtime_api.h>

namespace mtc::kernels::cuda {

// out[i] = x[i] in `type` (BF16 or F16) for i < n; out 8-byte aligned.
void toGemmOperand(const float *x, void *out, int64_t n, gpu::GemmDataType type,
                   cudaStream_t stream);

} // namespace mtc::kernels::cuda
