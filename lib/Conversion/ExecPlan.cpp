//===- ExecPlan.cpp - from @train_step to the runtime's Plan --------------===//
//
// The plan is backend neutral: buffers in one arena, parameters by id, and an
// ordered list of typed kernel steps. Layer regions are inlined here; their
// arguments and yields alias the values outside, so they own no buffers.
//
//===----------------------------------------------------------------------===//
#include "mtc/Conversion/ExecPlan.h"
#include "mtc/MtcOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mtc;

namespace {
constexpr int64_t kAlignment = 64;
constexpr uint32_t kPlanFormatVersion = 1;

/// @train_step's kernels in execution order, with every value resolved to the
/// value that owns its storage.
struct Linearized {
  SmallVector<Operation *> kernels;
  DenseMap<Value, Value> alias;
  /// The enclosing layer's name for each kernel ("" at top level).
  DenseMap<Operation *, StringRef> layerOf;

  Value canonical(Value v) const {
    for (auto it = alias.find(v); it != alias.end(); it = alias.find(v))
      v = it->second;
    return v;
  }

  LogicalResult visit(Block &block, StringRef layer) {
    for (Operation &op : block) {
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
      if (!isa<MtcDialect>(op.getDialect()))
        return op.emitOpError("cannot be lowered to an execution plan");
      kernels.push_back(&op);
      layerOf[&op] = layer;
    }
    return success();
  }
};

int64_t elementCount(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Buffers, their lifetimes and offsets.
class BufferAssignment {
public:
  BufferAssignment(const Linearized &lin) : lin(lin) {}

  int bufferOf(Value v) const { return valueBuffer.lookup(lin.canonical(v)); }
  bool isParam(Value v) const {
    return lin.canonical(v).getDefiningOp<ParamRefOp>() != nullptr;
  }
  /// Cross-entropy's per-row temporaries (row max, sum of exps, target logit)
  /// and its (sum, count) loss buffer.
  std::array<int, 4> crossEntropyRows(Value logits) const {
    return rowBuffers.lookup(lin.canonical(logits));
  }

  LogicalResult assign(func::FuncOp fn, MemoryPlan &plan);

private:
  int add(MemoryPlan &plan, std::string name, bool isInt,
          ArrayRef<int64_t> shape, int step) {
    PlannedBuffer b;
    b.name = std::move(name);
    b.isInt = isInt;
    b.shape.assign(shape.begin(), shape.end());
    b.bytes = elementCount(shape) * 4;
    b.firstStep = b.lastStep = step;
    plan.buffers.push_back(b);
    return plan.buffers.size() - 1;
  }
  void read(MemoryPlan &plan, int buffer, int step) {
    plan.buffers[buffer].lastStep =
        std::max(plan.buffers[buffer].lastStep, step);
  }

  const Linearized &lin;
  DenseMap<Value, int> valueBuffer;
  DenseMap<Value, std::array<int, 4>> rowBuffers;
};

std::string valueName(Operation *op, StringRef layer, unsigned result) {
  std::string name = layer.empty() ? "" : (layer + "/").str();
  name += op->getName().stripDialect().str();
  if (op->getNumResults() > 1)
    name += "#" + std::to_string(result);
  return name;
}

LogicalResult BufferAssignment::assign(func::FuncOp fn, MemoryPlan &plan) {
  Block &entry = fn.getBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    auto type = llvm::cast<RankedTensorType>(arg.getType());
    valueBuffer[arg] = add(plan, arg.getArgNumber() == 0 ? "tokens" : "targets",
                           true, type.getShape(), 0);
  }
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
      for (int i = 0; i < 3; ++i)
        temps[i] = add(plan, valueName(op, layer, 0) + "." + what[i], false,
                       rows, step);
      // The loss is (sum, count), read by the runtime after the last step.
      temps[3] = add(plan, "loss", false, {2}, step);
      read(plan, temps[3], numSteps - 1);
      valueBuffer[ce.getLoss()] = temps[3];
      rowBuffers[lin.canonical(ce.getLogits())] = temps;
      continue;
    }
    if (auto grad = dyn_cast<CrossEntropyGradOp>(op)) {
      auto it = rowBuffers.find(lin.canonical(grad.getLogits()));
      if (it == rowBuffers.end())
        return op->emitOpError("has no matching mtc.cross_entropy");
      for (int b : it->second)
        read(plan, b, step);
    }
    for (OpResult result : op->getResults()) {
      auto type = llvm::cast<RankedTensorType>(result.getType());
      valueBuffer[result] =
          add(plan, valueName(op, layer, result.getResultNumber()),
              type.getElementType().isInteger(32), type.getShape(), step);
    }
  }

  // Peak of live bytes over the steps.
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

  // First fit in order of definition; a buffer's space is free again after
  // its last reader, never during it.
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
      if (o.lastStep >= buf.firstStep)
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
    plan.arenaBytes = std::max(plan.arenaBytes, offset + size);
    placed.push_back(id);
  }
  return success();
}

FailureOr<func::FuncOp> trainStep(ModuleOp module) {
  auto fn = module.lookupSymbol<func::FuncOp>("train_step");
  if (!fn) {
    emitError(module.getLoc(), "no @train_step: run --mtc-autodiff first");
    return failure();
  }
  return fn;
}
} // namespace

FailureOr<MemoryPlan> mtc::planMemory(ModuleOp module) {
  auto fn = trainStep(module);
  if (failed(fn))
    return failure();
  Linearized lin;
  if (failed(lin.visit(fn->getBody().front(), "")))
    return failure();
  MemoryPlan plan;
  BufferAssignment assignment(lin);
  if (failed(assignment.assign(*fn, plan)))
    return failure();
  for (ParamOp p : module.getOps<ParamOp>())
    plan.paramElements += p.getNumElements();
  return plan;
}

namespace {
/// Emits one step per kernel.
class StepEmitter {
public:
  StepEmitter(const Linearized &lin, const BufferAssignment &buffers,
              const llvm::StringMap<int> &paramIds)
      : lin(lin), buffers(buffers), paramIds(paramIds) {}

  LogicalResult emit(Operation *op, pb::Step &step);

private:
  int buf(Value v) const { return buffers.bufferOf(v); }
  int param(Value v) const {
    auto ref = lin.canonical(v).getDefiningOp<ParamRefOp>();
    return paramIds.lookup(ref.getParam());
  }
  int param(FlatSymbolRefAttr sym) const {
    return paramIds.lookup(sym.getValue());
  }

  const Linearized &lin;
  const BufferAssignment &buffers;
  const llvm::StringMap<int> &paramIds;
};

LogicalResult StepEmitter::emit(Operation *op, pb::Step &step) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](EmbeddingOp e) {
        auto *k = step.mutable_embedding_forward();
        k->set_tokens(buf(e.getTokens()));
        k->set_wte_param(param(e.getWte()));
        k->set_has_wpe(e.getWpe() != nullptr);
        if (e.getWpe())
          k->set_wpe_param(param(e.getWpe()));
        k->set_out(buf(e.getResult()));
        k->set_vocab_start(e.getVocabStart());
        return success();
      })
      .Case([&](EmbeddingGradOp e) {
        auto *k = step.mutable_embedding_backward();
        k->set_tokens(buf(e.getTokens()));
        k->set_dout(buf(e.getGrad()));
        k->set_wte_grad(param(e.getWteAttr()));
        k->set_has_wpe(e.getWpeAttr() != nullptr);
        if (e.getWpeAttr())
          k->set_wpe_grad(param(e.getWpeAttr()));
        k->set_vocab_start(e.getVocabStart());
        return success();
      })
      .Case([&](LayerNormOp e) {
        auto *k = step.mutable_layer_norm_forward();
        k->set_x(buf(e.getInput()));
        k->set_gamma_param(param(e.getWeight()));
        k->set_beta_param(param(e.getBias()));
        k->set_y(buf(e.getResult()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](LayerNormGradInputOp e) {
        auto *k = step.mutable_layer_norm_backward_input();
        k->set_x(buf(e.getInput()));
        k->set_gamma_param(param(e.getWeight()));
        k->set_dy(buf(e.getGrad()));
        k->set_dx(buf(e.getResult()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](LayerNormGradWeightOp e) {
        auto *k = step.mutable_layer_norm_backward_weight();
        k->set_x(buf(e.getInput()));
        k->set_dy(buf(e.getGrad()));
        k->set_gamma_grad(param(e.getWeightAttr()));
        k->set_beta_grad(param(e.getBiasAttr()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](LinearOp e) {
        auto *k = step.mutable_linear_forward();
        k->set_x(buf(e.getInput()));
        k->set_w_param(param(e.getWeight()));
        k->set_has_bias(e.getBias() != nullptr);
        if (e.getBias())
          k->set_bias_param(param(e.getBias()));
        k->set_y(buf(e.getResult()));
        k->set_transposed_weight(e.getTransposeWeight());
        return success();
      })
      .Case([&](LinearGradInputOp e) {
        auto *k = step.mutable_linear_backward_input();
        k->set_dy(buf(e.getGrad()));
        k->set_w_param(param(e.getWeight()));
        k->set_dx(buf(e.getResult()));
        k->set_transposed_weight(e.getTransposeWeight());
        return success();
      })
      .Case([&](LinearGradWeightOp e) {
        auto *k = step.mutable_linear_backward_weight();
        k->set_x(buf(e.getInput()));
        k->set_dy(buf(e.getGrad()));
        k->set_w_grad(param(e.getWeightAttr()));
        k->set_has_bias(e.getBiasAttr() != nullptr);
        if (e.getBiasAttr())
          k->set_bias_grad(param(e.getBiasAttr()));
        k->set_transposed_weight(e.getTransposeWeight());
        return success();
      })
      .Case([&](GeluOp e) {
        auto *k = step.mutable_gelu();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        return success();
      })
      .Case([&](GeluGradOp e) {
        auto *k = step.mutable_gelu_backward();
        k->set_x(buf(e.getInput()));
        k->set_dy(buf(e.getGrad()));
        k->set_dx(buf(e.getResult()));
        return success();
      })
      .Case([&](AddOp e) {
        auto *k = step.mutable_add();
        k->set_a(buf(e.getLhs()));
        k->set_b(buf(e.getRhs()));
        k->set_out(buf(e.getResult()));
        return success();
      })
      .Case([&](DropoutOp e) {
        auto *k = step.mutable_dropout();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        k->set_rate(e.getRate().convertToDouble());
        k->set_stream(e.getStream());
        return success();
      })
      .Case([&](AttentionOp e) {
        auto *k = step.mutable_attention();
        k->set_qkv(buf(e.getQkv()));
        k->set_out(buf(e.getResult()));
        k->set_lse(buf(e.getLse()));
        k->set_heads(e.getHeads());
        k->set_head_dim(e.getHeadDim());
        k->set_causal(e.getCausal());
        k->set_scale(e.getScale().convertToDouble());
        k->set_dropout(e.getDropout().convertToDouble());
        k->set_stream(e.getStream());
        return success();
      })
      .Case([&](AttentionGradOp e) {
        auto *k = step.mutable_attention_backward();
        k->set_qkv(buf(e.getQkv()));
        k->set_out(buf(e.getOut()));
        k->set_lse(buf(e.getLse()));
        k->set_dout(buf(e.getGrad()));
        k->set_dqkv(buf(e.getResult()));
        k->set_heads(e.getHeads());
        k->set_head_dim(e.getHeadDim());
        k->set_causal(e.getCausal());
        k->set_scale(e.getScale().convertToDouble());
        k->set_dropout(e.getDropout().convertToDouble());
        k->set_stream(e.getStream());
        return success();
      })
      .Case([&](CrossEntropyOp e) {
        auto *k = step.mutable_cross_entropy();
        auto rows = buffers.crossEntropyRows(e.getLogits());
        k->set_logits(buf(e.getLogits()));
        k->set_targets(buf(e.getTargets()));
        k->set_row_max(rows[0]);
        k->set_sum_exp(rows[1]);
        k->set_target_logit(rows[2]);
        k->set_loss(buf(e.getLoss()));
        k->set_valid_vocab(e.getValidVocab());
        k->set_vocab_start(e.getVocabStart());
        return success();
      })
      .Case([&](CrossEntropyGradOp e) {
        auto *k = step.mutable_cross_entropy_backward();
        auto rows = buffers.crossEntropyRows(e.getLogits());
        k->set_logits(buf(e.getLogits()));
        k->set_targets(buf(e.getTargets()));
        k->set_row_max(rows[0]);
        k->set_sum_exp(rows[1]);
        k->set_loss(rows[3]);
        k->set_dlogits(buf(e.getResult()));
        k->set_valid_vocab(e.getValidVocab());
        k->set_vocab_start(e.getVocabStart());
        return success();
      })
      .Default([&](Operation *other) {
        return other->emitOpError("has no kernel in the execution plan");
      });
}

/// Names a step after its layer, op and (for weight ops) parameter.
std::string stepLocation(Operation *op, StringRef layer) {
  std::string s = layer.empty() ? "" : (layer + "/").str();
  s += op->getName().stripDialect().str();
  for (Value operand : op->getOperands())
    if (auto ref = operand.getDefiningOp<ParamRefOp>()) {
      s += " " + ref.getParam().str();
      break;
    }
  return s;
}
} // namespace

FailureOr<pb::Plan> mtc::buildExecPlan(ModuleOp module) {
  auto fn = trainStep(module);
  if (failed(fn))
    return failure();
  ModelAttr model = getModelAttr(module);
  if (!model) {
    emitError(module.getLoc(), "module has no 'mtc.model' attribute");
    return failure();
  }
  Linearized lin;
  if (failed(lin.visit(fn->getBody().front(), "")))
    return failure();
  MemoryPlan memory;
  BufferAssignment buffers(lin);
  if (failed(buffers.assign(*fn, memory)))
    return failure();

  pb::Plan plan;
  plan.set_format_version(kPlanFormatVersion);

  // Parameters, in declaration order; the fingerprint covers names and shapes.
  llvm::StringMap<int> paramIds;
  std::string fingerprintText;
  int64_t paramElements = 0;
  for (ParamOp p : module.getOps<ParamOp>()) {
    auto *param = plan.add_params();
    param->set_id(plan.params_size() - 1);
    param->set_name(p.getSymName().str());
    ArrayRef<int64_t> shape = p.getTensorType().getShape();
    SmallVector<int64_t> full(shape), offset(shape.size(), 0);
    if (auto f = p.getFullShape())
      full.assign(f->begin(), f->end());
    if (auto o = p.getSliceOffset())
      offset.assign(o->begin(), o->end());
    for (auto [d, f, o] : llvm::zip(shape, full, offset)) {
      param->add_shape(d);
      param->add_full_shape(f);
      param->add_slice_offset(o);
    }
    switch (p.getInit()) {
    case InitKind::normal:
      param->set_init(pb::NORMAL);
      param->set_std(p.getStd()->convertToDouble());
      break;
    case InitKind::zeros:
      param->set_init(pb::ZEROS);
      break;
    case InitKind::ones:
      param->set_init(pb::ONES);
      break;
    }
    param->set_weight_decay(!p.getNoDecay());
    paramIds[p.getSymName()] = param->id();
    paramElements += p.getNumElements();
    fingerprintText += p.getSymName().str() + ":";
    for (int64_t f : full)
      fingerprintText += std::to_string(f) + ",";
    fingerprintText += ";";
  }

  pb::Model *m = plan.mutable_model();
  m->set_name(model.getName().str());
  m->set_arch(model.getArch().str());
  m->set_layers(model.getLayers());
  m->set_hidden(model.getHidden());
  m->set_heads(model.getHeads());
  m->set_ffn(model.getFfn());
  m->set_vocab(model.getVocab());
  m->set_padded_vocab(model.getPaddedVocab());
  m->set_positions(model.getPositions());
  m->set_seq(model.getSeq());
  m->set_micro_batch(model.getMicroBatch());
  m->set_tied_embeddings(true);
  fingerprintText += model.getArch().str() + std::to_string(model.getVocab());
  m->set_fingerprint(llvm::utohexstr(llvm::xxh3_64bits(fingerprintText)));

  pb::Parallel *par = plan.mutable_parallel();
  ParallelAttr parallel = getParallelAttr(module);
  par->set_tensor(parallel ? parallel.getTp() : 1);
  par->set_pipeline(parallel ? parallel.getPp() : 1);
  par->set_virtual_chunks(parallel ? parallel.getVp() : 1);
  par->set_data(parallel ? parallel.getDp() : 1);
  par->set_sequence_parallel(parallel && parallel.getSequenceParallel());
  par->set_micro_batch(model.getMicroBatch());
  par->set_global_batch(parallel ? parallel.getGlobalBatch()
                                 : model.getMicroBatch());

  auto adamw = module.getOps<AdamWOp>();
  if (adamw.empty()) {
    emitError(module.getLoc(), "no mtc.adamw: run --mtc-optimizer first");
    return failure();
  }
  AdamWOp opt = *adamw.begin();
  pb::Optimizer *o = plan.mutable_optimizer();
  o->set_lr(opt.getLr().convertToDouble());
  o->set_min_lr(opt.getMinLr().convertToDouble());
  o->set_warmup_steps(opt.getWarmupSteps());
  o->set_decay_steps(opt.getDecaySteps());
  o->set_beta1(opt.getBeta1().convertToDouble());
  o->set_beta2(opt.getBeta2().convertToDouble());
  o->set_eps(opt.getEps().convertToDouble());
  o->set_weight_decay(opt.getWeightDecay().convertToDouble());
  o->set_clip_grad(opt.getClipGrad().convertToDouble());

  for (auto [id, b] : llvm::enumerate(memory.buffers)) {
    auto *buffer = plan.add_buffers();
    buffer->set_id(id);
    buffer->set_name(b.name);
    buffer->set_dtype(b.isInt ? pb::I32 : pb::F32);
    for (int64_t d : b.shape)
      buffer->add_shape(d);
    buffer->set_offset(b.offset);
    buffer->set_bytes(b.bytes);
    buffer->set_first_step(b.firstStep);
    buffer->set_last_step(b.lastStep);
  }
  Block &entry = fn->getBody().front();
  plan.set_tokens(buffers.bufferOf(entry.getArgument(0)));
  plan.set_targets(buffers.bufferOf(entry.getArgument(1)));

  StepEmitter emitter(lin, buffers, paramIds);
  for (Operation *op : lin.kernels) {
    pb::Step *step = plan.add_steps();
    step->set_location(stepLocation(op, lin.layerOf.lookup(op)));
    if (failed(emitter.emit(op, *step)))
      return failure();
    if (auto ce = dyn_cast<CrossEntropyOp>(op)) {
      plan.set_loss(buffers.bufferOf(ce.getLoss()));
      plan.set_logits(buffers.bufferOf(ce.getLogits()));
      plan.set_forward_steps(plan.steps_size());
    }
  }

  pb::MemoryReport *report = plan.mutable_memory();
  report->set_param_bytes(paramElements * 4);
  report->set_grad_bytes(paramElements * 4);
  report->set_optimizer_bytes(paramElements * 8);
  report->set_activation_peak_bytes(memory.activationPeakBytes);
  report->set_arena_bytes(memory.arenaBytes);
  return plan;
}
