#include "comm/Launch.h"

#include "comm/Communicator.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace mtc::comm {
namespace {

// A launcher's count or index: a non-negative decimal int, or nothing when
// the variable is unset. Anything else is a broken launch, not a 0.
std::optional<int> countVariable(EnvLookup env, const char *name) {
  const char *text = env(name);
  if (!text)
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  long value = std::strtol(text, &end, 10);
  if (!*text || *end || errno || value < 0 || value > INT_MAX)
    throw CommError(std::string("the launcher's variable ") + name + "='" + text +
                    "' is not a rank or count");
  return static_cast<int>(value);
}

bool anySet(EnvLookup env, std::initializer_list<const char *> names) {
  return std::any_of(names.begin(), names.end(), [&](const char *n) { return env(n); });
}

// "0-3", "0,2,4-5": ascending ranks as runs.
std::string rankRuns(const std::vector<int> &ranks) {
  std::string text;
  for (size_t i = 0; i < ranks.size();) {
    size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
      ++j;
    text += (text.empty() ? "" : ",") + std::to_string(ranks[i]);
    if (j > i)
      text += "-" + std::to_string(ranks[j]);
    i = j + 1;
  }
  return text;
}

std::string plural(size_t n, const char *noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

constexpr size_t kHostsListed = 8;
constexpr size_t kHostNameBytes = 65; // HOST_NAME_MAX + 1 on Linux

} // namespace

const char *launcherName(Launcher launcher) {
  switch (launcher) {
  case Launcher::None: return "none";
  case Launcher::Mpirun: return "mpirun";
  case Launcher::Srun: return "srun";
  case Launcher::OtherMpi: return "another MPI launcher";
  }
  return "?";
}

Launch readLaunch(EnvLookup env) {
  Launch launch;
  auto localRankFrom = [&](const char *name) {
    if (std::optional<int> local = countVariable(env, name)) {
      launch.localRank = *local;
      launch.localRankVariable = name;
    }
  };
  if (env("OMPI_COMM_WORLD_SIZE")) {
    launch.launcher = Launcher::Mpirun;
    localRankFrom("OMPI_COMM_WORLD_LOCAL_RANK");
  } else if (env("SLURM_STEP_ID") && env("SLURM_PROCID")) {
    launch.launcher = Launcher::Srun;
    localRankFrom("SLURM_LOCALID");
    std::optional<int> tasks = countVariable(env, "SLURM_STEP_NUM_TASKS");
    if (!tasks || *tasks < 1)
      throw CommError("srun's SLURM_STEP_NUM_TASKS is missing or 0 in a task of step " +
                      std::string(env("SLURM_STEP_ID")));
    launch.tasks = *tasks;
    launch.taskRank = *countVariable(env, "SLURM_PROCID");
    launch.processManager = anySet(env, {"PMIX_RANK", "PMI_RANK", "PMI_FD"});
  } else if (anySet(env, {"PMIX_RANK", "PMI_RANK", "PMI_SIZE", "MV2_COMM_WORLD_SIZE"})) {
    launch.launcher = Launcher::OtherMpi;
  }
  return launch;
}

Launch readLaunch() {
  return readLaunch([](const char *name) -> const char * { return std::getenv(name); });
}

bool needsMpiWorld(const Launch &launch) {
  if (launch.launcher == Launcher::None)
    return false;
  if (launch.launcher == Launcher::Srun && !launch.processManager) {
    if (launch.tasks == 1)
      return false;
    throw CommError("srun started " + std::to_string(launch.tasks) +
                    " tasks without a process-management interface (srun --mpi=none), so "
                    "they cannot form one MPI world: launch with srun --mpi=pmix (or set "
                    "MpiDefault=pmix in slurm.conf; `srun --mpi=list` shows what this Slurm "
                    "offers)");
  }
  return true;
}

void checkMpiWorld(const Launch &launch, int rank, int size) {
  if (launch.launcher != Launcher::Srun)
    return;
  if (size != launch.tasks || rank != launch.taskRank)
    throw CommError("srun started " + std::to_string(launch.tasks) + " tasks, but MPI formed " +
                    "a world of " + std::to_string(size) + " with task " +
                    std::to_string(launch.taskRank) + " as rank " + std::to_string(rank) +
                    ": the tasks did not meet through srun's PMI; launch with srun "
                    "--mpi=pmix");
}

std::string placementText(const Launch &launch, const std::vector<std::string> &hostOfRank) {
  std::vector<std::string> hosts; // in order of their first rank
  std::vector<std::vector<int>> ranksOf;
  for (int r = 0; r < static_cast<int>(hostOfRank.size()); ++r) {
    auto at = std::find(hosts.begin(), hosts.end(), hostOfRank[r]);
    if (at == hosts.end()) {
      hosts.push_back(hostOfRank[r]);
      ranksOf.emplace_back();
      at = hosts.end() - 1;
    }
    ranksOf[at - hosts.begin()].push_back(r);
  }
  std::string text = std::string("launch: ") + launcherName(launch.launcher) + ", " +
                     plural(hostOfRank.size(), "rank") + " on " + plural(hosts.size(), "host") +
                     " (";
  for (size_t h = 0; h < hosts.size() && h < kHostsListed; ++h)
    text += (h ? "; " : "") + hosts[h] + ": " + (ranksOf[h].size() == 1 ? "rank " : "ranks ") +
            rankRuns(ranksOf[h]);
  if (hosts.size() > kHostsListed)
    text += "; " + std::to_string(hosts.size() - kHostsListed) + " more";
  text += "), local rank " + (launch.localRankVariable.empty()
                                  ? std::string("unknown (the launcher sets no variable for it)")
                                  : "from " + launch.localRankVariable);
  return text;
}

std::string describePlacement(Communicator &world, const Launch &launch) {
  char mine[kHostNameBytes] = {};
  if (gethostname(mine, sizeof mine - 1) != 0 && !mine[0]) // a longer name is cut, not lost
    std::snprintf(mine, sizeof mine, "?");
  std::vector<char> all(kHostNameBytes * world.size());
  world.allGather(mine, all.data(), kHostNameBytes, DataType::U8);
  std::vector<std::string> hostOfRank;
  for (int r = 0; r < world.size(); ++r)
    hostOfRank.emplace_back(all.data() + r * kHostNameBytes);
  return placementText(launch, hostOfRank);
}

} // namespace mtc::comm
