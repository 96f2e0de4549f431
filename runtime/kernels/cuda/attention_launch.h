// Launch-side helpers shared by the two attention implementations
// (attention.cu on CUDA cores, flash_attention.cu on tensor cores).
#pragma once
#include "kernels/cuda/CudaCheck.h"
#include "kernels/kernels.h"

#include <cstddef>
#include <type_traits>
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

// The entry points' common frame: the shape check, nothing for an empty
// problem, launch(std::integral_constant<int, DMAX>) with DMAX = 64 or 128
// (the bound of the head dimension the kernels are compiled for), then the
// launch check.
template <class Launch>
void launchByHeadDim(const char *kernel, const AttentionShape &a, Launch &&launch) {
  checkAttentionShape(kernel, a);
  if (a.batch == 0 || a.seq == 0)
    return;
  if (a.headDim <= 64)
    launch(std::integral_constant<int, 64>());
  else
    launch(std::integral_constant<int, 128>());
  checkLaunch(kernel);
}

} // namespace mtc::kernels::cuda
