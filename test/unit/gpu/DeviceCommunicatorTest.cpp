// The CUDA backend's device communicator (backends/cuda/DeviceCommunicator.h)
// under mpirun with one GPU per rank, with and without overlap: NCCL
// collectives on device buffers ordered with the kernels around them, host
// buffers over MPI, staged point-to-point matched by tag out of posting
// order, iallReduce whose wait() orders later kernels, and split groups.
// Every rank skips (exit 77) when any rank lacks a GPU of its own.
#include "comm/Communicator.h"
#include "backends/Backend.h"
#include "backends/cuda/CudaBackend.h"
#include "backends/cuda/DeviceCheck.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace mtc;
using comm::DataType;
using comm::ReduceOp;

namespace {

int failures = 0;
int myRank = 0;

void expect(bool ok, const std::string &what) {
  if (!ok) {
    std::fprintf(stderr, "rank %d: FAILED: %s\n", myRank, what.c_str());
    ++failures;
  }
}

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// Floats in backend memory.
class Dev {
public:
  Dev(runtime::Backend &b, size_t n) : backend(b), n(n) {
    p = static_cast<float *>(b.allocate(int64_t(n * 4), "test buffer"));
  }
  ~Dev() { backend.release(p); }
  operator float *() const { return p; }
  // Filled by a kernel: the communicator must see it without a host sync.
  void fill(float v) { backend.fill32(p, bitsOf(v), int64_t(n)); }
  std::vector<float> host() const {
    std::vector<float> h(n);
    backend.toHost(h.data(), p, int64_t(n * 4));
    return h;
  }
  bool all(float v) const {
    for (float x : host())
      if (x != v)
        return false;
    return true;
  }

private:
  runtime::Backend &backend;
  float *p;
  size_t n;
};

void collectives(runtime::Backend &gpu, comm::Communicator &dg, const std::string &mode) {
  const int rank = dg.rank(), size = dg.size();
  const size_t n = 1001;
  const float total = size * (size + 1) / 2.0f, mine = float(rank + 1);
  Dev a(gpu, n), gathered(gpu, n * size), scattered(gpu, n);

  // A kernel before (fill) and after (scale) the collective.
  a.fill(mine);
  dg.allReduce(a, n, DataType::F32, ReduceOp::Sum);
  gpu.scale(a, 2.f, a, int64_t(n));
  expect(a.all(2 * total), mode + "allReduce sum, ordered with the kernels");
  a.fill(mine);
  dg.allReduce(a, n, DataType::F32, ReduceOp::Max);
  expect(a.all(float(size)), mode + "allReduce max");

  a.fill(mine);
  dg.allGather(a, gathered, n, DataType::F32);
  std::vector<float> g = gathered.host();
  bool ordered = true;
  for (int r = 0; r < size; ++r)
    ordered = ordered && g[r * n] == float(r + 1) && g[r * n + n - 1] == float(r + 1);
  expect(ordered, mode + "allGather order");

  gathered.fill(mine);
  dg.reduceScatter(gathered, scattered, n, DataType::F32);
  expect(scattered.all(total), mode + "reduceScatter");

  a.fill(mine);
  dg.broadcast(a, n, DataType::F32, size - 1);
  expect(a.all(float(size)), mode + "broadcast from the last rank");

  // Host buffers go over MPI.
  double hostSum = mine;
  dg.allReduce(&hostSum, 1, DataType::F64, ReduceOp::Sum);
  expect(hostSum == total, mode + "host-pointer allReduce");
  std::vector<int32_t> ranks(size, -1);
  int32_t me = rank;
  dg.allGather(&me, ranks.data(), 1, DataType::I32);
  expect(ranks[size - 1] == size - 1, mode + "host-pointer allGather");

  // iallReduce: wait() orders the later kernel after it; test() completes.
  a.fill(mine);
  comm::RequestPtr r = dg.iallReduce(a, n, DataType::F32, ReduceOp::Sum);
  Dev other(gpu, n);
  other.fill(3.f); // compute work while the reduction runs
  r->wait();
  gpu.scale(a, 0.5f, a, int64_t(n));
  expect(a.all(total / 2), mode + "iallReduce then a kernel");
  auto t0 = std::chrono::steady_clock::now();
  bool done = false;
  while (!(done = r->test()) && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(30)) {
  }
  expect(done, mode + "iallReduce test() completes");
}

// Ranks 0 and 1: messages with tags, received in a different order than sent.
void pointToPoint(runtime::Backend &gpu, comm::Communicator &dg, const std::string &mode) {
  const int rank = dg.rank();
  if (rank > 1)
    return;
  const size_t n = 777;
  Dev x(gpu, n), y(gpu, n), z(gpu, n);
  if (rank == 0) {
    x.fill(10.f);
    y.fill(20.f);
    comm::RequestPtr s7 = dg.isend(x, n, DataType::F32, 1, 7);
    comm::RequestPtr s3 = dg.isend(y, n, DataType::F32, 1, 3);
    x.fill(-1.f); // isend copied at the call: this must not reach rank 1
    s3->wait();
    s7->wait();
    dg.recv(z, n, DataType::F32, 1, 5);
    expect(z.all(30.f), mode + "blocking recv of a device buffer");
  } else {
    comm::RequestPtr r3 = dg.irecv(x, n, DataType::F32, 0, 3);
    comm::RequestPtr r7 = dg.irecv(y, n, DataType::F32, 0, 7);
    auto t0 = std::chrono::steady_clock::now();
    while (!r7->test() && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(30)) {
    }
    gpu.scale(y, 1.f, z, int64_t(n)); // after test(): sees the delivered data
    r3->wait();
    expect(x.all(20.f), mode + "irecv tag 3 (sent second)");
    expect(y.all(10.f), mode + "irecv tag 7 (sent first, overwritten after isend)");
    expect(z.all(10.f), mode + "a kernel after test() sees the message");
    z.fill(30.f);
    dg.send(z, n, DataType::F32, 0, 5);
  }
}

void splits(runtime::Backend &gpu, comm::Communicator &dg, const std::string &mode) {
  const int rank = dg.rank(), size = dg.size();
  const size_t n = 64;
  // One rank per group: collectives are device copies, no NCCL.
  std::unique_ptr<comm::Communicator> alone = dg.split(rank, 0);
  expect(alone->size() == 1, mode + "split into singletons");
  Dev a(gpu, n), b(gpu, n);
  a.fill(float(rank));
  alone->allGather(a, b, n, DataType::F32);
  expect(b.all(float(rank)), mode + "allGather over one rank");
  // All ranks in reverse order: a fresh NCCL communicator.
  std::unique_ptr<comm::Communicator> reversed = dg.split(0, size - rank);
  expect(reversed->rank() == size - 1 - rank, mode + "split key order");
  a.fill(1.f);
  reversed->allReduce(a, n, DataType::F32, ReduceOp::Sum);
  expect(a.all(float(size)), mode + "allReduce over a split group");
}

} // namespace

int main(int argc, char **argv) {
  std::unique_ptr<comm::Communicator> world = comm::mpiWorld(&argc, &argv);
  myRank = world->rank();
  const int size = world->size();
  runtime::gpu::DeviceStatus s = runtime::gpu::probeDevices();
  double missing = s.usable && s.devices >= size ? 0 : 1;
  world->allReduce(&missing, 1, DataType::F64, ReduceOp::Sum);
  if (missing > 0) {
    if (myRank == 0)
      std::printf("SKIPPED: needs %d GPUs (this machine: %s)\n", size,
                  s.usable ? (std::to_string(s.devices) + " device(s)").c_str()
                           : s.problem.c_str());
    return runtime::gpu::kSkipExitCode;
  }
  if (size < 2) {
    std::printf("device communicator test: run with mpirun -np 2 (got %d rank)\n", size);
    return 1;
  }
  try {
    std::unique_ptr<runtime::Backend> gpu = runtime::gpu::makeCudaBackend(*world);
    for (bool overlap : {false, true}) {
      std::string mode = overlap ? "overlap: " : "no overlap: ";
      std::unique_ptr<comm::Communicator> dg = gpu->deviceGroup(*world, overlap);
      collectives(*gpu, *dg, mode);
      pointToPoint(*gpu, *dg, mode);
      splits(*gpu, *dg, mode);
      gpu->synchronize();
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "rank %d: error: %s\n", myRank, e.what());
    world->abort(1);
  }
  double bad = failures;
  world->allReduce(&bad, 1, DataType::F64, ReduceOp::Sum);
  if (myRank == 0)
    std::printf("%s\n", bad > 0 ? "device communicator test FAILED"
                                : "device communicator test passed");
  return bad > 0 ? 1 : 0;
}
