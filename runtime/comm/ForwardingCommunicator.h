// A Communicator that passes every call to another one: the base of
// communicators that add something around a group (counting its traffic,
// or handing the host backend's MPI group to code written for device groups).
#pragma once
#include "comm/Communicator.h"

#include <cstdlib>
#include <memory>
#include <vector>

namespace mtc::comm {

class ForwardingCommunicator : public Communicator {
public:
  // Borrows `inner`, which must outlive this object.
  explicit ForwardingCommunicator(Communicator &inner) : inner(&inner) {}
  // Owns `inner`.
  explicit ForwardingCommunicator(std::unique_ptr<Communicator> owned)
      : inner(owned.get()), owned(std::move(owned)) {}

  int rank() const override { return inner->rank(); }
  int size() const override { return inner->size(); }
  std::string name() const override { return inner->name(); }
  void allReduce(void *buf, size_t count, DataType type, ReduceOp op) override {
    inner->allReduce(buf, count, type, op);
  }
  void allGather(const void *send, void *recv, size_t count, DataType type) override {
    inner->allGather(send, recv, count, type);
  }
  void reduceScatter(const void *send, void *recv, size_t recvCount, DataType type) override {
    inner->reduceScatter(send, recv, recvCount, type);
  }
  void broadcast(void *buf, size_t count, DataType type, int root) override {
    inner->broadcast(buf, count, type, root);
  }
  void send(const void *buf, size_t count, DataType type, int dest, int tag) override {
    inner->send(buf, count, type, dest, tag);
  }
  void recv(void *buf, size_t count, DataType type, int source, int tag) override {
    inner->recv(buf, count, type, source, tag);
  }
  RequestPtr isend(const void *buf, size_t count, DataType type, int dest, int tag) override {
    return inner->isend(buf, count, type, dest, tag);
  }
  RequestPtr irecv(void *buf, size_t count, DataType type, int source, int tag) override {
    return inner->irecv(buf, count, type, source, tag);
  }
  RequestPtr iallReduce(void *buf, size_t count, DataType type, ReduceOp op) override {
    return inner->iallReduce(buf, count, type, op);
  }
  RequestPtr startGroupedSendRecv(const std::vector<P2pTransfer> &ops,
                                  double timeoutSeconds) override {
    return inner->startGroupedSendRecv(ops, timeoutSeconds);
  }
  void preparePointToPoint() override { inner->preparePointToPoint(); }
  void barrier() override { inner->barrier(); }
  std::unique_ptr<Communicator> split(int color, int key) override {
    return inner->split(color, key);
  }
  [[noreturn]] void abort(int exitCode) override {
    inner->abort(exitCode);
    std::abort(); // not reached: the compiler cannot see through the virtual call
  }

protected:
  Communicator &forwardTo() { return *inner; }

private:
  Communicator *inner;
  std::unique_ptr<Communicator> owned;
};

} // namespace mtc::comm
