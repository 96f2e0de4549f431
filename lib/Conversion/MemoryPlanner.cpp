//===- MemoryPlanner.cpp - kernel order, lifetimes and arena offsets ------===//
//
// Layer regions are inlined: their arguments and yields alias the values
// outside, so they own no buffers. Buffers are packed first fit in order of
// definition; a buffer's space is reused only after its last reader ran.
//
//===----------------------------------------------------------------------===//
#include "PlanBuilding.h"
#include "mtc/MtcDiagnostics.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mtc;

namespace {
constexpr int64_t kAlignment = 64;

std::string valueName(Operation *op, StringRef layer, unsigned result) {
  std::string name = layer.empty() ? "" : (layer + "/").str();
  name += op->getName().stripDialect().str();
  if (op->getNumResults() > 1)
    name += "#" + std::to_string(result);
  return name;
}

} // namespace

LogicalResult Linearized::visit(Block &block, StringRef layer) {
  // Transfers are top-level ops of a partitioned @train_step.
  DenseMap<int64_t, Value> sent;
  if (!keepTransfers)
    for (auto send : block.getOps<PipelineSendOp>())
      sent[send.getTag()] = send.getValue();
  for (Operation &op : block) {
    if (!keepTransfers && isa<PipelineSendOp>(op))
      continue;
    if (auto recv = dyn_cast<PipelineRecvOp>(op); recv && !keepTransfers) {
      Value value = sent.lookup(recv.getTag());
      if (!value)
        return recv.emitOpError("receives tag ")
               << recv.getTag() << ", which no mtc.pipeline_send sends";
      alias[recv.getResult()] = value;
      continue;
    }
    if (auto l = dyn_cast<LayerOp>(op)) {
      Block &body = l.getBody().front();
      for (auto [arg, input] : llvm::zip(body.getArguments(), l.getInputs()))
        alias[arg] = input;
      if (failed(visit(body, l.getLayerName())))
        return failure();
      auto yield = cast<YieldOp>(body.getTerminator());
      for (auto [result, value] : llvm::zip(l.getResults(), yield.getValues()))
        alias[result] = value;
      continue;
    }
    if (isa<YieldOp, ParamRefOp, func::ReturnOp>(op))
      continue;
    // Tensor parallelism's f is the identity forward: no kernel, no buffer.
    if (auto f = dyn_cast<TpCopyOp>(op)) {
      alias[f.getResult()] = f.getInput();
      continue;
    }
    if (!isa<MtcDialect>(op.getDialect()))
      return op.emitOpError("cannot be lowered to an execution plan");
    kernels.push_back(&op);
    layerOf[&op] = layer;
  }
  return success();
}

PlannedBuffer::Element mtc::activationElement(ModuleOp module) {
  auto state = module ? module->getAttrOfType<DictionaryAttr>("mtc.training_state") : nullptr;
  auto precision = state ? state.getAs<StringAttr>("precision") : nullptr;
  if (precision && precision.getValue() == "bf16")
    return PlannedBuffer::Element::BF16;
  if (precision && precision.getValue() == "fp16")
    return PlannedBuffer::Element::F16;
  return PlannedBuffer::Element::F32;
}

LogicalResult BufferAssignment::assign(func::FuncOp fn, MemoryPlan &plan,
                                        int weightGradFrom, ArrayRef<int8_t> stepPhases,
                                        int backwardFrom) {
  activation = activationElement(fn->getParentOfType<ModuleOp>());
  Block &entry = fn.getBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    auto type = llvm::cast<RankedTensorType>(arg.getType());
    valueBuffer[arg] = add(plan, inputRole(fn, arg.getArgNumber()).str(), Element::I32,
                           type.getShape(), 0);
  }
  const int inputCount = plan.buffers.size();
  int numSteps = lin.kernels.size();
  plan.numSteps = numSteps;
  for (auto [step, op] : llvm::enumerate(lin.kernels)) {
    for (Value operand : op->getOperands()) {
      if (isParam(operand))
        continue;
      Value owner = lin.canonical(operand);
      auto it = valueBuffer.find(owner);
      if (it == valueBuffer.end())
        return op->emitOpError("reads a value with no buffer");
      read(plan, it->second, step);
    }
    StringRef layer = lin.layerOf.lookup(op);
    if (auto ce = dyn_cast<CrossEntropyOp>(op)) {
      auto logits = llvm::cast<RankedTensorType>(ce.getLogits().getType());
      SmallVector<int64_t> rows(logits.getShape().drop_back());
      std::array<int, 4> temps;
      const char *what[] = {"row_max", "sum_exp", "target_logit"};
      // Row statistics and the loss stay fp32 in every precision, as
      // Megatron's cross-entropy computes on output.float().
      for (int i = 0; i < 3; ++i)
        temps[i] = add(plan, valueName(op, layer, 0) + "." + what[i], Element::F32,
                       rows, step);
      // The loss is (sum, count), read by the runtime after the last step.
      temps[3] = add(plan, "loss", Element::F32, {2}, step);
      read(plan, temps[3], numSteps - 1);
      valueBuffer[ce.getLoss()] = temps[3];
      rowBuffers[lin.canonical(ce.getLogits())] = temps;
      continue;
    }
    if (auto grad = dyn_cast<CrossEntropyGradOp>(op)) {
      auto it = rowBuffers.find(lin.canonical(grad.getLogits()));
      if (it == rowBuffers.end())
        return op->emitOpError("has no matching mtc.cross_entropy");
      // The backward reads the row max, the sum of exps and the token count
      // in the loss buffer; the target logit is dead after the forward.
      for (int i : {0, 1, 3})
        read(plan, it->second[i], step);
    }
    for (OpResult result : op->getResults()) {
      auto type = llvm::cast<RankedTensorType>(result.getType());
      // Attention's log-sum-exp stays fp32, as flash attention keeps it:
      // backward recomputes the probabilities from it. So do the router's
      // probabilities and weights (the routing and the auxiliary loss), as
      // Megatron-Core's router computes in fp32.
      Element element = type.getElementType().isInteger(32) ? Element::I32
                        : (isa<AttentionOp>(op) && result.getResultNumber() == 1) ||
                                  isa<MoeRouteOp>(op)
                            ? Element::F32
                            : activation;
      valueBuffer[result] =
          add(plan, valueName(op, layer, result.getResultNumber()), element, type.getShape(),
              step);
    }
  }

  // The runtime writes every input before the step's first kernel, and the
  // receives before it run in the same plan step: an input no kernel reads
  // (BERT's sentence labels outside the head) still lives until that kernel.
  int firstKernel = 0;
  while (firstKernel < numSteps && isa<PipelineRecvOp>(lin.kernels[firstKernel]))
    ++firstKernel;
  for (int id = 0; id < inputCount; ++id)
    plan.buffers[id].lastStep = std::max(plan.buffers[id].lastStep, std::min(firstKernel, numSteps - 1));
  if (!tooLarge.empty())
    return fn.emitError("buffer '")
           << tooLarge << "' is larger than " << kMaxBufferBytes
           << " bytes (or its size overflows int64)";
  // Peak of live bytes over the steps (at most 2^48 bytes per buffer and
  // 2^31 steps' buffers: the sums fit in int64).
  std::vector<int64_t> live(numSteps + 1, 0);
  for (const PlannedBuffer &b : plan.buffers) {
    live[b.firstStep] += b.bytes;
    live[b.lastStep + 1] -= b.bytes;
  }
  int64_t running = 0;
  for (int i = 0; i < numSteps; ++i) {
    running += live[i];
    plan.activationPeakBytes = std::max(plan.activationPeakBytes, running);
  }

  // A split backward's W (kernels from `weightGradFrom` on) reads only what
  // lives until then: those buffers get the second arena, held until W, and
  // the first is free once B ended.
  // The runtime writes inputs before the step and transfers outside it.
  llvm::DenseSet<int> crossing;
  for (Operation *op : lin.kernels) {
    if (auto recv = dyn_cast<PipelineRecvOp>(op))
      crossing.insert(bufferOf(recv.getResult()));
    else if (auto send = dyn_cast<PipelineSendOp>(op))
      crossing.insert(bufferOf(send.getValue()));
  }
  using Arena = PlannedBuffer::Arena;
  if (weightGradFrom >= 0)
    for (auto [id, b] : llvm::enumerate(plan.buffers)) {
      if (b.lastStep < weightGradFrom)
        continue;
      // Nothing of it exists before B: no micro-batch waiting for its B
      // holds it (a receive lands before B, so it stays in the W arena).
      b.arena = backwardFrom >= 0 && b.firstStep >= backwardFrom && !crossing.contains(id)
                    ? Arena::BToW
                    : Arena::WeightGrad;
    }
  if (!stepPhases.empty()) {
    if (static_cast<int>(stepPhases.size()) != numSteps)
      return fn.emitError("internal: ") << stepPhases.size() << " step phases for " << numSteps
                                        << " kernels";
    for (auto [id, b] : llvm::enumerate(plan.buffers)) {
      const int8_t phase = stepPhases[b.firstStep];
      if (static_cast<int>(id) >= inputCount && !crossing.contains(id) && phase >= 0 &&
          stepPhases[b.lastStep] == phase)
        b.arena = Arena::Transient;
    }
  }

  // First fit in order of definition, each arena on its own; a buffer's
  // space is free again after its last reader, never during it.
  SmallVector<int> order(plan.buffers.size());
  for (int i = 0, e = order.size(); i < e; ++i)
    order[i] = i;
  llvm::stable_sort(order, [&](int a, int b) {
    return plan.buffers[a].firstStep < plan.buffers[b].firstStep;
  });
  SmallVector<int> placed;
  for (int id : order) {
    PlannedBuffer &buf = plan.buffers[id];
    int64_t size = llvm::alignTo(buf.bytes, kAlignment);
    SmallVector<std::pair<int64_t, int64_t>> busy;
    for (int other : placed) {
      const PlannedBuffer &o = plan.buffers[other];
      if (o.lastStep >= buf.firstStep && o.arena == buf.arena)
        busy.push_back({o.offset, llvm::alignTo(o.bytes, kAlignment)});
    }
    llvm::sort(busy);
    int64_t offset = 0;
    for (auto [start, length] : busy) {
      if (offset + size <= start)
        break;
      offset = std::max(offset, start + length);
    }
    buf.offset = offset;
    int64_t &arena = plan.bytesOf(buf.arena);
    arena = std::max(arena, offset + size);
    placed.push_back(id);
  }
  return success();
}

FailureOr<func::FuncOp> mtc::getTrainStep(ModuleOp module) {
  auto fn = module.lookupSymbol<func::FuncOp>("train_step");
  if (!fn || fn.isExternal()) {
    emitModuleError(module) << "no @train_step: run --mtc-autodiff first";
    return failure();
  }
  return fn;
}


void mtc::describeBuffer(const PlannedBuffer &b, int id, pb::Buffer &out) {
  out.set_id(id);
  out.set_name(b.name);
  switch (b.element) {
  case PlannedBuffer::Element::I32: out.set_dtype(pb::I32); break;
  case PlannedBuffer::Element::F32: out.set_dtype(pb::F32); break;
  case PlannedBuffer::Element::BF16: out.set_dtype(pb::BF16); break;
  case PlannedBuffer::Element::F16: out.set_dtype(pb::F16); break;
  }
  for (int64_t d : b.shape)
    out.add_shape(d);
  out.set_offset(b.offset);
  out.set_bytes(b.bytes);
  switch (b.arena) {
  case PlannedBuffer::Arena::Main: break;
  case PlannedBuffer::Arena::WeightGrad: out.set_weight_grad_arena(true); break;
  case PlannedBuffer::Arena::BToW: out.set_b_to_w_arena(true); break;
  case PlannedBuffer::Arena::Transient: out.set_transient_arena(true); break;
  }
}

TrainStepMemory::TrainStepMemory(Operation *op) {
  auto module = cast<ModuleOp>(op);
  FailureOr<func::FuncOp> trainStep = getTrainStep(module);
  if (failed(trainStep))
    return;
  fn = *trainStep;
  if (failed(lin.visit(fn.getBody().front(), "")) || failed(buffers.assign(fn, plan)))
    return;
  ok = true;
}
