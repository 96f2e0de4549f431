//===- ParallelConfig.cpp - Validity rules of a parallel layout -----------===//
#include "mtc/Plan/ParallelConfig.h"

#include "mtc/Plan/PlanSchedules.h"
#include "mtc/Plan/Schedule.h"

#include <sstream>

namespace mtc {

const char *toString(Recompute r) {
  switch (r) {
  case Recompute::None:
    return "none";
  case Recompute::Selective:
    return "selective";
  case Recompute::Full:
    return "full";
  }
  return "?";
}

bool parseRecompute(const std::string &text, Recompute &out) {
  for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full})
    if (text == toString(r)) {
      out = r;
      return true;
    }
  return false;
}

std::string ParallelConfig::summary() const {
  std::ostringstream os;
  os << "t=" << tp;
  if (cp != 1)
    os << " cp=" << cp;
  os << " p=" << pp << " v=" << vp << " d=" << dp;
  if (ep != 1)
    os << " ep=" << ep;
  os << " b=" << microBatch << " m=" << microbatches()
     << " sp=" << (sequenceParallel ? "on" : "off")
     << " rc=" << toString(recompute)
     << " dopt=" << (distributedOptimizer ? "on" : "off");
  if (!schedule.empty() && schedule != defaultScheduleName(vp))
    os << " sched=" << schedule;
  if (unevenLayout())
    os << " layers=" << layoutText(layersPerChunk);
  if (flashAttention)
    os << " attn=flash";
  return os.str();
}

std::string ParallelConfig::scheduleName() const {
  return schedule.empty() ? defaultScheduleName(vp) : schedule;
}

bool ParallelConfig::limitsZeroBubbleMemory() const {
  return zeroBubbleMemoryLimit && scheduleName() == "zb-h1";
}

ChunkPlacement ParallelConfig::placement() const {
  return scheduleName() == "zb-v" ? ChunkPlacement::V : ChunkPlacement::Interleaved;
}

std::string ParallelConfig::compileFlags() const {
  std::ostringstream os;
  os << "--tp=" << tp << " --pp=" << pp << " --vp=" << vp << " --dp=" << dp;
  if (cp != 1)
    os << " --context-parallel-size=" << cp;
  if (ep != 1)
    os << " --expert-model-parallel-size=" << ep;
  os << " --micro-batch=" << microBatch << " --global-batch=" << globalBatch
     << " --recompute=" << toString(recompute)
     << " --sequence-parallel=" << (sequenceParallel ? "true" : "false")
     << " --distributed-optimizer=" << (distributedOptimizer ? "true" : "false");
  if (pp > 1 && scheduleName() != defaultScheduleName(vp))
    os << " --schedule=" << scheduleName();
  if (pp > 1 && scheduleName() == "zb-h1" && !zeroBubbleMemoryLimit)
    os << " --zero-bubble-memory-limit=none";
  if (unevenLayout())
    os << " --layers-per-chunk=" << layoutText(layersPerChunk);
  return os.str();
}

std::string tensorParallelProblem(const ModelShape &model, int gpusPerNode, int t) {
  auto str = [](long long v) { return std::to_string(v); };
  if (t > gpusPerNode)
    return "tp=" + str(t) + " exceeds the " + str(gpusPerNode) +
           " GPUs per node (tensor groups stay inside a node)";
  if (gpusPerNode % t != 0)
    return "tp=" + str(t) + " does not divide the " + str(gpusPerNode) + " GPUs per node";
  if (model.heads % t != 0)
    return "tp=" + str(t) + " does not divide the " + str(model.heads) + " attention heads";
  if (model.ffnSize() % t != 0)
    return "tp=" + str(t) + " does not divide the MLP size " + str(model.ffnSize());
  // Grouped-query attention splits by whole key/value groups (Megatron-LM:
  // num_query_groups % tensor_model_parallel_size == 0).
  if (model.keyValueHeads() % t != 0)
    return "tp=" + str(t) + " does not divide the " + str(model.keyValueHeads()) +
           " key/value heads";
  return "";
}

Result<ParallelConfig> validateConfig(const ModelShape &model,
                                      const ClusterSpec &cluster,
                                      const ParallelConfig &c) {
  auto str = [](long long v) { return std::to_string(v); };
  if (c.tp < 1 || c.pp < 1 || c.vp < 1 || c.dp < 1 || c.microBatch < 1 ||
      c.globalBatch < 1)
    return Error{"config: every size must be >= 1, got tp=" + str(c.tp) +
                 " pp=" + str(c.pp) + " vp=" + str(c.vp) + " dp=" + str(c.dp) +
                 " micro-batch=" + str(c.microBatch) +
                 " global-batch=" + str(c.globalBatch)};
  if (c.cp < 1)
    return Error{"config: the context-parallel size must be >= 1, got cp=" + str(c.cp)};
  if (c.ep < 1)
    return Error{"config: the expert-parallel size must be >= 1, got ep=" + str(c.ep)};
  if (c.flashAttention && cluster.device.flashFraction <= 0)
    return Error{"config: --attention-backend flash: mtc's flash attention kernel needs bf16 "
                 "tensor cores (sm_80 or later); the " + cluster.device.name + " has none"};
  long long world = static_cast<long long>(c.tp) * c.cp * c.pp * c.dp;
  if (world != cluster.gpus)
    return Error{c.cp == 1 ? "config: tp*pp*dp = " + str(c.tp) + "*" + str(c.pp) + "*" +
                                 str(c.dp) + " = " + str(world) + " != " +
                                 str(cluster.gpus) + " GPUs"
                           : "config: tp*cp*pp*dp = " + str(c.tp) + "*" + str(c.cp) + "*" +
                                 str(c.pp) + "*" + str(c.dp) + " = " + str(world) +
                                 " != " + str(cluster.gpus) + " GPUs"};
  if (std::string problem = tensorParallelProblem(model, cluster.gpusPerNode, c.tp);
      !problem.empty())
    return Error{"config: " + problem};
  if (c.sequenceParallel && c.tp == 1)
    return Error{"config: sequence parallelism needs tp > 1"};
  // Expert parallelism (Megatron-Core's rules): ep splits the experts, and
  // its groups fold onto the cp x dp ranks; an MoE layer under tensor
  // parallelism needs sequence parallelism (each tensor rank routes its
  // own tokens).
  if (c.ep > 1 && !model.moe())
    return Error{"config: ep=" + str(c.ep) + " splits experts; the model has none"};
  if (model.moe() && model.experts % c.ep != 0)
    return Error{"config: ep=" + str(c.ep) + " does not divide the " + str(model.experts) +
                 " experts"};
  if (c.ep > 1 && (static_cast<long long>(c.cp) * c.dp) % c.ep != 0)
    return Error{"config: ep=" + str(c.ep) + " does not divide cp*dp = " + str(c.cp) + "*" +
                 str(c.dp) + " = " + str(static_cast<long long>(c.cp) * c.dp) +
                 " (expert groups fold onto the data-parallel ranks)"};
  if (model.moe() && c.tp > 1 && !c.sequenceParallel)
    return Error{"config: a mixture of experts with tp=" + str(c.tp) +
                 " needs sequence parallelism (Megatron-LM's rule)"};
  // Context parallelism: Megatron's load-balanced split cuts a causal
  // (GPT) sequence into 2 cp chunks, a bidirectional (BERT) one into cp.
  const bool causal = model.arch != "bert";
  const long long seqChunks = (causal ? 2LL : 1LL) * c.cp;
  if (c.cp > 1 && model.seq % seqChunks != 0)
    return Error{"config: context parallelism needs " +
                 (causal ? "2*cp = 2*" + str(c.cp) + " = " + str(seqChunks)
                         : "cp = " + str(c.cp)) +
                 " to divide the sequence length " + str(model.seq) +
                 (causal ? " (causal attention: 2 cp chunks, rank r holds r and 2cp-1-r)"
                         : "")};
  if (c.sequenceParallel && (model.seq / c.cp) % c.tp != 0)
    return Error{c.cp == 1 ? "config: sequence parallelism needs tp=" + str(c.tp) +
                                 " to divide the sequence length " + str(model.seq)
                           : "config: sequence parallelism needs tp=" + str(c.tp) +
                                 " to divide the " + str(model.seq / c.cp) +
                                 " tokens of a context-parallel rank (seq " +
                                 str(model.seq) + " / cp " + str(c.cp) + ")"};
  if (c.unevenLayout()) {
    auto layout = assignLayers(c.layersPerChunk, model.layers, c.pp, c.vp);
    if (!layout.ok())
      return Error{"config: " + layout.error()};
  } else if (model.layers % (static_cast<long long>(c.pp) * c.vp) != 0) {
    return Error{"config: " + str(model.layers) +
                 " layers do not split evenly into pp*vp = " + str(c.pp) + "*" +
                 str(c.vp) + " = " + str(static_cast<long long>(c.pp) * c.vp) +
                 " chunks; give a layout (--layers-per-chunk or "
                 "--decoder-first/last-pipeline-num-layers)"};
  }
  if (c.vp > 1 && c.pp == 1)
    return Error{"config: vp=" + str(c.vp) + " needs pp > 1"};
  long long perStep = static_cast<long long>(c.dp) * c.microBatch;
  if (c.globalBatch % perStep != 0)
    return Error{"config: global batch " + str(c.globalBatch) +
                 " is not a multiple of dp*micro-batch = " + str(c.dp) + "*" +
                 str(c.microBatch) + " = " + str(perStep)};
  int m = c.microbatches();
  if (c.vp > 1 && m % c.pp != 0)
    return Error{"config: interleaving needs the micro-batch count m = " +
                 str(m) + " to be a multiple of pp=" + str(c.pp)};
  const PlannerSchedule *schedule = findPlannerSchedule(c.scheduleName());
  if (!schedule)
    return Error{"config: unknown schedule '" + c.scheduleName() + "'; known: " +
                 plannerScheduleNames()};
  if (!schedule->applies(c.pp, c.vp, m))
    return Error{"config: schedule " + c.scheduleName() + " does not take pp=" +
                 str(c.pp) + " vp=" + str(c.vp) + " m=" + str(m) +
                 (c.vp > 1 ? " (1f1b needs vp=1)" : " (interleaved needs vp > 1)")};
  return c;
}

std::vector<int> chunkLayerCounts(const ModelShape &model, const ParallelConfig &c) {
  if (c.unevenLayout())
    return c.layersPerChunk;
  int chunks = c.pp * c.vp;
  return std::vector<int>(chunks, model.layers / chunks);
}

std::string layoutText(const std::vector<int> &layersPerChunk) {
  std::string text;
  for (int n : layersPerChunk)
    text += (text.empty() ? "" : ",") + std::to_string(n);
  return text;
}

} // namespace mtc
