// Mixture-of-experts routing, dispatch and combine on the GPU (kernels.h),
// launched by name. Routing runs math/moe.h per token, as the host does; the
// dispatch is a stable counting sort (one block per expert scans the entries
// in order, then every entry adds its expert's offset), so the permuted
// layout is the host's bit for bit. Gathers and weighted sums keep the
// host's order per element; the two reductions (dweights, prob sums) add in
// another order.
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/DeviceKernels.h"
#include "kernels/cuda/launch_checks.h"
#include "kernels/kernels.h"
#include "kernels/math/moe.h"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kWarp = 32;

void requireRouting(const char *kernel, int64_t N, int64_t E, int64_t k) {
  require(N >= 0, kernel, "N must be >= 0 (got " + std::to_string(N) + ")");
  require(E > 0, kernel, "E must be > 0 (got " + std::to_string(E) + ")");
  require(k >= 1 && k <= E, kernel,
          "k must be in [1, E = " + std::to_string(E) + "] (got " + std::to_string(k) + ")");
}

#define MTC_GRID_STRIDE_LOOP(i, n)                                                             \
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < (n);                    \
       i += int64_t(gridDim.x) * blockDim.x)

__global__ void routeKernel(MoeRoute a) {
  MTC_GRID_STRIDE_LOOP(t, a.N)
  math::moeRouteRow(a.logits + t * a.E, a.E, a.k, a.probs + t * a.E, a.experts + t * a.k,
                    a.weights + t * a.k);
}

__global__ void routeBackwardKernel(MoeRouteBackward a) {
  MTC_GRID_STRIDE_LOOP(t, a.N)
  math::moeRouteBackwardRow(a.probs + t * a.E, a.experts + t * a.k, a.weights + t * a.k,
                            a.dweights ? a.dweights + t * a.k : nullptr,
                            a.auxGrad ? a.auxGrad + t * a.auxGradStride : nullptr, a.E, a.k,
                            a.dlogits + t * a.E);
}

// Exclusive prefix sum of one flag per thread over the block; *total gets the
// sum. Every thread of the block must call it.
__device__ int blockExclusiveScan(int flag, int *scratch, int *total) {
  scratch[threadIdx.x] = flag;
  __syncthreads();
  for (int offset = 1; offset < kThreads; offset *= 2) {
    const int add = threadIdx.x >= offset ? scratch[threadIdx.x - offset] : 0;
    __syncthreads();
    scratch[threadIdx.x] += add;
    __syncthreads();
  }
  const int inclusive = scratch[threadIdx.x];
  *total = scratch[kThreads - 1];
  __syncthreads(); // scratch is reused by the next call
  return inclusive - flag;
}

// Block e: expert e's entries in order. rowOf gets each kept entry's rank
// among the expert's kept entries (dispatchPlaceKernel adds the offset).
__global__ void __launch_bounds__(kThreads) dispatchCountKernel(MoeDispatch a) {
  __shared__ int scratch[kThreads];
  const int32_t e = static_cast<int32_t>(blockIdx.x);
  const int64_t entries = a.N * a.k;
  int routedBase = 0, keptBase = 0;
  for (int64_t start = 0; start < entries; start += kThreads) {
    const int64_t i = start + threadIdx.x;
    const bool mine = i < entries && a.experts[i] == e;
    int total = 0;
    const int routedRank = routedBase + blockExclusiveScan(mine, scratch, &total);
    routedBase += total;
    bool keep = mine;
    if (mine && a.capacity > 0) {
      if (a.dropByPosition) {
        keep = routedRank < a.capacity;
      } else {
        // Quadratic in the entries: only with a capacity and the probs policy.
        int64_t before = 0;
        for (int64_t o = 0; o < entries && before < a.capacity; ++o)
          before += a.experts[o] == e &&
                    math::moeKeptBefore(a.weights[o], o / a.k, a.weights[i], i / a.k, false);
        keep = before < a.capacity;
      }
    }
    const int keptRank = keptBase + blockExclusiveScan(keep, scratch, &total);
    keptBase += total;
    if (mine)
      a.rowOf[i] = keep ? keptRank : -1;
  }
  if (threadIdx.x == 0) {
    a.routed[e] = routedBase;
    a.kept[e] = keptBase;
  }
}

__global__ void dispatchPlaceKernel(MoeDispatch a) {
  const int64_t entries = a.N * a.k;
  MTC_GRID_STRIDE_LOOP(i, entries) {
    const int32_t rank = a.rowOf[i];
    if (rank < 0)
      continue;
    int64_t first = 0;
    for (int32_t f = 0; f < a.experts[i]; ++f)
      first += a.kept[f];
    const auto row = static_cast<int32_t>(first + rank);
    a.rowOf[i] = row;
    a.entryOf[row] = static_cast<int32_t>(i);
  }
  int64_t used = 0;
  for (int64_t f = 0; f < a.E; ++f)
    used += a.kept[f];
  for (int64_t r = used + blockIdx.x * int64_t(blockDim.x) + threadIdx.x; r < a.rows;
       r += int64_t(gridDim.x) * blockDim.x)
    a.entryOf[r] = -1;
}

__global__ void permuteKernel(MoePermute a) {
  MTC_GRID_STRIDE_LOOP(i, a.rows * a.H) {
    const int64_t r = i / a.H, h = i % a.H;
    const int32_t entry = a.entryOf[r];
    a.xp[i] = entry < 0    ? 0.f
              : a.weights ? a.weights[entry] * a.x[(entry / a.k) * a.H + h]
                          : a.x[(entry / a.k) * a.H + h];
  }
}

// Each token's kept rows summed in pick order, each times its weight (1
// without weights: the permutation's backward), the product rounded before
// the add as on the host.
__global__ void combineKernel(MoeCombine a) {
  MTC_GRID_STRIDE_LOOP(i, a.N * a.H) {
    const int64_t t = i / a.H, h = i % a.H;
    float s = 0.f;
    for (int64_t j = 0; j < a.k; ++j) {
      const int32_t r = a.rowOf[t * a.k + j];
      if (r >= 0)
        s += __fmul_rn(a.weights ? a.weights[t * a.k + j] : 1.f,
                       a.yp[static_cast<int64_t>(r) * a.H + h]);
    }
    a.y[i] = s;
  }
}

// One warp per entry: dy's row . yp's row, in double.
__global__ void combineWeightGradKernel(MoeCombineBackward a) {
  const int64_t warps = int64_t(gridDim.x) * (blockDim.x / kWarp);
  const int lane = threadIdx.x % kWarp;
  for (int64_t entry = blockIdx.x * int64_t(blockDim.x / kWarp) + threadIdx.x / kWarp;
       entry < a.N * a.k; entry += warps) {
    const int32_t r = a.rowOf[entry];
    double s = 0;
    if (r >= 0) {
      const float *d = a.dy + (entry / a.k) * a.H, *y = a.yp + static_cast<int64_t>(r) * a.H;
      for (int64_t h = lane; h < a.H; h += kWarp)
        s += static_cast<double>(d[h]) * y[h];
    }
    for (int o = kWarp / 2; o > 0; o /= 2)
      s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0)
      a.dweights[entry] = static_cast<float>(s);
  }
}

// Block e sums column e over the rows, in double.
__global__ void __launch_bounds__(kThreads) probSumsKernel(MoeProbSums a) {
  __shared__ double partial[kThreads];
  const int64_t e = blockIdx.x;
  double s = 0;
  for (int64_t t = threadIdx.x; t < a.N; t += kThreads)
    s += a.probs[t * a.E + e];
  partial[threadIdx.x] = s;
  __syncthreads();
  for (int half = kThreads / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    a.sums[e] = static_cast<float>(partial[0]);
}

// One thread per token.
template <typename Args>
void launchPerToken(void (*kernel)(Args), const Args &a, const char *name, cudaStream_t stream) {
  requireRouting(name, a.N, a.E, a.k);
  if (a.N == 0)
    return;
  kernel<<<gridFor(a.N), kThreads, 0, stream>>>(a);
  checkLaunch(name);
}

void route(const MoeRoute &a, cudaStream_t stream) {
  launchPerToken(routeKernel, a, "cuda::moeRoute", stream);
}
void routeBackward(const MoeRouteBackward &a, cudaStream_t stream) {
  launchPerToken(routeBackwardKernel, a, "cuda::moeRouteBackward", stream);
}

void dispatch(const MoeDispatch &a, cudaStream_t stream) {
  const char *kernel = "cuda::moeDispatch";
  requireRouting(kernel, a.N, a.E, a.k);
  require(a.capacity >= 0, kernel, "capacity must be >= 0");
  const int64_t entries = a.N * a.k;
  require(entries <= INT32_MAX, kernel, "N k entries exceed int32 row indices");
  require(a.E <= 65535, kernel, "E must be <= 65535 (one block per expert)");
  require(a.capacity == 0 || a.dropByPosition || a.weights, kernel,
          "the \"probs\" drop policy needs the weights");
  const int64_t needed = a.capacity > 0 ? std::min(entries, a.E * a.capacity) : entries;
  require(a.rows >= needed, kernel,
          "rows must hold every kept entry (" + std::to_string(needed) + "; got " +
              std::to_string(a.rows) + ")");
  dispatchCountKernel<<<static_cast<unsigned>(a.E), kThreads, 0, stream>>>(a);
  checkLaunch(kernel);
  dispatchPlaceKernel<<<gridFor(std::max(entries, a.rows)), kThreads, 0, stream>>>(a);
  checkLaunch(kernel);
}

// The sizes of a gather over `rows` rows of H, each naming itself.
void checkRows(const char *kernel, const char *what, int64_t rows, int64_t k, int64_t H) {
  requireNonNegative(kernel, what, rows);
  requirePositive(kernel, "k", k);
  requirePositive(kernel, "H", H);
}

// One thread per element of `rows` x H.
template <typename Args>
void launchElements(void (*kernel)(Args), const Args &a, const char *name, const char *what,
                    int64_t rows, cudaStream_t stream) {
  checkRows(name, what, rows, a.k, a.H);
  if (rows == 0)
    return;
  kernel<<<gridFor(rows * a.H), kThreads, 0, stream>>>(a);
  checkLaunch(name);
}

void permute(const MoePermute &a, cudaStream_t stream) {
  launchElements(permuteKernel, a, "cuda::moePermute", "rows", a.rows, stream);
}
void permuteBackward(const MoePermuteBackward &a, cudaStream_t stream) {
  const MoeCombine sum{a.dxp, a.rowOf, nullptr, a.dx, a.N, a.k, a.H};
  launchElements(combineKernel, sum, "cuda::moePermuteBackward", "N", a.N, stream);
}
void combine(const MoeCombine &a, cudaStream_t stream) {
  launchElements(combineKernel, a, "cuda::moeCombine", "N", a.N, stream);
}

void combineBackward(const MoeCombineBackward &a, cudaStream_t stream) {
  checkRows("cuda::moeCombineBackward", "N", a.N, a.k, a.H);
  const MoePermute rows{a.dy, a.entryOf, a.dyp, a.rows, a.k, a.H, a.weights};
  launchElements(permuteKernel, rows, "cuda::moeCombineBackward", "rows", a.rows, stream);
  if (a.N > 0) {
    combineWeightGradKernel<<<gridFor(a.N * a.k * kWarp), kThreads, 0, stream>>>(a);
    checkLaunch("cuda::moeCombineBackward");
  }
}

void probSums(const MoeProbSums &a, cudaStream_t stream) {
  requireNonNegative("cuda::moeProbSums", "N", a.N);
  require(a.E > 0 && a.E <= 65535, "cuda::moeProbSums",
          "E must be in [1, 65535] (one block per expert; got " + std::to_string(a.E) + ")");
  probSumsKernel<<<static_cast<unsigned>(a.E), kThreads, 0, stream>>>(a);
  checkLaunch("cuda::moeProbSums");
}

const DeviceKernelRegistration moeRegistered[] = {
    registerDeviceKernel<MoeRoute, route>(),
    registerDeviceKernel<MoeRouteBackward, routeBackward>(),
    registerDeviceKernel<MoeDispatch, dispatch>(),
    registerDeviceKernel<MoePermute, permute>(),
    registerDeviceKernel<MoePermuteBackward, permuteBackward>(),
    registerDeviceKernel<MoeCombine, combine>(),
    registerDeviceKernel<MoeCombineBackward, combineBackward>(),
    registerDeviceKernel<MoeProbSums, probSums>(),
};

} // namespace
} // namespace mtc::kernels::cuda
