// Communicator over NCCL for the GPU backend: the same interface as the MPI
// communicator, but buffers are device pointers and every operation is
// enqueued on the communicator's CUDA stream (the caller orders it against
// compute with events; nothing here synchronizes except barrier() and
// Request::wait()).
//
// One NcclCommunicator per group of the rank grid, created from the MPI
// communicator of the same group: its rank 0 makes the NCCL unique id and
// broadcasts it over MPI. Initialization is non-blocking with a timeout, and
// every rank learns whether every other rank succeeded, so a failed init is a
// CommError on all ranks, never a hang.
#pragma once
#include "comm/Communicator.h"

#include <memory>
#include <vector>

#include <cuda_runtime_api.h>

namespace mtc::comm {

struct NcclOptions {
  double initTimeoutSeconds = 120; // each rank gives up (and aborts NCCL) after this
  double opTimeoutSeconds = 600;   // an enqueue that stays in progress longer fails
};

class NcclCommunicator : public Communicator {
public:
  // Collective over `group` (every rank of it must call). Uses the current
  // CUDA device. Throws CommError naming the group on any failure.
  static std::unique_ptr<NcclCommunicator> create(Communicator &group, cudaStream_t stream,
                                                  NcclOptions options = {});
  ~NcclCommunicator() override;

  int rank() const override { return rankInGroup; }
  int size() const override { return groupSize; }
  std::string name() const override { return "nccl:" + groupName; }
  cudaStream_t stream() const { return cudaStream; }

  void allReduce(void *buf, size_t count, DataType type, ReduceOp op) override;
  void allGather(const void *send, void *recv, size_t count, DataType type) override;
  void reduceScatter(const void *send, void *recv, size_t recvCount, DataType type) override;
  void broadcast(void *buf, size_t count, DataType type, int root) override;
  void send(const void *buf, size_t count, DataType type, int dest, int tag) override;
  void recv(void *buf, size_t count, DataType type, int source, int tag) override;
  RequestPtr isend(const void *buf, size_t count, DataType type, int dest, int tag) override;
  RequestPtr irecv(void *buf, size_t count, DataType type, int source, int tag) override;
  void barrier() override;
  std::unique_ptr<Communicator> split(int color, int key) override;
  [[noreturn]] void abort(int exitCode) override;

  // All of `ops` in one ncclGroupStart/End on the stream; returns once they
  // are enqueued (the stream, not the host, waits for the peers), with a
  // request whose wait() synchronizes the host with them. The caller's
  // grouping must not hang (pipeline/PipelineP2pGroups.h): one that does stalls
  // the stream, which no host-side timeout sees, so the timeout argument is
  // not used.
  RequestPtr startGroupedSendRecv(const std::vector<P2pTransfer> &ops,
                                  double timeoutSeconds) override;

private:
  NcclCommunicator() = default;
  void check(int result, const char *what);
  void waitReady(const char *what, double timeoutSeconds);

  void *comm = nullptr; // ncclComm_t
  Communicator *parent = nullptr; // MPI group: abort() and the id broadcast
  std::unique_ptr<Communicator> ownedParent; // set when made by split()
  cudaStream_t cudaStream = nullptr;
  int rankInGroup = 0, groupSize = 1;
  std::string groupName;
  NcclOptions options;
  int *barrierScratch = nullptr; // one device int, allocated at creation
};

} // namespace mtc::comm
