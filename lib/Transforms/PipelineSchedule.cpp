//===- PipelineSchedule.cpp - per-rank step order, checked before emission ===//
//
// The tables come from lib/Plan (buildSchedule: plain and interleaved 1F1B),
// and so does the deadlock checker (checkSchedule simulates every rank's
// blocking receives). This pass adds what only the IR knows: that each
// send has exactly one receive, on the neighbouring chunk, of the same type.
// `kind=explicit` takes hand-written per-rank orders (`ranks`), which is how
// tests and experiments feed the checker a schedule the builders would never
// produce.
//
//===----------------------------------------------------------------------===//
#include "WeightGradSplit.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Plan/ScheduleCheck.h"
#include "mtc/Plan/StageLayout.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

namespace mtc {
#define GEN_PASS_DEF_PIPELINESCHEDULE
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
/// The partition's chunk placement (mtc.pipeline's `placement`, verified).
ChunkPlacement placementOf(ModuleOp module) {
  auto pipeline = module->getAttrOfType<DictionaryAttr>("mtc.pipeline");
  auto name = pipeline ? pipeline.getAs<StringAttr>("placement") : nullptr;
  return name && name.getValue() == "v" ? ChunkPlacement::V : ChunkPlacement::Interleaved;
}
/// "F3.1" -> forward of chunk 3, micro-batch 1.
std::optional<Step> parseStep(StringRef text) {
  if (text.size() < 4 || (text[0] != 'F' && text[0] != 'B'))
    return std::nullopt;
  auto [chunk, mb] = text.drop_front().split('.');
  Step step;
  step.kind = text[0] == 'F' ? StepKind::Forward : StepKind::Backward;
  if (chunk.getAsInteger(10, step.chunk) || mb.getAsInteger(10, step.microbatch))
    return std::nullopt;
  return step;
}

struct PipelineSchedulePass
    : mtc::impl::PipelineScheduleBase<PipelineSchedulePass> {
  using Base::Base;

  void runOnOperation() override;

private:
  LogicalResult checkTransfers(func::FuncOp fn, int stages, ChunkPlacement placement);
  FailureOr<PipelineSchedule> explicitSchedule(ModuleOp module, int p, int v, int64_t m);
};

LogicalResult PipelineSchedulePass::checkTransfers(func::FuncOp fn, int stages,
                                                   ChunkPlacement placement) {
  auto rankOf = [&](int64_t chunk) { return stageOfChunk(static_cast<int>(chunk), stages, placement); };
  std::map<int64_t, PipelineSendOp> sends;
  std::map<int64_t, PipelineRecvOp> recvs;
  WalkResult walk = fn.walk([&](Operation *op) {
    if (auto send = dyn_cast<PipelineSendOp>(op)) {
      if (!sends.emplace(send.getTag(), send).second) {
        send.emitOpError("reuses tag ") << send.getTag();
        return WalkResult::interrupt();
      }
    } else if (auto recv = dyn_cast<PipelineRecvOp>(op)) {
      if (!recvs.emplace(recv.getTag(), recv).second) {
        recv.emitOpError("reuses tag ") << recv.getTag();
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (auto &[tag, send] : sends) {
    auto it = recvs.find(tag);
    if (it == recvs.end())
      return send.emitOpError("from chunk ")
             << send.getChunk() << " (rank " << rankOf(send.getChunk())
             << ") has no matching receive on chunk " << send.getPeer()
             << " (rank " << rankOf(send.getPeer())
             << "): that rank would never take the message";
    PipelineRecvOp recv = it->second;
    if (recv.getChunk() != send.getPeer() || recv.getPeer() != send.getChunk() ||
        recv.getGradient() != send.getGradient())
      return recv.emitOpError("tag ")
             << tag << " pairs chunk " << send.getChunk() << " -> "
             << send.getPeer() << " with a receive on chunk "
             << recv.getChunk() << " from chunk " << recv.getPeer();
    if (recv.getType() != send.getValue().getType())
      return recv.emitOpError("on rank ")
             << rankOf(recv.getChunk()) << " (chunk " << recv.getChunk()
             << ") expects " << recv.getType() << " but rank "
             << rankOf(send.getChunk()) << " (chunk " << send.getChunk()
             << ") sends " << send.getValue().getType() << " (tag " << tag
             << ")";
    recvs.erase(it);
  }
  if (!recvs.empty()) {
    PipelineRecvOp recv = recvs.begin()->second;
    return recv.emitOpError("on chunk ")
           << recv.getChunk() << " (rank " << rankOf(recv.getChunk())
           << ") waits for tag " << recv.getTag() << " from chunk "
           << recv.getPeer() << ", which nothing sends: it would hang";
  }
  return success();
}

FailureOr<PipelineSchedule>
PipelineSchedulePass::explicitSchedule(ModuleOp module, int p, int v, int64_t m) {
  if (static_cast<int>(ranks.size()) != p) {
    emitModuleError(module) << "--mtc-pipeline-schedule: kind=explicit lists " << ranks.size()
                            << " ranks, the pipeline has " << p
                            << "; give ranks=... one '/'-separated step list per stage";
    return failure();
  }
  PipelineSchedule s;
  s.pp = p;
  s.vp = v;
  s.microbatches = m;
  s.placement = placementOf(module);
  for (int r = 0; r < p; ++r) {
    RankSchedule rs;
    rs.rank = r;
    SmallVector<StringRef> words;
    StringRef(ranks[r]).split(words, '/', -1, /*KeepEmpty=*/false);
    bool sawBackward = false;
    for (StringRef word : words) {
      std::optional<Step> step = parseStep(word);
      if (!step) {
        emitModuleError(module) << "--mtc-pipeline-schedule: rank " << r << ": '" << word
                                << "' is not a step like F0.1 or B2.3 (forward or backward, "
                                   "chunk.micro-batch)";
        return failure();
      }
      sawBackward |= step->kind == StepKind::Backward;
      if (!sawBackward)
        ++rs.warmup;
      rs.steps.push_back(*step);
    }
    s.ranks.push_back(std::move(rs));
  }
  return s;
}

void PipelineSchedulePass::runOnOperation() {
  ModuleOp module = getOperation();
  auto pipeline = module->getAttrOfType<DictionaryAttr>("mtc.pipeline");
  auto fn = module.lookupSymbol<func::FuncOp>("train_step");
  if (!pipeline || !fn) {
    emitModuleError(module) << "--mtc-pipeline-schedule needs a partitioned "
                               "@train_step: run --mtc-pipeline-partition first";
    return signalPassFailure();
  }
  int p = cast<IntegerAttr>(pipeline.get("stages")).getInt();
  int v = cast<IntegerAttr>(pipeline.get("chunks")).getInt();
  auto fail = [&](const Twine &message) {
    emitModuleError(module) << "--mtc-pipeline-schedule: " << message;
    signalPassFailure();
  };
  // 0: the step's micro-batches per data-parallel replica, as the plan's
  // parallel record gives them (global batch / (micro-batch x dp)).
  int64_t m = microbatches;
  if (m == 0) {
    ModelAttr model = getModelAttr(module);
    if (!model)
      return fail("microbatches=0 takes the micro-batch count from the module's "
                  "mtc.model, which it has not; give microbatches=N");
    ParallelAttr parallel = getParallelAttr(module);
    int64_t microBatch = model.getMicroBatch();
    int64_t globalBatch = parallel ? parallel.getGlobalBatch() : microBatch;
    int64_t dp = parallel ? parallel.getDp() : 1;
    m = std::max<int64_t>(1, globalBatch / std::max<int64_t>(1, microBatch * std::max<int64_t>(1, dp)));
  }
  // Checked as int64 before lib/Plan narrows it to int.
  if (m < 1 || m > kMaxSize)
    return fail("microbatches=" + Twine(m) + " must be between 1 and " + Twine(kMaxSize));
  if (kind == "1f1b" && v > 1)
    return fail("kind=1f1b runs one chunk per rank, the module has chunks=" +
                Twine(v) + " (use kind=interleaved)");
  if (kind == "interleaved" && v == 1)
    return fail("kind=interleaved needs chunks > 1 (partition with chunks=2 or "
                "more, or use kind=1f1b)");
  if (kind != "1f1b" && kind != "interleaved" && kind != "zb-h1" && kind != "zb-v" &&
      kind != "explicit")
    return fail("kind='" + kind + "' is not 1f1b, interleaved, zb-h1, zb-v or explicit");
  if (memoryLimit != "1f1b" && memoryLimit != "none")
    return fail("memory-limit='" + memoryLimit + "' is not 1f1b or none");
  if (memoryLimit == "none" && kind != "zb-h1")
    return fail("memory-limit=none applies to kind=zb-h1, whose deferred W steps may hold "
                "more than 1F1B; kind=" + kind + " has no limit to lift");
  const ChunkPlacement placement = placementOf(module);
  if ((kind == "zb-v") != (placement == ChunkPlacement::V) && kind != "explicit")
    return fail(kind == "zb-v" ? Twine("kind=zb-v runs on the V placement: partition with "
                                       "placement=v (and chunks=2)")
                               : "the partition's placement=v is ZB-V's: use kind=zb-v (or "
                                 "explicit), or partition with placement=interleaved");
  if (failed(checkTransfers(fn, p, placement)))
    return signalPassFailure();

  PipelineSchedule schedule;
  if (kind == "explicit") {
    FailureOr<PipelineSchedule> s = explicitSchedule(module, p, v, m);
    if (failed(s))
      return signalPassFailure();
    schedule = std::move(*s);
  } else {
    ScheduleKind which = kind == "zb-h1"         ? ScheduleKind::ZeroBubbleH1
                         : kind == "zb-v"        ? ScheduleKind::ZeroBubbleV
                         : kind == "interleaved" ? ScheduleKind::Interleaved
                                                 : ScheduleKind::OneFOneB;
    Result<PipelineSchedule> s = buildSchedule(p, v, m, which);
    if (!s)
      return fail(s.error());
    schedule = std::move(s).value();
  }
  // The zero-bubble schedules run each backward as B then W.
  if (schedule.splitBackward)
    labelWeightGradOps(fn);
  // The recorded bubble weighs each step by its chunk's layers (uneven
  // layouts), in unit times (F=1, B=2, or F=B=W=1 when split).
  std::vector<int64_t> layers;
  if (auto pipeline = module->getAttrOfType<DictionaryAttr>("mtc.pipeline"))
    if (auto counts = pipeline.getAs<DenseI64ArrayAttr>("layers_per_chunk"))
      layers.assign(counts.asArrayRef().begin(), counts.asArrayRef().end());
  StepTiming timing = layerProportionalTiming(
      layers, schedule.splitBackward ? StepTiming::unitSplit() : StepTiming{});
  Result<Timeline> timeline = checkSchedule(schedule, timing);
  if (!timeline)
    return fail(timeline.error());
  // The runtime reuses an arena only once its gradient send completed: the
  // schedule must not hang under that wait either.
  StepTiming runtimeModel = timing;
  runtimeModel.forwardWaitsForBackwardSends = true;
  if (Result<Timeline> reuse = checkSchedule(schedule, runtimeModel); !reuse)
    return fail(reuse.error() + " (when a forward waits for its arena's gradient "
                                "send, as the runtime does)");
  // A split chunk's arena may instead be released by B, its W keeping what
  // it reads in an arena of its own (the lowering decides per chunk, and
  // checks its choice again).
  if (schedule.splitBackward) {
    runtimeModel.arenaReleasedByBackward = [](int) { return true; };
    if (Result<Timeline> reuse = checkSchedule(schedule, runtimeModel); !reuse)
      return fail(reuse.error() + " (when a forward waits for the gradient send of an "
                                  "arena released by B, as the runtime does when W keeps "
                                  "its own)");
  }

  // Each rank's steps as three parallel arrays: the lowering and every
  // other reader take them as they are, with no text to parse.
  Builder b(&getContext());
  SmallVector<int64_t> warmup;
  SmallVector<Attribute> rankSteps;
  for (const RankSchedule &rs : schedule.ranks) {
    warmup.push_back(rs.warmup);
    SmallVector<bool> backward, weightGrad;
    SmallVector<int64_t> chunk, microbatch;
    for (const Step &step : rs.steps) {
      backward.push_back(step.kind == StepKind::Backward);
      weightGrad.push_back(step.kind == StepKind::WeightGrad);
      chunk.push_back(step.chunk);
      microbatch.push_back(step.microbatch);
    }
    SmallVector<NamedAttribute> fields = {
        b.getNamedAttr("backward", b.getDenseBoolArrayAttr(backward)),
        b.getNamedAttr("chunk", b.getDenseI64ArrayAttr(chunk)),
        b.getNamedAttr("microbatch", b.getDenseI64ArrayAttr(microbatch))};
    if (schedule.splitBackward)
      fields.push_back(b.getNamedAttr("weight_grad", b.getDenseBoolArrayAttr(weightGrad)));
    rankSteps.push_back(b.getDictionaryAttr(fields));
  }
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr("kind", b.getStringAttr(kind)),
      b.getNamedAttr("microbatches", b.getI64IntegerAttr(m)),
      b.getNamedAttr("warmup", b.getDenseI64ArrayAttr(warmup)),
      b.getNamedAttr("ranks", b.getArrayAttr(rankSteps)),
      b.getNamedAttr("bubble", b.getF64FloatAttr(timeline->bubbleFraction())),
  };
  // The default (1F1B's fullest stage) is not recorded, so only a lifted
  // limit shows.
  if (memoryLimit == "none")
    entries.push_back(b.getNamedAttr("memory_limit", b.getStringAttr("none")));
  module->setAttr("mtc.schedule", b.getDictionaryAttr(entries));
}
} // namespace
