// How this process was launched, read from the launcher's environment: whether
// MPI is worth starting, whether srun's tasks can meet in one MPI world, this
// rank's index on its node (which GPU it takes), and where the job's ranks run.
//
// OpenMPI's mpirun sets OMPI_COMM_WORLD_* in every rank; srun sets SLURM_* in
// every task of a step (SLURM_STEP_ID marks a step; a batch script's own
// process has SLURM_PROCID but no step) and, with --mpi=pmix or pmi2, the PMIx
// or PMI-2 variables the tasks find each other through. mpirun inside a Slurm
// job passes the job's SLURM_* variables on to its ranks unchanged (every rank
// sees SLURM_PROCID=0, SLURM_LOCALID=0), so OpenMPI's variables come first.
#pragma once
#include <string>
#include <vector>

namespace mtc::comm {

class Communicator;

enum class Launcher {
  None,     // a process on its own
  Mpirun,   // OpenMPI's mpirun / mpiexec
  Srun,     // a task of a Slurm job step
  OtherMpi, // another MPI's launcher (PMI variables, no OpenMPI or srun ones)
};

const char *launcherName(Launcher launcher);

struct Launch {
  Launcher launcher = Launcher::None;
  // This rank's index among the ranks on its node, and the variable it came
  // from; empty when the launcher gives none (then 0).
  int localRank = 0;
  std::string localRankVariable;
  // srun: the tasks of the step (SLURM_STEP_NUM_TASKS), this task's rank
  // (SLURM_PROCID), and whether srun gave the tasks a process-management
  // interface (PMIx or PMI-2) to form an MPI world through.
  int tasks = 1;
  int taskRank = 0;
  bool processManager = false;
};

using EnvLookup = const char *(*)(const char *);

// Reads the launcher's variables (from `env`, or the process environment);
// throws CommError naming a variable that holds no valid number.
Launch readLaunch(EnvLookup env);
Launch readLaunch();

// Whether this process must start MPI to join its job. False for a process on
// its own and for a one-task srun step without PMI (the task is the whole
// job). Throws CommError for srun tasks that cannot form one world (several
// tasks, no PMI: each would start MPI alone).
bool needsMpiWorld(const Launch &launch);

// Throws CommError when MPI's world is not the one srun started (another size,
// or this task at another rank): the tasks did not meet through srun's PMI.
void checkMpiWorld(const Launch &launch, int rank, int size);

// The log line saying where the job runs, from every rank's host name (index =
// rank): "launch: srun, 4 ranks on 1 host (vm: ranks 0-3), local rank from
// SLURM_LOCALID". Lists the first 8 hosts.
std::string placementText(const Launch &launch, const std::vector<std::string> &hostOfRank);

// placementText for this job: gathers the host names (collective over world).
std::string describePlacement(Communicator &world, const Launch &launch);

} // namespace mtc::comm
