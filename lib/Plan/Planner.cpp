//===- Planner.cpp - Enumerate, predict, rank -----------------------------===//
#include "mtc/Plan/Planner.h"
#include "mtc/Plan/CheckedMath.h"
#include "mtc/Plan/PlanSchedules.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

namespace mtc {

namespace {

bool tensorSizeOk(const ModelShape &m, int gpusPerNode, int t) {
  return tensorParallelProblem(m, gpusPerNode, t).empty();
}

// Expert-parallel sizes tried: the common divisors of the experts and the
// cp x d ranks the expert groups fold onto; {1} for a dense model.
std::vector<int> expertParallelSizes(const ModelShape &m, int replicas) {
  std::vector<int> sizes;
  for (int64_t ep : divisorsOf(replicas))
    if (ep == 1 || (m.moe() && m.experts % ep == 0))
      sizes.push_back(static_cast<int>(ep));
  return sizes;
}

// Virtual stages tried for p stages: the divisors of L/p when p divides the
// layers, else 1..4 (an uneven layout either way).
std::vector<int> virtualStageCounts(int layers, int p) {
  if (p == 1)
    return {1};
  std::vector<int> counts;
  if (layers % p == 0) {
    for (int64_t v : divisorsOf(layers / p))
      counts.push_back(static_cast<int>(v));
    return counts;
  }
  for (int v = 1; v <= 4 && p * v <= layers; ++v)
    counts.push_back(v);
  return counts;
}

// Calls visit(config) for every valid layout; stops early when visit returns
// false. Every config it produces passes validateConfig.
template <typename Visit>
long long forEachLayout(const ModelShape &m, const ClusterSpec &cl, int globalBatch,
                        const SearchOptions &options, Visit visit) {
  long long count = 0;
  const std::vector<int> contextSizes = contextParallelSizes(m, options);
  for (int t : divisorsOf(cl.gpusPerNode)) {
    if (!tensorSizeOk(m, cl.gpusPerNode, t) || cl.gpus % t != 0)
      continue;
    for (int cp : contextSizes) {
      if ((cl.gpus / t) % cp != 0)
        continue;
      const int seqPerRank = m.seq / cp;
      for (int p : divisorsOf(cl.gpus / (t * cp))) {
        if (p > m.layers)
          continue;
        int d = cl.gpus / (t * cp * p);
        if (globalBatch % d != 0)
          continue;
        int perReplica = globalBatch / d;
        for (int ep : expertParallelSizes(m, cp * d))
        for (int v : virtualStageCounts(m.layers, p)) {
          std::vector<int> layout;
          if (m.layers % (p * v) != 0)
            layout = spreadLayout(m.layers, p, v, -1, -1);
          for (int b : divisorsOf(perReplica)) {
            int micro = perReplica / b;
            for (const PlannerSchedule &schedule : plannerSchedules()) {
              if (!schedule.applies(p, v, micro))
                continue;
              // A mixture of experts under tensor parallelism needs
              // sequence parallelism (validateConfig): none without it.
              const int spOn = t > 1 && seqPerRank % t == 0 ? 1 : 0;
              for (int sp = m.moe() && t > 1 ? 1 : 0; sp <= spOn; ++sp)
                for (Recompute rc :
                     {Recompute::None, Recompute::Selective, Recompute::Full})
                  for (int dopt = 0; dopt <= (d * cp > 1 ? 1 : 0); ++dopt) {
                    ParallelConfig c;
                    c.tp = t;
                    c.cp = cp;
                    c.ep = ep;
                    c.pp = p;
                    c.vp = v;
                    c.dp = d;
                    c.microBatch = b;
                    c.globalBatch = globalBatch;
                    c.sequenceParallel = sp;
                    c.recompute = rc;
                    c.distributedOptimizer = dopt;
                    c.layersPerChunk = layout;
                    c.schedule = schedule.name;
                    ++count;
                    if (!visit(c))
                      return count;
                  }
            }
          }
        }
      }
    }
  }
  return count;
}

bool anyLayoutFits(const ModelShape &m, const ClusterSpec &cl, int globalBatch,
                   const CostParams &params, const SearchOptions &options) {
  bool fits = false;
  ReplayCache schedules;
  forEachLayout(m, cl, globalBatch, options, [&](ParallelConfig c) {
    c.flashAttention = options.flashAttention;
    const PipelineSchedule *schedule =
        schedules.schedule(c.scheduleName(), c.pp, c.vp, c.microbatches());
    if (!schedule)
      return true;
    fits = predictMemory(m, c, cl.device, schedule, params.memory).total() +
               params.memoryMarginBytes <=
           cl.device.hbmBytes;
    return !fits;
  });
  return fits;
}

// The GPU counts closest to `gpus` (one below, one above, within the model's
// limit) for which some layout fits; 0 where none was found.
std::pair<int, int> nearestFeasibleGpus(const ModelShape &m, ClusterSpec cl,
                                        int globalBatch, long long maxGpus,
                                        const CostParams &params,
                                        const SearchOptions &options) {
  int below = 0, above = 0;
  const int original = cl.gpus;
  const int reach = std::max(64, original);
  for (int k = 1; k <= reach && (!below || !above); ++k) {
    if (!below && original - k >= 1) {
      cl.gpus = original - k;
      if (anyLayoutFits(m, cl, globalBatch, params, options))
        below = cl.gpus;
    }
    if (!above && original + k <= maxGpus) {
      cl.gpus = original + k;
      if (anyLayoutFits(m, cl, globalBatch, params, options))
        above = cl.gpus;
    }
  }
  // Nothing close above (e.g. the model needs many more GPUs to fit): try
  // doubling, stepping down to a count that keeps a layout.
  for (long long g = 2LL * original; !above && g <= maxGpus && g <= (1LL << 24); g *= 2) {
    cl.gpus = static_cast<int>(g);
    if (anyLayoutFits(m, cl, globalBatch, params, options))
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

// Tries, for the fastest plans with a pipeline, layouts that move layers off
// the last stage (it also runs the output layer and the loss) or onto/off the
// first stage: bounded, kUnevenCandidates plans x 4 x 3 layouts.
constexpr int kUnevenCandidates = 8;
void refineUnevenLayouts(const ModelShape &model, const ClusterSpec &cl,
                         const CostParams &params, ReplayCache &cache,
                         SearchResult &result) {
  std::vector<Prediction> candidates;
  for (const Prediction &p : result.fitting) {
    if (p.config.pp > 1)
      candidates.push_back(p);
    if (candidates.size() == kUnevenCandidates)
      break;
  }
  for (const Prediction &base : candidates) {
    const ParallelConfig &c = base.config;
    int share = model.layers / c.pp; // an even stage's layers
    for (int fewerLast = 0; fewerLast <= 3; ++fewerLast)
      for (int firstDelta = -1; firstDelta <= 1; ++firstDelta) {
        if (fewerLast == 0 && firstDelta == 0)
          continue;
        int first = share + firstDelta, last = share - fewerLast;
        if (first < c.vp || last < c.vp)
          continue;
        std::vector<int> layout = spreadLayout(model.layers, c.pp, c.vp, first, last);
        if (layout.empty() || layout == chunkLayerCounts(model, c))
          continue;
        ParallelConfig u = c;
        u.layersPerChunk = layout;
        auto pr = evaluatePlan(model, cl, u, params, &cache);
        if (!pr.ok())
          continue;
        ++result.enumerated;
        (pr->fits ? result.fitting : result.outOfMemory).push_back(*pr);
      }
  }
}

} // namespace

std::vector<int> spreadLayout(int layers, int pp, int vp, int firstStage, int lastStage) {
  const int chunks = pp * vp;
  std::vector<int> counts(chunks, 0);
  // Stage r's chunks are r, r + pp, ...; a fixed stage spreads its layers
  // over them, the remaining layers go evenly to the free chunks, middle
  // chunks first (the end chunks carry the embedding and the output layer).
  std::vector<bool> fixed(chunks, false);
  int left = layers;
  auto fix = [&](int stage, int n) {
    if (n < 0)
      return true;
    if (n < vp)
      return false;
    for (int k = 0; k < vp; ++k) {
      int chunk = stage + k * pp;
      counts[chunk] = n / vp + (k < n % vp ? 1 : 0);
      fixed[chunk] = true;
    }
    left -= n;
    return true;
  };
  if (!fix(0, firstStage) || (pp > 1 && !fix(pp - 1, lastStage)))
    return {};
  std::vector<int> order;
  for (int k = 1; k + 1 < chunks; ++k)
    if (!fixed[k])
      order.push_back(k);
  for (int k : {0, chunks - 1})
    if (!fixed[k] && (order.empty() || order.back() != k))
      order.push_back(k);
  if (order.empty())
    return left == 0 ? counts : std::vector<int>{};
  int free = static_cast<int>(order.size());
  if (left < free)
    return {};
  for (int i = 0; i < free; ++i)
    counts[order[i]] = left / free + (i < left % free ? 1 : 0);
  return counts;
}

std::vector<int> contextParallelSizes(const ModelShape &m, const SearchOptions &options) {
  std::vector<int> sizes = {1};
  const bool causal = m.arch != "bert";
  for (int cp = 2; cp <= options.maxContextParallel && cp <= m.seq; cp *= 2) {
    const int chunks = causal ? 2 * cp : cp;
    if (m.seq % chunks == 0 && m.seq / cp >= options.minContextTokens)
      sizes.push_back(cp);
  }
  return sizes;
}

long long maxUsableGpus(const ModelShape &m, int gpusPerNode, int globalBatch,
                        const SearchOptions &options) {
  int tMax = 1;
  for (int t : divisorsOf(gpusPerNode))
    if (tensorSizeOk(m, gpusPerNode, t))
      tMax = std::max(tMax, t);
  return static_cast<long long>(tMax) * contextParallelSizes(m, options).back() * m.layers *
         globalBatch;
}

Result<SearchResult> searchPlans(const ModelShape &model, const ClusterSpec &cl,
                                 int globalBatch, const CostParams &params,
                                 const SearchOptions &options) {
  auto start = std::chrono::steady_clock::now();
  if (auto v = validateModel(model); !v.ok())
    return Error{v.error()};
  if (cl.gpus < 1 || cl.gpusPerNode < 1 || globalBatch < 1)
    return Error{"planner: --gpus, --gpus-per-node and --global-batch must be "
                 ">= 1, got " + std::to_string(cl.gpus) + ", " +
                 std::to_string(cl.gpusPerNode) + ", " + std::to_string(globalBatch)};
  long long maxGpus = maxUsableGpus(model, cl.gpusPerNode, globalBatch, options);
  if (cl.gpus > maxGpus) {
    std::pair<int, int> nearest{0, 0};
    ClusterSpec probe = cl;
    probe.gpus = static_cast<int>(std::min<long long>(maxGpus, cl.gpus));
    if (anyLayoutFits(model, probe, globalBatch, params, options))
      nearest.first = probe.gpus;
    else
      nearest = nearestFeasibleGpus(model, probe, globalBatch, maxGpus, params, options);
    const int cpMax = contextParallelSizes(model, options).back();
    const long long tMax =
        maxGpus / (static_cast<long long>(model.layers) * globalBatch * cpMax);
    return Error{"planner: " + std::to_string(cl.gpus) +
                 " GPUs are more than this model can use: at most " +
                 (cpMax > 1 ? "t*cp*p*d = " : "t*p*d = ") + std::to_string(tMax) + "*" +
                 (cpMax > 1 ? std::to_string(cpMax) + "*" : "") +
                 std::to_string(model.layers) + "*" + std::to_string(globalBatch) + " = " +
                 std::to_string(maxGpus) + " (t limited by heads/GPUs per node, " +
                 (cpMax > 1 ? "cp by the sequence, " : "") + "p by the " +
                 std::to_string(model.layers) + " layers, d by the global batch " +
                 std::to_string(globalBatch) + "); " + nearestText(nearest)};
  }

  SearchResult result;
  ReplayCache cache;
  std::string firstError;
  result.enumerated = forEachLayout(model, cl, globalBatch, options, [&](ParallelConfig c) {
    c.flashAttention = options.flashAttention;
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
  // Equal times (e.g. sequence parallelism, whose reduce-scatter + all-gather
  // cost what the all-reduce costs) go to the plan that needs less memory,
  // then to enumeration order, so the choice does not depend on which
  // schedules or layouts the search happens to list.
  auto faster = [](const Prediction &a, const Prediction &b) {
    if (a.iterationTime != b.iterationTime)
      return a.iterationTime < b.iterationTime;
    return a.memory.total() < b.memory.total();
  };
  std::stable_sort(result.fitting.begin(), result.fitting.end(), faster);
  if (options.unevenLayouts)
    refineUnevenLayouts(model, cl, params, cache, result);
  std::stable_sort(result.fitting.begin(), result.fitting.end(), faster);
  std::stable_sort(result.outOfMemory.begin(), result.outOfMemory.end(), faster);
  result.simulatedSchedules = cache.size();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (result.enumerated == 0)
    return Error{"planner: no layout splits " + std::to_string(cl.gpus) +
                 " GPUs as t*p*d with t dividing " + std::to_string(cl.gpusPerNode) +
                 " GPUs per node and " + std::to_string(model.heads) + " heads" +
                 (model.keyValueHeads() != model.heads
                      ? " (" + std::to_string(model.keyValueHeads()) + " key/value heads)"
                      : std::string()) +
                 ", p dividing " + std::to_string(model.layers) +
                 " layers and d dividing the global batch " +
                 std::to_string(globalBatch) + "; " +
                 nearestText(nearestFeasibleGpus(model, cl, globalBatch, maxGpus, params, options))};
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
                 nearestText(nearestFeasibleGpus(model, cl, globalBatch, maxGpus, params, options))};
  }
  return result;
}

std::string whyLoses(const Prediction &loser, const Prediction &best,
                     double hbmBytes) {
  char buf[256];
  if (!loser.fits) {
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
    std::snprintf(buf, sizeof buf,
                  "out of memory: needs %.1f GiB + %.1f GiB margin > %.1f GiB (%.1f GiB "
                  "over)",
                  loser.memory.total() / GiB, loser.memoryMargin / GiB, hbmBytes / GiB,
                  loser.memoryShortfall() / GiB);
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
      {"exposed context-parallel ring communication", loser.cpCommTime - best.cpCommTime},
      {"expert all-to-all", loser.epCommTime - best.epCommTime},
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
