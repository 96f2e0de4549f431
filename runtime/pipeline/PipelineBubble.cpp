#include "pipeline/PipelineBubble.h"

#include "mtc/Plan/Bubble.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <sched.h>
#include <unistd.h>

namespace mtc::runtime {

double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

CorePlacement checkCorePlacement(comm::Communicator &world) {
  // Per rank: CPUs it may run on, the one CPU when bound to one, its host
  // (a 40-bit hash, exact in a double) and the host's online cores.
  cpu_set_t set;
  CPU_ZERO(&set);
  double mine[4] = {0, -1, 0, double(sysconf(_SC_NPROCESSORS_ONLN))};
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    mine[0] = CPU_COUNT(&set);
    for (int c = 0; c < CPU_SETSIZE && mine[0] == 1; ++c)
      if (CPU_ISSET(c, &set))
        mine[1] = c;
  }
  char host[256] = {0};
  gethostname(host, sizeof host - 1);
  mine[2] = double(std::hash<std::string>{}(host) & ((uint64_t(1) << 40) - 1));
  const int n = world.size();
  std::vector<double> all(4 * static_cast<size_t>(n));
  world.allGather(mine, all.data(), 4, comm::DataType::F64);

  CorePlacement placement;
  std::set<std::pair<double, double>> taken; // (host, cpu)
  struct Host {
    double id = 0, cores = 0;
    int ranks = 0;
  };
  std::vector<Host> hosts;
  int unbound = -1, shared = -1;
  double unboundCpus = 0;
  for (int r = 0; r < n; ++r) {
    const double *p = &all[4 * static_cast<size_t>(r)];
    if (p[0] != 1 && unbound < 0) {
      unbound = r;
      unboundCpus = p[0];
    }
    if (p[0] == 1 && !taken.insert({p[2], p[1]}).second && shared < 0)
      shared = r;
    auto it = std::find_if(hosts.begin(), hosts.end(), [&](const Host &h) { return h.id == p[2]; });
    if (it == hosts.end())
      hosts.push_back({p[2], p[3], 1});
    else
      ++it->ranks;
  }
  const Host *crowded = nullptr;
  for (const Host &h : hosts)
    if (h.ranks > h.cores && !crowded)
      crowded = &h;
  if (crowded) {
    placement.description = std::to_string(crowded->ranks) + " ranks on " +
                            std::to_string(static_cast<int>(crowded->cores)) +
                            " cores: oversubscribed";
  } else if (unbound >= 0) {
    placement.description = "rank " + std::to_string(unbound) + " is not bound to a core: it may run on " +
                            std::to_string(static_cast<int>(unboundCpus)) +
                            "; mpirun --bind-to core binds";
  } else if (shared >= 0) {
    placement.description = "rank " + std::to_string(shared) + " shares its core";
  } else {
    placement.pinned = true;
    placement.description =
        std::to_string(n) + " ranks, each bound to a core of its own";
  }
  return placement;
}

double measureP2pLatency(comm::Communicator &group, size_t bytes) {
  if (group.size() < 2)
    return 0.0;
  const int rank = group.rank(), tag = 0x1a7e;
  double latency = 0;
  if (rank <= 1) {
    std::vector<float> message(std::max<size_t>(bytes / 4, 1));
    const int peer = 1 - rank, rounds = 11;
    std::vector<double> trips;
    for (int i = 0; i <= rounds; ++i) { // the first round warms the path up
      const auto t0 = std::chrono::steady_clock::now();
      if (rank == 0) {
        group.send(message.data(), message.size(), comm::DataType::F32, peer, tag);
        group.recv(message.data(), message.size(), comm::DataType::F32, peer, tag);
      } else {
        group.recv(message.data(), message.size(), comm::DataType::F32, peer, tag);
        group.send(message.data(), message.size(), comm::DataType::F32, peer, tag);
      }
      if (i > 0)
        trips.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::nth_element(trips.begin(), trips.begin() + trips.size() / 2, trips.end());
    latency = rank == 0 ? trips[trips.size() / 2] / 2 : 0.0;
  }
  group.allReduceSum(&latency, 1);
  return latency;
}

BubbleSummary summarizeBubble(const Timeline &measured, double p2pLatencyMs,
                              const CorePlacement &placement, bool cpuCosts) {
  const BubbleReport wall = bubbleOf(measured);
  std::optional<BubbleReport> replay;
  if (cpuCosts) {
    auto replayed = replayTimeline(measured, p2pLatencyMs);
    if (!replayed)
      throw std::runtime_error("pipeline report: " + replayed.error());
    replay = bubbleOf(*replayed);
  }
  bool split = false;
  std::vector<double> cpu(measured.ranks.size(), 0.0);
  for (size_t r = 0; r < measured.ranks.size(); ++r)
    for (const TimedStep &t : measured.ranks[r]) {
      split |= t.step.kind == StepKind::WeightGrad;
      cpu[r] += t.cost;
    }
  const std::optional<double> formula =
      formulaBubbleRatio(measured.pp, measured.vp, measured.microbatches, split);

  using json = nlohmann::ordered_json;
  auto numbers = [](const BubbleReport &b) {
    json ranks = json::array();
    for (const RankBubble &r : b.ranks)
      ranks.push_back({{"busy_ms", r.busy}, {"ratio", r.ratio}, {"fraction", r.fraction}});
    return json{{"span_ms", b.span},
                {"ratio", b.pipeline.ratio},
                {"fraction", b.pipeline.fraction},
                {"ranks", std::move(ranks)}};
  };
  json j;
  j["definition"] = "ratio = idle / compute of the busiest rank over the span from the first "
                    "step's start to the last step's end (Narayanan et al. 2021); fraction = "
                    "idle / span (Qi et al. 2024)";
  j["formula"] = formula ? json(*formula) : json(nullptr);
  j["measured"] = numbers(wall);
  j["replayed"] = replay ? numbers(*replay) : json(nullptr);
  j["p2p_latency_ms"] = p2pLatencyMs;
  j["one_core_per_rank"] = placement.pinned;
  j["placement"] = placement.description;
  j["cpu_ms"] = cpuCosts ? json(cpu) : json(nullptr);

  char line[512];
  std::string text;
  auto add = [&](const std::string &s) { text += (text.empty() ? "" : "\n") + s; };
  std::snprintf(line, sizeof line,
                "pipeline: bubble = idle / compute of the busiest rank (Narayanan et al.); "
                "share = idle / span (Qi et al.); p=%d v=%d m=%d%s",
                measured.pp, measured.vp, measured.microbatches, split ? " (split backward)" : "");
  add(line);
  if (formula)
    std::snprintf(line, sizeof line, "pipeline: formula bubble %.4f (share %.4f): %s", *formula,
                  fractionOfRatio(*formula), split ? "(p-1)/(3v*m), T_F = T_B = T_W" : "(p-1)/(v*m)");
  else
    std::snprintf(line, sizeof line, "pipeline: formula bubble: none known for this schedule");
  add(line);
  if (replay)
    std::snprintf(line, sizeof line,
                  "pipeline: replayed bubble %.4f (share %.4f), span %.2f ms: this order with "
                  "each step's measured CPU time and a measured p2p latency of %.4f ms",
                  replay->pipeline.ratio, replay->pipeline.fraction, replay->span, p2pLatencyMs);
  else
    std::snprintf(line, sizeof line,
                  "pipeline: replayed bubble: not computed, the steps ran on a device whose "
                  "time the CPU clock does not measure");
  add(line);
  double cpuTotal = 0, wallTotal = 0;
  for (size_t r = 0; r < cpu.size(); ++r) {
    cpuTotal += cpu[r];
    wallTotal += wall.ranks[r].busy;
  }
  // Below 1, the steps waited for their core (other processes, or ranks
  // sharing it), which pinning cannot show.
  char share[96] = "";
  if (cpuCosts)
    std::snprintf(share, sizeof share, "; the steps had %.2f of a core (CPU / wall time)",
                  wallTotal > 0 ? cpuTotal / wallTotal : 0.0);
  std::snprintf(line, sizeof line,
                "pipeline: measured bubble %.4f (share %.4f), span %.2f ms, wall clock: "
                "meaningful only with one pinned core per rank, which %s (%s)%s",
                wall.pipeline.ratio, wall.pipeline.fraction, wall.span,
                placement.pinned ? "held" : "did not hold", placement.description.c_str(),
                share);
  add(line);
  for (size_t r = 0; r < measured.ranks.size(); ++r) {
    if (replay)
      std::snprintf(line, sizeof line,
                    "pipeline: rank %zu: compute %.2f ms wall, %.2f ms CPU; bubble %.4f "
                    "measured, %.4f replayed (share %.4f, %.4f)",
                    r, wall.ranks[r].busy, cpu[r], wall.ranks[r].ratio, replay->ranks[r].ratio,
                    wall.ranks[r].fraction, replay->ranks[r].fraction);
    else
      std::snprintf(line, sizeof line,
                    "pipeline: rank %zu: compute %.2f ms wall; bubble %.4f measured (share %.4f)",
                    r, wall.ranks[r].busy, wall.ranks[r].ratio, wall.ranks[r].fraction);
    add(line);
  }
  return {j.dump(), text};
}

std::string svgPathForTrace(const std::string &tracePath) {
  const std::string ext = ".json";
  if (tracePath.size() > ext.size() &&
      tracePath.compare(tracePath.size() - ext.size(), ext.size(), ext) == 0)
    return tracePath.substr(0, tracePath.size() - ext.size()) + ".svg";
  return tracePath + ".svg";
}

} // namespace mtc::runtime
