// fp32 -> bf16/fp16 operand copies for the tensor-core GEMMs (GemmOperands.h).
// Four elements per thread (a 16-byte load, an 8-byte store) where the input
// is 16-byte aligned, else one: this kernel only moves bytes.
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/GemmOperands.h"
#include "kernels/math/precision.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {
namespace {

constexpr int kThreads = 256;

__device__ inline uint16_t toHalfBits(float v, bool bf16) {
  return bf16 ? floatToBf16(v) : floatToFp16(v);
}

__global__ void gemmOperandKernel(const float *x, uint16_t *out, int64_t n, bool bf16) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = toHalfBits(x[i], bf16);
}

__global__ void gemmOperandKernel4(const float4 *x, uint2 *out, int64_t quads, bool bf16) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < quads; i += stride) {
    const float4 v = x[i];
    uint2 packed;
    packed.x = uint32_t(toHalfBits(v.x, bf16)) | uint32_t(toHalfBits(v.y, bf16)) << 16;
    packed.y = uint32_t(toHalfBits(v.z, bf16)) | uint32_t(toHalfBits(v.w, bf16)) << 16;
    out[i] = packed;
  }
}

unsigned gridFor(int64_t n) {
  const int64_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(blocks < 65535 * 32 ? (blocks > 0 ? blocks : 1) : 65535 * 32);
}

} // namespace

void toGemmOperand(const float *x, void *out, int64_t n, gpu::GemmDataType type,
                   cudaStream_t stream) {
  if (n < 0)
    throw std::invalid_argument("cuda::toGemmOperand: n must be >= 0 (got " +
                                std::to_string(n) + ")");
  if (type == gpu::GemmDataType::F32)
    throw std::invalid_argument("cuda::toGemmOperand: the target type must be bf16 or fp16");
  if (reinterpret_cast<uintptr_t>(out) % 8 != 0)
    throw std::invalid_argument("cuda::toGemmOperand: the output must be 8-byte aligned");
  if (n == 0)
    return;
  const bool bf16 = type == gpu::GemmDataType::BF16;
  auto *dst = static_cast<uint16_t *>(out);
  int64_t done = 0;
  if (reinterpret_cast<uintptr_t>(x) % 16 == 0 && n >= 4) {
    const int64_t quads = n / 4;
    gemmOperandKernel4<<<gridFor(quads), kThreads, 0, stream>>>(
        reinterpret_cast<const float4 *>(x), reinterpret_cast<uint2 *>(dst), quads, bf16);
    checkLaunch("cuda::toGemmOperand");
    done = quads * 4;
  }
  if (done < n) {
    gemmOperandKernel<<<gridFor(n - done), kThreads, 0, stream>>>(x + done, dst + done,
                                                                 n - done, bf16);
    checkLaunch("cuda::toGemmOperand");
  }
}

} // namespace mtc::kernels::cuda
