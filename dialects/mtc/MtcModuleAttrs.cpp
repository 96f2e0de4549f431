//===- MtcModuleAttrs.cpp - the mtc.* attributes passes leave behind -----===//
//
// Passes record their decisions as discardable `mtc.*` attributes (the
// model, the parallel layout, the pipeline partition and schedule, the
// training state) and later passes and the lowering read them back. A module
// written or edited by hand can carry any value there, so the dialect checks
// each one's structure and ranges here, and its readers may trust them.
//
// This hook runs before the ops nested in the module are verified: it reads
// them only through generic attribute accessors, never through ODS getters.
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcDiagnostics.h"
#include "mtc/MtcOps.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mtc;

namespace {
/// The value of a signless 64-bit integer attribute, else nothing.
std::optional<int64_t> int64Of(Attribute attr) {
  auto i = llvm::dyn_cast_or_null<IntegerAttr>(attr);
  if (!i || !i.getType().isSignlessInteger(64))
    return std::nullopt;
  return i.getValue().getSExtValue();
}

/// `dict[key]` as an i64 in [lo, hi], or an error naming the attribute.
FailureOr<int64_t> intField(Operation *op, StringRef attr, DictionaryAttr dict,
                            StringRef key, int64_t lo, int64_t hi = kMaxSize) {
  std::optional<int64_t> v = int64Of(dict.get(key));
  if (!v || *v < lo || *v > hi) {
    emitAttributeError(op->getLoc(), attr) << "'" << key << "' must be an i64 between " << lo
                                           << " and " << hi << ", got " << dict.get(key);
    return failure();
  }
  return *v;
}

/// `dict[key]` as a T (`what`), or an error naming the attribute and, for a
/// dictionary nested in it, `within` ("rank 0: ").
template <typename T>
FailureOr<T> typedField(Operation *op, StringRef attr, DictionaryAttr dict, StringRef key,
                        StringRef what, StringRef within = {}) {
  auto v = llvm::dyn_cast_or_null<T>(dict.get(key));
  if (!v) {
    emitAttributeError(op->getLoc(), attr)
        << within << "'" << key << "' must be " << what << ", got " << dict.get(key);
    return failure();
  }
  return v;
}

/// The forward mtc.layer ops of every function hold the indices 0 to
/// layers - 1, once each (a function without layers, e.g. a header-only
/// model, is fine).
LogicalResult verifyLayers(ModuleOp module, ModelAttr model) {
  int64_t layers = model.getLayers();
  for (Operation &top : module.getBody()->getOperations()) {
    auto fn = dyn_cast<func::FuncOp>(top);
    if (!fn)
      continue;
    llvm::DenseMap<int64_t, Operation *> seen;
    for (Operation &op : fn.getBody().getOps()) {
      if (!isa<LayerOp>(op) || op.getAttr("backward"))
        continue;
      std::optional<int64_t> index = int64Of(op.getAttr("index"));
      if (!index)
        continue; // the op's own verifier reports it
      if (*index < 0 || *index >= layers)
        return op.emitOpError("index ")
               << *index << " is outside the model's " << layers
               << " layers (mtc.model layers = " << layers << ")";
      auto [it, inserted] = seen.try_emplace(*index, &op);
      if (!inserted)
        return op.emitOpError("index ")
               << *index << " is used by two forward layers in @"
               << fn.getSymName();
    }
    if (!seen.empty() && static_cast<int64_t>(seen.size()) != layers)
      return fn.emitOpError("has ")
             << seen.size() << " forward mtc.layer ops, but mtc.model says "
             << layers << " layers";
  }
  return success();
}

/// Integer arguments of every function are micro-batch inputs whose shape
/// follows from their role and [micro_batch, seq]: the runtime fills them
/// from the header's sizes, so another shape would train on rows that hold
/// no data. A function split by --mtc-context-parallel (its attention has
/// context_parallel = c) holds seq / c tokens of each sample.
LogicalResult verifyTokenShapes(ModuleOp module, ModelAttr model) {
  for (Operation &top : module.getBody()->getOperations()) {
    auto fn = dyn_cast<func::FuncOp>(top);
    if (!fn)
      continue;
    int64_t context = 1;
    fn.walk([&](AttentionOp a) { context = std::max<int64_t>(context, a.getContextParallel()); });
    const int64_t seq = model.getSeq() / context;
    for (auto [i, type] : llvm::enumerate(fn.getArgumentTypes())) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.getElementType().isInteger())
        continue;
      StringRef role = inputRole(fn, i);
      SmallVector<int64_t> want = inputShape(role, model.getMicroBatch(), seq);
      if (want.empty())
        return fn.emitOpError("argument ")
               << i << " has no known input role (mtc.input = \"" << role
               << "\"; expected tokens, targets, token_types, lengths or "
                  "sentence_labels)";
      if (tensor.getShape() != ArrayRef<int64_t>(want)) {
        auto diag = fn.emitOpError("argument ") << i << " (" << role << ") has shape ";
        llvm::interleave(tensor.getShape(), diag, "x");
        diag << ", but mtc.model says micro_batch = " << model.getMicroBatch()
             << ", seq = " << model.getSeq();
        if (context > 1)
          diag << " (" << seq << " per rank of " << context << " context-parallel ranks)";
        else
          diag << " (re-shape with --mtc-set-shape)";
        return diag;
      }
    }
  }
  return success();
}

LogicalResult verifyPipeline(Operation *op, DictionaryAttr dict) {
  StringRef attr = "mtc.pipeline";
  FailureOr<int64_t> stages = intField(op, attr, dict, "stages", 1);
  FailureOr<int64_t> chunks = intField(op, attr, dict, "chunks", 1);
  if (failed(stages) || failed(chunks))
    return failure();
  auto counts = typedField<DenseI64ArrayAttr>(op, attr, dict, "layers_per_chunk",
                                              "an array<i64>");
  auto tied = typedField<ArrayAttr>(op, attr, dict, "tied", "an array");
  if (failed(counts) || failed(tied))
    return failure();
  if (static_cast<int64_t>(counts->size()) != *stages * *chunks)
    return emitAttributeError(op->getLoc(), attr)
           << "layers_per_chunk lists " << counts->size()
           << " chunks, but stages x chunks = " << *stages * *chunks;
  for (int64_t n : counts->asArrayRef())
    if (n < 1 || n > kMaxSize)
      return emitAttributeError(op->getLoc(), attr) << "a chunk of " << n << " layers";
  for (Attribute a : *tied)
    if (!llvm::isa<FlatSymbolRefAttr>(a))
      return emitAttributeError(op->getLoc(), attr) << "'tied' must list symbols, got " << a;
  // Optional: "v" for ZB-V's placement (two chunks per stage); absent, the
  // chunks interleave (chunk c on stage c % stages).
  if (Attribute placement = dict.get("placement")) {
    auto name = llvm::dyn_cast<StringAttr>(placement);
    if (!name || (name.getValue() != "v" && name.getValue() != "interleaved"))
      return emitAttributeError(op->getLoc(), attr)
             << "placement must be \"v\" or \"interleaved\", got " << placement;
    if (name.getValue() == "v" && (*chunks != 2 || *stages < 2))
      return emitAttributeError(op->getLoc(), attr)
             << "placement \"v\" needs chunks = 2 and stages >= 2, got stages = " << *stages
             << ", chunks = " << *chunks;
  }
  return success();
}

LogicalResult verifySchedule(Operation *op, DictionaryAttr dict) {
  StringRef attr = "mtc.schedule";
  auto pipeline = op->getAttrOfType<DictionaryAttr>("mtc.pipeline");
  if (!pipeline)
    return emitAttributeError(op->getLoc(), attr)
           << "needs the module's mtc.pipeline (partition with --mtc-pipeline-partition, "
              "or remove mtc.schedule)";
  auto kind = typedField<StringAttr>(op, attr, dict, "kind", "a string");
  FailureOr<int64_t> m = intField(op, attr, dict, "microbatches", 1);
  auto warmup = typedField<DenseI64ArrayAttr>(op, attr, dict, "warmup",
                                              "an array<i64>");
  auto ranks = typedField<ArrayAttr>(op, attr, dict, "ranks", "an array");
  if (failed(kind) || failed(m) || failed(warmup) || failed(ranks))
    return failure();
  if (!llvm::is_contained({"1f1b", "interleaved", "zb-h1", "zb-v", "explicit"},
                          kind->getValue()))
    return emitAttributeError(op->getLoc(), attr) << "kind must be 1f1b, interleaved, zb-h1, "
                                                     "zb-v or explicit, got "
                                                  << *kind;
  // mtc.pipeline is verified on its own; read it only if it is well formed.
  std::optional<int64_t> stages = int64Of(pipeline.get("stages"));
  std::optional<int64_t> chunks = int64Of(pipeline.get("chunks"));
  if (!stages || !chunks || *stages < 1 || *chunks < 1 || *stages > kMaxSize ||
      *chunks > kMaxSize)
    return success();
  if (static_cast<int64_t>(ranks->size()) != *stages ||
      static_cast<int64_t>(warmup->size()) != *stages)
    return emitAttributeError(op->getLoc(), attr)
           << ranks->size() << " ranks and " << warmup->size()
           << " warm-up counts for a pipeline of " << *stages << " stages";
  // Each rank: {backward = array<i1>, chunk = array<i64>, microbatch =
  // array<i64>}, one entry per step.
  const int64_t numChunks = *stages * *chunks;
  for (auto [r, rank] : llvm::enumerate(*ranks)) {
    auto steps = llvm::dyn_cast<DictionaryAttr>(rank);
    if (!steps)
      return emitAttributeError(op->getLoc(), attr)
             << "rank " << r
             << "'s steps must be a dictionary {backward, chunk, "
                "microbatch}, got "
             << rank;
    std::string rankName = ("rank " + Twine(r)).str(), within = rankName + ": ";
    auto backward =
        typedField<DenseBoolArrayAttr>(op, attr, steps, "backward", "an array<i1>", within);
    auto chunk = typedField<DenseI64ArrayAttr>(op, attr, steps, "chunk", "an array<i64>", within);
    auto microbatch =
        typedField<DenseI64ArrayAttr>(op, attr, steps, "microbatch", "an array<i64>", within);
    if (failed(backward) || failed(chunk) || failed(microbatch))
      return failure();
    int64_t n = backward->size();
    // Split backwards (zb-h1): weight_grad marks the W steps.
    if (steps.get("weight_grad")) {
      auto weightGrad = typedField<DenseBoolArrayAttr>(op, attr, steps, "weight_grad",
                                                       "an array<i1>", within);
      if (failed(weightGrad))
        return failure();
      if (static_cast<int64_t>(weightGrad->size()) != n)
        return emitAttributeError(op->getLoc(), attr)
               << rankName << " lists " << n << " directions and " << weightGrad->size()
               << " weight-gradient flags";
      for (auto [i, b, w] : llvm::enumerate(backward->asArrayRef(), weightGrad->asArrayRef()))
        if (b && w)
          return emitAttributeError(op->getLoc(), attr)
                 << within << "step " << i << " is marked both backward and weight-gradient";
    }
    if (static_cast<int64_t>(chunk->size()) != n ||
        static_cast<int64_t>(microbatch->size()) != n)
      return emitAttributeError(op->getLoc(), attr)
             << rankName << " lists " << n << " directions, " << chunk->size() << " chunks and "
             << microbatch->size() << " micro-batches";
    for (auto [i, c, mb] : llvm::zip_equal(llvm::seq<int64_t>(0, n), chunk->asArrayRef(),
                                           microbatch->asArrayRef()))
      if (c < 0 || c >= numChunks || mb < 0 || mb >= *m)
        return emitAttributeError(op->getLoc(), attr)
               << within << "step " << i << " runs chunk " << c << ", micro-batch " << mb
               << "; chunks are below " << numChunks << " and micro-batches below " << *m;
    int64_t warm = (*warmup)[r];
    if (warm < 0 || warm > n)
      return emitAttributeError(op->getLoc(), attr)
             << "rank " << r << " warms up with " << warm << " of its " << n << " steps";
  }
  return success();
}

LogicalResult verifyTrainingState(Operation *op, DictionaryAttr dict) {
  StringRef attr = "mtc.training_state";
  auto precision = typedField<StringAttr>(op, attr, dict, "precision", "a string");
  if (failed(precision))
    return failure();
  if (!llvm::is_contained({"fp32", "bf16", "fp16"}, precision->getValue()))
    return emitAttributeError(op->getLoc(), attr)
           << "precision must be fp32, bf16 or fp16, got " << *precision;
  if (failed(typedField<BoolAttr>(op, attr, dict, "distributed_optimizer", "a bool")) ||
      failed(intField(op, attr, dict, "data_parallel", 1)))
    return failure();
  for (StringRef key : {"bucket_bytes", "param_bytes", "grad_bytes",
                        "master_bytes", "optimizer_bytes"})
    if (dict.get(key) && failed(intField(op, attr, dict, key, 0, INT64_MAX)))
      return failure();
  return success();
}
} // namespace

LogicalResult MtcDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute named) {
  StringRef name = named.getName().getValue();
  Attribute value = named.getValue();
  auto onModule = [&]() -> LogicalResult {
    if (isa<ModuleOp>(op))
      return success();
    return op->emitError() << name << " belongs on a module (move it to the module's attributes)";
  };
  auto dict = [&]() -> FailureOr<DictionaryAttr> {
    auto d = llvm::dyn_cast<DictionaryAttr>(value);
    if (!d) {
      emitAttributeError(op->getLoc(), name) << "must be a dictionary, got " << value;
      return failure();
    }
    return d;
  };

  if (name == kModelAttrName) {
    auto model = llvm::dyn_cast<ModelAttr>(value);
    if (!model)
      return emitAttributeError(op->getLoc(), name) << "must be a #mtc.model<...>, got " << value;
    if (failed(onModule()))
      return failure();
    if (failed(verifyLayers(cast<ModuleOp>(op), model)))
      return failure();
    return verifyTokenShapes(cast<ModuleOp>(op), model);
  }
  if (name == kParallelAttrName) {
    if (!llvm::isa<ParallelAttr>(value))
      return emitAttributeError(op->getLoc(), name)
             << "must be a #mtc.parallel<...>, got " << value;
    return onModule();
  }
  if (name == "mtc.chunk") {
    std::optional<int64_t> c = int64Of(value);
    if (!c || *c < 0 || *c >= kMaxSize)
      return op->emitError() << name << " must be an i64 between 0 and "
                             << kMaxSize - 1 << ", got " << value;
    return success();
  }
  if (name == "mtc.backward_pass") {
    if (!llvm::isa<UnitAttr>(value))
      return op->emitError() << name << " must be a unit attribute";
    return success();
  }
  if (name == "mtc.pipeline" || name == "mtc.schedule" ||
      name == "mtc.training_state") {
    FailureOr<DictionaryAttr> d = dict();
    if (failed(d) || failed(onModule()))
      return failure();
    if (name == "mtc.pipeline")
      return verifyPipeline(op, *d);
    if (name == "mtc.schedule")
      return verifySchedule(op, *d);
    return verifyTrainingState(op, *d);
  }
  return success();
}

int64_t mtc::tensorSplitSize(ModuleOp module) {
  for (ParamOp p : module.getOps<ParamOp>()) {
    std::optional<uint64_t> dim = p.getSplitDim();
    std::optional<ArrayRef<int64_t>> full = p.getFullShape();
    RankedTensorType local = p.getTensorType();
    if (dim && full && *dim < full->size() && local.getDimSize(*dim) > 0)
      return (*full)[*dim] / local.getDimSize(*dim);
  }
  return 1;
}
