// mtc-gpu-bench PLAN.pb [--steps N] [--warmup W]: trains a compiled plan on
// synthetic tokens with the GPU backend (in the plan's precision: bf16/fp16
// plans run the trainer's MixedPrecision hooks) and prints ms/iteration,
// tokens/s, MFU and peak device memory against the plan's prediction. Model
// FLOPs per token are PaLM's 6 N + 12 L H S (GpuPeaks.h). The peaks: fp32 on
// CUDA cores from the device's SM count and clock, and the dense bf16
// tensor-core peak from GpuPeaks.h's table by device name (what MFU is quoted
// against; an unknown device gets no MFU rather than a guess).
#include "GpuPeaks.h"
#include "exec/Executor.h"
#include "optim/Optimizer.h"
#include "optim/Precision.h"
#include "backends/cuda/CudaBackend.h"
#include "backends/cuda/DeviceCheck.h"

#include "comm/Communicator.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace mtc::runtime;

namespace {

// Device memory in use (every allocation of this process and the CUDA
// context): total minus free.
int64_t deviceBytesUsed() {
  size_t freeBytes = 0, totalBytes = 0;
  if (cudaMemGetInfo(&freeBytes, &totalBytes) != cudaSuccess)
    return -1;
  return static_cast<int64_t>(totalBytes - freeBytes);
}

double gib(int64_t bytes) { return double(bytes) / double(1ll << 30); }

} // namespace

int main(int argc, char **argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help")) {
    std::fprintf(stderr, "usage: %s PLAN.pb [--steps N] [--warmup W] | --probe\n", argv[0]);
    return 2;
  }
  int steps = 10, warmup = 3;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--steps"))
      steps = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--warmup"))
      warmup = std::atoi(argv[i + 1]);
    else {
      std::fprintf(stderr, "mtc-gpu-bench: unknown flag %s\n", argv[i]);
      return 2;
    }
  }
  gpu::DeviceStatus status = gpu::probeDevices();
  if (!status.usable) {
    std::printf("mtc-gpu-bench: skipped: no usable GPU: %s\n", status.problem.c_str());
    return gpu::kSkipExitCode;
  }
  if (!std::strcmp(argv[1], "--probe")) { // run.sh: is there a GPU at all?
    std::printf("mtc-gpu-bench: %s\n", status.deviceName.c_str());
    return 0;
  }
  try {
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    mtc::pb::Plan plan;
    if (!in || !plan.ParseFromString(ss.str()))
      throw std::runtime_error(std::string("cannot read the plan '") + argv[1] + "'");
    mtc::comm::SelfCommunicator self;
    cudaFree(nullptr); // creates the context: its memory is not the run's
    const int64_t contextBytes = deviceBytesUsed();
    std::unique_ptr<Backend> backend = gpu::makeCudaBackend(self);
    ExecutorOptions options;
    options.backend = backend.get();
    Executor exec(plan, options);
    const mtc::kernels::StorageType storage = parseStorageType(plan.precision());
    // GEMMs and attention compute as train's would for this plan (docs/gpu.md "GEMMs").
    const std::string compute = backend->selectCompute(storage, /*allowTf32=*/true);
    std::unique_ptr<MixedPrecision> precision;
    if (storage != mtc::kernels::StorageType::F32) {
      // Megatron-LM's default gradient dtype for the precision (train's, without flags).
      precision = std::make_unique<MixedPrecision>(
          exec, storage, gradientStorage(storage, /*accumulateInFp32=*/false,
                                         /*reduceInBf16=*/false));
      exec.setStepObserver([&](int step) { precision->afterStep(step); });
    }
    const auto &m = plan.model();
    const int64_t tokensPerStep = m.micro_batch() * m.seq();
    std::mt19937 rng(1);
    std::uniform_int_distribution<int32_t> tok(0, int32_t(m.vocab() - 1));
    OptimizerConfig cfg = OptimizerConfig::fromPlan(plan.optimizer());
    cfg.decaySteps = warmup + steps;
    Optimizer optimizer(exec, cfg);
    std::vector<double> ms;
    double loss = 0;
    int64_t peakBytes = 0;
    for (int it = 0; it < warmup + steps; ++it) {
      for (int64_t i = 0; i < tokensPerStep; ++i)
        exec.tokens()[i] = tok(rng), exec.targets()[i] = tok(rng);
      auto t0 = std::chrono::steady_clock::now();
      loss = exec.forwardBackward(1.0f).mean();
      optimizer.step(it + 1); // refreshes the 16-bit weight copy
      backend->synchronize();
      // No allocation is freed inside a step (the arena and scratch only
      // grow), so the use after a step is its peak.
      peakBytes = std::max(peakBytes, deviceBytesUsed() - contextBytes);
      double dt = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - t0).count();
      if (it >= warmup)
        ms.push_back(dt);
    }
    std::sort(ms.begin(), ms.end());
    double median = ms[ms.size() / 2];
    const mtc::pb::MemoryReport &mem = plan.memory();
    double params = -double(m.positions()) * m.hidden(); // the position table is a lookup
    for (const auto &p : plan.params()) {
      double elements = 1;
      for (int64_t d : p.shape())
        elements *= double(d);
      params += elements;
    }
    double flopsPerToken =
        mtc::bench::modelFlopsPerToken(params, m.layers(), m.hidden(), m.seq());
    double tokensPerSec = tokensPerStep / (median / 1000.0);
    double achieved = flopsPerToken * tokensPerSec / 1e12;
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    int clockKHz = 0;
    cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0);
    int fp32PerSm = prop.major >= 9 || (prop.major == 8 && prop.minor > 0) ? 128 : 64;
    double fp32Peak = 2.0 * fp32PerSm * prop.multiProcessorCount * (clockKHz / 1e9);
    double bf16Peak = mtc::bench::bf16DensePeakTflops(prop.name);
    // The plan's prediction of what this runtime allocates (MemoryReport:
    // fp32 parameters, which are a 16-bit run's master weights, gradients,
    // AdamW moments, the activation arena) plus a 16-bit run's 16-bit copy of
    // the weights (half the parameters' bytes). Not in it: the fp32 staging
    // of 16-bit buffers for the CUDA kernels that compute on fp32 arrays
    // (docs/gpu.md, "Measured on a GPU"); the line "held after the last step"
    // shows it.
    int64_t predicted = mem.param_bytes() + mem.grad_bytes() + mem.optimizer_bytes() +
                        mem.arena_bytes() + (precision ? mem.param_bytes() / 2 : 0);
    std::printf("%s on %s, %s: micro-batch %lld x seq %lld, %.0f M params\n",
                m.name().c_str(), status.deviceName.c_str(), storageTypeName(storage),
                (long long)m.micro_batch(), (long long)m.seq(), params / 1e6);
    std::printf("  %.2f ms/iteration (median of %d), %.0f tokens/s, %.1f TFLOP/s "
                "(%.2f GFLOP/token), %.1f%% of fp32 CUDA-core peak (%.1f TFLOP/s)\n",
                median, steps, tokensPerSec, achieved, flopsPerToken / 1e9,
                100.0 * achieved / fp32Peak, fp32Peak);
    if (bf16Peak > 0)
      std::printf("  MFU %.1f%% of the dense bf16 peak (%.0f TFLOP/s)\n",
                  100.0 * achieved / bf16Peak, bf16Peak);
    else
      std::printf("  MFU: no dense bf16 peak known for '%s' (bench/gpu/GpuPeaks.h)\n",
                  prop.name);
    std::printf("  peak memory %.2f GiB measured (cudaMemGetInfo, without the %.2f GiB "
                "context), %.2f GiB predicted by the plan (params %.2f + grads %.2f + "
                "AdamW %.2f + activation arena %.2f%s)\n",
                gib(peakBytes), gib(contextBytes), gib(predicted), gib(mem.param_bytes()),
                gib(mem.grad_bytes()), gib(mem.optimizer_bytes()), gib(mem.arena_bytes()),
                precision ? " + 16-bit weight copy" : "");
    // What the measured bytes are (the device memory the backend holds, by use).
    if (auto *cuda = dynamic_cast<gpu::CudaBackend *>(backend.get())) {
      std::printf("  held after the last step, by use:");
      const char *sep = " ";
      for (const auto &[use, bytes] : cuda->memoryByUse()) {
        std::printf("%s%s %.2f GiB", sep, use.c_str(), gib(bytes));
        sep = "; ";
      }
      std::printf("\n");
    }
    std::printf("  compute: %s\n  last loss %.4f\n", compute.c_str(), loss);
    return 0;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "mtc-gpu-bench: error: %s\n", e.what());
    return 1;
  }
}
