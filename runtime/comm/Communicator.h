// Collective and point-to-point communication among the ranks of one group.
//
// The executor and trainer talk to this interface only, so the same code runs on
// one process (SelfCommunicator, no MPI needed: unit tests, single-rank tools) and
// on many (MpiCommunicator). Every failure throws CommError with a message naming
// the operation and the group; the caller turns it into a non-zero exit (and, when
// other ranks may be waiting, an abort of the job) instead of a hang.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace mtc::comm {

class CommError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

enum class ReduceOp { Sum, Max };
enum class DataType { F32, F64, I32, I64, U8 };

size_t dataTypeSize(DataType type);

// One operation of a grouped point-to-point exchange (groupedSendRecv).
struct P2pTransfer {
  bool send;
  void *buf;
  size_t count;
  DataType type;
  int peer;
};

// A pending nonblocking operation; wait() completes it (and rethrows its error).
class Request {
public:
  virtual ~Request() = default;
  virtual void wait() = 0;
  virtual bool test() = 0; // true once complete
};
using RequestPtr = std::unique_ptr<Request>;

class Communicator {
public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // A name for messages ("world", "tp[0,1]", ...).
  virtual std::string name() const = 0;

  // In place: buf[count] becomes the reduction over all ranks.
  virtual void allReduce(void *buf, size_t count, DataType type, ReduceOp op) = 0;
  // send[count] from every rank -> recv[size * count], ordered by rank.
  virtual void allGather(const void *send, void *recv, size_t count,
                         DataType type) = 0;
  // send[size * recvCount] summed over ranks; this rank keeps chunk `rank`.
  virtual void reduceScatter(const void *send, void *recv, size_t recvCount,
                             DataType type) = 0;
  virtual void broadcast(void *buf, size_t count, DataType type, int root) = 0;
  virtual void send(const void *buf, size_t count, DataType type, int dest,
                    int tag) = 0;
  virtual void recv(void *buf, size_t count, DataType type, int source,
                    int tag) = 0;
  virtual RequestPtr isend(const void *buf, size_t count, DataType type,
                           int dest, int tag) = 0;
  virtual RequestPtr irecv(void *buf, size_t count, DataType type, int source,
                           int tag) = 0;
  virtual void barrier() = 0;
  // Nonblocking in-place all-reduce (data-parallel gradient buckets). The
  // default completes at once; MPI overrides it with MPI_Iallreduce.
  virtual RequestPtr iallReduce(void *buf, size_t count, DataType type, ReduceOp op);
  // NCCL's grouped point-to-point (ncclGroupStart, ncclSend/ncclRecv,
  // ncclGroupEnd): no tags, the k-th send from A to B matches B's k-th
  // receive from A (counted over all calls), and a group completes only once
  // every op of it can, so a rank whose group waits for a peer that never
  // posts its side hangs. Callers must order their groups so that cannot
  // happen (pipeline/PipelineP2pGroups.h). Posts the group and returns at once;
  // the request's wait() completes all of it (on a device group: orders it
  // before later work on the compute stream), and a receive's data and a
  // send's buffer are the caller's again only after that. With
  // timeoutSeconds > 0 a wait that has not completed by then throws
  // CommError instead of hanging, where the implementation can tell (MPI);
  // the job should then end. The default emulates it with isend/irecv on one
  // tag.
  virtual RequestPtr startGroupedSendRecv(const std::vector<P2pTransfer> &ops,
                                          double timeoutSeconds);
  // The same, waited for.
  void groupedSendRecv(const std::vector<P2pTransfer> &ops, double timeoutSeconds) {
    startGroupedSendRecv(ops, timeoutSeconds)->wait();
  }
  // Collective over the group: sets up what groupedSendRecv needs (NCCL's
  // communicator on a device group), which must not happen lazily at a first
  // group that only some ranks enter. Nothing to do elsewhere.
  virtual void preparePointToPoint() {}
  // Ranks with the same color form a new group, ordered by key.
  virtual std::unique_ptr<Communicator> split(int color, int key) = 0;
  // Ends the whole job with a non-zero status (other ranks included).
  [[noreturn]] virtual void abort(int exitCode) = 0;

  // Typed conveniences.
  void allReduceSum(float *buf, size_t n) { allReduce(buf, n, DataType::F32, ReduceOp::Sum); }
  void allReduceSum(double *buf, size_t n) { allReduce(buf, n, DataType::F64, ReduceOp::Sum); }
  void allReduceMax(float *buf, size_t n) { allReduce(buf, n, DataType::F32, ReduceOp::Max); }
  void allReduceMax(double *buf, size_t n) { allReduce(buf, n, DataType::F64, ReduceOp::Max); }
};

// The tag of every groupedSendRecv message on an MPI group: one tag, so MPI
// matches them in order between a pair of ranks, as NCCL does.
constexpr int kGroupedP2pTag = 0x7032;

// One rank, no MPI: collectives are copies, send/recv to itself are errors.
class SelfCommunicator : public Communicator {
public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  std::string name() const override { return "self"; }
  void allReduce(void *, size_t, DataType, ReduceOp) override {}
  void allGather(const void *send, void *recv, size_t count, DataType type) override;
  void reduceScatter(const void *send, void *recv, size_t recvCount,
                     DataType type) override;
  void broadcast(void *, size_t, DataType, int root) override;
  void send(const void *, size_t, DataType, int dest, int tag) override;
  void recv(void *, size_t, DataType, int source, int tag) override;
  RequestPtr isend(const void *, size_t, DataType, int dest, int tag) override;
  RequestPtr irecv(void *, size_t, DataType, int source, int tag) override;
  void barrier() override {}
  std::unique_ptr<Communicator> split(int color, int key) override;
  [[noreturn]] void abort(int exitCode) override;
};

// MPI_COMM_WORLD, initializing MPI on first use (MPI_Init_thread, FUNNELED) with
// MPI_ERRORS_RETURN so failures come back as CommError. Finalized at exit.
std::unique_ptr<Communicator> mpiWorld(int *argc, char ***argv);

} // namespace mtc::comm
