#include "comm/NcclCommunicator.h"

#include <nccl.h>

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <thread>

namespace mtc::comm {
namespace {

ncclDataType_t ncclType(DataType t) {
  switch (t) {
  case DataType::F32: return ncclFloat32;
  case DataType::F64: return ncclFloat64;
  case DataType::I32: return ncclInt32;
  case DataType::I64: return ncclInt64;
  case DataType::U8: return ncclUint8;
  }
  return ncclFloat32;
}

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// What rank 0 of a group broadcasts: whether it made an id, and the id.
struct IdMessage {
  int32_t ok;
  char id[NCCL_UNIQUE_ID_BYTES];
  char error[256];
};

class EventRequest : public Request {
public:
  EventRequest(cudaStream_t stream, std::string what) : what(std::move(what)) {
    if (cudaEventCreateWithFlags(&event, cudaEventDisableTiming) != cudaSuccess ||
        cudaEventRecord(event, stream) != cudaSuccess)
      throw CommError(this->what + ": cannot record a CUDA event");
  }
  ~EventRequest() override { cudaEventDestroy(event); }
  void wait() override {
    cudaError_t e = cudaEventSynchronize(event);
    if (e != cudaSuccess)
      throw CommError(what + ": " + cudaGetErrorString(e));
  }
  bool test() override { return cudaEventQuery(event) == cudaSuccess; }

private:
  cudaEvent_t event{};
  std::string what;
};

} // namespace

void NcclCommunicator::check(int result, const char *what) {
  if (result == ncclSuccess || result == ncclInProgress) {
    waitReady(what, options.opTimeoutSeconds);
    return;
  }
  const char *last = ncclGetLastError(static_cast<ncclComm_t>(comm));
  throw CommError(std::string(what) + " on " + name() + " failed: " +
                  ncclGetErrorString(static_cast<ncclResult_t>(result)) +
                  (last && *last ? std::string(" (") + last + ")" : ""));
}

// Non-blocking communicators return ncclInProgress; the next call may only
// come once the state is settled.
void NcclCommunicator::waitReady(const char *what, double timeoutSeconds) {
  auto t0 = Clock::now();
  for (;;) {
    ncclResult_t state = ncclInProgress;
    ncclCommGetAsyncError(static_cast<ncclComm_t>(comm), &state);
    if (state == ncclSuccess)
      return;
    if (state != ncclInProgress)
      throw CommError(std::string(what) + " on " + name() + " failed: " +
                      ncclGetErrorString(state));
    if (secondsSince(t0) > timeoutSeconds) {
      ncclCommAbort(static_cast<ncclComm_t>(comm));
      comm = nullptr;
      throw CommError(std::string(what) + " on " + name() + " did not finish within " +
                      std::to_string(static_cast<int>(timeoutSeconds)) +
                      " s (NCCL aborted)");
    }
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
}

std::unique_ptr<NcclCommunicator> NcclCommunicator::create(Communicator &group,
                                                           cudaStream_t stream,
                                                           NcclOptions options) {
  std::unique_ptr<NcclCommunicator> c(new NcclCommunicator());
  c->parent = &group;
  c->cudaStream = stream;
  c->rankInGroup = group.rank();
  c->groupSize = group.size();
  c->groupName = group.name();
  c->options = options;

  IdMessage msg{};
  if (group.rank() == 0) {
    ncclUniqueId id;
    ncclResult_t r = ncclGetUniqueId(&id);
    msg.ok = r == ncclSuccess;
    if (msg.ok)
      std::memcpy(msg.id, id.internal, sizeof msg.id);
    else
      std::snprintf(msg.error, sizeof msg.error, "ncclGetUniqueId: %s",
                    ncclGetErrorString(r));
  }
  group.broadcast(&msg, sizeof msg, DataType::U8, 0);
  if (!msg.ok)
    throw CommError("NCCL init of " + c->name() + ": rank 0 could not make an id (" +
                    msg.error + ")");

  // Every rank tries, then all learn how many failed: no rank is left
  // waiting in an init the others gave up on.
  std::string error;
  try {
    ncclUniqueId id;
    std::memcpy(id.internal, msg.id, sizeof msg.id);
    ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
    config.blocking = 0;
    ncclComm_t comm = nullptr;
    ncclResult_t r = ncclCommInitRankConfig(&comm, c->groupSize, id, c->rankInGroup, &config);
    c->comm = comm;
    if (r != ncclSuccess && r != ncclInProgress)
      throw CommError(std::string("ncclCommInitRankConfig: ") + ncclGetErrorString(r));
    c->waitReady("ncclCommInitRankConfig", options.initTimeoutSeconds);
    if (cudaMalloc(&c->barrierScratch, sizeof(int)) != cudaSuccess)
      throw CommError("cudaMalloc of the barrier scratch failed");
  } catch (const std::exception &e) {
    error = e.what();
  }
  double failures = error.empty() ? 0 : 1;
  group.allReduce(&failures, 1, DataType::F64, ReduceOp::Sum);
  if (failures > 0) {
    if (c->comm)
      ncclCommAbort(static_cast<ncclComm_t>(c->comm));
    c->comm = nullptr;
    throw CommError("NCCL init of " + c->name() + " failed on " +
                    std::to_string(static_cast<int>(failures)) + " rank(s)" +
                    (error.empty() ? "" : "; this rank: " + error));
  }
  return c;
}

NcclCommunicator::~NcclCommunicator() {
  // Non-blocking communicators finish finalizing asynchronously: destroy only
  // once that settled, abort (never hang, never throw) otherwise.
  if (comm) {
    bool settled = ncclCommFinalize(static_cast<ncclComm_t>(comm)) != ncclInternalError;
    if (settled) {
      try {
        waitReady("ncclCommFinalize", options.opTimeoutSeconds);
      } catch (const std::exception &) {
        settled = false; // waitReady aborted it on a timeout (comm is null then)
      }
    }
    if (comm)
      (settled ? ncclCommDestroy : ncclCommAbort)(static_cast<ncclComm_t>(comm));
  }
  if (barrierScratch)
    cudaFree(barrierScratch);
}

void NcclCommunicator::allReduce(void *buf, size_t count, DataType type, ReduceOp op) {
  check(ncclAllReduce(buf, buf, count, ncclType(type), op == ReduceOp::Sum ? ncclSum : ncclMax,
                      static_cast<ncclComm_t>(comm), cudaStream),
        "ncclAllReduce");
}

void NcclCommunicator::allGather(const void *send, void *recv, size_t count, DataType type) {
  check(ncclAllGather(send, recv, count, ncclType(type), static_cast<ncclComm_t>(comm),
                      cudaStream),
        "ncclAllGather");
}

void NcclCommunicator::reduceScatter(const void *send, void *recv, size_t recvCount,
                                     DataType type) {
  check(ncclReduceScatter(send, recv, recvCount, ncclType(type), ncclSum,
                          static_cast<ncclComm_t>(comm), cudaStream),
        "ncclReduceScatter");
}

void NcclCommunicator::broadcast(void *buf, size_t count, DataType type, int root) {
  check(ncclBroadcast(buf, buf, count, ncclType(type), root, static_cast<ncclComm_t>(comm),
                      cudaStream),
        "ncclBroadcast");
}

// NCCL has no tags: matching is by order per peer pair, which the schedule
// fixes (NcclP2pOrder.h).
void NcclCommunicator::send(const void *buf, size_t count, DataType type, int dest, int) {
  check(ncclSend(buf, count, ncclType(type), dest, static_cast<ncclComm_t>(comm), cudaStream),
        "ncclSend");
}

void NcclCommunicator::recv(void *buf, size_t count, DataType type, int source, int) {
  check(ncclRecv(buf, count, ncclType(type), source, static_cast<ncclComm_t>(comm),
                 cudaStream),
        "ncclRecv");
}

RequestPtr NcclCommunicator::isend(const void *buf, size_t count, DataType type, int dest,
                                   int tag) {
  send(buf, count, type, dest, tag);
  return std::make_unique<EventRequest>(cudaStream, "isend on " + name());
}

RequestPtr NcclCommunicator::irecv(void *buf, size_t count, DataType type, int source,
                                   int tag) {
  recv(buf, count, type, source, tag);
  return std::make_unique<EventRequest>(cudaStream, "irecv on " + name());
}

RequestPtr NcclCommunicator::startGroupedSendRecv(const std::vector<P2pTransfer> &ops, double) {
  // Checked before the group opens: a bad peer must not leave it half built.
  for (const P2pTransfer &op : ops)
    if (op.peer < 0 || op.peer >= groupSize || op.peer == rankInGroup)
      throw CommError(std::string("grouped ") + (op.send ? "send to" : "recv from") +
                      " rank " + std::to_string(op.peer) + " on " + name() + " (rank " +
                      std::to_string(rankInGroup) + " of " + std::to_string(groupSize) +
                      "): not a peer");
  check(ncclGroupStart(), "ncclGroupStart");
  for (const P2pTransfer &op : ops) {
    ncclResult_t r =
        op.send ? ncclSend(op.buf, op.count, ncclType(op.type), op.peer,
                           static_cast<ncclComm_t>(comm), cudaStream)
                : ncclRecv(op.buf, op.count, ncclType(op.type), op.peer,
                           static_cast<ncclComm_t>(comm), cudaStream);
    if (r != ncclSuccess && r != ncclInProgress) {
      ncclGroupEnd();
      check(r, op.send ? "ncclSend (grouped)" : "ncclRecv (grouped)");
    }
  }
  check(ncclGroupEnd(), "ncclGroupEnd");
  return std::make_unique<EventRequest>(cudaStream, "grouped send/recv on " + name());
}

void NcclCommunicator::barrier() {
  check(ncclAllReduce(barrierScratch, barrierScratch, 1, ncclInt32, ncclSum,
                      static_cast<ncclComm_t>(comm), cudaStream),
        "barrier");
  cudaError_t e = cudaStreamSynchronize(cudaStream);
  if (e != cudaSuccess)
    throw CommError("barrier on " + name() + ": " + cudaGetErrorString(e));
}

std::unique_ptr<Communicator> NcclCommunicator::split(int color, int key) {
  // The MPI side splits the same way so abort() and later splits keep
  // working; NCCL gets a fresh id over the new MPI group.
  std::unique_ptr<Communicator> mpiChild = parent->split(color, key);
  auto child = create(*mpiChild, cudaStream, options);
  // The NCCL child owns its MPI group (abort() goes through it).
  child->ownedParent = std::move(mpiChild);
  return child;
}

void NcclCommunicator::abort(int exitCode) {
  if (comm)
    ncclCommAbort(static_cast<ncclComm_t>(comm));
  comm = nullptr;
  parent->abort(exitCode);
  std::abort(); // not reached: the compiler cannot see through the virtual call
}

} // namespace mtc::comm
