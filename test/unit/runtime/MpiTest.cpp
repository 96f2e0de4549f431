// Runs under `mpirun -np 2` (registered by CMakeLists.txt): the MPI communicator's
// collectives and point-to-point calls, data-parallel training matching one rank,
// and the checks that every rank sees the same --save and --load folders.
#include "../ErrorOf.h"
#include "TinyPlan.h"

#include "comm/Communicator.h"
#include "checkpoint/Checkpoint.h"
#include "train/Trainer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

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

// A fresh folder of rank 0's, known to both ranks (they share this machine's disk).
std::filesystem::path sharedFolder(const char *name) {
  int64_t pid = getpid();
  world().broadcast(&pid, 1, comm::DataType::I64, 0);
  auto dir = std::filesystem::temp_directory_path() /
             ("mtc_mpi_test_" + std::string(name) + "_" + std::to_string(pid));
  world().barrier();
  if (world().rank() == 0) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  world().barrier();
  return dir;
}

std::string refusal(const std::function<void()> &f) {
  return mtc::testing::errorOf<CheckpointError>(f);
}

TEST(Mpi, SaveFolderMustBeOneFolderForAllRanks) {
  comm::Communicator &w = world();
  const std::filesystem::path shared = sharedFolder("save");
  EXPECT_EQ(refusal([&] { checkSaveFolderShared(w, (shared / "ckpt").string()); }), "(no error)");
  EXPECT_TRUE(std::filesystem::is_empty(shared / "ckpt")); // the probe is gone
  // Rank 1 names another folder: a node whose --save path is its own disk.
  const std::string mine = (shared / ("rank" + std::to_string(w.rank()))).string();
  std::string error = refusal([&] { checkSaveFolderShared(w, mine); });
  EXPECT_NE(error.find("is not one folder for all ranks: 1 of 2 ranks do not see the file "
                       "rank 0 wrote there"),
            std::string::npos)
      << error;
  EXPECT_EQ(error.find("(this rank is one of them)") != std::string::npos, w.rank() == 1);
  if (w.rank() == 0)
    std::filesystem::remove_all(shared);
}

TEST(Mpi, LoadRefusesRanksThatSeeDifferentCheckpoints) {
  comm::Communicator &w = world();
  const std::filesystem::path shared = sharedFolder("load");
  if (w.rank() == 0) // one writer: two ranks truncating the same file race
    for (const char *iteration : {"iter_0000002", "iter_0000004"}) {
      std::filesystem::create_directories(shared / iteration);
      std::ofstream(shared / iteration / "checkpoint.json") << iteration;
    }
  w.barrier();
  CheckpointLocation same{(shared / "iter_0000004").string(), {}};
  EXPECT_EQ(refusal([&] { agreeOnCheckpointFound(w, same, shared.string()); }), "(no error)");
  CheckpointLocation none;
  EXPECT_EQ(refusal([&] { agreeOnCheckpointFound(w, none, shared.string()); }), "(no error)");
  // Rank 1 sees no checkpoint (a node without the folder), then an older one.
  for (const std::string &rank1Sees : {std::string(), (shared / "iter_0000002").string()}) {
    CheckpointLocation seen{w.rank() == 0 ? same.folder : rank1Sees, {}};
    std::string error = refusal([&] { agreeOnCheckpointFound(w, seen, shared.string()); });
    EXPECT_NE(error.find("the ranks do not see the same checkpoint in '" + shared.string() +
                         "' (rank(s) 1 see another one than rank 0, or none)"),
              std::string::npos)
        << error;
  }
  w.barrier();
  if (w.rank() == 0)
    std::filesystem::remove_all(shared);
}

} // namespace
} // namespace mtc::runtime
