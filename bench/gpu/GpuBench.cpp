// mtc-gpu-bench PLAN.pb [--steps N] [--warmup W]: trains a compiled plan on
// synthetic tokens with the GPU backend and prints ms/iteration, tokens/s and
// MFU. Model FLOPs per token are PaLM's 6 N + 12 L H S (N parameters without
// the position table, L layers, H hidden, S sequence). The peaks: fp32 on
// CUDA cores from the device's SM count and clock (the backend's GEMMs are
// fp32 today), and the bf16 dense tensor-core peak from a table (what MFU is
// usually quoted against).
#include "exec/Executor.h"
#include "exec/Optimizer.h"
#include "exec/Precision.h"
#include "exec/cuda/CudaBackend.h"
#include "exec/cuda/DeviceCheck.h"

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

double bf16DensePeakTflops(int major, int minor, const std::string &name) {
  if (major == 9)
    return name.find("PCIe") != std::string::npos ? 756.0 : 989.0; // H100/H200 SXM
  if (major == 8 && minor == 0)
    return 312.0; // A100
  if (major == 8)
    return 150.0; // rough: A10/A40/L40-class
  return 0.0;
}

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
    std::unique_ptr<Backend> backend = gpu::makeCudaBackend(self);
    ExecutorOptions options;
    options.backend = backend.get();
    Executor exec(plan, options);
    // The GEMMs compute as train's would for this plan (docs/gpu.md "GEMMs").
    const std::string compute =
        backend->selectCompute(parseStorageType(plan.precision()), /*allowTf32=*/true);
    const auto &m = plan.model();
    const int64_t tokensPerStep = m.micro_batch() * m.seq();
    std::mt19937 rng(1);
    std::uniform_int_distribution<int32_t> tok(0, int32_t(m.vocab() - 1));
    OptimizerConfig cfg = OptimizerConfig::fromPlan(plan.optimizer());
    cfg.decaySteps = warmup + steps;
    Optimizer optimizer(exec, cfg);
    std::vector<double> ms;
    double loss = 0;
    for (int it = 0; it < warmup + steps; ++it) {
      for (int64_t i = 0; i < tokensPerStep; ++i)
        exec.tokens()[i] = tok(rng), exec.targets()[i] = tok(rng);
      auto t0 = std::chrono::steady_clock::now();
      loss = exec.forwardBackward(1.0f).mean();
      optimizer.step(it + 1);
      backend->synchronize();
      double dt = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - t0).count();
      if (it >= warmup)
        ms.push_back(dt);
    }
    std::sort(ms.begin(), ms.end());
    double median = ms[ms.size() / 2];
    double params = double(plan.memory().param_bytes()) / 4.0 - double(m.positions()) * m.hidden();
    double flopsPerToken = 6.0 * params + 12.0 * m.layers() * m.hidden() * m.seq();
    double tokensPerSec = tokensPerStep / (median / 1000.0);
    double achieved = flopsPerToken * tokensPerSec / 1e12;
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    int clockKHz = 0;
    cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0);
    int fp32PerSm = prop.major >= 9 || (prop.major == 8 && prop.minor > 0) ? 128 : 64;
    double fp32Peak = 2.0 * fp32PerSm * prop.multiProcessorCount * (clockKHz / 1e9);
    double bf16Peak = bf16DensePeakTflops(prop.major, prop.minor, prop.name);
    std::printf("%s on %s: micro-batch %lld x seq %lld, %.0f M params, activation arena "
                "%lld MiB\n",
                m.name().c_str(), status.deviceName.c_str(), (long long)m.micro_batch(),
                (long long)m.seq(), params / 1e6,
                (long long)(plan.memory().arena_bytes() >> 20));
    std::printf("  %.2f ms/iteration (median of %d), %.0f tokens/s, %.1f TFLOP/s, "
                "MFU %.1f%% of fp32 peak (%.1f TFLOP/s)",
                median, steps, tokensPerSec, achieved, 100.0 * achieved / fp32Peak, fp32Peak);
    if (bf16Peak > 0)
      std::printf(", %.1f%% of bf16 tensor peak (%.0f)", 100.0 * achieved / bf16Peak, bf16Peak);
    std::printf("; last loss %.4f\n  GEMMs: %s\n", loss, compute.c_str());
    return 0;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "mtc-gpu-bench: error: %s\n", e.what());
    return 1;
  }
}
