// Multi-rank NCCL: run under mpirun with one GPU per rank. All-reduce,
// all-gather, reduce-scatter and a grouped ring exchange (each rank sends to
// the next and receives from the previous in one group). Every rank skips
// (exit 77) when any rank lacks a GPU of its own.
#include "comm/Communicator.h"
#include "comm/NcclCommunicator.h"
#include "backends/cuda/DeviceCheck.h"

#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace mtc;

namespace {

int failures = 0;
void expect(bool ok, const char *what, int rank) {
  if (!ok) {
    std::fprintf(stderr, "rank %d: FAILED: %s\n", rank, what);
    ++failures;
  }
}

std::vector<float> toHost(const float *d, size_t n) {
  std::vector<float> h(n);
  cudaDeviceSynchronize();
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  return h;
}

} // namespace

int main(int argc, char **argv) {
  std::unique_ptr<comm::Communicator> world = comm::mpiWorld(&argc, &argv);
  const int rank = world->rank(), size = world->size();
  runtime::gpu::DeviceStatus s = runtime::gpu::probeDevices();
  double missing = s.usable && s.devices >= size ? 0 : 1;
  world->allReduce(&missing, 1, comm::DataType::F64, comm::ReduceOp::Sum);
  if (missing > 0) {
    if (rank == 0)
      std::printf("SKIPPED: needs %d GPUs (this machine: %s)\n", size,
                  s.usable ? (std::to_string(s.devices) + " device(s)").c_str()
                           : s.problem.c_str());
    return runtime::gpu::kSkipExitCode;
  }
  cudaSetDevice(rank % s.devices);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  try {
    auto nccl = comm::NcclCommunicator::create(*world, stream);
    const size_t n = 1000;
    float *buf, *gathered, *scattered, *ringIn;
    cudaMalloc(reinterpret_cast<void **>(&buf), n * size * sizeof(float));
    cudaMalloc(reinterpret_cast<void **>(&gathered), n * size * sizeof(float));
    cudaMalloc(reinterpret_cast<void **>(&scattered), n * sizeof(float));
    cudaMalloc(reinterpret_cast<void **>(&ringIn), n * sizeof(float));
    std::vector<float> mine(n * size, float(rank + 1));
    cudaMemcpy(buf, mine.data(), n * size * sizeof(float), cudaMemcpyHostToDevice);
    nccl->allReduce(buf, n, comm::DataType::F32, comm::ReduceOp::Sum);
    float total = size * (size + 1) / 2.0f;
    expect(toHost(buf, n)[n - 1] == total, "all-reduce sum", rank);
    cudaMemcpy(buf, mine.data(), n * size * sizeof(float), cudaMemcpyHostToDevice);
    nccl->allGather(buf, gathered, n, comm::DataType::F32);
    std::vector<float> g = toHost(gathered, n * size);
    expect(g[0] == 1.0f && g[n * size - 1] == float(size), "all-gather order", rank);
    nccl->reduceScatter(buf, scattered, n, comm::DataType::F32);
    expect(toHost(scattered, n)[0] == total, "reduce-scatter", rank);
    nccl->groupedSendRecv({{true, buf, n, comm::DataType::F32, (rank + 1) % size},
                           {false, ringIn, n, comm::DataType::F32, (rank + size - 1) % size}},
                          /*timeoutSeconds=*/0);
    expect(toHost(ringIn, n)[0] == float((rank + size - 1) % size + 1), "grouped ring", rank);
    nccl->barrier();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "rank %d: error: %s\n", rank, e.what());
    world->abort(1);
  }
  double bad = failures;
  world->allReduce(&bad, 1, comm::DataType::F64, comm::ReduceOp::Sum);
  if (rank == 0)
    std::printf("%s\n", bad > 0 ? "NCCL test FAILED" : "NCCL test passed");
  return bad > 0 ? 1 : 0;
}
