#include "exec/TensorParallel.h"

#include "comm/ForwardingCommunicator.h"
#include "exec/Executor.h"

#include <cstring>
#include <stdexcept>

namespace mtc::runtime {

namespace {
class CountingCommunicator : public comm::ForwardingCommunicator {
public:
  CountingCommunicator(std::unique_ptr<comm::Communicator> inner, TensorTraffic *traffic)
      : ForwardingCommunicator(std::move(inner)), traffic(traffic) {}
  void allReduce(void *buf, size_t count, comm::DataType type, comm::ReduceOp op) override {
    ++traffic->allReduces;
    count_(count * comm::dataTypeSize(type), 2.0);
    forwardTo().allReduce(buf, count, type, op);
  }
  comm::RequestPtr iallReduce(void *buf, size_t count, comm::DataType type,
                              comm::ReduceOp op) override {
    ++traffic->allReduces;
    count_(count * comm::dataTypeSize(type), 2.0);
    return forwardTo().iallReduce(buf, count, type, op);
  }
  void allGather(const void *send, void *recv, size_t count, comm::DataType type) override {
    ++traffic->allGathers;
    count_(count * comm::dataTypeSize(type) * size(), 1.0);
    forwardTo().allGather(send, recv, count, type);
  }
  void reduceScatter(const void *send, void *recv, size_t recvCount,
                     comm::DataType type) override {
    ++traffic->reduceScatters;
    count_(recvCount * comm::dataTypeSize(type) * size(), 1.0);
    forwardTo().reduceScatter(send, recv, recvCount, type);
  }

private:
  void count_(size_t payload, double ringFactor) {
    const double t = size();
    traffic->payloadBytes += static_cast<double>(payload);
    traffic->wireBytes += ringFactor * (t - 1) / t * static_cast<double>(payload);
  }
  TensorTraffic *traffic;
};

DeviceArray &scratchOf(Backend &dev, DeviceArray &scratch, int64_t floats) {
  if (scratch.size() < floats)
    scratch = DeviceArray(dev, floats, "the sequence-parallel scratch");
  return scratch;
}
} // namespace

std::unique_ptr<comm::Communicator> countingCommunicator(
    std::unique_ptr<comm::Communicator> inner, TensorTraffic *traffic) {
  return std::make_unique<CountingCommunicator>(std::move(inner), traffic);
}

void allGatherSequence(Backend &dev, comm::Communicator &group, const float *x, float *y,
                       int64_t batch, int64_t seqLocal, int64_t hidden, DeviceArray &scratch) {
  const int t = group.size();
  const int64_t chunk = seqLocal * hidden; // one sample's shard
  const int64_t shard = batch * chunk;
  if (batch == 1) { // rank-major is already sequence-major
    group.allGather(x, y, static_cast<size_t>(shard), comm::DataType::F32);
    return;
  }
  float *gathered = scratchOf(dev, scratch, shard * t).data();
  group.allGather(x, gathered, static_cast<size_t>(shard), comm::DataType::F32);
  // gathered [t][batch][seqLocal][h] -> y [batch][t][seqLocal][h]
  for (int r = 0; r < t; ++r)
    for (int64_t b = 0; b < batch; ++b)
      dev.copy(y + (b * t + r) * chunk, gathered + (r * batch + b) * chunk, chunk * 4);
}

void reduceScatterSequence(Backend &dev, comm::Communicator &group, const float *x, float *y,
                           int64_t batch, int64_t seqLocal, int64_t hidden,
                           DeviceArray &scratch) {
  const int t = group.size();
  const int64_t chunk = seqLocal * hidden;
  const int64_t shard = batch * chunk;
  if (batch == 1) {
    group.reduceScatter(x, y, static_cast<size_t>(shard), comm::DataType::F32);
    return;
  }
  float *rankMajor = scratchOf(dev, scratch, shard * t).data();
  // x [batch][t][seqLocal][h] -> rankMajor [t][batch][seqLocal][h]
  for (int r = 0; r < t; ++r)
    for (int64_t b = 0; b < batch; ++b)
      dev.copy(rankMajor + (r * batch + b) * chunk, x + (b * t + r) * chunk, chunk * 4);
  group.reduceScatter(rankMajor, y, static_cast<size_t>(shard), comm::DataType::F32);
}

void requireReplicated(Backend &dev, comm::Communicator &group, const float *buf, int64_t n,
                       const std::string &what) {
  std::vector<float> mine(static_cast<size_t>(n));
  dev.toHost(mine.data(), buf, n * 4);
  buf = mine.data();
  std::vector<float> reference(mine);
  group.broadcast(reference.data(), static_cast<size_t>(n), comm::DataType::F32, 0);
  int differs = std::memcmp(reference.data(), buf, static_cast<size_t>(n) * sizeof(float)) != 0;
  int anyDiffers = differs;
  group.allReduce(&anyDiffers, 1, comm::DataType::I32, comm::ReduceOp::Max);
  if (anyDiffers)
    throw std::runtime_error(what + ": the replicated value differs between the ranks of "
                             "tensor group '" + group.name() + "' (this rank " +
                             (differs ? "differs from" : "matches") + " tensor rank 0)");
}

int requireReplicatedParams(Executor &exec, comm::Communicator &group) {
  int checked = 0;
  for (int id = 0; id < exec.numParams(); ++id)
    if (!exec.paramInfo(id).tensor_split()) {
      requireReplicated(exec.backend(), group, exec.param(id), exec.paramElements(id),
                        "param '" + exec.paramInfo(id).name() + "'");
      ++checked;
    }
  return checked;
}

void reduceTensorGradients(Executor &exec, comm::Communicator &group) {
  if (group.size() <= 1)
    return;
  for (int id = 0; id < exec.numParams(); ++id)
    if (exec.paramInfo(id).tensor_grad_reduce())
      group.allReduceSum(exec.grad(id), static_cast<size_t>(exec.paramElements(id)));
}

} // namespace mtc::runtime
