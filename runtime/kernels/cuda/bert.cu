// BERT's extra GPU kernels: the token-type embedding and the pooler's [CLS]
// pick and tanh, each thread running math/bert.h.
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/math/bert.h"

#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {
namespace {
constexpr int kThreads = 256;

unsigned blocksFor(int64_t n) {
  int64_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(blocks < 65535 * 32 ? (blocks > 0 ? blocks : 1) : 65535 * 32);
}

void checkTokenTypes(const char *kernel, const TokenTypeShape &t) {
  if (t.batch < 0 || t.seq < 0 || t.hidden <= 0 || t.typeCount <= 0 || t.offset < 0 ||
      t.offset + t.seq > t.idsSeq)
    throw std::invalid_argument(std::string(kernel) + ": bad token-type shape (batch " +
                                std::to_string(t.batch) + ", seq " + std::to_string(t.seq) +
                                ", offset " + std::to_string(t.offset) + ", ids " +
                                std::to_string(t.idsSeq) + ")");
}

__global__ void tokenTypeAddKernel(TokenTypeShape t, const float *x, const int32_t *types,
                                   const float *table, float *y) {
  int64_t total = t.batch * t.seq * t.hidden;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t r = e / t.hidden, h = e % t.hidden;
    int64_t row = math::tokenTypeRow(types, r / t.seq, r % t.seq, t.idsSeq, t.offset,
                                     t.typeCount);
    y[e] = x[e] + (row >= 0 ? table[row * t.hidden + h] : 0.0f);
  }
}

// One thread per (type, column), positions in order: deterministic sums.
__global__ void tokenTypeAddBackwardKernel(TokenTypeShape t, const int32_t *types,
                                           const float *dy, float *dtable) {
  int64_t total = t.typeCount * t.hidden;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t type = e / t.hidden, h = e % t.hidden;
    float sum = 0.0f;
    for (int64_t r = 0; r < t.batch * t.seq; ++r)
      if (math::tokenTypeRow(types, r / t.seq, r % t.seq, t.idsSeq, t.offset, t.typeCount) ==
          type)
        sum += dy[r * t.hidden + h];
    dtable[e] += sum;
  }
}

__global__ void firstTokenKernel(const float *x, float *y, int64_t B, int64_t S, int64_t H,
                                 bool owner) {
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < B * H;
       e += int64_t(gridDim.x) * blockDim.x)
    y[e] = owner ? x[(e / H) * S * H + e % H] : 0.0f;
}

__global__ void firstTokenBackwardKernel(const float *dy, float *dx, int64_t B, int64_t S,
                                         int64_t H, bool owner) {
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < B * S * H;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t b = e / (S * H), s = (e / H) % S, h = e % H;
    dx[e] = owner && s == 0 ? dy[b * H + h] : 0.0f;
  }
}

__global__ void tanhKernel(const float *x, float *y, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    y[i] = math::tanhForward(x[i]);
}

__global__ void tanhBackwardKernel(const float *y, const float *dy, float *dx, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    dx[i] = math::tanhGradFromOutput(y[i], dy[i]);
}
} // namespace

void tokenTypeAdd(const TokenTypeShape &t, const float *x, const int32_t *types,
                  const float *table, float *y, cudaStream_t stream) {
  checkTokenTypes("tokenTypeAdd", t);
  int64_t n = t.batch * t.seq * t.hidden;
  if (n == 0)
    return;
  tokenTypeAddKernel<<<blocksFor(n), kThreads, 0, stream>>>(t, x, types, table, y);
  checkLaunch("cuda::tokenTypeAdd");
}

void tokenTypeAddBackward(const TokenTypeShape &t, const int32_t *types, const float *dy,
                          float *dtable, cudaStream_t stream) {
  checkTokenTypes("tokenTypeAddBackward", t);
  int64_t n = t.typeCount * t.hidden;
  tokenTypeAddBackwardKernel<<<blocksFor(n), kThreads, 0, stream>>>(t, types, dy, dtable);
  checkLaunch("cuda::tokenTypeAddBackward");
}

void firstToken(const float *x, float *y, int64_t B, int64_t S, int64_t H, bool owner,
                cudaStream_t stream) {
  if (B * H == 0)
    return;
  firstTokenKernel<<<blocksFor(B * H), kThreads, 0, stream>>>(x, y, B, S, H, owner);
  checkLaunch("cuda::firstToken");
}

void firstTokenBackward(const float *dy, float *dx, int64_t B, int64_t S, int64_t H, bool owner,
                        cudaStream_t stream) {
  if (B * S * H == 0)
    return;
  firstTokenBackwardKernel<<<blocksFor(B * S * H), kThreads, 0, stream>>>(dy, dx, B, S, H,
                                                                         owner);
  checkLaunch("cuda::firstTokenBackward");
}

void tanhForward(const float *x, float *y, int64_t n, cudaStream_t stream) {
  if (n == 0)
    return;
  tanhKernel<<<blocksFor(n), kThreads, 0, stream>>>(x, y, n);
  checkLaunch("cuda::tanhForward");
}

void tanhBackward(const float *y, const float *dy, float *dx, int64_t n, cudaStream_t stream) {
  if (n == 0)
    return;
  tanhBackwardKernel<<<blocksFor(n), kThreads, 0, stream>>>(y, dy, dx, n);
  checkLaunch("cuda::tanhBackward");
}

} // namespace mtc::kernels::cuda
