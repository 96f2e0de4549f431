#include "backends/cuda/DeviceCommunicator.h"

#include "comm/NcclCommunicator.h"
#include "kernels/cuda/CudaCheck.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace mtc::runtime::gpu {
using comm::CommError;
using comm::DataType;
using comm::RequestPtr;

namespace {

bool isDeviceMemory(const void *p) {
  if (!p)
    return false;
  cudaPointerAttributes a{};
  cudaError_t e = cudaPointerGetAttributes(&a, p);
  if (e == cudaErrorInvalidValue) { // plain host memory before CUDA 11
    cudaGetLastError();
    return false;
  }
  if (e != cudaSuccess) {
    cudaGetLastError();
    // Guessing "host" would hand a device pointer to MPI.
    throw CommError(std::string("cudaPointerGetAttributes: ") + cudaGetErrorString(e));
  }
  return a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged;
}

// cudaEventQuery, with "not ready" as false (and not left as the thread's
// last error, which the next kernel launch check would report).
bool eventDone(cudaEvent_t event, const std::string &what) {
  cudaError_t e = cudaEventQuery(event);
  if (e == cudaSuccess)
    return true;
  cudaGetLastError();
  if (e == cudaErrorNotReady)
    return false;
  throw CommError(what + ": " + cudaGetErrorString(e));
}

} // namespace

// Pinned host buffers for staged point-to-point, kept for reuse:
// cudaMallocHost costs far more than the copies. A buffer given back after a
// host-to-device copy is handed out again only once that copy is done.
class PinnedPool {
public:
  struct Slot {
    void *ptr = nullptr;
    size_t bytes = 0;
    cudaEvent_t lastCopy = nullptr; // recorded after the copy out of it
    bool copyPending = false;
    bool inUse = false;
  };

  ~PinnedPool() {
    for (auto &s : slots) {
      if (s->lastCopy) {
        cudaEventSynchronize(s->lastCopy);
        cudaEventDestroy(s->lastCopy);
      }
      cudaFreeHost(s->ptr);
    }
  }

  Slot *acquire(size_t bytes) {
    Slot *best = nullptr;
    for (auto &s : slots) {
      if (s->inUse || s->bytes < bytes || (best && s->bytes >= best->bytes))
        continue;
      if (s->copyPending && !eventDone(s->lastCopy, "staged receive copy"))
        continue;
      s->copyPending = false;
      best = s.get();
    }
    if (!best) {
      auto s = std::make_unique<Slot>();
      // Powers of two from 64 KiB: messages of similar size share buffers.
      s->bytes = size_t(64) << 10;
      while (s->bytes < bytes)
        s->bytes *= 2;
      if (cudaMallocHost(&s->ptr, s->bytes) != cudaSuccess) {
        cudaGetLastError();
        throw CommError("cannot allocate " + std::to_string(s->bytes) +
                        " bytes of pinned host memory to stage a device message");
      }
      if (cudaEventCreateWithFlags(&s->lastCopy, cudaEventDisableTiming) != cudaSuccess) {
        cudaGetLastError();
        cudaFreeHost(s->ptr);
        throw CommError("cannot create a CUDA event for a staged message");
      }
      slots.push_back(std::move(s));
      best = slots.back().get();
    }
    best->inUse = true;
    return best;
  }

  void giveBack(Slot *s) { s->inUse = false; }

  // After a copy out of the slot enqueued on `stream`.
  void giveBackAfter(Slot *s, cudaStream_t stream) {
    cudaError_t e = cudaEventRecord(s->lastCopy, stream);
    if (e != cudaSuccess) {
      cudaStreamSynchronize(stream); // no event: do not reuse the buffer early
      cudaGetLastError();
    } else {
      s->copyPending = true;
    }
    s->inUse = false;
  }

private:
  std::vector<std::unique_ptr<Slot>> slots;
};

namespace {

// A point-to-point message staged in a pinned buffer: the MPI request on
// that buffer, and what happens once it completed (complete(), once).
class StagedMessage : public comm::Request {
public:
  StagedMessage(std::shared_ptr<PinnedPool> pool, size_t bytes)
      : pool(std::move(pool)), slot(this->pool->acquire(bytes)) {}
  ~StagedMessage() override {
    inner.reset(); // an MPI request completes in its destructor
    if (slot)
      pool->giveBack(slot);
  }
  void *staging() const { return slot->ptr; }
  void start(RequestPtr mpi) { inner = std::move(mpi); }
  void wait() override {
    if (inner) {
      inner->wait();
      inner.reset();
      complete();
    }
  }
  bool test() override {
    if (inner && inner->test()) {
      inner.reset();
      complete();
    }
    return !inner;
  }

protected:
  // Gives the buffer back (and, for a receive, copies it to the device).
  virtual void complete() = 0;
  std::shared_ptr<PinnedPool> pool;
  PinnedPool::Slot *slot;

private:
  RequestPtr inner;
};

// isend of a device buffer: the MPI send of its pinned copy.
class StagedSend final : public StagedMessage {
public:
  using StagedMessage::StagedMessage;

private:
  void complete() override {
    pool->giveBack(slot);
    slot = nullptr;
  }
};

// irecv into a device buffer: an MPI receive into pinned memory, then a copy
// on the compute stream once the message is there.
class StagedRecv final : public StagedMessage {
public:
  StagedRecv(std::shared_ptr<PinnedPool> pool, size_t bytes, void *device,
             cudaStream_t compute, std::string what)
      : StagedMessage(std::move(pool), bytes), bytes(bytes), device(device), compute(compute),
        what(std::move(what)) {}

private:
  void complete() override {
    if (bytes > 0) {
      cudaError_t e = cudaMemcpyAsync(device, slot->ptr, bytes, cudaMemcpyHostToDevice, compute);
      if (e != cudaSuccess) {
        cudaGetLastError();
        throw CommError(what + ": copying the message to the device failed: " +
                        cudaGetErrorString(e));
      }
    }
    pool->giveBackAfter(slot, compute);
    slot = nullptr;
  }
  size_t bytes;
  void *device;
  cudaStream_t compute;
  std::string what;
};

// An operation on a stream, marked by an event after it: wait() orders the
// compute stream after it without blocking the host.
class StreamRequest final : public comm::Request {
public:
  StreamRequest(cudaStream_t opStream, cudaStream_t compute, std::string what)
      : compute(compute), what(std::move(what)) {
    if (cudaEventCreateWithFlags(&event, cudaEventDisableTiming) != cudaSuccess ||
        cudaEventRecord(event, opStream) != cudaSuccess) {
      cudaGetLastError();
      if (event)
        cudaEventDestroy(event);
      throw CommError(this->what + ": cannot record a CUDA event");
    }
  }
  ~StreamRequest() override { cudaEventDestroy(event); }
  void wait() override {
    cudaError_t e = cudaStreamWaitEvent(compute, event, 0);
    if (e != cudaSuccess)
      throw CommError(what + ": " + cudaGetErrorString(e));
  }
  bool test() override { return eventDone(event, what); }

private:
  cudaEvent_t event = nullptr;
  cudaStream_t compute;
  std::string what;
};

class DoneRequest final : public comm::Request {
public:
  void wait() override {}
  bool test() override { return true; }
};

} // namespace

DeviceCommunicator::DeviceCommunicator(comm::Communicator &g, cudaStream_t compute,
                                       bool overlap)
    : group(&g), compute(compute), overlap(overlap) {
  init();
}

DeviceCommunicator::DeviceCommunicator(std::unique_ptr<comm::Communicator> g,
                                       cudaStream_t compute, bool overlap)
    : group(g.get()), ownedGroup(std::move(g)), compute(compute), overlap(overlap) {
  init();
}

void DeviceCommunicator::init() {
  pinned = std::make_shared<PinnedPool>();
  if (alone())
    return; // collectives over one rank are copies: no NCCL needed
  std::string error;
  if (overlap) {
    cudaError_t e = cudaStreamCreateWithFlags(&commStream, cudaStreamNonBlocking);
    if (e == cudaSuccess)
      e = cudaEventCreateWithFlags(&computeReady, cudaEventDisableTiming);
    if (e == cudaSuccess)
      e = cudaEventCreateWithFlags(&commDone, cudaEventDisableTiming);
    if (e != cudaSuccess) {
      cudaGetLastError();
      error = std::string("cannot create the communication stream: ") + cudaGetErrorString(e);
    }
  }
  // Every rank learns whether any failed before the collective NCCL setup,
  // so none is left waiting in it.
  double failures = error.empty() ? 0 : 1;
  try {
    group->allReduce(&failures, 1, DataType::F64, comm::ReduceOp::Sum);
    if (failures > 0)
      throw CommError("device communicator for " + name() + ": " +
                      (error.empty() ? std::to_string(int(failures)) + " rank(s) failed"
                                     : error));
  } catch (...) {
    if (computeReady)
      cudaEventDestroy(computeReady);
    if (commDone)
      cudaEventDestroy(commDone);
    if (commStream)
      cudaStreamDestroy(commStream);
    throw;
  }
}

// NCCL is set up at the first collective on device buffers, which every rank
// of the group enters, or by preparePointToPoint (collective too): a group
// used only for staged point-to-point never pays for an NCCL communicator.
comm::NcclCommunicator &DeviceCommunicator::ncclComm() {
  if (!nccl)
    nccl = comm::NcclCommunicator::create(*group, overlap ? commStream : compute);
  return *nccl;
}

DeviceCommunicator::~DeviceCommunicator() {
  if (nccl) {
    try { // never throws: an error being unwound is the one to report
      kernels::cuda::waitForStream(nccl->stream(), "device communicator teardown");
    } catch (const std::exception &) {
    }
  }
  nccl.reset(); // before the MPI group it was made from
  if (computeReady)
    cudaEventDestroy(computeReady);
  if (commDone)
    cudaEventDestroy(commDone);
  if (commStream)
    cudaStreamDestroy(commStream);
}

void DeviceCommunicator::check(cudaError_t e, const char *what) const {
  if (e == cudaSuccess)
    return;
  cudaGetLastError();
  throw CommError(std::string(what) + " on " + name() + ": " + cudaGetErrorString(e));
}

bool DeviceCommunicator::onDevice(const void *buf) const { return isDeviceMemory(buf); }

bool DeviceCommunicator::onDevice(const void *a, const void *b, const char *op) const {
  bool da = isDeviceMemory(a), db = isDeviceMemory(b);
  if (da != db)
    throw CommError(std::string(op) + " on " + name() + ": the send buffer is " +
                    (da ? "device" : "host") + " memory but the receive buffer is " +
                    (db ? "device" : "host") + " memory");
  return da;
}

void DeviceCommunicator::copyOnCompute(void *dst, const void *src, size_t bytes,
                                       const char *op) {
  if (bytes > 0 && dst != src)
    check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, compute), op);
}

// With overlap, NCCL runs on its own stream: it first waits for the compute
// work enqueued so far.
void DeviceCommunicator::beginDeviceOp() {
  if (!overlap)
    return;
  check(cudaEventRecord(computeReady, compute), "cudaEventRecord");
  check(cudaStreamWaitEvent(commStream, computeReady, 0), "cudaStreamWaitEvent");
}

// ... and compute work enqueued later waits for a blocking operation.
void DeviceCommunicator::endBlockingOp() {
  if (!overlap)
    return;
  check(cudaEventRecord(commDone, commStream), "cudaEventRecord");
  check(cudaStreamWaitEvent(compute, commDone, 0), "cudaStreamWaitEvent");
}

void DeviceCommunicator::allReduce(void *buf, size_t count, DataType type,
                                   comm::ReduceOp op) {
  if (!onDevice(buf)) {
    group->allReduce(buf, count, type, op);
    return;
  }
  if (alone())
    return;
  beginDeviceOp();
  ncclComm().allReduce(buf, count, type, op);
  endBlockingOp();
}

void DeviceCommunicator::allGather(const void *send, void *recv, size_t count, DataType type) {
  if (!onDevice(send, recv, "allGather")) {
    group->allGather(send, recv, count, type);
    return;
  }
  if (alone()) {
    copyOnCompute(recv, send, count * comm::dataTypeSize(type), "allGather");
    return;
  }
  beginDeviceOp();
  ncclComm().allGather(send, recv, count, type);
  endBlockingOp();
}

void DeviceCommunicator::reduceScatter(const void *send, void *recv, size_t recvCount,
                                       DataType type) {
  if (!onDevice(send, recv, "reduceScatter")) {
    group->reduceScatter(send, recv, recvCount, type);
    return;
  }
  if (alone()) {
    copyOnCompute(recv, send, recvCount * comm::dataTypeSize(type), "reduceScatter");
    return;
  }
  beginDeviceOp();
  ncclComm().reduceScatter(send, recv, recvCount, type);
  endBlockingOp();
}

void DeviceCommunicator::broadcast(void *buf, size_t count, DataType type, int root) {
  if (!onDevice(buf)) {
    group->broadcast(buf, count, type, root);
    return;
  }
  if (root < 0 || root >= size())
    throw CommError("broadcast on " + name() + ": root " + std::to_string(root) +
                    " is outside the group of " + std::to_string(size()));
  if (alone())
    return;
  beginDeviceOp();
  ncclComm().broadcast(buf, count, type, root);
  endBlockingOp();
}

void DeviceCommunicator::send(const void *buf, size_t count, DataType type, int dest,
                              int tag) {
  if (!onDevice(buf)) {
    group->send(buf, count, type, dest, tag);
    return;
  }
  isend(buf, count, type, dest, tag)->wait();
}

void DeviceCommunicator::recv(void *buf, size_t count, DataType type, int source, int tag) {
  if (!onDevice(buf)) {
    group->recv(buf, count, type, source, tag);
    return;
  }
  irecv(buf, count, type, source, tag)->wait();
}

RequestPtr DeviceCommunicator::isend(const void *buf, size_t count, DataType type, int dest,
                                     int tag) {
  if (!onDevice(buf))
    return group->isend(buf, count, type, dest, tag);
  const size_t bytes = count * comm::dataTypeSize(type);
  auto request = std::make_unique<StagedSend>(pinned, bytes);
  // The copy sees every kernel enqueued before (the producer of the data).
  check(cudaMemcpyAsync(request->staging(), buf, bytes, cudaMemcpyDeviceToHost, compute),
        "isend: copy to host");
  kernels::cuda::waitForStream(compute, "isend: copy to host");
  request->start(group->isend(request->staging(), count, type, dest, tag));
  return request;
}

RequestPtr DeviceCommunicator::irecv(void *buf, size_t count, DataType type, int source,
                                     int tag) {
  if (!onDevice(buf))
    return group->irecv(buf, count, type, source, tag);
  const size_t bytes = count * comm::dataTypeSize(type);
  auto request = std::make_unique<StagedRecv>(
      pinned, bytes, buf, compute,
      "irecv from rank " + std::to_string(source) + " (tag " + std::to_string(tag) + ") on " +
          name());
  request->start(group->irecv(request->staging(), count, type, source, tag));
  return request;
}

RequestPtr DeviceCommunicator::startGroupedSendRecv(const std::vector<comm::P2pTransfer> &ops,
                                                   double timeoutSeconds) {
  size_t onDeviceCount = 0;
  for (const comm::P2pTransfer &op : ops)
    onDeviceCount += isDeviceMemory(op.buf) ? 1 : 0;
  if (onDeviceCount == 0)
    return group->startGroupedSendRecv(ops, timeoutSeconds);
  if (onDeviceCount != ops.size())
    throw CommError("groupedSendRecv on " + name() + ": device and host buffers in one group");
  beginDeviceOp();
  // Ordered on the NCCL stream; the host does not wait (NCCL's own request
  // would synchronize it). With overlap the compute stream waits only where
  // the caller waits: before the step that reads a receive, or reuses a
  // sent buffer.
  ncclComm().startGroupedSendRecv(ops, timeoutSeconds);
  if (!overlap)
    return std::make_unique<DoneRequest>(); // already on the compute stream
  return std::make_unique<StreamRequest>(ncclComm().stream(), compute,
                                         "grouped send/recv on " + name());
}

void DeviceCommunicator::preparePointToPoint() {
  if (!alone())
    ncclComm();
}

RequestPtr DeviceCommunicator::iallReduce(void *buf, size_t count, DataType type,
                                          comm::ReduceOp op) {
  if (!onDevice(buf))
    return group->iallReduce(buf, count, type, op);
  if (alone())
    return std::make_unique<DoneRequest>();
  beginDeviceOp();
  ncclComm().allReduce(buf, count, type, op);
  return std::make_unique<StreamRequest>(ncclComm().stream(), compute,
                                         "iallReduce on " + name());
}

void DeviceCommunicator::barrier() { group->barrier(); }

std::unique_ptr<comm::Communicator> DeviceCommunicator::split(int color, int key) {
  return std::make_unique<DeviceCommunicator>(group->split(color, key), compute, overlap);
}

void DeviceCommunicator::abort(int exitCode) {
  if (nccl)
    nccl->abort(exitCode); // aborts NCCL, then the job through `group`
  group->abort(exitCode);
  std::exit(exitCode); // GCC does not see that a virtual [[noreturn]] call never returns
}

} // namespace mtc::runtime::gpu
