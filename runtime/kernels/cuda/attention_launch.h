// Launch-side helpers shared by the two attention implementations
// (attention.cu on CUDA cores, flash_attention.cu on tensor cores).
#pragma once
#include "kernels/cuda/CudaCheck.h"
#include "kernels/kernels.h"

#include <cstddef>
#include <cuda_runtime_api.h>

namespace mtc::kernels::cuda {

// Throws std::invalid_argument naming `kernel` for a shape neither
// implementation runs (head dimension above 128 included).
void checkAttentionShape(const char *kernel, const AttentionShape &a);

// rowDot[b, h, i] = rowsum(dO * O): backward's D term (batch * heads * seq).
void attentionRowDot(const AttentionShape &a, const float *out, const float *dout,
                     float *rowDot, cudaStream_t stream);

// Above 48 KiB of dynamic shared memory a kernel must opt in; idempotent and cheap.
template <class Kernel> void allowSharedMemory(Kernel kernel, size_t bytes) {
  if (bytes > 48 * 1024)
    checkCuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(bytes)),
              "cudaFuncSetAttribute(attention shared memory)");
}

} // namespace mtc::kernels::cuda
