#include "comm/Communicator.h"

#include <cstdlib>
#include <cstring>

namespace mtc::comm {

size_t dataTypeSize(DataType type) {
  switch (type) {
  case DataType::F32: return 4;
  case DataType::F64: return 8;
  case DataType::I32: return 4;
  case DataType::I64: return 8;
  case DataType::U8: return 1;
  }
  return 0;
}

void SelfCommunicator::allGather(const void *send, void *recv, size_t count,
                                 DataType type) {
  if (send != recv)
    std::memmove(recv, send, count * dataTypeSize(type));
}

void SelfCommunicator::reduceScatter(const void *send, void *recv,
                                     size_t recvCount, DataType type) {
  if (send != recv)
    std::memmove(recv, send, recvCount * dataTypeSize(type));
}

void SelfCommunicator::broadcast(void *, size_t, DataType, int root) {
  if (root != 0)
    throw CommError("broadcast on 'self': root " + std::to_string(root) +
                    " is not a rank of a 1-rank group");
}

static CommError selfPeer(const char *op, int peer) {
  return CommError(std::string(op) + " on 'self': peer rank " +
                   std::to_string(peer) +
                   " does not exist (1-rank group; point-to-point needs a "
                   "second rank)");
}

void SelfCommunicator::send(const void *, size_t, DataType, int dest, int) {
  throw selfPeer("send", dest);
}
void SelfCommunicator::recv(void *, size_t, DataType, int source, int) {
  throw selfPeer("recv", source);
}
RequestPtr SelfCommunicator::isend(const void *, size_t, DataType, int dest, int) {
  throw selfPeer("isend", dest);
}
RequestPtr SelfCommunicator::irecv(void *, size_t, DataType, int source, int) {
  throw selfPeer("irecv", source);
}

std::unique_ptr<Communicator> SelfCommunicator::split(int, int) {
  return std::make_unique<SelfCommunicator>();
}

void SelfCommunicator::abort(int exitCode) { std::exit(exitCode); }

} // namespace mtc::comm

namespace mtc::comm {
namespace {
class CompletedRequest : public Request {
public:
  void wait() override {}
  bool test() override { return true; }
};
} // namespace

RequestPtr Communicator::iallReduce(void *buf, size_t count, DataType type, ReduceOp op) {
  allReduce(buf, count, type, op);
  return std::make_unique<CompletedRequest>();
}

namespace {
// Every request of a group; wait() completes them all.
class AllRequests : public Request {
public:
  explicit AllRequests(std::vector<RequestPtr> requests) : requests(std::move(requests)) {}
  void wait() override {
    for (RequestPtr &r : requests)
      r->wait();
  }
  bool test() override {
    bool done = true;
    for (RequestPtr &r : requests)
      done = r->test() && done;
    return done;
  }

private:
  std::vector<RequestPtr> requests;
};
} // namespace

RequestPtr Communicator::startGroupedSendRecv(const std::vector<P2pTransfer> &ops, double) {
  // Receives first, so no send waits on a receive this rank has yet to post.
  std::vector<RequestPtr> requests;
  for (const P2pTransfer &op : ops)
    if (!op.send)
      requests.push_back(irecv(op.buf, op.count, op.type, op.peer, kGroupedP2pTag));
  for (const P2pTransfer &op : ops)
    if (op.send)
      requests.push_back(isend(op.buf, op.count, op.type, op.peer, kGroupedP2pTag));
  return std::make_unique<AllRequests>(std::move(requests));
}
} // namespace mtc::comm
