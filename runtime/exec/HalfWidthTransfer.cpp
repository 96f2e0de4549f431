#include "exec/HalfWidthTransfer.h"

#include <vector>

namespace mtc::runtime {
namespace {

uint16_t narrow(kernels::StorageType type, float f) {
  return type == kernels::StorageType::BF16 ? kernels::floatToBf16(f) : kernels::floatToFp16(f);
}

float widen(kernels::StorageType type, uint16_t h) {
  return type == kernels::StorageType::BF16 ? kernels::bf16ToFloat(h) : kernels::fp16ToFloat(h);
}

// Owns the 16-bit copy for as long as MPI may read or write it; a receive
// widens it into its destination once, when it completes.
class HalfWidthRequest final : public comm::Request {
public:
  HalfWidthRequest(size_t count, kernels::StorageType type, float *destination)
      : staging(count), type(type), destination(destination) {}
  void wait() override {
    inner->wait();
    finish();
  }
  bool test() override {
    if (!inner->test())
      return false;
    finish();
    return true;
  }

  std::vector<uint16_t> staging;
  comm::RequestPtr inner;

private:
  void finish() {
    if (!destination)
      return;
    for (size_t i = 0; i < staging.size(); ++i)
      destination[i] = widen(type, staging[i]);
    destination = nullptr;
  }

  kernels::StorageType type;
  float *destination; // receives only; null once written
};

} // namespace

comm::RequestPtr isendAs(comm::Communicator &group, const float *data, size_t count,
                         kernels::StorageType type, int dest, int tag) {
  if (type == kernels::StorageType::F32)
    return group.isend(data, count, comm::DataType::F32, dest, tag);
  auto request = std::make_unique<HalfWidthRequest>(count, type, nullptr);
  for (size_t i = 0; i < count; ++i)
    request->staging[i] = narrow(type, data[i]);
  request->inner = group.isend(request->staging.data(), 2 * count, comm::DataType::U8, dest, tag);
  return request;
}

comm::RequestPtr irecvAs(comm::Communicator &group, float *data, size_t count,
                         kernels::StorageType type, int source, int tag) {
  if (type == kernels::StorageType::F32)
    return group.irecv(data, count, comm::DataType::F32, source, tag);
  auto request = std::make_unique<HalfWidthRequest>(count, type, data);
  request->inner =
      group.irecv(request->staging.data(), 2 * count, comm::DataType::U8, source, tag);
  return request;
}

namespace {
// A posted group and the 16-bit copies of its ops; the receives widen into
// their destinations once, when the group completed.
class HalfWidthGroupRequest final : public comm::Request {
public:
  explicit HalfWidthGroupRequest(const std::vector<FloatTransfer> &ops)
      : ops(ops), staging(ops.size()) {}
  void wait() override {
    inner->wait();
    finish();
  }
  bool test() override {
    if (!inner->test())
      return false;
    finish();
    return true;
  }

  std::vector<FloatTransfer> ops;
  std::vector<std::vector<uint16_t>> staging; // per op; empty for F32 ones
  comm::RequestPtr inner;

private:
  void finish() {
    if (finished)
      return;
    finished = true;
    for (size_t i = 0; i < ops.size(); ++i)
      if (!ops[i].send && ops[i].type != kernels::StorageType::F32)
        for (size_t k = 0; k < ops[i].count; ++k)
          ops[i].data[k] = widen(ops[i].type, staging[i][k]);
  }
  bool finished = false;
};
} // namespace

comm::RequestPtr startGroupedSendRecvAs(comm::Communicator &group,
                                        const std::vector<FloatTransfer> &ops,
                                        double timeoutSeconds) {
  auto request = std::make_unique<HalfWidthGroupRequest>(ops);
  std::vector<comm::P2pTransfer> raw;
  raw.reserve(ops.size());
  for (size_t i = 0; i < ops.size(); ++i) {
    const FloatTransfer &op = ops[i];
    if (op.type == kernels::StorageType::F32) {
      raw.push_back({op.send, op.data, op.count, comm::DataType::F32, op.peer});
      continue;
    }
    std::vector<uint16_t> &half = request->staging[i];
    half.resize(op.count);
    if (op.send)
      for (size_t k = 0; k < op.count; ++k)
        half[k] = narrow(op.type, op.data[k]);
    raw.push_back({op.send, half.data(), 2 * op.count, comm::DataType::U8, op.peer});
  }
  request->inner = group.startGroupedSendRecv(raw, timeoutSeconds);
  return request;
}

void groupedSendRecvAs(comm::Communicator &group, const std::vector<FloatTransfer> &ops,
                       double timeoutSeconds) {
  startGroupedSendRecvAs(group, ops, timeoutSeconds)->wait();
}

} // namespace mtc::runtime
