// mtc-moe-gpu-bench [--reps N]: the mixture-of-experts kernels (moe.cu,
// launched by name as the steps will) at the shapes people train with, each
// timed beside a device-to-device cudaMemcpy of the bytes it must move at
// least, in the same run: the gathers and sums are memory-bound, so the copy
// is their ceiling. Prints per kernel and shape the median microseconds of
// `reps` launches (host-timed after a synchronize), the bytes, GB/s and the
// fraction of the copy's GB/s. Inputs are random logits and activations;
// routing is whatever they give (near uniform).
#include "backends/cuda/CudaBackend.h"
#include "comm/Communicator.h"
#include "kernels/kernels.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace mtc;
using namespace mtc::runtime;

namespace {

struct Shape {
  const char *name;
  int64_t N, E, k, H;
};

// Median seconds of `reps` runs of `work`, each synchronized.
double medianSeconds(Backend &gpu, int reps, const std::function<void()> &work) {
  work(); // warm-up (and first-launch setup)
  gpu.synchronize();
  std::vector<double> times;
  for (int i = 0; i < reps; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    work();
    gpu.synchronize();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

template <typename T> T *upload(Backend &gpu, const std::vector<T> &host) {
  auto *p = static_cast<T *>(gpu.allocate(int64_t(host.size() * sizeof(T)), "moe bench"));
  gpu.toDevice(p, host.data(), int64_t(host.size() * sizeof(T)));
  return p;
}

std::vector<float> randn(int64_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> d(0.f, 1.f);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(gen);
  return v;
}

} // namespace

int main(int argc, char **argv) {
  // Lines reach a pipe as they are printed, also when a later shape fails.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  int reps = 20;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc)
      reps = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--reps N]\n", argv[0]);
      return 2;
    }
  }
  if (reps < 1) {
    std::fprintf(stderr, "mtc-moe-gpu-bench: --reps must be >= 1\n");
    return 2;
  }
  comm::SelfCommunicator self;
  std::unique_ptr<Backend> gpu;
  try {
    gpu = gpu::makeCudaBackend(self);
  } catch (const std::exception &e) {
    std::printf("mtc-moe-gpu-bench: skipped: %s\n", e.what());
    return 0;
  }
  // Mixtral 8x7B with a micro-batch of 1 x 4096 tokens and of 4 x 4096 on a
  // rank; a fine-grained layer (64 experts, top-6, hidden 2048).
  const Shape shapes[] = {{"mixtral b1", 4096, 8, 2, 4096},
                          {"mixtral b4", 16384, 8, 2, 4096},
                          {"E64 top-6", 8192, 64, 6, 2048}};
  std::printf("%-12s %-22s %10s %10s %8s %8s\n", "shape", "kernel", "us", "MB", "GB/s",
              "of copy");
  try {
    for (const Shape &s : shapes) {
      const int64_t N = s.N, E = s.E, k = s.k, H = s.H, rows = N * k;
      float *logits = upload(*gpu, randn(N * E, 1));
      float *x = upload(*gpu, randn(N * H, 2));
      float *yp = upload(*gpu, randn(rows * H, 3));
      float *dy = upload(*gpu, randn(N * H, 4));
      auto f32 = [&](int64_t n) {
        return static_cast<float *>(gpu->allocate(n * 4, "moe bench"));
      };
      auto i32 = [&](int64_t n) {
        return static_cast<int32_t *>(gpu->allocate(n * 4, "moe bench"));
      };
      float *probs = f32(N * E), *weights = f32(rows), *xp = f32(rows * H), *y = f32(N * H);
      float *dyp = f32(rows * H), *dweights = f32(rows), *sums = f32(E), *dlogits = f32(N * E);
      float *aux = f32(E);
      int32_t *experts = i32(rows), *routed = i32(E), *kept = i32(E), *rowOf = i32(rows),
              *entryOf = i32(rows);
      gpu->fill32(aux, 0, E);
      // The copy peer: the same bytes through cudaMemcpy, half read and half
      // written; its buffers hold the largest half below (combine backward's).
      const int64_t peerBytes = 2 * (2 * rows * H + N * H);
      char *copyFrom = static_cast<char *>(gpu->allocate(peerBytes, "moe bench"));
      char *copyTo = static_cast<char *>(gpu->allocate(peerBytes, "moe bench"));
      auto copySeconds = [&](double bytes) {
        const int64_t half = int64_t(bytes / 2);
        if (half > peerBytes)
          throw std::logic_error("the copy peer's buffers hold less than " +
                                 std::to_string(half) + " bytes");
        return medianSeconds(*gpu, reps, [&] {
          // On the default stream, waited for here: the backend's
          // synchronize waits for its own stream only.
          cudaError_t status = cudaMemcpyAsync(copyTo, copyFrom, half, cudaMemcpyDeviceToDevice);
          if (status == cudaSuccess)
            status = cudaStreamSynchronize(nullptr);
          if (status != cudaSuccess)
            throw std::runtime_error(std::string("the copy peer's cudaMemcpyAsync: ") +
                                     cudaGetErrorString(status));
        });
      };
      struct Row {
        const char *kernel;
        double bytes;
        std::function<void()> work;
      };
      const Row rowsToTime[] = {
          {"route", 4.0 * (2 * N * E + 2 * rows),
           [&] { gpu->launch(kernels::MoeRoute{logits, probs, experts, weights, N, E, k}); }},
          {"dispatch", 4.0 * (3 * rows + rows),
           [&] {
             gpu->launch(kernels::MoeDispatch{experts, weights, routed, kept, rowOf, entryOf, N,
                                              E, k, rows, 0, false});
           }},
          {"permute", 8.0 * rows * H,
           [&] { gpu->launch(kernels::MoePermute{x, entryOf, xp, rows, k, H}); }},
          {"combine", 4.0 * (rows * H + N * H),
           [&] { gpu->launch(kernels::MoeCombine{yp, rowOf, weights, y, N, k, H}); }},
          {"permute backward", 4.0 * (rows * H + N * H),
           [&] { gpu->launch(kernels::MoePermuteBackward{xp, rowOf, y, N, k, H}); }},
          {"combine backward", 4.0 * (2 * rows * H + N * H),
           [&] {
             gpu->launch(kernels::MoeCombineBackward{yp, rowOf, entryOf, weights, dy, dyp,
                                                     dweights, N, k, H, rows});
           }},
          {"prob sums", 4.0 * N * E,
           [&] { gpu->launch(kernels::MoeProbSums{probs, sums, N, E}); }},
          {"route backward", 4.0 * (2 * N * E + 3 * rows),
           [&] {
             gpu->launch(kernels::MoeRouteBackward{probs, experts, weights, dweights, aux,
                                                   dlogits, N, E, k});
           }},
      };
      // Dispatch first so the later kernels see a real layout.
      rowsToTime[0].work();
      rowsToTime[1].work();
      gpu->synchronize();
      for (const Row &r : rowsToTime) {
        const double t = medianSeconds(*gpu, reps, r.work);
        const double copy = copySeconds(r.bytes);
        std::printf("%-12s %-22s %10.1f %10.1f %8.0f %7.0f%%\n", s.name, r.kernel, t * 1e6,
                    r.bytes / 1e6, r.bytes / t / 1e9, 100.0 * copy / t);
      }
      for (void *p : std::initializer_list<void *>{logits, x, yp, dy, probs, weights, xp, y, dyp,
                                                    dweights, sums, dlogits, aux, experts, routed,
                                                    kept, rowOf, entryOf, copyFrom, copyTo})
        gpu->release(p);
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "mtc-moe-gpu-bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
