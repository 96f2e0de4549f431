// How a rank learns its launcher, world and node (comm/Launch.h), from the
// variables mpirun and srun really set (taken from runs under OpenMPI 4.1 and
// Slurm 22.05, see docs/cluster.md).
#include "comm/Communicator.h"
#include "comm/Launch.h"

#include "../ErrorOf.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <map>
#include <string>

namespace mtc::comm {
namespace {

std::map<std::string, std::string> env;
const char *fakeEnv(const char *name) {
  auto it = env.find(name);
  return it == env.end() ? nullptr : it->second.c_str();
}

Launch launchWith(std::map<std::string, std::string> variables) {
  env = std::move(variables);
  return readLaunch(&fakeEnv);
}

std::string refusal(const std::function<void()> &f) {
  return mtc::testing::errorOf<CommError>(f);
}

// An srun --mpi=pmix task's variables (task 2 of 4 on one node).
std::map<std::string, std::string> srunTask() {
  return {{"SLURM_JOB_ID", "7"},    {"SLURM_STEP_ID", "0"},
          {"SLURM_PROCID", "2"},    {"SLURM_LOCALID", "2"},
          {"SLURM_NODEID", "0"},    {"SLURM_NTASKS", "4"},
          {"SLURM_STEP_NUM_TASKS", "4"},
          {"PMIX_RANK", "2"},       {"PMIX_NAMESPACE", "slurm.pmix.7.0"}};
}

TEST(Launch, AProcessOnItsOwnStartsNoMpi) {
  Launch launch = launchWith({});
  EXPECT_EQ(launch.launcher, Launcher::None);
  EXPECT_EQ(launch.localRank, 0);
  EXPECT_FALSE(needsMpiWorld(launch));
  // A batch script's own process: SLURM_PROCID but no step.
  launch = launchWith({{"SLURM_JOB_ID", "9"}, {"SLURM_PROCID", "0"}, {"SLURM_LOCALID", "0"},
                       {"SLURM_NTASKS", "4"}});
  EXPECT_EQ(launch.launcher, Launcher::None);
  EXPECT_FALSE(needsMpiWorld(launch));
}

TEST(Launch, MpirunGivesTheLocalRank) {
  Launch launch = launchWith({{"OMPI_COMM_WORLD_SIZE", "4"}, {"OMPI_COMM_WORLD_RANK", "3"},
                              {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}});
  EXPECT_EQ(launch.launcher, Launcher::Mpirun);
  EXPECT_EQ(launch.localRank, 1);
  EXPECT_EQ(launch.localRankVariable, "OMPI_COMM_WORLD_LOCAL_RANK");
  EXPECT_TRUE(needsMpiWorld(launch));
}

TEST(Launch, MpirunInsideASlurmJobIgnoresTheJobsVariables) {
  // mpirun in a batch script: every rank inherits SLURM_PROCID=0, SLURM_LOCALID=0.
  std::map<std::string, std::string> vars = srunTask();
  vars["SLURM_LOCALID"] = "0";
  vars["OMPI_COMM_WORLD_SIZE"] = "8";
  vars["OMPI_COMM_WORLD_LOCAL_RANK"] = "5";
  Launch launch = launchWith(vars);
  EXPECT_EQ(launch.launcher, Launcher::Mpirun);
  EXPECT_EQ(launch.localRank, 5);
  EXPECT_NO_THROW(checkMpiWorld(launch, 5, 8));
}

TEST(Launch, SrunTasksReadSlurmsVariables) {
  Launch launch = launchWith(srunTask());
  EXPECT_EQ(launch.launcher, Launcher::Srun);
  EXPECT_EQ(launch.localRank, 2);
  EXPECT_EQ(launch.localRankVariable, "SLURM_LOCALID");
  EXPECT_EQ(launch.tasks, 4);
  EXPECT_EQ(launch.taskRank, 2);
  EXPECT_TRUE(launch.processManager);
  EXPECT_TRUE(needsMpiWorld(launch));
  EXPECT_NO_THROW(checkMpiWorld(launch, 2, 4));
  // PMI-2 counts as a process manager too.
  std::map<std::string, std::string> pmi2 = srunTask();
  pmi2.erase("PMIX_RANK");
  pmi2["PMI_FD"] = "11";
  EXPECT_TRUE(launchWith(pmi2).processManager);
}

TEST(Launch, SrunTasksWithoutPmiCannotFormOneWorld) {
  std::map<std::string, std::string> vars = srunTask();
  vars.erase("PMIX_RANK");
  Launch launch = launchWith(vars);
  EXPECT_FALSE(launch.processManager);
  EXPECT_EQ(refusal([&] { needsMpiWorld(launch); }),
            "srun started 4 tasks without a process-management interface (srun --mpi=none), "
            "so they cannot form one MPI world: launch with srun --mpi=pmix (or set "
            "MpiDefault=pmix in slurm.conf; `srun --mpi=list` shows what this Slurm offers)");
  // One task is the whole job: no MPI needed.
  vars["SLURM_STEP_NUM_TASKS"] = "1";
  vars["SLURM_PROCID"] = "0";
  EXPECT_FALSE(needsMpiWorld(launchWith(vars)));
}

TEST(Launch, AWorldOtherThanSrunsIsRefused) {
  Launch launch = launchWith(srunTask());
  // Each task alone in a world of 1: an MPI that did not use srun's PMI.
  EXPECT_EQ(refusal([&] { checkMpiWorld(launch, 0, 1); }),
            "srun started 4 tasks, but MPI formed a world of 1 with task 2 as rank 0: the "
            "tasks did not meet through srun's PMI; launch with srun --mpi=pmix");
  EXPECT_NE(refusal([&] { checkMpiWorld(launch, 1, 4); }), "(no error)");
}

TEST(Launch, MalformedVariablesAreRefusedByName) {
  std::map<std::string, std::string> vars = srunTask();
  vars["SLURM_LOCALID"] = "one";
  EXPECT_EQ(refusal([&] { launchWith(vars); }),
            "the launcher's variable SLURM_LOCALID='one' is not a rank or count");
  for (const char *bad : {"", "-1", "3x", "99999999999"}) {
    vars = srunTask();
    vars["SLURM_STEP_NUM_TASKS"] = bad;
    EXPECT_NE(refusal([&] { launchWith(vars); }), "(no error)") << bad;
  }
  vars = srunTask();
  vars.erase("SLURM_STEP_NUM_TASKS");
  EXPECT_NE(refusal([&] { launchWith(vars); }).find("SLURM_STEP_NUM_TASKS is missing"),
            std::string::npos);
  EXPECT_NE(refusal([&] {
              launchWith({{"OMPI_COMM_WORLD_SIZE", "2"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "1.5"}});
            }),
            "(no error)");
}

TEST(Launch, PlacementNamesHostsAndTheirRanks) {
  Launch srun = launchWith(srunTask());
  EXPECT_EQ(placementText(srun, {"vm", "vm", "vm", "vm"}),
            "launch: srun, 4 ranks on 1 host (vm: ranks 0-3), local rank from SLURM_LOCALID");
  Launch mpirun = launchWith({{"OMPI_COMM_WORLD_SIZE", "5"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "0"}});
  EXPECT_EQ(placementText(mpirun, {"a", "a", "b", "b", "c"}),
            "launch: mpirun, 5 ranks on 3 hosts (a: ranks 0-1; b: ranks 2-3; c: rank 4), "
            "local rank from OMPI_COMM_WORLD_LOCAL_RANK");
  // Round-robin placement (mpirun --map-by node).
  EXPECT_EQ(placementText(mpirun, {"a", "b", "a", "b", "a"}),
            "launch: mpirun, 5 ranks on 2 hosts (a: ranks 0,2,4; b: ranks 1,3), local rank "
            "from OMPI_COMM_WORLD_LOCAL_RANK");
  std::vector<std::string> many;
  for (int h = 0; h < 10; ++h)
    many.insert(many.end(), 2, "n" + std::to_string(h));
  std::string text = placementText(mpirun, many);
  EXPECT_NE(text.find("20 ranks on 10 hosts (n0: ranks 0-1; "), std::string::npos) << text;
  EXPECT_NE(text.find("n7: ranks 14-15; 2 more), local rank"), std::string::npos) << text;
  Launch other = launchWith({{"PMI_RANK", "0"}, {"PMI_SIZE", "1"}});
  EXPECT_EQ(placementText(other, {"x"}),
            "launch: another MPI launcher, 1 rank on 1 host (x: rank 0), local rank unknown "
            "(the launcher sets no variable for it)");
}

TEST(Launch, DescribePlacementGathersThisHostsName) {
  SelfCommunicator self;
  std::string text = describePlacement(self, launchWith({{"OMPI_COMM_WORLD_SIZE", "1"},
                                                         {"OMPI_COMM_WORLD_LOCAL_RANK", "0"}}));
  char host[65] = {};
  gethostname(host, 64);
  EXPECT_EQ(text, "launch: mpirun, 1 rank on 1 host (" + std::string(host) +
                      ": rank 0), local rank from OMPI_COMM_WORLD_LOCAL_RANK");
}

} // namespace
} // namespace mtc::comm
