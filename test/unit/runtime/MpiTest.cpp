// Runs under `mpirun -np 2` (registered by CMakeLists.txt): the MPI communicator's
// collectives and point-to-point calls, and data-parallel training matching one rank.
#include "TinyPlan.h"

#include "comm/Communicator.h"
#include "exec/Trainer.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mtc::runtime {
namespace {

comm::Communicator &world() {
  static std::unique_ptr<comm::Communicator> w = comm::mpiWorld(nullptr, nullptr);
  return *w;
}

TEST(Mpi, Collectives) {
  comm::Communicator &w = world();
  ASSERT_EQ(w.size(), 2) << "run with mpirun -np 2";
  const int r = w.rank();
  double sum[2] = {1.0 + r, 10.0 * r};
  w.allReduceSum(sum, 2);
  EXPECT_EQ(sum[0], 3.0);
  EXPECT_EQ(sum[1], 10.0);
  float mx = static_cast<float>(r) - 5;
  w.allReduceMax(&mx, 1);
  EXPECT_EQ(mx, -4.f);
  int32_t mine = 100 + r, all[2] = {};
  w.allGather(&mine, all, 1, comm::DataType::I32);
  EXPECT_EQ(all[0], 100);
  EXPECT_EQ(all[1], 101);
  float chunks[4] = {1.f * r, 2.f, 3.f, 4.f * r}, part[2] = {};
  w.reduceScatter(chunks, part, 2, comm::DataType::F32);
  if (r == 0) {
    EXPECT_EQ(part[0], 1.f);
    EXPECT_EQ(part[1], 4.f);
  } else {
    EXPECT_EQ(part[0], 6.f);
    EXPECT_EQ(part[1], 4.f);
  }
  int64_t value = r == 1 ? 42 : 0;
  w.broadcast(&value, 1, comm::DataType::I64, 1);
  EXPECT_EQ(value, 42);
  w.barrier();
}

TEST(Mpi, PointToPointAndSplit) {
  comm::Communicator &w = world();
  const int r = w.rank(), peer = 1 - r;
  float out[3] = {1.f + r, 2.f + r, 3.f + r}, in[3] = {};
  auto receive = w.irecv(in, 3, comm::DataType::F32, peer, 5);
  auto send = w.isend(out, 3, comm::DataType::F32, peer, 5);
  send->wait();
  receive->wait();
  EXPECT_EQ(in[0], 1.f + peer);
  if (r == 0)
    w.send(out, 3, comm::DataType::F32, 1, 6);
  else {
    w.recv(in, 3, comm::DataType::F32, 0, 6);
    EXPECT_EQ(in[2], 3.f);
  }
  auto alone = w.split(r, 0);
  EXPECT_EQ(alone->size(), 1);
  auto both = w.split(0, -r); // reversed order
  EXPECT_EQ(both->size(), 2);
  EXPECT_EQ(both->rank(), 1 - r);
  EXPECT_THROW(w.send(out, 3, comm::DataType::F32, 7, 0), comm::CommError);
}

TEST(Mpi, DataParallelMatchesOneRank) {
  comm::Communicator &w = world();
  TrainConfig c;
  c.synthetic = true;
  c.steps = 3;
  c.globalBatch = 4;
  pb::Plan one = testing::makeTinyPlan();
  comm::SelfCommunicator self;
  TrainSummary reference = Trainer(one, c, self, nullptr).run();
  pb::Plan two = one;
  two.mutable_parallel()->set_data(2);
  TrainSummary parallel = Trainer(two, c, w, nullptr).run();
  ASSERT_EQ(parallel.losses.size(), 3u);
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(parallel.losses[i], reference.losses[i], 1e-5 * reference.losses[i]) << i;
}

} // namespace
} // namespace mtc::runtime
