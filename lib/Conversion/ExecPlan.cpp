//===- ExecPlan.cpp - from @train_step to the runtime's Plan --------------===//
//
// The plan is backend neutral: buffers in one arena, parameters by id, and an
// ordered list of typed kernel steps.
//
//===----------------------------------------------------------------------===//
#include "PlanBuilding.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Plan/CheckedMath.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mtc;

namespace {
constexpr uint32_t kPlanFormatVersion = 1;
} // namespace

FailureOr<pb::Plan> mtc::buildExecPlan(ModuleOp module) {
  TrainStepMemory memory(module);
  if (!memory.ok)
    return failure();
  return buildExecPlan(module, memory);
}

FailureOr<pb::Plan> mtc::buildExecPlan(ModuleOp module, const TrainStepMemory &planned) {
  func::FuncOp fn = planned.fn;
  ModelAttr model = getModelAttr(module);
  if (!model) {
    emitModuleError(module) << kNoModelMessage;
    return failure();
  }
  const Linearized &lin = planned.lin;
  const MemoryPlan &memory = planned.plan;
  const BufferAssignment &buffers = planned.buffers;

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
    if (auto dim = p.getSplitDim()) {
      param->set_tensor_split(!p.getExpertSplit());
      param->set_expert_split(p.getExpertSplit());
      param->set_split_dim(static_cast<int32_t>(*dim));
    }
    param->set_tensor_grad_reduce(p.getTensorGradReduce());
    paramIds[p.getSymName()] = param->id();
    // The memory report holds 8 bytes of AdamW state per element.
    Result<int64_t> sum = addParamElements(paramElements, p.getNumElements());
    if (!sum) {
      p.emitOpError() << sum.error();
      return failure();
    }
    paramElements = *sum;
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
  m->set_kv_heads(model.getKvHeads());
  m->set_tied_embeddings(outputTiedToEmbedding(fn));
  fn->walk([&](RotaryOp r) { m->set_rope_theta(r.getTheta().convertToDouble()); });
  fn->walk([&](MoeDispatchOp d) {
    m->set_experts(d.getNumExperts());
    m->set_moe_topk(cast<ShapedType>(d.getExperts().getType()).getShape().back());
  });
  fingerprintText += model.getArch().str() + std::to_string(model.getVocab());
  m->set_fingerprint(llvm::utohexstr(llvm::xxh3_64bits(fingerprintText)));

  pb::Parallel *par = plan.mutable_parallel();
  ParallelAttr parallel = getParallelAttr(module);
  par->set_tensor(parallel ? parallel.getTp() : 1);
  par->set_pipeline(parallel ? parallel.getPp() : 1);
  par->set_virtual_chunks(parallel ? parallel.getVp() : 1);
  par->set_data(parallel ? parallel.getDp() : 1);
  par->set_sequence_parallel(parallel && parallel.getSequenceParallel());
  // Context parallelism: buffers hold seq / context tokens of each sample,
  // laid out by the attention's mask (--mtc-context-parallel made them agree).
  par->set_context(parallel ? parallel.getCp() : 1);
  par->set_expert(parallel ? parallel.getEp() : 1);
  fn->walk([&](AttentionOp a) {
    if (a.getContextParallel() > 1)
      par->set_context_causal(a.getCausal());
  });
  par->set_micro_batch(model.getMicroBatch());
  par->set_global_batch(parallel ? parallel.getGlobalBatch()
                                 : model.getMicroBatch());
  if (auto pipeline = module->getAttrOfType<DictionaryAttr>("mtc.pipeline"))
    if (auto counts = pipeline.getAs<DenseI64ArrayAttr>("layers_per_chunk"))
      for (int64_t layers : counts.asArrayRef())
        par->add_layers_per_chunk(layers);

  auto adamw = module.getOps<AdamWOp>();
  if (adamw.empty()) {
    emitModuleError(module) << "no mtc.adamw: run --mtc-optimizer first";
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
  o->set_decay_style(opt.getDecayStyle().str());
  o->set_wsd_decay_steps(opt.getWsdDecaySteps());
  o->set_wsd_decay_style(opt.getWsdDecayStyle().str());

  for (auto [id, b] : llvm::enumerate(memory.buffers)) {
    auto *buffer = plan.add_buffers();
    describeBuffer(b, id, *buffer);
    buffer->set_first_step(b.firstStep);
    buffer->set_last_step(b.lastStep);
  }
  FailureOr<InputBuffers> inputs = inputBuffers(fn, buffers);
  if (failed(inputs))
    return failure();
  plan.set_tokens(inputs->tokens);
  plan.set_targets(inputs->targets);
  if (inputs->extra.ByteSizeLong() > 0)
    *plan.mutable_inputs() = inputs->extra;
  m->set_objective(objectiveOf(fn));

  StepEmitter emitter(lin, buffers, paramIds);
  for (Operation *op : lin.kernels) {
    pb::Step *step = plan.add_steps();
    step->set_location(stepLocation(op, lin.layerOf.lookup(op)));
    if (failed(emitter.emit(op, *step)))
      return failure();
    if (auto ce = dyn_cast<CrossEntropyOp>(op)) {
      if (lossTerm(ce) == 1) {
        plan.set_sop_loss(buffers.bufferOf(ce.getLoss()));
      } else {
        plan.set_loss(buffers.bufferOf(ce.getLoss()));
        plan.set_logits(buffers.bufferOf(ce.getLogits()));
      }
      plan.set_forward_steps(plan.steps_size());
    }
  }

  pb::MemoryReport *report = plan.mutable_memory();
  report->set_param_bytes(paramElements * 4);
  report->set_grad_bytes(paramElements * 4);
  report->set_optimizer_bytes(paramElements * 8);
  report->set_activation_peak_bytes(memory.activationPeakBytes);
  report->set_arena_bytes(memory.arenaBytes);
  // Ring attention keeps two key/value blocks of every sample's local tokens
  // (the one computed with, the one arriving) and, backward, their
  // gradients: 4 blocks of [b, s / cp, 2 key/value heads, head_dim] floats.
  fn->walk([&](AttentionOp a) {
    if (a.getContextParallel() < 2)
      return;
    auto qkv = cast<ShapedType>(a.getQkv().getType()).getShape();
    const int64_t kvHeads = a.getKvHeads() ? a.getKvHeads() : a.getHeads();
    const int64_t block = qkv[0] * qkv[1] * 2 * kvHeads * a.getHeadDim() * 4;
    report->set_context_ring_bytes(std::max(report->context_ring_bytes(), 4 * block));
  });

  // Data parallelism, precision and recomputation (docs/data-parallel.md).
  if (auto state = module->getAttrOfType<DictionaryAttr>("mtc.training_state")) {
    auto i64 = [&](StringRef key) {
      auto a = state.getAs<IntegerAttr>(key);
      return a ? a.getInt() : int64_t(0);
    };
    if (auto precision = state.getAs<StringAttr>("precision"))
      plan.set_precision(precision.str());
    if (auto distributed = state.getAs<BoolAttr>("distributed_optimizer"))
      plan.set_distributed_optimizer(distributed.getValue());
    plan.set_dp_bucket_bytes(i64("bucket_bytes"));
    pb::TrainingStateMemory *stateMemory = plan.mutable_state_memory();
    stateMemory->set_param_bytes(i64("param_bytes"));
    stateMemory->set_grad_bytes(i64("grad_bytes"));
    stateMemory->set_master_bytes(i64("master_bytes"));
    stateMemory->set_optimizer_bytes(i64("optimizer_bytes"));
    if (auto b = state.getAs<FloatAttr>("bytes_per_param"))
      stateMemory->set_bytes_per_param(b.getValueAsDouble());
  }
  if (auto recompute = module->getAttrOfType<StringAttr>("mtc.recompute"))
    plan.set_recompute(recompute.str());
  // Pipeline parallelism: the plan keeps the single-rank program (generate
  // runs it) and gains one stage plan per pipeline rank.
  if (module->hasAttr("mtc.pipeline") && failed(addStagePlans(module, plan)))
    return failure();
  return plan;
}

FailureOr<InputBuffers> mtc::inputBuffers(func::FuncOp fn, const BufferAssignment &buffers,
                                          int base) {
  InputBuffers out;
  Block &entry = fn.getBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    StringRef role = inputRole(fn, arg.getArgNumber());
    int id = base + buffers.bufferOf(arg);
    if (role == "tokens")
      out.tokens = id;
    else if (role == "targets")
      out.targets = id;
    else if (role == "token_types")
      out.extra.set_token_types(id);
    else if (role == "lengths")
      out.extra.set_lengths(id);
    else if (role == "sentence_labels")
      out.extra.set_sentence_labels(id);
    else
      return fn.emitError("argument ") << arg.getArgNumber() << " has no input role the "
                                       << "runtime can fill (mtc.input = \"" << role << "\")";
  }
  if (out.tokens < 0 || out.targets < 0)
    return fn.emitError("the function needs a tokens and a targets input");
  return out;
}

int mtc::lossTerm(CrossEntropyOp ce) {
  for (OpOperand &use : ce.getLoss().getUses())
    if (isa<func::ReturnOp>(use.getOwner()))
      return static_cast<int>(use.getOperandNumber());
  return -1;
}

bool mtc::outputTiedToEmbedding(func::FuncOp fn) {
  SmallVector<StringRef> tables;
  fn.walk([&](EmbeddingOp e) {
    if (auto ref = e.getWte().getDefiningOp<ParamRefOp>())
      tables.push_back(ref.getParam());
  });
  bool tied = false;
  fn.walk([&](CrossEntropyOp ce) {
    auto out = ce.getLogits().getDefiningOp<LinearOp>();
    auto w = out ? out.getWeight().getDefiningOp<ParamRefOp>() : ParamRefOp();
    tied |= w && llvm::is_contained(tables, w.getParam());
  });
  return tied;
}

std::string mtc::objectiveOf(func::FuncOp fn) {
  bool bidirectional = false, sentenceOrder = false;
  fn.walk([&](AttentionOp a) { bidirectional |= !a.getCausal(); });
  for (unsigned i = 0; i < fn.getNumArguments(); ++i)
    sentenceOrder |= inputRole(fn, i) == "sentence_labels";
  if (!bidirectional)
    return "causal_lm";
  return sentenceOrder ? "masked_lm+sop" : "masked_lm";
}
