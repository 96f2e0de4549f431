// What `train` and `generate` do alike before their own work: start the
// world, read the embedded plan, agree on a backend.
#pragma once
#include "main/Main.h"
#include "plan.pb.h"

#include <memory>
#include <string>

namespace mtc::runtime {

// The job's MPI world, or a 1-rank stand-in when this process is the whole job.
std::unique_ptr<comm::Communicator> startWorld(int *argc, char ***argv);
// Throws PlanError when the bytes are not an mtc.pb.Plan.
pb::Plan parseEmbeddedPlan(const std::string &planBytes);
// The backend every rank agreed it has (null: one rank could not make it;
// every rank printed why, naming `tool`). `owned` keeps a made backend alive.
Backend *agreeOnBackend(comm::Communicator &world, BackendFactory makeBackend, const char *tool,
                        std::unique_ptr<Backend> &owned);

} // namespace mtc::runtime
