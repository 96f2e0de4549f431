// Communicator over MPI. Every call checks its return code: the communicators
// are set to MPI_ERRORS_RETURN, so a failure becomes a CommError naming the
// operation, the group and MPI's own message rather than MPI's default abort
// without context (or a hang).
#include "comm/BundledMpi.h"
#include "comm/Communicator.h"

#include <mpi.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace mtc::comm {
namespace {

MPI_Datatype toMpi(DataType type) {
  switch (type) {
  case DataType::F32: return MPI_FLOAT;
  case DataType::F64: return MPI_DOUBLE;
  case DataType::I32: return MPI_INT32_T;
  case DataType::I64: return MPI_INT64_T;
  case DataType::U8: return MPI_UINT8_T;
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op toMpi(ReduceOp op) { return op == ReduceOp::Sum ? MPI_SUM : MPI_MAX; }

// MPI counts are int; larger messages must be split by the caller.
int toCount(size_t count, const char *op) {
  if (count > static_cast<size_t>(INT32_MAX))
    throw CommError(std::string(op) + ": " + std::to_string(count) +
                    " elements exceed MPI's int count limit");
  return static_cast<int>(count);
}

void check(int rc, const char *op, const std::string &group) {
  if (rc == MPI_SUCCESS)
    return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  throw CommError(std::string("MPI ") + op + " on group '" + group +
                  "' failed: " + std::string(text, len));
}

class MpiRequest : public Request {
public:
  MpiRequest(const char *op, std::string group) : op(op), group(std::move(group)) {}
  MPI_Request handle = MPI_REQUEST_NULL;
  void wait() override {
    check(MPI_Wait(&handle, MPI_STATUS_IGNORE), op, group);
  }
  bool test() override {
    int done = 0;
    check(MPI_Test(&handle, &done, MPI_STATUS_IGNORE), op, group);
    return done != 0;
  }
  ~MpiRequest() override {
    // An abandoned request must not leave MPI writing into freed memory.
    if (handle != MPI_REQUEST_NULL)
      MPI_Wait(&handle, MPI_STATUS_IGNORE);
  }

private:
  const char *op;
  std::string group;
};

// A posted group of Issend/Irecv (MpiCommunicator::startGroupedSendRecv).
class MpiGroupRequest : public Request {
public:
  MpiGroupRequest(const std::vector<P2pTransfer> &ops, double timeoutSeconds,
                  std::string group, int rank)
      : requests(ops.size(), MPI_REQUEST_NULL), timeoutSeconds(timeoutSeconds),
        group(std::move(group)), rank(rank) {
    for (const P2pTransfer &op : ops)
      peers.push_back((op.send ? "send to " : "recv from ") + std::to_string(op.peer));
  }
  std::vector<MPI_Request> requests; // one per op, in the group's order

  void wait() override {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration<double>(timeoutSeconds);
    while (!test()) {
      if (timeoutSeconds > 0 && std::chrono::steady_clock::now() > deadline)
        fail();
      std::this_thread::yield(); // ranks may share cores
    }
  }
  bool test() override {
    int done = 0;
    check(MPI_Testall(static_cast<int>(requests.size()), requests.data(), &done,
                      MPI_STATUSES_IGNORE),
          "Testall (grouped)", group);
    return done != 0;
  }
  ~MpiGroupRequest() override { release(); }

private:
  // Left pending: the job is expected to end. Freed requests still complete
  // if their peers arrive later (the buffers must stay valid), and waiting
  // here could hang on a peer that never comes.
  void release() {
    for (MPI_Request &r : requests)
      if (r != MPI_REQUEST_NULL)
        MPI_Request_free(&r);
  }
  [[noreturn]] void fail() {
    std::string pending;
    for (size_t i = 0; i < requests.size(); ++i)
      if (requests[i] != MPI_REQUEST_NULL)
        pending += (pending.empty() ? "" : ", ") + peers[i];
    release();
    throw CommError("grouped point-to-point on group '" + group + "' (rank " +
                    std::to_string(rank) + ") did not complete in " +
                    std::to_string(timeoutSeconds) + " s: " + pending +
                    " still waiting, its peer is blocked elsewhere (a grouping that would hang "
                    "under NCCL)");
  }
  std::vector<std::string> peers;
  double timeoutSeconds;
  std::string group;
  int rank;
};

class MpiCommunicator : public Communicator {
public:
  MpiCommunicator(MPI_Comm comm, std::string groupName, bool owned)
      : comm(comm), groupName(std::move(groupName)), owned(owned) {
    check(MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN), "Comm_set_errhandler",
          this->groupName);
    check(MPI_Comm_rank(comm, &myRank), "Comm_rank", this->groupName);
    check(MPI_Comm_size(comm, &mySize), "Comm_size", this->groupName);
  }
  ~MpiCommunicator() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (owned && !finalized)
      MPI_Comm_free(&comm);
  }

  int rank() const override { return myRank; }
  int size() const override { return mySize; }
  std::string name() const override { return groupName; }

  void allReduce(void *buf, size_t count, DataType type, ReduceOp op) override {
    check(MPI_Allreduce(MPI_IN_PLACE, buf, toCount(count, "Allreduce"), toMpi(type),
                        toMpi(op), comm),
          "Allreduce", groupName);
  }
  void allGather(const void *send, void *recv, size_t count,
                 DataType type) override {
    int n = toCount(count, "Allgather");
    check(MPI_Allgather(send, n, toMpi(type), recv, n, toMpi(type), comm),
          "Allgather", groupName);
  }
  void reduceScatter(const void *send, void *recv, size_t recvCount,
                     DataType type) override {
    check(MPI_Reduce_scatter_block(send, recv, toCount(recvCount, "Reduce_scatter"),
                                   toMpi(type), MPI_SUM, comm),
          "Reduce_scatter_block", groupName);
  }
  void broadcast(void *buf, size_t count, DataType type, int root) override {
    checkPeer(root, "Bcast");
    check(MPI_Bcast(buf, toCount(count, "Bcast"), toMpi(type), root, comm), "Bcast",
          groupName);
  }
  void send(const void *buf, size_t count, DataType type, int dest,
            int tag) override {
    checkPeer(dest, "Send");
    check(MPI_Send(buf, toCount(count, "Send"), toMpi(type), dest, tag, comm), "Send",
          groupName);
  }
  void recv(void *buf, size_t count, DataType type, int source, int tag) override {
    checkPeer(source, "Recv");
    check(MPI_Recv(buf, toCount(count, "Recv"), toMpi(type), source, tag, comm,
                   MPI_STATUS_IGNORE),
          "Recv", groupName);
  }
  RequestPtr isend(const void *buf, size_t count, DataType type, int dest,
                   int tag) override {
    checkPeer(dest, "Isend");
    auto request = std::make_unique<MpiRequest>("Isend", groupName);
    check(MPI_Isend(buf, toCount(count, "Isend"), toMpi(type), dest, tag, comm,
                    &request->handle),
          "Isend", groupName);
    return request;
  }
  RequestPtr irecv(void *buf, size_t count, DataType type, int source,
                   int tag) override {
    checkPeer(source, "Irecv");
    auto request = std::make_unique<MpiRequest>("Irecv", groupName);
    check(MPI_Irecv(buf, toCount(count, "Irecv"), toMpi(type), source, tag, comm,
                    &request->handle),
          "Irecv", groupName);
    return request;
  }
  // NCCL's semantics emulated (Communicator.h): one tag, so a pair's
  // messages match in order; MPI_Issend, which completes only once the
  // receiver posted its receive, so a grouping that would hang under NCCL
  // hangs here too, where the wait's timeout turns it into an error.
  RequestPtr startGroupedSendRecv(const std::vector<P2pTransfer> &ops,
                                  double timeoutSeconds) override {
    auto group = std::make_unique<MpiGroupRequest>(ops, timeoutSeconds, groupName, myRank);
    for (size_t i = 0; i < ops.size(); ++i) {
      const P2pTransfer &op = ops[i];
      checkPeer(op.peer, op.send ? "Issend (grouped)" : "Irecv (grouped)");
      if (op.send)
        check(MPI_Issend(op.buf, toCount(op.count, "Issend"), toMpi(op.type), op.peer,
                         kGroupedP2pTag, comm, &group->requests[i]),
              "Issend (grouped)", groupName);
      else
        check(MPI_Irecv(op.buf, toCount(op.count, "Irecv"), toMpi(op.type), op.peer,
                        kGroupedP2pTag, comm, &group->requests[i]),
              "Irecv (grouped)", groupName);
    }
    return group;
  }
  void barrier() override { check(MPI_Barrier(comm), "Barrier", groupName); }
  RequestPtr iallReduce(void *buf, size_t count, DataType type, ReduceOp op) override {
    auto request = std::make_unique<MpiRequest>("Iallreduce", groupName);
    check(MPI_Iallreduce(MPI_IN_PLACE, buf, toCount(count, "Iallreduce"), toMpi(type),
                         toMpi(op), comm, &request->handle),
          "Iallreduce", groupName);
    return request;
  }

  std::unique_ptr<Communicator> split(int color, int key) override {
    MPI_Comm child = MPI_COMM_NULL;
    check(MPI_Comm_split(comm, color, key, &child), "Comm_split", groupName);
    return std::make_unique<MpiCommunicator>(
        child, groupName + "/" + std::to_string(color), /*owned=*/true);
  }

  [[noreturn]] void abort(int exitCode) override {
    MPI_Abort(MPI_COMM_WORLD, exitCode);
    std::exit(exitCode);
  }

private:
  void checkPeer(int peer, const char *op) const {
    if (peer < 0 || peer >= mySize)
      throw CommError(std::string("MPI ") + op + " on group '" + groupName +
                      "': peer rank " + std::to_string(peer) +
                      " is outside the group of " + std::to_string(mySize));
  }

  MPI_Comm comm;
  std::string groupName;
  bool owned;
  int myRank = 0, mySize = 1;
};

void finalizeAtExit() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized)
    MPI_Finalize();
}

} // namespace

std::unique_ptr<Communicator> mpiWorld(int *argc, char ***argv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    useBundledOpenMpi(); // a program folder moved off the machine that built it
    int provided = 0;
    int rc = MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    if (rc != MPI_SUCCESS)
      throw CommError("MPI_Init_thread failed with code " + std::to_string(rc));
    std::atexit(finalizeAtExit);
  }
  return std::make_unique<MpiCommunicator>(MPI_COMM_WORLD, "world", /*owned=*/false);
}

} // namespace mtc::comm
