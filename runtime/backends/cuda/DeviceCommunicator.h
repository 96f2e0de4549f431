// The CUDA backend's communicator (Backend::deviceGroup): a group of ranks
// whose buffers may be device memory. Device buffers go over NCCL, ordered
// with the compute stream as Backend.h promises (an operation sees every
// kernel enqueued before it; kernels enqueued after it see its result); host
// buffers (loss and norm scalars) go over the MPI group unchanged.
//
// Point-to-point on device buffers comes two ways. startGroupedSendRecv is
// NCCL's own (ncclGroupStart, ncclSend/ncclRecv, ncclGroupEnd on the NCCL
// stream, ordered with the compute stream as the other operations are): the
// pipeline runner's default, whose grouping cannot deadlock
// (pipeline/PipelineP2pGroups.h). Tagged isend/irecv keep MPI's semantics for
// the runner's staged fallback (train --pipeline-p2p=staged): the device
// buffer is staged through pinned host memory and sent over MPI.
#pragma once
#include "comm/Communicator.h"

#include <memory>
#include <vector>

#include <cuda_runtime_api.h>

namespace mtc::comm {
class NcclCommunicator;
}

namespace mtc::runtime::gpu {

class PinnedPool;

class DeviceCommunicator final : public comm::Communicator {
public:
  // Collective over `group` (borrowed: it must outlive this object), which
  // gets an NCCL communicator at its first collective on device buffers
  // (none for a group of one rank, none for point-to-point only). `compute` is
  // the backend's stream; it must outlive this object and its requests.
  // overlap = false: NCCL runs on `compute` itself.
  // overlap = true: on a stream of its own, ordered with `compute` by
  // events, and iallReduce returns before the reduction is done.
  DeviceCommunicator(comm::Communicator &group, cudaStream_t compute, bool overlap);
  // The same, owning `group` (split()).
  DeviceCommunicator(std::unique_ptr<comm::Communicator> group, cudaStream_t compute,
                     bool overlap);
  ~DeviceCommunicator() override;
  DeviceCommunicator(const DeviceCommunicator &) = delete;
  DeviceCommunicator &operator=(const DeviceCommunicator &) = delete;

  int rank() const override { return group->rank(); }
  int size() const override { return group->size(); }
  std::string name() const override { return group->name(); }

  void allReduce(void *buf, size_t count, comm::DataType type, comm::ReduceOp op) override;
  void allGather(const void *send, void *recv, size_t count, comm::DataType type) override;
  void reduceScatter(const void *send, void *recv, size_t recvCount,
                     comm::DataType type) override;
  void broadcast(void *buf, size_t count, comm::DataType type, int root) override;
  // Device buffers: staged (see the top of this file). Blocking send/recv
  // are isend/irecv plus wait().
  void send(const void *buf, size_t count, comm::DataType type, int dest, int tag) override;
  void recv(void *buf, size_t count, comm::DataType type, int source, int tag) override;
  // isend copies the device buffer to pinned memory first (waiting for the
  // compute stream), so the buffer may be overwritten as soon as it returns.
  comm::RequestPtr isend(const void *buf, size_t count, comm::DataType type, int dest,
                         int tag) override;
  // The data reaches the device buffer when wait() (or a test() that finds
  // the message) enqueues its copy on the compute stream. A request dropped
  // before that delivers nothing.
  comm::RequestPtr irecv(void *buf, size_t count, comm::DataType type, int source,
                         int tag) override;
  // Device buffers: one NCCL group after the compute stream's work so far
  // (every buffer of `ops` on the device; host buffers all go to the MPI
  // group's emulation). With overlap it runs on the NCCL stream and wait()
  // makes the compute stream wait for it (no host block); without, it runs
  // on the compute stream itself.
  comm::RequestPtr startGroupedSendRecv(const std::vector<comm::P2pTransfer> &ops,
                                        double timeoutSeconds) override;
  // Creates the NCCL communicator now, on every rank of the group together
  // (groupedSendRecv's groups involve only some ranks, which must not be
  // where a collective init happens).
  void preparePointToPoint() override;
  // On device buffers with overlap: wait() makes the compute stream wait for
  // the reduction (no host block); test() asks whether it is done.
  comm::RequestPtr iallReduce(void *buf, size_t count, comm::DataType type,
                              comm::ReduceOp op) override;
  void barrier() override;
  std::unique_ptr<comm::Communicator> split(int color, int key) override;
  [[noreturn]] void abort(int exitCode) override;

private:
  void init();
  comm::NcclCommunicator &ncclComm();
  bool onDevice(const void *buf) const;
  bool onDevice(const void *a, const void *b, const char *op) const;
  bool alone() const { return group->size() == 1; }
  void copyOnCompute(void *dst, const void *src, size_t bytes, const char *op);
  void beginDeviceOp();
  void endBlockingOp();
  void check(cudaError_t e, const char *what) const;

  comm::Communicator *group;
  std::unique_ptr<comm::Communicator> ownedGroup;
  cudaStream_t compute;
  bool overlap;
  cudaStream_t commStream = nullptr;           // overlap only
  cudaEvent_t computeReady = nullptr, commDone = nullptr; // overlap only
  std::unique_ptr<comm::NcclCommunicator> nccl; // made by the first device collective
  std::shared_ptr<PinnedPool> pinned;           // requests may outlive this object
};

} // namespace mtc::runtime::gpu
