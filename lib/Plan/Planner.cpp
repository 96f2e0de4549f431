//===- Planner.cpp - Enumerate, predict, rank -----------------------------===//
#include "mtc/Plan/Planner.h"
#include "mtc/Plan/CheckedMath.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

namespace mtc {

namespace {

bool tensorSizeOk(const ModelShape &m, int gpusPerNode, int t) {
  return gpusPerNode % t == 0 && m.heads % t == 0 && m.ffnSize() % t == 0;
}

// Calls visit(config) for every valid layout; stops early when visit returns
// false. Every config it produces passes validateConfig.
template <typename Visit>
long long forEachLayout(const ModelShape &m, const ClusterSpec &cl,
                        int globalBatch, Visit visit) {
  long long count = 0;
  for (int t : divisorsOf(cl.gpusPerNode)) {
    if (!tensorSizeOk(m, cl.gpusPerNode, t) || cl.gpus % t != 0)
      continue;
    for (int p : divisorsOf(cl.gpus / t)) {
      if (m.layers % p != 0)
        continue;
      int d = cl.gpus / (t * p);
      if (globalBatch % d != 0)
        continue;
      int perReplica = globalBatch / d;
      for (int v : divisorsOf(m.layers / p)) {
        if (v > 1 && p == 1)
          break;
        for (int b : divisorsOf(perReplica)) {
          int micro = perReplica / b;
          if (v > 1 && micro % p != 0)
            continue;
          for (int sp = 0; sp <= (t > 1 && m.seq % t == 0 ? 1 : 0); ++sp)
            for (Recompute rc :
                 {Recompute::None, Recompute::Selective, Recompute::Full})
              for (int dopt = 0; dopt <= (d > 1 ? 1 : 0); ++dopt) {
                ParallelConfig c;
                c.tp = t;
                c.pp = p;
                c.vp = v;
                c.dp = d;
                c.microBatch = b;
                c.globalBatch = globalBatch;
                c.sequenceParallel = sp;
                c.recompute = rc;
                c.distributedOptimizer = dopt;
                ++count;
                if (!visit(c))
                  return count;
              }
        }
      }
    }
  }
  return count;
}

bool anyLayoutFits(const ModelShape &m, const ClusterSpec &cl, int globalBatch) {
  bool fits = false;
  forEachLayout(m, cl, globalBatch, [&](const ParallelConfig &c) {
    fits = predictMemory(m, c).total() <= cl.device.hbmBytes;
    return !fits;
  });
  return fits;
}

// The GPU counts closest to `gpus` (one below, one above, within the model's
// limit) for which some layout fits; 0 where none was found.
std::pair<int, int> nearestFeasibleGpus(const ModelShape &m, ClusterSpec cl,
                                        int globalBatch, long long maxGpus) {
  int below = 0, above = 0;
  const int original = cl.gpus;
  const int reach = std::max(64, original);
  for (int k = 1; k <= reach && (!below || !above); ++k) {
    if (!below && original - k >= 1) {
      cl.gpus = original - k;
      if (anyLayoutFits(m, cl, globalBatch))
        below = cl.gpus;
    }
    if (!above && original + k <= maxGpus) {
      cl.gpus = original + k;
      if (anyLayoutFits(m, cl, globalBatch))
        above = cl.gpus;
    }
  }
  // Nothing close above (e.g. the model needs many more GPUs to fit): try
  // doubling, stepping down to a count that keeps a layout.
  for (long long g = 2LL * original; !above && g <= maxGpus && g <= (1LL << 24); g *= 2) {
    cl.gpus = static_cast<int>(g);
    if (anyLayoutFits(m, cl, globalBatch))
      above = cl.gpus;
  }
  return {below, above};
}

std::string nearestText(std::pair<int, int> nearest) {
  std::ostringstream os;
  if (!nearest.first && !nearest.second)
    return "no nearby GPU count has a plan either";
  os << "nearest possible request: ";
  if (nearest.first)
    os << "--gpus " << nearest.first;
  if (nearest.first && nearest.second)
    os << " or ";
  if (nearest.second)
    os << "--gpus " << nearest.second;
  return os.str();
}

std::string gb(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
  return buf;
}

} // namespace

long long maxUsableGpus(const ModelShape &m, int gpusPerNode, int globalBatch) {
  int tMax = 1;
  for (int t : divisorsOf(gpusPerNode))
    if (tensorSizeOk(m, gpusPerNode, t))
      tMax = std::max(tMax, t);
  return static_cast<long long>(tMax) * m.layers * globalBatch;
}

Result<SearchResult> searchPlans(const ModelShape &model, const ClusterSpec &cl,
                                 int globalBatch, const CostParams &params) {
  auto start = std::chrono::steady_clock::now();
  if (auto v = validateModel(model); !v.ok())
    return Error{v.error()};
  if (cl.gpus < 1 || cl.gpusPerNode < 1 || globalBatch < 1)
    return Error{"planner: --gpus, --gpus-per-node and --global-batch must be "
                 ">= 1, got " + std::to_string(cl.gpus) + ", " +
                 std::to_string(cl.gpusPerNode) + ", " + std::to_string(globalBatch)};
  long long maxGpus = maxUsableGpus(model, cl.gpusPerNode, globalBatch);
  if (cl.gpus > maxGpus) {
    std::pair<int, int> nearest{0, 0};
    ClusterSpec probe = cl;
    probe.gpus = static_cast<int>(std::min<long long>(maxGpus, cl.gpus));
    if (anyLayoutFits(model, probe, globalBatch))
      nearest.first = probe.gpus;
    else
      nearest = nearestFeasibleGpus(model, probe, globalBatch, maxGpus);
    return Error{"planner: " + std::to_string(cl.gpus) +
                 " GPUs are more than this model can use: at most t*p*d = " +
                 std::to_string(maxGpus / (static_cast<long long>(model.layers) * globalBatch)) +
                 "*" + std::to_string(model.layers) + "*" +
                 std::to_string(globalBatch) + " = " + std::to_string(maxGpus) +
                 " (t limited by heads/GPUs per node, p by the " +
                 std::to_string(model.layers) + " layers, d by the global batch " +
                 std::to_string(globalBatch) + "); " + nearestText(nearest)};
  }

  SearchResult result;
  BubbleCache cache;
  std::string firstError;
  result.enumerated = forEachLayout(model, cl, globalBatch, [&](const ParallelConfig &c) {
    Result<Prediction> pr = evaluatePlan(model, cl, c, params, &cache);
    if (!pr.ok()) {
      if (firstError.empty())
        firstError = pr.error();
      return true;
    }
    (pr->fits ? result.fitting : result.outOfMemory).push_back(*pr);
    return true;
  });
  if (!firstError.empty())
    return Error{"planner: internal error, enumerated an invalid layout: " + firstError};
  auto faster = [](const Prediction &a, const Prediction &b) {
    return a.iterationTime < b.iterationTime;
  };
  std::sort(result.fitting.begin(), result.fitting.end(), faster);
  std::sort(result.outOfMemory.begin(), result.outOfMemory.end(), faster);
  result.simulatedSchedules = cache.size();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (result.enumerated == 0)
    return Error{"planner: no layout splits " + std::to_string(cl.gpus) +
                 " GPUs as t*p*d with t dividing " + std::to_string(cl.gpusPerNode) +
                 " GPUs per node and " + std::to_string(model.heads) +
                 " heads, p dividing " + std::to_string(model.layers) +
                 " layers and d dividing the global batch " +
                 std::to_string(globalBatch) + "; " +
                 nearestText(nearestFeasibleGpus(model, cl, globalBatch, maxGpus))};
  if (result.fitting.empty()) {
    const Prediction *smallest = &result.outOfMemory.front();
    for (const Prediction &p : result.outOfMemory)
      if (p.memory.total() < smallest->memory.total())
        smallest = &p;
    return Error{"planner: none of the " + std::to_string(result.enumerated) +
                 " layouts for " + std::to_string(cl.gpus) + " GPUs fits in " +
                 gb(cl.device.hbmBytes) + " per " + cl.device.name +
                 "; the smallest needs " + gb(smallest->memory.total()) + " (" +
                 smallest->config.summary() + "); " +
                 nearestText(nearestFeasibleGpus(model, cl, globalBatch, maxGpus))};
  }
  return result;
}

std::string whyLoses(const Prediction &loser, const Prediction &best,
                     double hbmBytes) {
  char buf[256];
  if (!loser.fits) {
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
    std::snprintf(buf, sizeof buf, "out of memory: needs %.1f GiB > %.1f GiB",
                  loser.memory.total() / GiB, hbmBytes / GiB);
    return buf;
  }
  struct Part {
    const char *name;
    double delta;
  };
  double otherLoser = loser.optimizerTime + loser.embeddingSyncTime;
  double otherBest = best.optimizerTime + best.embeddingSyncTime;
  Part parts[] = {
      {"compute (recompute, smaller GEMMs)", loser.computeTime - best.computeTime},
      {"tensor-parallel communication", loser.tpCommTime - best.tpCommTime},
      {"pipeline p2p", loser.p2pTime - best.p2pTime},
      {"pipeline bubble", loser.bubbleTime - best.bubbleTime},
      {"exposed data-parallel communication", loser.dpExposedTime - best.dpExposedTime},
      {"optimizer step and embedding sync", otherLoser - otherBest},
  };
  const Part *worst = &parts[0];
  for (const Part &p : parts)
    if (p.delta > worst->delta)
      worst = &p;
  std::snprintf(buf, sizeof buf, "%.1f%% slower: +%.2f s %s",
                (loser.iterationTime / best.iterationTime - 1) * 100, worst->delta,
                worst->name);
  return buf;
}

} // namespace mtc
