//===- PipelinePlan.cpp - stage plans: chunks, schedule, transfers --------===//
//
// A stage plan is an ordinary Plan (the executor runs its steps) whose steps
// are its chunks' programs one after another: chunk c's forward steps, then
// its backward steps, then the next chunk's. Each chunk is memory-planned on
// its own, in its own arena, so the runtime can keep one arena per
// micro-batch in flight and run any (chunk, micro-batch) step of the
// schedule. Sends and receives are not steps: the chunk lists them, and the
// runtime posts them around the chunk's step ranges. They still take part in
// memory planning as kernels, which keeps a received buffer from sharing
// space with anything live before it and keeps a sent buffer alive until the
// end of the chunk's program (the transfer may still be in flight).
//
//===----------------------------------------------------------------------===//
#include "mtc/Conversion/PipelinePlan.h"
#include "PlanBuilding.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Plan/ZeroBubbleSchedule.h"

#include "llvm/ADT/StringSet.h"

#include <map>
#include <set>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/reflection.h>

using namespace mlir;
using namespace mtc;

namespace {
int chunkOf(Operation *top) {
  auto attr = top->getAttrOfType<IntegerAttr>("mtc.chunk");
  return attr ? attr.getInt() : -1;
}
bool inBackwardPass(Operation *top) { return top->hasAttr("mtc.backward_pass"); }
/// A kernel of a split backward's W half (see lib/Transforms/WeightGradSplit).
bool isWeightGrad(Operation *kernel) { return kernel->hasAttr("mtc.weight_grad"); }

/// Renumbers a step's buffer ids (every int32 field that does not name a
/// parameter) from a chunk's numbering to the stage plan's.
void shiftBufferIds(pb::Step &step, int base) {
  using google::protobuf::FieldDescriptor;
  const FieldDescriptor *kernel = pb::Step::descriptor()->FindFieldByNumber(
      step.kernel_case());
  if (!kernel)
    return;
  google::protobuf::Message *k =
      step.GetReflection()->MutableMessage(&step, kernel);
  const google::protobuf::Reflection *refl = k->GetReflection();
  const google::protobuf::Descriptor *desc = k->GetDescriptor();
  for (int i = 0; i < desc->field_count(); ++i) {
    const FieldDescriptor *f = desc->field(i);
    StringRef name = f->name();
    if (f->cpp_type() != FieldDescriptor::CPPTYPE_INT32 || f->is_repeated() ||
        name.ends_with("_param") || name.ends_with("_grad"))
      continue;
    // An optional buffer left unset (attention without padding) stays unset.
    if (f->has_presence() && !refl->HasField(*k, f))
      continue;
    refl->SetInt32(k, f, refl->GetInt32(*k, f) + base);
  }
}

/// Parameter symbols an op (or its region) reads or accumulates into.
void collectParams(Operation *op, ModuleOp module, llvm::StringSet<> &names) {
  op->walk([&](Operation *inner) {
    for (NamedAttribute attr : inner->getAttrs())
      if (auto sym = dyn_cast<FlatSymbolRefAttr>(attr.getValue()))
        if (module.lookupSymbol<ParamOp>(sym.getValue()))
          names.insert(sym.getValue());
  });
}

/// How a chunk's kernels are ordered for memory planning.
enum class KernelOrder {
  Whole,        ///< the backward whole, as the IR orders it
  SplitOneArena,///< F, B, W, then the sends repeated: one arena until W
  SplitArenas,  ///< F, B, the sends repeated, W: W's buffers in an arena of their own
};

/// A chunk's kernels in the order its stage plan runs them.
struct ChunkKernels {
  Linearized lin;
  SmallVector<bool> isBackward; ///< per kernel
  bool split = false;           ///< some kernels are W (run after all of B)
  int weightGradBegin = 0;      ///< first W kernel (== the end when none)
  /// [repeatsBegin, repeatsEnd): the sends repeated for lifetimes only.
  int repeatsBegin = 0, repeatsEnd = 0;

  /// The schedule step each kernel runs in (BufferAssignment::assign's
  /// stepPhases): 0 F, 1 B, 2 W, -1 for the repeats.
  SmallVector<int8_t> stepPhases() const {
    SmallVector<int8_t> phases;
    for (int i = 0, e = lin.kernels.size(); i < e; ++i)
      phases.push_back(i >= repeatsBegin && i < repeatsEnd ? -1
                       : !isBackward[i]                    ? 0
                       : i >= weightGradBegin              ? 2
                                                           : 1);
    return phases;
  }
};

class StageBuilder {
public:
  /// `shareTransients`: buffers that live inside one step go to one
  /// transient arena for the stage instead of every micro-batch's arena.
  /// `wholeBackward`: a split schedule's stage that runs each backward whole
  /// in its B step (its W steps empty, right after their B), as 1F1B does.
  StageBuilder(ModuleOp module, func::FuncOp fn, const pb::Plan &full,
               const PipelineSchedule &schedule, const Linearized &whole, bool shareTransients,
               bool wholeBackward)
      : module(module), fn(fn), full(full), schedule(schedule), whole(whole),
        shareTransients(shareTransients), wholeBackward(wholeBackward) {}

  LogicalResult build(int stage, pb::Plan &out);

private:
  LogicalResult addChunk(int chunk, pb::Plan &out);
  ChunkKernels collectKernels(int chunk, KernelOrder order);

  ModuleOp module;
  func::FuncOp fn;
  const pb::Plan &full;
  const PipelineSchedule &schedule;
  const Linearized &whole;
  llvm::StringMap<int> paramIds;
  int stage = 0;
  const bool shareTransients, wholeBackward;
  /// The stage's transient arena: the largest of its chunks' (and the same
  /// with whole backwards, for the 1F1B comparison).
  int64_t transientBytes = 0, unsplitTransientBytes = 0;
};

/// What a stage plan's steps take and give back (the runner's takes and
/// releases): a chunk with its own W arena gives the chunk arena back at B
/// and its W arena at W, and takes its B-to-W arena (if any) at B until W;
/// one arena goes back at W when the backward is split, else at B. `base`:
/// the transient arena.
StepBytes heldBytes(const pb::Plan &stage, bool splitBackward) {
  std::map<int, double> untilBackward, untilWeightGrad, fromBackward;
  for (const pb::PipelineChunk &c : stage.chunks()) {
    const bool heldUntilWeightGrad = splitBackward && c.weight_grad_slots() == 0;
    untilBackward[c.chunk()] = heldUntilWeightGrad ? 0.0 : double(c.arena_bytes());
    untilWeightGrad[c.chunk()] =
        heldUntilWeightGrad ? double(c.arena_bytes()) : double(c.weight_grad_arena_bytes());
    fromBackward[c.chunk()] = double(c.b_to_w_arena_bytes());
  }
  StepBytes bytes;
  bytes.untilBackward = [untilBackward](int c) { return untilBackward.at(c); };
  bytes.untilWeightGrad = [untilWeightGrad](int c) { return untilWeightGrad.at(c); };
  bytes.fromBackward = [fromBackward](int c) { return fromBackward.at(c); };
  bytes.base = double(stage.pipeline_transient_arena_bytes());
  return bytes;
}

/// BufferAssignment::assign of a chunk's kernels, with the transient arena
/// when `shareTransients`.
LogicalResult assignBuffers(func::FuncOp fn, const ChunkKernels &k, BufferAssignment &buffers,
                            MemoryPlan &memory, bool shareTransients, int weightGradFrom = -1,
                            int backwardFrom = -1) {
  return buffers.assign(fn, memory, weightGradFrom,
                        shareTransients ? k.stepPhases() : SmallVector<int8_t>(), backwardFrom);
}

LogicalResult StageBuilder::build(int stageIndex, pb::Plan &out) {
  stage = stageIndex;
  Block &body = fn.getBody().front();
  out.set_format_version(full.format_version());
  *out.mutable_model() = full.model();
  *out.mutable_parallel() = full.parallel();
  *out.mutable_optimizer() = full.optimizer();
  out.set_precision(full.precision()); // its buffers' dtypes follow it
  out.set_pipeline_stage(stage);
  out.set_loss(-1);
  out.set_logits(-1);

  // The stage's parameters, in the full plan's order (so every stage lists
  // them like the single-rank plan does, and checkpoints name them alike).
  llvm::StringSet<> used;
  for (Operation &op : body) {
    int c = chunkOf(&op);
    if (c >= 0 && schedule.stageOfChunk(c) == stage)
      collectParams(&op, module, used);
  }
  int64_t paramElements = 0;
  for (const pb::Param &p : full.params()) {
    if (!used.contains(p.name()))
      continue;
    pb::Param *copy = out.add_params();
    *copy = p;
    copy->set_id(out.params_size() - 1);
    paramIds[p.name()] = copy->id();
    int64_t n = 1;
    for (int64_t d : p.shape())
      n *= d;
    paramElements += n;
  }
  if (auto pipeline = module->getAttrOfType<DictionaryAttr>("mtc.pipeline"))
    if (auto tied = pipeline.getAs<ArrayAttr>("tied"))
      for (Attribute t : tied) {
        StringRef name = cast<FlatSymbolRefAttr>(t).getValue();
        if (paramIds.count(name))
          out.add_embedding_group_params(paramIds[name]);
      }

  for (int chunk : chunksOfStage(stage, schedule.pp, schedule.vp, schedule.placement))
    if (failed(addChunk(chunk, out)))
      return failure();

  const RankSchedule &rank = schedule.ranks[stage];
  for (const Step &s : rank.steps) {
    pb::PipelineStep *step = out.add_schedule();
    step->set_backward(s.kind == StepKind::Backward);
    step->set_weight_grad(s.kind == StepKind::WeightGrad);
    step->set_chunk(s.chunk);
    step->set_microbatch(s.microbatch);
  }
  // The runtime takes a chunk arena at a forward and gives it back after the
  // backward (or W) of the same micro-batch, in schedule order: the peak is
  // this walk's. A chunk with two arenas gives the first back at B and the
  // second at W. The pool it allocates holds each chunk's most arenas at once,
  // and the transient arena, held throughout.
  int64_t arena = 0, pool = transientBytes;
  for (const pb::PipelineChunk &c : out.chunks()) {
    arena = std::max(arena, c.arena_bytes() + c.weight_grad_arena_bytes() + c.b_to_w_arena_bytes());
    pool += c.arena_bytes() * c.slots() + c.weight_grad_arena_bytes() * c.weight_grad_slots() +
            c.b_to_w_arena_bytes() * c.b_to_w_slots();
  }
  StepBytes held = heldBytes(out, schedule.splitBackward);
  held.base = double(transientBytes);
  const auto predicted = static_cast<int64_t>(peakHeld(rank, held));
  out.set_pipeline_activation_bytes(predicted);
  out.set_pipeline_transient_arena_bytes(transientBytes);
  out.set_pipeline_arena_pool_bytes(pool);
  if (schedule.splitBackward && schedule.placement == ChunkPlacement::Interleaved) {
    // The same stage under the schedule it splits (1F1B, or interleaved 1F1B
    // with vp > 1) and whole backwards: the report prints it next to the
    // split schedule's memory. (ZB-V splits no schedule of its placement.)
    Result<PipelineSchedule> reference =
        buildSchedule(schedule.pp, schedule.vp, schedule.microbatches);
    if (!reference)
      return fn.emitError("pipeline: ") << reference.error();
    std::map<int, int64_t> unsplitOf;
    for (const pb::PipelineChunk &c : out.chunks())
      unsplitOf[c.chunk()] = c.unsplit_arena_bytes() > 0 ? c.unsplit_arena_bytes() : c.arena_bytes();
    // What it takes: its peak, or the pools the runner allocates, each
    // chunk's sized for its most micro-batches at once (more than the peak
    // when two chunks peak at different steps).
    const RankSchedule &oneFOneB = reference->ranks[stage];
    int64_t referencePool = unsplitTransientBytes;
    for (auto [c, bytes] : unsplitOf)
      referencePool += bytes * static_cast<int64_t>(peakHeld(
                                   oneFOneB, /*splitBackward=*/false,
                                   [c = c](int other) { return other == c ? 1.0 : 0.0; }));
    out.set_pipeline_one_f_one_b_activation_bytes(std::max(
        referencePool,
        unsplitTransientBytes +
            static_cast<int64_t>(peakHeld(oneFOneB, /*splitBackward=*/false,
                                          [&unsplitOf](int c) { return double(unsplitOf[c]); }))));
  }
  pb::MemoryReport *report = out.mutable_memory();
  report->set_param_bytes(paramElements * 4);
  report->set_grad_bytes(paramElements * 4);
  report->set_optimizer_bytes(paramElements * 8);
  report->set_activation_peak_bytes(predicted);
  report->set_arena_bytes(arena);
  // Every chunk's attention shares the executor's ring blocks.
  report->set_context_ring_bytes(full.memory().context_ring_bytes());
  return success();
}

ChunkKernels StageBuilder::collectKernels(int chunk, KernelOrder order) {
  Block &body = fn.getBody().front();
  ChunkKernels k;
  Linearized &lin = k.lin;
  lin.alias = whole.alias;
  lin.layerOf = whole.layerOf;
  SmallVector<Operation *> sends, weightGrad;
  for (Operation *op : whole.kernels) {
    Operation *top = body.findAncestorOpInBlock(*op);
    if (!top || chunkOf(top) != chunk)
      continue;
    if (order != KernelOrder::Whole && isWeightGrad(op)) {
      weightGrad.push_back(op);
      continue;
    }
    lin.kernels.push_back(op);
    k.isBackward.push_back(inBackwardPass(top));
    if (isa<PipelineSendOp>(op))
      sends.push_back(op);
  }
  k.split = !weightGrad.empty();
  auto addWeightGrad = [&] {
    k.weightGradBegin = lin.kernels.size();
    for (Operation *op : weightGrad) {
      lin.kernels.push_back(op);
      k.isBackward.push_back(true);
    }
  };
  // The sends, repeated where their bytes must stay untouched until: the
  // end of the arena's last step (the transfer may still be in flight). A
  // whole backward's gradient send is its last step's output already.
  auto addRepeats = [&] {
    k.repeatsBegin = lin.kernels.size();
    for (Operation *send : sends) {
      if (!k.split && cast<PipelineSendOp>(send).getGradient())
        continue;
      lin.kernels.push_back(send);
      k.isBackward.push_back(true);
    }
    k.repeatsEnd = lin.kernels.size();
  };
  if (order == KernelOrder::SplitArenas) {
    addRepeats();
    addWeightGrad();
  } else {
    addWeightGrad();
    addRepeats();
  }
  return k;
}

LogicalResult StageBuilder::addChunk(int chunk, pb::Plan &out) {
  // How many micro-batches of this chunk the rank holds at once: from F to
  // B, and from F to W.
  const std::function<double(int)> count = [chunk](int c) { return c == chunk ? 1.0 : 0.0; };
  const std::function<double(int)> none = [](int) { return 0.0; };
  const RankSchedule &rank = schedule.ranks[stage];
  const int slotsUntilBackward = static_cast<int>(peakHeld(rank, count, none));
  const int slotsUntilWeightGrad = static_cast<int>(peakHeld(rank, none, count));
  const int slotsFromBackward = static_cast<int>(peakHeld(rank, StepBytes{none, none, count}));

  // A split backward's W reads the linears' inputs and output gradients
  // (and what it recomputes); the rest of the chunk's saved state is dead
  // once B ended. Planned in two arenas, the first is given back at B and
  // only the second held until W, so a micro-batch waiting for its W keeps
  // what W reads (Qi et al.'s M_W) rather than its whole activation. Taken
  // when it allocates fewer bytes than one arena held until W, and when no
  // sent buffer is one W reads (a send must not outlive its arena's B).
  // What of it B defines (the output gradients) may go to a third arena,
  // taken only at B: a micro-batch between its F and B then holds no room
  // for it, which is what ZB-V's warm-up (2p forwards before any B) pays
  // for otherwise. Of the three ways, the chunk takes the one that
  // allocates fewest bytes (each arena kind of each chunk is a pool of its
  // own, sized for its most micro-batches at once, so what the runner holds
  // is the pools, not the walk's peak), then the one whose bytes alone peak
  // lowest over the rank's steps.
  auto kernels = std::make_unique<ChunkKernels>(
      collectKernels(chunk, wholeBackward ? KernelOrder::Whole : KernelOrder::SplitOneArena));
  auto memory = std::make_unique<MemoryPlan>();
  auto buffers = std::make_unique<BufferAssignment>(kernels->lin);
  if (failed(assignBuffers(fn, *kernels, *buffers, *memory, shareTransients)))
    return failure();
  bool twoArenas = false;
  if (kernels->split) {
    auto split = std::make_unique<ChunkKernels>(collectKernels(chunk, KernelOrder::SplitArenas));
    auto splitMemory = std::make_unique<MemoryPlan>();
    auto splitBuffers = std::make_unique<BufferAssignment>(split->lin);
    if (failed(assignBuffers(fn, *split, *splitBuffers, *splitMemory, shareTransients,
                             split->weightGradBegin)))
      return failure();
    bool sendKept = false;
    for (int i = split->repeatsBegin; i < split->repeatsEnd; ++i)
      sendKept |= splitMemory
                      ->buffers[splitBuffers->bufferOf(
                          cast<PipelineSendOp>(split->lin.kernels[i]).getValue())]
                      .arena == PlannedBuffer::Arena::WeightGrad;
    auto threeMemory = std::make_unique<MemoryPlan>();
    auto threeBuffers = std::make_unique<BufferAssignment>(split->lin);
    const int backwardFrom = static_cast<int>(
        llvm::find(split->isBackward, true) - split->isBackward.begin());
    if (failed(assignBuffers(fn, *split, *threeBuffers, *threeMemory, shareTransients,
                             split->weightGradBegin, backwardFrom)))
      return failure();
    // (allocated, peak) of the chunk's bytes alone.
    auto cost = [&](const MemoryPlan &m, bool ownWeightGrad) {
      const double a = double(m.arenaBytes), w = double(m.weightGradArenaBytes),
                   bw = double(m.bToWArenaBytes);
      StepBytes bytes;
      bytes.untilBackward = [&, a, ownWeightGrad](int c) {
        return c == chunk && ownWeightGrad ? a : 0.0;
      };
      bytes.untilWeightGrad = [&, a, w, ownWeightGrad](int c) {
        return c != chunk ? 0.0 : ownWeightGrad ? w : a;
      };
      bytes.fromBackward = [&, bw](int c) { return c == chunk ? bw : 0.0; };
      const int64_t allocated =
          ownWeightGrad ? m.arenaBytes * slotsUntilBackward +
                              m.weightGradArenaBytes * slotsUntilWeightGrad +
                              m.bToWArenaBytes * slotsFromBackward
                        : m.arenaBytes * slotsUntilWeightGrad;
      return std::make_pair(allocated, static_cast<int64_t>(peakHeld(rank, bytes)));
    };
    const auto oneArena = cost(*memory, false), bothArenas = cost(*splitMemory, true),
               threeArenas = cost(*threeMemory, true);
    if (!sendKept && std::min(bothArenas, threeArenas) < oneArena) {
      twoArenas = true;
      kernels = std::move(split);
      if (threeArenas < bothArenas) {
        memory = std::move(threeMemory);
        buffers = std::move(threeBuffers);
      } else {
        memory = std::move(splitMemory);
        buffers = std::move(splitBuffers);
      }
    }
  }
  transientBytes = std::max(transientBytes, memory->transientArenaBytes);
  const Linearized &lin = kernels->lin;
  const SmallVector<bool> &isBackward = kernels->isBackward;
  const int weightGradBegin = kernels->weightGradBegin;

  // Kernel positions -> plan steps: a receive maps to the step after it, a
  // send to the step before it.
  const int base = out.buffers_size();
  const int stepBase = out.steps_size();
  int positions = lin.kernels.size();
  std::vector<int> stepOf(positions);
  int real = 0;
  for (int i = 0; i < positions; ++i) {
    Operation *op = lin.kernels[i];
    if (isa<PipelineRecvOp>(op))
      stepOf[i] = real;
    else if (isa<PipelineSendOp>(op))
      stepOf[i] = real - 1;
    else
      stepOf[i] = real++;
  }
  if (real == 0)
    return fn.emitError("pipeline chunk ") << chunk << " has no kernels";

  pb::PipelineChunk *info = out.add_chunks();
  info->set_chunk(chunk);
  info->set_arena_bytes(memory->arenaBytes);
  if (twoArenas) {
    info->set_slots(slotsUntilBackward);
    info->set_weight_grad_arena_bytes(memory->weightGradArenaBytes);
    info->set_weight_grad_slots(slotsUntilWeightGrad);
    if (memory->bToWArenaBytes > 0) {
      info->set_b_to_w_arena_bytes(memory->bToWArenaBytes);
      info->set_b_to_w_slots(slotsFromBackward);
    }
  } else {
    info->set_slots(schedule.splitBackward ? slotsUntilWeightGrad : slotsUntilBackward);
  }
  if (kernels->split) {
    // What the chunk's arena would be with its backward whole, for the
    // report's comparison with 1F1B.
    ChunkKernels whole = collectKernels(chunk, KernelOrder::Whole);
    MemoryPlan unsplit;
    BufferAssignment unsplitBuffers(whole.lin);
    if (failed(assignBuffers(fn, whole, unsplitBuffers, unsplit, shareTransients)))
      return failure();
    info->set_unsplit_arena_bytes(unsplit.arenaBytes);
    unsplitTransientBytes = std::max(unsplitTransientBytes, unsplit.transientArenaBytes);
  } else {
    unsplitTransientBytes = std::max(unsplitTransientBytes, memory->transientArenaBytes);
  }
  info->set_loss(-1);
  FailureOr<InputBuffers> inputs = inputBuffers(fn, *buffers, base);
  if (failed(inputs))
    return failure();
  info->set_tokens(inputs->tokens);
  info->set_targets(inputs->targets);
  if (inputs->extra.ByteSizeLong() > 0)
    *info->mutable_inputs() = inputs->extra;
  // The stage's first chunk sizes the executor's host inputs.
  if (out.chunks_size() == 1) {
    out.set_tokens(info->tokens());
    out.set_targets(info->targets());
    if (info->has_inputs())
      *out.mutable_inputs() = info->inputs();
  }

  StepEmitter emitter(lin, *buffers, paramIds);
  bool forwardDone = false;
  info->set_forward_begin(stepBase);
  for (int i = 0; i < positions; ++i) {
    Operation *op = lin.kernels[i];
    if (i >= kernels->repeatsBegin && i < kernels->repeatsEnd)
      continue; // the sends' lifetime-only repeats
    if (isBackward[i] && !forwardDone) {
      forwardDone = true;
      info->set_forward_end(out.steps_size());
      info->set_backward_begin(out.steps_size());
    }
    if (i == weightGradBegin && forwardDone) {
      info->set_backward_end(out.steps_size());
      info->set_weight_grad_begin(out.steps_size());
    }
    if (auto recv = dyn_cast<PipelineRecvOp>(op)) {
      pb::PipelineTransfer *t = recv.getGradient() ? info->add_recv_backward()
                                                   : info->add_recv_forward();
      t->set_buffer(base + buffers->bufferOf(recv.getResult()));
      t->set_peer_chunk(recv.getPeer());
      t->set_tag(recv.getTag());
      continue;
    }
    if (auto send = dyn_cast<PipelineSendOp>(op)) {
      pb::PipelineTransfer *t = send.getGradient() ? info->add_send_backward()
                                                   : info->add_send_forward();
      t->set_buffer(base + buffers->bufferOf(send.getValue()));
      t->set_peer_chunk(send.getPeer());
      t->set_tag(send.getTag());
      continue;
    }
    pb::Step *step = out.add_steps();
    step->set_location(stepLocation(op, lin.layerOf.lookup(op)));
    if (failed(emitter.emit(op, *step)))
      return failure();
    shiftBufferIds(*step, base);
    if (auto ce = dyn_cast<CrossEntropyOp>(op)) {
      if (lossTerm(ce) == 1) {
        info->set_sop_loss(base + buffers->bufferOf(ce.getLoss()));
        out.set_sop_loss(info->sop_loss());
      } else {
        info->set_loss(base + buffers->bufferOf(ce.getLoss()));
        out.set_loss(info->loss());
        out.set_logits(base + buffers->bufferOf(ce.getLogits()));
      }
    }
  }
  if (!forwardDone)
    return fn.emitError("pipeline chunk ") << chunk << " has no backward steps";
  if (!kernels->split) {
    info->set_backward_end(out.steps_size());
    info->set_weight_grad_begin(out.steps_size());
  }
  info->set_weight_grad_end(out.steps_size());

  for (auto [id, b] : llvm::enumerate(memory->buffers)) {
    pb::Buffer *buffer = out.add_buffers();
    describeBuffer(b, base + id, *buffer);
    // Entry arguments (tokens, targets) no step of this chunk may read.
    int first = std::max(0, std::min(stepOf[b.firstStep], real - 1));
    int last = std::max(first, std::min(stepOf[b.lastStep], real - 1));
    buffer->set_first_step(stepBase + first);
    buffer->set_last_step(stepBase + last);
    buffer->set_pipeline_chunk(chunk);
  }
  return success();
}
} // namespace

FailureOr<PipelineSchedule> mtc::readPipelineSchedule(ModuleOp module) {
  auto pipeline = module->getAttrOfType<DictionaryAttr>("mtc.pipeline");
  auto attr = module->getAttrOfType<DictionaryAttr>("mtc.schedule");
  if (!pipeline || !attr) {
    emitModuleError(module) << "no pipeline schedule: run --mtc-pipeline-partition "
                               "and --mtc-pipeline-schedule first";
    return failure();
  }
  // The dialect has verified both attributes' structure and ranges.
  PipelineSchedule s;
  s.pp = cast<IntegerAttr>(pipeline.get("stages")).getInt();
  s.vp = cast<IntegerAttr>(pipeline.get("chunks")).getInt();
  if (auto placement = pipeline.getAs<StringAttr>("placement"); placement && placement.getValue() == "v")
    s.placement = ChunkPlacement::V;
  s.microbatches = cast<IntegerAttr>(attr.get("microbatches")).getInt();
  auto warmup = cast<DenseI64ArrayAttr>(attr.get("warmup")).asArrayRef();
  for (auto [r, rank] : llvm::enumerate(cast<ArrayAttr>(attr.get("ranks")))) {
    auto steps = cast<DictionaryAttr>(rank);
    auto backward = cast<DenseBoolArrayAttr>(steps.get("backward")).asArrayRef();
    auto chunk = cast<DenseI64ArrayAttr>(steps.get("chunk")).asArrayRef();
    auto microbatch = cast<DenseI64ArrayAttr>(steps.get("microbatch")).asArrayRef();
    ArrayRef<bool> weightGrad;
    if (auto w = steps.getAs<DenseBoolArrayAttr>("weight_grad")) {
      weightGrad = w.asArrayRef();
      s.splitBackward = true;
    }
    RankSchedule rs;
    rs.rank = r;
    rs.warmup = warmup[r];
    for (auto [i, b, c, m] : llvm::enumerate(backward, chunk, microbatch)) {
      StepKind kind = b ? StepKind::Backward : StepKind::Forward;
      if (!weightGrad.empty() && weightGrad[i])
        kind = StepKind::WeightGrad;
      rs.steps.push_back({kind, static_cast<int>(c), static_cast<int>(m)});
    }
    s.ranks.push_back(std::move(rs));
  }
  return s;
}

namespace {
/// What a stage plan takes: its arenas' peak, or what the runner allocates
/// where each chunk's pool of each arena kind peaks at another step.
int64_t footprint(const pb::Plan &stage) {
  return std::max(stage.pipeline_activation_bytes(), stage.pipeline_arena_pool_bytes());
}

/// ZB-H1 holds 1F1B's peak only where what W keeps is smaller than what B
/// frees (Qi et al.'s M_W < M_B). Where a stage's plan takes (at its peak, or
/// in the arenas the runner allocates) more than 1F1B's fullest stage holds,
/// its W steps move earlier until it fits, and the stage is
/// planned again: fewer micro-batches awaiting W may change its arenas (one
/// held until W, or two), so each round limits the built order again with
/// the arenas the last round planned, until the order no longer changes. The
/// bound is the paper's: the fullest stage's, not each stage's own (a W
/// deferred on rank r > 0 always adds to what 1F1B holds there).
LogicalResult limitToOneFOneBMemory(func::FuncOp fn, PipelineSchedule &schedule,
                                    std::vector<pb::Plan> &stagePlans,
                                    std::vector<bool> &wholeBackward,
                                    const std::function<LogicalResult(int)> &buildStage) {
  int64_t limit = 0;
  for (const pb::Plan &s : stagePlans)
    limit = std::max(limit, s.pipeline_one_f_one_b_activation_bytes());
  const std::vector<RankSchedule> built = schedule.ranks;
  std::vector<bool> limited(schedule.pp, false);
  for (int round = 0; round < 4; ++round) {
    bool changed = false;
    for (int stage = 0; stage < schedule.pp; ++stage) {
      const pb::Plan &s = stagePlans[stage];
      if (!limited[stage] && footprint(s) <= limit)
        continue;
      limited[stage] = true;
      Result<RankSchedule> order = limitWeightGradDeferral(
          built[stage], heldBytes(s, /*splitBackward=*/true), double(limit));
      if (!order)
        return fn.emitError("pipeline: ") << order.error();
      if (order->steps == schedule.ranks[stage].steps)
        continue;
      schedule.ranks[stage] = std::move(order.value());
      changed = true;
      if (failed(buildStage(stage)))
        return failure();
    }
    if (!changed)
      break;
  }
  // A split chunk's arena keeps the output gradients from B to W even when W
  // comes right after B, so a stage whose forwards alone (1F1B's count in
  // flight) exceed the limit runs its backwards whole, as 1F1B: its W steps
  // are empty and none is pending at a forward, so it holds 1F1B's bytes.
  for (int stage = 0; stage < schedule.pp; ++stage) {
    if (footprint(stagePlans[stage]) <= limit)
      continue;
    StepBytes none;
    none.untilBackward = none.untilWeightGrad = [](int) { return 0.0; };
    Result<RankSchedule> order = limitWeightGradDeferral(built[stage], none, -1.0);
    if (!order)
      return fn.emitError("pipeline: ") << order.error();
    schedule.ranks[stage] = std::move(order.value());
    wholeBackward[stage] = true;
    if (failed(buildStage(stage)))
      return failure();
  }
  return success();
}
} // namespace

LogicalResult mtc::addStagePlans(ModuleOp module, pb::Plan &plan) {
  auto fn = getTrainStep(module);
  if (failed(fn))
    return failure();
  FailureOr<PipelineSchedule> schedule = readPipelineSchedule(module);
  if (failed(schedule))
    return failure();
  Linearized whole;
  whole.keepTransfers = true;
  if (failed(whole.visit(fn->getBody().front(), "")))
    return failure();
  plan.set_schedule_kind(cast<StringAttr>(module->getAttrOfType<DictionaryAttr>(
                                              "mtc.schedule").get("kind"))
                             .getValue()
                             .str());
  // The runtime finds each chunk's rank from it (stage plans copy it).
  if (schedule->placement == ChunkPlacement::V)
    plan.mutable_parallel()->set_pipeline_placement(placementName(schedule->placement));
  std::vector<pb::Plan> stagePlans(schedule->pp);
  std::vector<bool> wholeBackward(schedule->pp, false);
  auto buildStage = [&](int stage) -> LogicalResult {
    // Buffers that live inside one step need no copy per micro-batch in
    // flight, but in an arena of their own they cannot fill the holes of the
    // others: each stage takes the way that takes fewer bytes (footprint).
    pb::Plan stagePlan, shared;
    const bool asOneFOneB = wholeBackward[stage];
    if (failed(StageBuilder(module, *fn, plan, *schedule, whole, false, asOneFOneB)
                   .build(stage, stagePlan)) ||
        failed(StageBuilder(module, *fn, plan, *schedule, whole, true, asOneFOneB)
                   .build(stage, shared)))
      return failure();
    const int64_t reference = std::min(stagePlan.pipeline_one_f_one_b_activation_bytes(),
                                       shared.pipeline_one_f_one_b_activation_bytes());
    if (footprint(shared) < footprint(stagePlan))
      stagePlan = std::move(shared);
    stagePlan.set_pipeline_one_f_one_b_activation_bytes(reference);
    stagePlan.set_schedule_kind(plan.schedule_kind());
    stagePlans[stage] = std::move(stagePlan);
    return success();
  };
  for (int stage = 0; stage < schedule->pp; ++stage)
    if (failed(buildStage(stage)))
      return failure();
  auto limit = module->getAttrOfType<DictionaryAttr>("mtc.schedule")
                   .getAs<StringAttr>("memory_limit");
  if (schedule->splitBackward && schedule->placement == ChunkPlacement::Interleaved &&
      !(limit && limit.getValue() == "none") &&
      failed(limitToOneFOneBMemory(*fn, *schedule, stagePlans, wholeBackward, buildStage)))
    return failure();
  std::set<int> releasedByBackward; // chunks whose W keeps an arena of its own
  for (pb::Plan &stagePlan : stagePlans) {
    for (const pb::PipelineChunk &c : stagePlan.chunks())
      if (c.weight_grad_slots() > 0)
        releasedByBackward.insert(c.chunk());
    *plan.add_stage_plans() = std::move(stagePlan);
  }
  // The runtime's arena reuse with the arenas chosen above: --mtc-pipeline-
  // schedule checked every chunk released by B and every one by W.
  if (schedule->splitBackward) {
    StepTiming reuse = StepTiming::unitSplit();
    reuse.forwardWaitsForBackwardSends = true;
    reuse.arenaReleasedByBackward = [&](int c) { return releasedByBackward.count(c) > 0; };
    if (Result<Timeline> t = checkSchedule(*schedule, reuse); !t)
      return fn->emitError("pipeline: ") << t.error();
  }
  return success();
}

Result<PipelineSchedule> mtc::scheduleOfPlan(const pb::Plan &plan) {
  const pb::Parallel &par = plan.parallel();
  int64_t perStep = std::max<int64_t>(1, par.micro_batch() * std::max<int64_t>(1, par.data()));
  int64_t m = std::max<int64_t>(1, par.global_batch() / perStep);
  if (m > kMaxSize)
    return mtc::Error{"the plan's " + std::to_string(m) + " micro-batches per step are too many"};
  if (plan.stage_plans().empty())
    return buildSchedule(1, 1, static_cast<int>(m));
  PipelineSchedule s;
  s.pp = plan.stage_plans_size();
  s.vp = static_cast<int>(std::max<int64_t>(1, par.virtual_chunks()));
  if (par.pipeline_placement() == "v")
    s.placement = ChunkPlacement::V;
  s.microbatches = static_cast<int>(m);
  for (const pb::Plan &stage : plan.stage_plans()) {
    RankSchedule rs;
    rs.rank = s.ranks.size();
    bool explicitOrder = plan.schedule_kind() == "explicit", sawBackward = false;
    for (const pb::PipelineStep &step : stage.schedule()) {
      Step st;
      st.kind = step.weight_grad() ? StepKind::WeightGrad
                : step.backward()  ? StepKind::Backward
                                   : StepKind::Forward;
      s.splitBackward |= step.weight_grad();
      st.chunk = step.chunk();
      st.microbatch = step.microbatch();
      sawBackward |= step.backward();
      // A hand-written order warms up until its first backward (as
      // --mtc-pipeline-schedule counts it); the built ones by their rule.
      if (explicitOrder && !sawBackward)
        ++rs.warmup;
      rs.steps.push_back(st);
    }
    if (!explicitOrder)
      rs.warmup = warmupForwards(s.pp, s.vp, s.microbatches, rs.rank);
    s.ranks.push_back(std::move(rs));
  }
  return s;
}
