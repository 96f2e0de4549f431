#include "exec/TensorParallel.h"

#include "comm/Communicator.h"
#include "exec/Executor.h"
#include "exec/Optimizer.h"
#include "kernels/kernels.h"

#include <cstring>
#include <stdexcept>

namespace mtc::runtime {

namespace {
class CountingCommunicator : public comm::Communicator {
public:
  CountingCommunicator(std::unique_ptr<comm::Communicator> inner, TensorTraffic *traffic)
      : inner(std::move(inner)), traffic(traffic) {}
  int rank() const override { return inner->rank(); }
  int size() const override { return inner->size(); }
  std::string name() const override { return inner->name(); }
  void allReduce(void *buf, size_t count, comm::DataType type, comm::ReduceOp op) override {
    ++traffic->allReduces;
    count_(count * comm::dataTypeSize(type), 2.0);
    inner->allReduce(buf, count, type, op);
  }
  void allGather(const void *send, void *recv, size_t count, comm::DataType type) override {
    ++traffic->allGathers;
    count_(count * comm::dataTypeSize(type) * size(), 1.0);
    inner->allGather(send, recv, count, type);
  }
  void reduceScatter(const void *send, void *recv, size_t recvCount,
                     comm::DataType type) override {
    ++traffic->reduceScatters;
    count_(recvCount * comm::dataTypeSize(type) * size(), 1.0);
    inner->reduceScatter(send, recv, recvCount, type);
  }
  void broadcast(void *buf, size_t count, comm::DataType type, int root) override {
    inner->broadcast(buf, count, type, root);
  }
  void send(const void *buf, size_t count, comm::DataType type, int dest, int tag) override {
    inner->send(buf, count, type, dest, tag);
  }
  void recv(void *buf, size_t count, comm::DataType type, int source, int tag) override {
    inner->recv(buf, count, type, source, tag);
  }
  comm::RequestPtr isend(const void *buf, size_t count, comm::DataType type, int dest,
                         int tag) override {
    return inner->isend(buf, count, type, dest, tag);
  }
  comm::RequestPtr irecv(void *buf, size_t count, comm::DataType type, int source,
                         int tag) override {
    return inner->irecv(buf, count, type, source, tag);
  }
  void barrier() override { inner->barrier(); }
  std::unique_ptr<comm::Communicator> split(int color, int key) override {
    return inner->split(color, key);
  }
  [[noreturn]] void abort(int exitCode) override { inner->abort(exitCode); }

private:
  void count_(size_t payload, double ringFactor) {
    const double t = size();
    traffic->payloadBytes += static_cast<double>(payload);
    traffic->wireBytes += ringFactor * (t - 1) / t * static_cast<double>(payload);
  }
  std::unique_ptr<comm::Communicator> inner;
  TensorTraffic *traffic;
};
} // namespace

std::unique_ptr<comm::Communicator> countingCommunicator(
    std::unique_ptr<comm::Communicator> inner, TensorTraffic *traffic) {
  return std::make_unique<CountingCommunicator>(std::move(inner), traffic);
}

void allGatherSequence(comm::Communicator &group, const float *x, float *y, int64_t batch,
                       int64_t seqLocal, int64_t hidden, std::vector<float> &scratch) {
  const int t = group.size();
  const int64_t chunk = seqLocal * hidden; // one sample's shard
  const int64_t shard = batch * chunk;
  if (batch == 1) { // rank-major is already sequence-major
    group.allGather(x, y, static_cast<size_t>(shard), comm::DataType::F32);
    return;
  }
  scratch.resize(static_cast<size_t>(shard * t));
  group.allGather(x, scratch.data(), static_cast<size_t>(shard), comm::DataType::F32);
  // scratch [t][batch][seqLocal][h] -> y [batch][t][seqLocal][h]
  for (int r = 0; r < t; ++r)
    for (int64_t b = 0; b < batch; ++b)
      std::memcpy(y + (b * t + r) * chunk, scratch.data() + (r * batch + b) * chunk,
                  static_cast<size_t>(chunk) * sizeof(float));
}

void reduceScatterSequence(comm::Communicator &group, const float *x, float *y,
                           int64_t batch, int64_t seqLocal, int64_t hidden,
                           std::vector<float> &scratch) {
  const int t = group.size();
  const int64_t chunk = seqLocal * hidden;
  const int64_t shard = batch * chunk;
  if (batch == 1) {
    group.reduceScatter(x, y, static_cast<size_t>(shard), comm::DataType::F32);
    return;
  }
  scratch.resize(static_cast<size_t>(shard * t));
  // x [batch][t][seqLocal][h] -> scratch [t][batch][seqLocal][h]
  for (int r = 0; r < t; ++r)
    for (int64_t b = 0; b < batch; ++b)
      std::memcpy(scratch.data() + (r * batch + b) * chunk, x + (b * t + r) * chunk,
                  static_cast<size_t>(chunk) * sizeof(float));
  group.reduceScatter(scratch.data(), y, static_cast<size_t>(shard), comm::DataType::F32);
}

void biasAdd(const float *x, const float *bias, float *y, int64_t rows, int64_t hidden,
             bool positional, int64_t batch, int64_t seq, int64_t seqOffset) {
  for (int64_t n = 0; n < rows; ++n) {
    const float *row = positional ? bias + (seqOffset + n % seq) * hidden : bias;
    for (int64_t i = 0; i < hidden; ++i)
      y[n * hidden + i] = x[n * hidden + i] + row[i];
  }
  (void)batch;
}

void biasAddBackward(const float *dy, float *dbias, int64_t rows, int64_t hidden,
                     bool positional, int64_t batch, int64_t seq, int64_t seqOffset) {
  for (int64_t n = 0; n < rows; ++n) {
    float *row = positional ? dbias + (seqOffset + n % seq) * hidden : dbias;
    for (int64_t i = 0; i < hidden; ++i)
      row[i] += dy[n * hidden + i];
  }
  (void)batch;
}

void dropoutSequenceShard(const float *x, float *y, int64_t batch, int64_t seqLocal,
                          int64_t hidden, const TensorShard &shard, float rate,
                          uint64_t seed, uint64_t stream) {
  const int64_t chunk = seqLocal * hidden;
  const int64_t fullSample = chunk * shard.size;
  for (int64_t b = 0; b < batch; ++b) {
    uint64_t offset = static_cast<uint64_t>(b * fullSample + shard.rank * chunk);
    kernels::dropout(x + b * chunk, y + b * chunk, chunk, rate, seed, stream, offset);
  }
}

void requireReplicated(comm::Communicator &group, const float *buf, int64_t n,
                       const std::string &what) {
  std::vector<float> reference(buf, buf + n);
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
      requireReplicated(group, exec.param(id), exec.paramElements(id),
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

void configureTensorGradNorm(Executor &exec, Optimizer &opt, comm::Communicator *group) {
  if (!group || group->size() <= 1)
    return;
  // Replicated params are identical on every tensor rank: count them once.
  if (group->rank() != 0)
    for (int id = 0; id < exec.numParams(); ++id)
      if (!exec.paramInfo(id).tensor_split())
        opt.setCountedInNorm(id, false);
  opt.setNormReducer([group](double local) {
    group->allReduceSum(&local, 1);
    return local;
  });
}

} // namespace mtc::runtime
