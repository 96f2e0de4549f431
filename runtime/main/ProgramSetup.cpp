#include "main/ProgramSetup.h"
#include "backends/host/HostBackend.h"
#include "comm/Communicator.h"
#include "comm/Agreement.h"
#include "comm/Launch.h"
#include "exec/PlanValidator.h"

#include <cstdlib>
#include <iostream>

namespace mtc::runtime {

using comm::agreeOnError;

// The job's MPI world, or a 1-rank stand-in when this process is the whole job
// (no MPI start-up cost, no MPI needed for quick single-rank runs). Under srun
// the world must be every task of the step (comm/Launch.h).
std::unique_ptr<comm::Communicator> startWorld(int *argc, char ***argv) {
  comm::Launch launch = comm::readLaunch();
  if (!comm::needsMpiWorld(launch))
    return std::make_unique<comm::SelfCommunicator>();
  std::unique_ptr<comm::Communicator> world = comm::mpiWorld(argc, argv);
  comm::checkMpiWorld(launch, world->rank(), world->size());
  return world;
}

pb::Plan parseEmbeddedPlan(const std::string &planBytes) {
  pb::Plan plan;
  if (!plan.ParseFromString(planBytes))
    throw PlanError("the embedded plan (" + std::to_string(planBytes.size()) +
                    " bytes) does not parse as an mtc.pb.Plan");
  return plan;
}

// The backend every rank agreed it has (null: one rank could not make it;
// every rank printed why). `owned` keeps a made backend alive.
Backend *agreeOnBackend(comm::Communicator &world, BackendFactory makeBackend, const char *tool,
                        std::unique_ptr<Backend> &owned) {
  // Test hook: the host kernels on memory kept apart from the host's, so the
  // MPI tests prove the runtime copies data wherever a GPU needs it.
  if (!makeBackend) {
    const char *variable = std::getenv("MTC_TEST_STAGED_HOST");
    const std::string staged = variable ? variable : "";
    return staged == "1" ? &stagedHostBackend() : &hostBackend();
  }
  std::string error;
  try {
    owned = makeBackend(world);
  } catch (const std::exception &e) {
    error = e.what();
  }
  // Collective: a rank without a device must not leave the others waiting.
  std::string agreed = agreeOnError(world, error);
  if (agreed.empty())
    return owned.get();
  std::cout.flush();
  std::cerr << tool;
  if (world.size() > 1)
    std::cerr << " [rank " << world.rank() << "]";
  std::cerr << ": error: " << (error.empty() ? agreed : error) << std::endl;
  return nullptr;
}

} // namespace mtc::runtime
