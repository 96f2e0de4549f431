#include "pipeline/HalfWidthTransfer.h"

#include <vector>

namespace mtc::runtime {
namespace {

uint16_t narrow(kernels::StorageType type, float f) {
  return type == kernels::StorageType::BF16 ? kernels::floatToBf16(f) : kernels::floatToFp16(f);
}

float widen(kernels::StorageType type, uint16_t h) {
  return type == kernels::StorageType::BF16 ? kernels::bf16ToFloat(h) : kernels::fp16ToFloat(h);
}

// Owns the 16-bit copies for as long as MPI may read or write them; each
// received one is widened into its destination once, when the request (one
// message or a whole group) completes.
class HalfWidthRequest final : public comm::Request {
public:
  struct Part {
    std::vector<uint16_t> staging;
    kernels::StorageType type;
    float *destination; // receives only; null once written
  };
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

  // A 16-bit copy of `count` elements: of a send's `from` (narrowed now),
  // or for a receive widened into `into` when the request completes.
  uint16_t *add(size_t count, kernels::StorageType type, const float *from, float *into) {
    Part &part = parts.emplace_back(Part{std::vector<uint16_t>(count), type, into});
    if (from)
      for (size_t i = 0; i < count; ++i)
        part.staging[i] = narrow(type, from[i]);
    return part.staging.data(); // a vector's buffer stays put when `parts` grows
  }
  comm::RequestPtr inner;

private:
  void finish() {
    for (Part &part : parts) {
      if (!part.destination)
        continue;
      for (size_t i = 0; i < part.staging.size(); ++i)
        part.destination[i] = widen(part.type, part.staging[i]);
      part.destination = nullptr;
    }
  }
  std::vector<Part> parts;
};

} // namespace

comm::RequestPtr isendAs(comm::Communicator &group, const float *data, size_t count,
                         kernels::StorageType type, int dest, int tag) {
  if (type == kernels::StorageType::F32)
    return group.isend(data, count, comm::DataType::F32, dest, tag);
  auto request = std::make_unique<HalfWidthRequest>();
  uint16_t *half = request->add(count, type, data, nullptr);
  request->inner = group.isend(half, 2 * count, comm::DataType::U8, dest, tag);
  return request;
}

comm::RequestPtr irecvAs(comm::Communicator &group, float *data, size_t count,
                         kernels::StorageType type, int source, int tag) {
  if (type == kernels::StorageType::F32)
    return group.irecv(data, count, comm::DataType::F32, source, tag);
  auto request = std::make_unique<HalfWidthRequest>();
  uint16_t *half = request->add(count, type, nullptr, data);
  request->inner = group.irecv(half, 2 * count, comm::DataType::U8, source, tag);
  return request;
}

comm::RequestPtr startGroupedSendRecvAs(comm::Communicator &group,
                                        const std::vector<FloatTransfer> &ops,
                                        double timeoutSeconds) {
  auto request = std::make_unique<HalfWidthRequest>();
  std::vector<comm::P2pTransfer> raw;
  raw.reserve(ops.size());
  for (const FloatTransfer &op : ops) {
    if (op.type == kernels::StorageType::F32) {
      raw.push_back({op.send, op.data, op.count, comm::DataType::F32, op.peer});
      continue;
    }
    uint16_t *half = request->add(op.count, op.type, op.send ? op.data : nullptr,
                                  op.send ? nullptr : op.data);
    raw.push_back({op.send, half, 2 * op.count, comm::DataType::U8, op.peer});
  }
  request->inner = group.startGroupedSendRecv(raw, timeoutSeconds);
  return request;
}

void groupedSendRecvAs(comm::Communicator &group, const std::vector<FloatTransfer> &ops,
                       double timeoutSeconds) {
  startGroupedSendRecvAs(group, ops, timeoutSeconds)->wait();
}

} // namespace mtc::runtime
