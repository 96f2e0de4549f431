//===- PlanTool.cpp - Reports of mtc-plan (text and JSON) -----------------===//
#include "mtc/Plan/PlanTool.h"

#include "mtc/Plan/PaperTable.h"
#include "mtc/Plan/PlanSchedules.h"
#include "mtc/Plan/Planner.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>
#include <functional>
#include <set>

namespace mtc {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

std::string fmt(const char *format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

nlohmann::ordered_json configJson(const ParallelConfig &c) {
  return {{"tp", c.tp},
          {"cp", c.cp},
          {"pp", c.pp},
          {"vp", c.vp},
          {"dp", c.dp},
          {"ep", c.ep},
          {"micro_batch", c.microBatch},
          {"microbatches", c.microbatches()},
          {"global_batch", c.globalBatch},
          {"sequence_parallel", c.sequenceParallel},
          {"recompute", toString(c.recompute)},
          {"distributed_optimizer", c.distributedOptimizer},
          {"schedule", c.scheduleName()},
          {"layers_per_chunk", c.layersPerChunk}};
}

nlohmann::ordered_json predictionJson(const Prediction &p) {
  nlohmann::ordered_json j = configJson(p.config);
  j["tflops_per_gpu"] = p.tflopsPerGpu;
  j["mfu"] = p.mfu;
  j["hfu"] = p.hfu;
  j["tokens_per_s"] = p.tokensPerSecond;
  j["iteration_time_s"] = p.iterationTime;
  j["memory_gib"] = p.memory.total() / kGiB;
  j["memory_margin_gib"] = p.memoryMargin / kGiB;
  j["fits"] = p.fits;
  j["bubble_fraction"] = p.bubbleFraction;
  j["exposed_comm_s"] = p.exposedCommTime();
  j["critical_rank"] = p.criticalRank;
  j["breakdown_s"] = {{"compute", p.computeTime},
                      {"recompute", p.recomputeTime},
                      {"bubble", p.bubbleTime},
                      {"tp_comm", p.tpCommTime},
                      {"pp_comm", p.p2pTime},
                      {"cp_comm_exposed", p.cpCommTime},
                      {"cp_comm_total", p.cpRingTime},
                      {"ep_comm", p.epCommTime},
                      {"dp_comm_exposed", p.dpExposedTime},
                      {"embedding_sync", p.embeddingSyncTime},
                      {"optimizer", p.optimizerTime},
                      {"dp_comm_total", p.dpCommTime}};
  j["dp_allreduce"] = toString(p.dpAlgorithm);
  j["memory_breakdown_gib"] = {{"stage", p.memory.stage},
                               {"weights", p.memory.weights / kGiB},
                               {"gradients", p.memory.gradients / kGiB},
                               {"optimizer", p.memory.optimizer / kGiB},
                               {"activations", p.memory.activations / kGiB},
                               {"workspace", p.memory.workspace / kGiB},
                               {"nccl_buffers", p.memory.commBuffers / kGiB},
                               {"fragmentation", p.memory.fragmentation / kGiB}};
  j["compile_flags"] = p.config.compileFlags();
  return j;
}

// The breakdowns of one plan: throughput, time per iteration, memory.
void printBreakdown(std::ostream &out, const Prediction &p) {
  const MemoryBreakdown &mb = p.memory;
  auto s = [](double v) { return fmt("%.3f", v); };
  auto g = [](double v) { return fmt("%.2f", v / kGiB); };
  out << "throughput: " << fmt("%.0f", p.tokensPerSecond) << " tokens/s, MFU "
      << fmt("%.1f", p.mfu * 100) << "% (model FLOPs, no recompute), HFU "
      << fmt("%.1f", p.hfu * 100) << "% (recompute included), "
      << fmt("%.1f", p.tflopsPerGpu) << " hardware TFLOP/s per GPU\n"
      << "time per iteration (pipeline rank " << p.criticalRank << ", the busiest): compute "
      << s(p.computeTime) << " s (recompute " << s(p.recomputeTime) << " s) + bubble "
      << s(p.bubbleTime) << " s + TP comm " << s(p.tpCommTime) << " s + PP comm "
      << s(p.p2pTime) << " s";
  if (p.config.cp > 1)
    out << " + CP ring " << s(p.cpCommTime) << " s exposed (of " << s(p.cpRingTime) << " s)";
  if (p.epCommTime > 0)
    out << " + expert all-to-all " << s(p.epCommTime) << " s";
  out << " + DP comm " << s(p.dpExposedTime) << " s exposed (of "
      << s(p.dpCommTime) << " s, " << toString(p.dpAlgorithm) << ") + embedding sync "
      << s(p.embeddingSyncTime) << " s + optimizer " << s(p.optimizerTime) << " s = "
      << s(p.iterationTime) << " s\n"
      << "memory per GPU (stage " << mb.stage << ", the heaviest): weights " << g(mb.weights)
      << " + gradients " << g(mb.gradients) << " + optimizer state " << g(mb.optimizer)
      << " + activations " << g(mb.activations) << " + overhead " << g(mb.overhead())
      << " (CUDA context and cuBLAS workspace " << g(mb.workspace) << ", NCCL buffers "
      << g(mb.commBuffers) << ", fragmentation " << g(mb.fragmentation) << ") = "
      << g(mb.total()) << " GiB; with the " << g(p.memoryMargin) << " GiB margin "
      << g(mb.total() + p.memoryMargin) << " of " << g(p.hbmBytes) << " GiB: "
      << (p.fits ? "fits, " + g(-p.memoryShortfall()) + " GiB to spare"
                 : "does NOT fit, " + g(p.memoryShortfall()) + " GiB over")
      << "\n";
  if (p.config.unevenLayout())
    out << "layers per chunk: " << layoutText(p.config.layersPerChunk) << "\n";
}

std::string modelLine(const PlanRequest &r) {
  const ModelShape &m = r.model;
  return r.modelName + ": " + m.paramsLabel() + " parameters (" +
         std::to_string(m.layers) + " layers, hidden " + std::to_string(m.hidden) +
         ", " + std::to_string(m.heads) + " heads" +
         (m.llama() ? " (" + std::to_string(m.keyValueHeads()) + " key/value), SwiGLU" : "") +
         (m.moe() ? ", " + std::to_string(m.experts) + " experts, top-" +
                        std::to_string(m.topk) + " (" +
                        fmt("%.1f", m.activeParams() / 1e9) + "B active)"
                  : "") +
         ", ffn " +
         std::to_string(m.ffnSize()) + ", vocab " + std::to_string(m.vocab) +
         ", seq " + std::to_string(m.seq) + (m.tied ? ", tied" : ", untied") + ")";
}

// "384 x a100-80gb-opa (8 per node), global batch 2048", with the NICs
// when --nics-per-node / --nic-gbps changed them and the software when it is
// not mtc's runtime.
std::string clusterText(const PlanRequest &r, const ClusterSpec &cl) {
  std::string text = std::to_string(r.gpus) + " x " + cl.device.name + " (" +
                     std::to_string(cl.gpusPerNode) + " per node";
  if (r.nicsPerNode > 0 || r.nicGbps > 0)
    text += ", " + std::to_string(cl.device.nicsPerNode) + " x " +
            fmt("%g", cl.device.nicBandwidth * 8 / 1e9) + " Gb/s NICs";
  text += "), global batch " + std::to_string(r.globalBatch);
  if (r.software != Software::Mtc)
    text += ", software " + std::string(toString(r.software));
  return text;
}

// A mixture of experts' table has an ep column after d.
void tableHeader(std::ostream &out, bool experts) {
  out << "  #   t  cp   p   v    d" << (experts ? "   ep" : "")
      << "    b     m  sp   recompute dopt    schedule  TFLOP/s   MFU"
         "  iter(s)  mem(GiB)  bubble  exposed comm  layout\n";
}

void tableRow(std::ostream &out, int index, const Prediction &p, bool experts) {
  const ParallelConfig &c = p.config;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%3d %3d %3d %3d %3d %4d%s %4d %5d %3s %11s %4s %11s %8.1f %4.1f%% %8.2f %9.1f "
                "%6.1f%% %6.2f s (%.1f%%)  %s\n",
                index, c.tp, c.cp, c.pp, c.vp, c.dp,
                experts ? fmt(" %4.0f", c.ep).c_str() : "", c.microBatch, c.microbatches(),
                c.sequenceParallel ? "on" : "off", toString(c.recompute),
                c.distributedOptimizer ? "on" : "off", c.scheduleName().c_str(),
                p.tflopsPerGpu, p.mfu * 100, p.iterationTime, p.memory.total() / kGiB,
                p.bubbleFraction * 100, p.exposedCommTime(),
                p.exposedCommTime() / p.iterationTime * 100,
                c.unevenLayout() ? layoutText(c.layersPerChunk).c_str() : "even");
  out << buf;
}

// For each knob, the fastest plan that differs from the best in that knob:
// shows why the planner did not pick the alternatives.
std::vector<std::pair<std::string, const Prediction *>>
representativeLosers(const SearchResult &res) {
  const ParallelConfig &b = res.best().config;
  struct Knob {
    const char *name;
    std::function<int(const ParallelConfig &)> get;
  };
  std::vector<Knob> knobs = {
      {"t", [](const ParallelConfig &c) { return c.tp; }},
      {"cp", [](const ParallelConfig &c) { return c.cp; }},
      {"ep", [](const ParallelConfig &c) { return c.ep; }},
      {"p", [](const ParallelConfig &c) { return c.pp; }},
      {"v", [](const ParallelConfig &c) { return c.vp; }},
      {"b", [](const ParallelConfig &c) { return c.microBatch; }},
      {"sp", [](const ParallelConfig &c) { return int(c.sequenceParallel); }},
      {"recompute", [](const ParallelConfig &c) { return int(c.recompute); }},
      {"dopt", [](const ParallelConfig &c) { return int(c.distributedOptimizer); }},
      {"layout", [](const ParallelConfig &c) { return int(c.unevenLayout()); }},
      {"schedule", [](const ParallelConfig &c) {
         return static_cast<int>(findPlannerSchedule(c.scheduleName()) -
                                 plannerSchedules().data());
       }},
  };
  std::vector<std::pair<std::string, const Prediction *>> out;
  std::set<const Prediction *> shown;
  auto add = [&](const std::string &why, const Prediction *p) {
    if (p && shown.insert(p).second)
      out.push_back({why, p});
  };
  for (const Knob &k : knobs) {
    // Lists are sorted fastest first: the first differing entry is the
    // fastest alternative; prefer one that fits.
    const Prediction *pick = nullptr;
    for (const auto *list : {&res.fitting, &res.outOfMemory}) {
      for (const Prediction &p : *list)
        if (k.get(p.config) != k.get(b)) {
          pick = &p;
          break;
        }
      if (pick)
        break;
    }
    add(k.name, pick);
  }
  if (!res.outOfMemory.empty())
    add("fastest that does not fit", &res.outOfMemory.front());
  return out;
}

int paperTable(const PlanRequest &req, std::ostream &out) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  if (!req.json)
    out << "Narayanan et al. 2021, Table 1 (A100-80GB, 8 per node, fp16, full "
           "recompute, seq 2048):\n"
           " params   t   p  v   GPUs batch b | paper  predicted   error | mem(GiB) |"
           " planner best (hardware TFLOP/s, its plan, mtc's runtime)\n";
  ClusterSpec cl;
  cl.device = *findDevice("a100-80gb");
  cl.gpusPerNode = 8;
  int failures = 0;
  for (const PaperRow &row : narayananTable1()) {
    cl.gpus = row.gpus;
    auto pr = evaluatePlan(row.model, cl, row.config, megatron2021Params());
    auto best = searchPlans(row.model, cl, row.config.globalBatch);
    if (!pr.ok() || !best.ok()) {
      out << row.label << ": " << (pr.ok() ? best.error() : pr.error()) << "\n";
      ++failures;
      continue;
    }
    double err = pr->paperTflopsPerGpu / row.measuredTflopsPerGpu - 1;
    if (req.json) {
      rows.push_back({{"params", row.label},
                      {"config", configJson(row.config)},
                      {"paper_tflops", row.measuredTflopsPerGpu},
                      {"predicted_tflops", pr->paperTflopsPerGpu},
                      {"relative_error", err},
                      {"memory_gib", pr->memory.total() / kGiB},
                      {"best", predictionJson(best->best())},
                      {"search_seconds", best->seconds}});
      continue;
    }
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "%7s %3d %3d %2d %6d %5d %1d | %5.0f %7.1f %+9.1f%% | %8.1f | %7.1f"
                  "  (%s)\n",
                  row.label.c_str(), row.config.tp, row.config.pp, row.config.vp,
                  row.gpus, row.config.globalBatch, row.config.microBatch,
                  row.measuredTflopsPerGpu, pr->paperTflopsPerGpu, err * 100,
                  pr->memory.total() / kGiB, best->best().tflopsPerGpu,
                  best->best().config.summary().c_str());
    out << buf;
  }
  if (req.json)
    out << rows.dump(1) << "\n";
  return failures ? 1 : 0;
}

} // namespace

int runPlanTool(const PlanRequest &req, std::ostream &out, std::ostream &err) {
  if (req.help) {
    out << req.usage;
    return 0;
  }
  if (req.paperTable)
    return paperTable(req, out);

  const DeviceSpec *dev = findDevice(req.device);
  if (!dev) {
    err << "mtc-plan: unknown device '" << req.device
        << "'; known devices: " << deviceNames() << "\n";
    return 1;
  }
  ClusterSpec cl;
  cl.gpus = req.gpus;
  cl.gpusPerNode = req.gpusPerNode > 0 ? req.gpusPerNode : dev->gpusPerNode;
  cl.device = *dev;
  // Other NICs: the node's GPUs share what --nics-per-node and --nic-gbps
  // give (without them a changed --gpus-per-node keeps each GPU's share).
  if (req.nicsPerNode > 0 || req.nicGbps > 0)
    setNics(cl.device, req.nicsPerNode > 0 ? req.nicsPerNode : dev->nicsPerNode,
            req.nicGbps > 0 ? req.nicGbps * 1e9 / 8.0 : dev->nicBandwidth, cl.gpusPerNode);

  if (req.evaluate) {
    auto pr = evaluatePlan(req.model, cl, req.evaluateConfig, req.params);
    if (!pr.ok()) {
      err << "mtc-plan: " << pr.error() << "\n";
      return 1;
    }
    if (req.json) {
      out << predictionJson(*pr).dump(1) << "\n";
    } else {
      out << modelLine(req) << "\non " << clusterText(req, cl) << "\n\n";
      tableHeader(out, req.model.moe());
      tableRow(out, 1, *pr, req.model.moe());
      out << "\n";
      printBreakdown(out, *pr);
      out << "mtc-compile flags: " << pr->config.compileFlags() << "\n";
    }
    if (!pr->fits) {
      err << "mtc-plan: this layout does not fit: it needs "
          << fmt("%.1f", pr->memory.total() / kGiB) << " GiB per GPU + the "
          << fmt("%.1f", pr->memoryMargin / kGiB) << " GiB margin, the " << dev->name
          << " has " << fmt("%.1f", dev->hbmBytes / kGiB) << " GiB: "
          << fmt("%.1f", pr->memoryShortfall() / kGiB) << " GiB over\n";
      return 1;
    }
    return 0;
  }

  SearchOptions options;
  options.flashAttention = req.evaluateConfig.flashAttention;
  auto res = searchPlans(req.model, cl, req.globalBatch, req.params, options);
  if (!res.ok()) {
    err << "mtc-plan: " << res.error() << "\n";
    return 1;
  }
  int top = std::min<int>(req.top, static_cast<int>(res->fitting.size()));
  auto losers = representativeLosers(*res);

  if (req.json) {
    nlohmann::ordered_json j;
    j["model"] = {{"name", req.modelName},
                  {"arch", req.model.arch},
                  {"layers", req.model.layers},
                  {"hidden", req.model.hidden},
                  {"heads", req.model.heads},
                  {"kv_heads", req.model.keyValueHeads()},
                  {"ffn", req.model.ffnSize()},
                  {"vocab", req.model.vocab},
                  {"seq", req.model.seq},
                  {"tied", req.model.tied},
                  {"experts", req.model.experts},
                  {"topk", req.model.topk},
                  {"params", req.model.totalParams()},
                  {"active_params", req.model.activeParams()}};
    j["cluster"] = {{"gpus", req.gpus},
                    {"gpus_per_node", cl.gpusPerNode},
                    {"device", dev->name},
                    {"nics_per_node", cl.device.nicsPerNode},
                    {"nic_gbps", cl.device.nicBandwidth * 8 / 1e9},
                    {"global_batch", req.globalBatch},
                    {"software", toString(req.software)}};
    j["search"] = {{"layouts", res->enumerated},
                   {"fitting", res->fitting.size()},
                   {"out_of_memory", res->outOfMemory.size()},
                   {"simulated_schedules", res->simulatedSchedules},
                   {"seconds", res->seconds}};
    nlohmann::ordered_json plans = nlohmann::ordered_json::array();
    for (int i = 0; i < top; ++i)
      plans.push_back(predictionJson(res->fitting[i]));
    j["plans"] = std::move(plans);
    nlohmann::ordered_json why = nlohmann::ordered_json::array();
    for (auto &[knob, p] : losers) {
      nlohmann::ordered_json w = predictionJson(*p);
      w["differs_in"] = knob;
      w["reason"] = whyLoses(*p, res->best(), dev->hbmBytes);
      why.push_back(std::move(w));
    }
    j["why_others_lose"] = std::move(why);
    out << j.dump(1) << "\n";
    return 0;
  }

  out << modelLine(req) << "\non " << clusterText(req, cl) << "\n"
      << "searched " << res->enumerated << " layouts in " << fmt("%.2f", res->seconds)
      << " s (" << res->fitting.size() << " fit in " << fmt("%.1f", dev->hbmBytes / kGiB)
      << " GiB, " << res->outOfMemory.size() << " do not; "
      << res->simulatedSchedules << " schedules simulated)\n\n"
      << "best plans (hardware TFLOP/s per GPU: the FLOPs done, recompute included; MFU "
         "counts model FLOPs only):\n";
  tableHeader(out, req.model.moe());
  for (int i = 0; i < top; ++i)
    tableRow(out, i + 1, res->fitting[i], req.model.moe());
  out << "\nplan 1:\n";
  printBreakdown(out, res->best());
  out << "\nmtc-compile flags for plan 1:\n  " << res->best().config.compileFlags()
      << "\n\nwhy the others lose (fastest plan differing in each knob):\n";
  for (auto &[knob, p] : losers)
    out << "  " << knob << ": " << p->config.summary() << "  -> "
        << whyLoses(*p, res->best(), dev->hbmBytes) << "\n";
  return 0;
}

} // namespace mtc
