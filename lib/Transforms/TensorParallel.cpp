//===- TensorParallel.cpp - Megatron-LM's column/row splits ---------------===//
//
// Shoeybi et al. 2019. The pass recognizes the two parallel regions of every
// transformer layer by their anchors, the ops whose TensorParallelOpInterface
// names column-split inputs (dialects/mtc/MtcSharding.cpp). Every GPT, BERT
// and LLaMA layer has two:
//   attention:  linear(QKV) [-> mtc.rotary] -> mtc.attention -> linear(proj)
//   MLP:        linear(fc)  -> mtc.gelu      -> linear(proj)
//               linear(gate), linear(up) -> mtc.swiglu -> linear(down)
// The first linears are split by columns (for QKV: whole heads, or whole
// key/value groups with grouped-query attention, a contiguous slice in
// Megatron's packed layouts), the last by rows; an f (tp_copy)
// enters the region, a g (tp_reduce) leaves it, and the row-parallel bias is
// added once after g. Outside the layers, the embedding table is split over
// the padded vocabulary (the position embedding is added after the g, or
// it would be summed t times), and the tied output layer keeps its logits
// split (so does LLaMA's untied output layer); the cross-entropy reduces only
// per-row statistics at run time.
//
// One program serves every rank of a tensor group, so parameters get their
// local shape, `full_shape` and `split_dim`: the offset of a rank's slice is
// computed by the runtime from its place on the rank grid.
//
//===----------------------------------------------------------------------===//
#include "ReinferTypes.h"
#include "TensorParallelRules.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mtc {
#define GEN_PASS_DEF_TENSORPARALLEL
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
class Splitter {
public:
  Splitter(ModuleOp module, int64_t t) : module(module), t(t) {}

  /// Records that `ref`'s parameter is split along `dim` (checked once).
  LogicalResult split(Value ref, int64_t dim) {
    auto read = ref.getDefiningOp<ParamRefOp>();
    if (!read)
      return emitError(ref.getLoc(), "--mtc-tensor-parallel: a split operand "
                                     "must be read with mtc.param_ref");
    auto [it, inserted] = splits.try_emplace(read.getParam(), dim);
    if (!inserted && it->second != dim)
      return read.emitOpError("parameter is split along dimension ")
             << it->second << " and " << dim;
    return success();
  }

  /// Applies the recorded splits to the mtc.param declarations and readers.
  LogicalResult apply() {
    for (ParamOp p : module.getOps<ParamOp>()) {
      auto it = splits.find(p.getSymName());
      if (it == splits.end())
        continue;
      int64_t dim = it->second;
      RankedTensorType type = p.getTensorType();
      SmallVector<int64_t> shape(type.getShape());
      if (shape[dim] % t != 0)
        return p.emitOpError("dimension ")
               << dim << " of size " << shape[dim]
               << " is not divisible by the tensor-parallel size " << t;
      shape[dim] /= t;
      auto local = RankedTensorType::get(shape, type.getElementType());
      p.setFullShapeAttr(DenseI64ArrayAttr::get(p.getContext(), type.getShape()));
      p.setSplitDimAttr(IntegerAttr::get(IntegerType::get(p.getContext(), 64), dim));
      p.setType(local);
      newTypes[p.getSymName()] = local;
    }
    module.walk([&](ParamRefOp ref) {
      auto it = newTypes.find(ref.getParam());
      if (it != newTypes.end())
        ref.getResult().setType(it->second);
    });
    return success();
  }

private:
  ModuleOp module;
  int64_t t;
  llvm::StringMap<int64_t> splits;
  llvm::StringMap<RankedTensorType> newTypes;
};

/// The single user of `v` of type OpTy, or null.
template <typename OpTy> OpTy soleUser(Value v) {
  if (!v.hasOneUse())
    return nullptr;
  return dyn_cast<OpTy>(*v.getUsers().begin());
}

struct TensorParallelPass : mtc::impl::TensorParallelBase<TensorParallelPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModelAttr model = getModelAttr(module);
    ParallelAttr parallel = getParallelAttr(module);
    int64_t t = size != 0 ? size : (parallel ? parallel.getTp() : 1);
    if (size != 0 && parallel && parallel.getTp() != size) {
      emitModuleError(module, kParallelAttrName)
          << "tp = " << parallel.getTp()
          << " contradicts --mtc-tensor-parallel=size=" << static_cast<int64_t>(size)
          << "; leave size out (it defaults to mtc.parallel's tp) "
          << "or record the new size first with --mtc-verify-config=tp="
          << static_cast<int64_t>(size);
      return signalPassFailure();
    }
    auto forward = module.lookupSymbol<func::FuncOp>("forward");
    if (!model || !forward) {
      emitModuleError(module) << "--mtc-tensor-parallel needs an 'mtc.model' attribute and a "
                                 "@forward function (run it before --mtc-autodiff)";
      return signalPassFailure();
    }
    if (t < 1) {
      emitModuleError(module) << "--mtc-tensor-parallel: size must be at least 1, got " << t;
      return signalPassFailure();
    }
    if (t == 1)
      return;
    // docs/moe.md, "Still to build": the experts' split over t.
    if (WalkResult found = forward.walk([&](MoeRouteOp route) {
          route.emitOpError("is in a mixture-of-experts layer, which tensor parallelism does "
                            "not split yet: use --tensor-model-parallel-size 1");
          return WalkResult::interrupt();
        });
        found.wasInterrupted())
      return signalPassFailure();
    if (int64_t done = tensorSplitSize(module); done != 1) {
      emitModuleError(module) << "--mtc-tensor-parallel already split this module's parameters "
                              << done << " ways; run it once, on the model mtc-import wrote";
      return signalPassFailure();
    }
    if (failed(checkTensorParallelSplit(module, model, t)))
      return signalPassFailure();
    FailureOr<VocabPadding> padding = planVocabPadding(module, model, t);
    if (failed(padding))
      return signalPassFailure();
    padVocabulary(module, model, *padding);
    model = getModelAttr(module); // with the padded vocabulary

    Splitter splitter(module, t);
    // Collected first: the rewrites erase ops a walk would still visit.
    SmallVector<TensorParallelOpInterface> anchors;
    SmallVector<EmbeddingOp> embeddings;
    SmallVector<CrossEntropyOp> losses;
    // The parallel regions are the layers' attention and MLP, found by their
    // anchors (ops whose TensorParallelOpInterface names column inputs);
    // outside the layers only the embedding table and the logits it is tied
    // to are split (BERT's head transform, pooler and binary head stay
    // replicated, as in Megatron-LM).
    forward.walk([&](Operation *op) {
      bool inLayer = op->getParentOfType<LayerOp>() != nullptr;
      auto rule = dyn_cast<TensorParallelOpInterface>(op);
      if (rule && inLayer && !rule.getColumnInputs().empty())
        anchors.push_back(rule);
      else if (auto e = dyn_cast<EmbeddingOp>(op))
        embeddings.push_back(e);
      else if (auto c = dyn_cast<CrossEntropyOp>(op); c && readsVocabTable(c, model))
        losses.push_back(c);
    });
    bool ok = true;
    for (TensorParallelOpInterface anchor : anchors) {
      SmallVector<Value> columns;
      for (Value in : anchor.getColumnInputs()) {
        // Per-head ops (rotary embeddings) between the column linear and the
        // anchor work on this rank's heads too.
        while (auto perHead = in.getDefiningOp<TensorParallelOpInterface>()) {
          if (!perHead.getColumnInputs().empty() || perHead->getNumOperands() != 1 ||
              !in.hasOneUse()) {
            anchor->emitOpError("reads ")
                << perHead->getName() << ", which --mtc-tensor-parallel cannot "
                << "place inside its parallel region";
            return signalPassFailure();
          }
          ok &= succeeded(perHead.shardHeads(t));
          in = perHead->getOperand(0);
        }
        columns.push_back(in);
      }
      ok &= succeeded(splitRegion(splitter, anchor, columns, anchor->getResult(0))) &&
            succeeded(anchor.shardHeads(t));
    }
    for (EmbeddingOp emb : embeddings)
      ok &= succeeded(splitEmbedding(splitter, emb));
    for (CrossEntropyOp ce : losses)
      ok &= succeeded(splitLogits(splitter, ce));
    if (!ok || failed(splitter.apply()) ||
        failed(reinferTypes(forward.getBody().front(), "--mtc-tensor-parallel")))
      return signalPassFailure();
  }

  /// column linear(s) -> `anchor` -> row linear, with f before each column
  /// linear and g after the row linear.
  LogicalResult splitRegion(Splitter &splitter, Operation *anchor, ArrayRef<Value> anchorIns,
                            Value anchorOut) {
    auto row = soleUser<LinearOp>(anchorOut);
    SmallVector<LinearOp> columns;
    for (Value in : anchorIns)
      columns.push_back(in.getDefiningOp<LinearOp>());
    if (!row || row.getTransposeWeight() ||
        llvm::any_of(columns, [](LinearOp c) { return !c || c.getTransposeWeight(); }))
      return anchor->emitOpError("is not between linears (column-parallel "
                                 "before, row-parallel after); --mtc-tensor-parallel "
                                 "cannot split it");
    // Column-parallel: W [in, out/t], b [out/t]; the input enters through
    // one f however many column linears read it (SwiGLU's gate and up), so
    // its gradient is all-reduced (or its shard gathered) once.
    DenseMap<Value, Value> entered;
    for (LinearOp column : columns) {
      if (!column.getResult().hasOneUse())
        return column.emitOpError("feeds more than its parallel region; cannot split it");
      if (failed(splitter.split(column.getWeight(), 1)) ||
          (column.getBias() && failed(splitter.split(column.getBias(), 0))))
        return failure();
    }
    for (LinearOp column : columns) {
      Value in = column.getInput();
      auto [it, first] = entered.try_emplace(in);
      if (first) {
        // Before the first of its readers (all in one block).
        LinearOp firstReader = column;
        for (LinearOp other : columns)
          if (other.getInput() == in && other->isBeforeInBlock(firstReader))
            firstReader = other;
        OpBuilder b(firstReader);
        it->second = TpCopyOp::create(b, firstReader.getLoc(), in);
      }
      column.getInputMutable().assign(it->second);
    }
    // Row-parallel: W [in/t, out]; partial sums leave through g, bias after.
    if (failed(splitter.split(row.getWeight(), 0)))
      return failure();
    OpBuilder b(row);
    b.setInsertionPointAfter(row);
    auto partial = LinearOp::create(b, row.getLoc(), row.getResult().getType(),
                                    row.getInput(), row.getWeight(), Value(),
                                    row.getTransposeWeightAttr());
    Value out = TpReduceOp::create(b, row.getLoc(), partial.getResult());
    if (Value bias = row.getBias())
      out = BiasAddOp::create(b, row.getLoc(), out, bias);
    row.getResult().replaceAllUsesWith(out);
    row.erase();
    return success();
  }

  /// Vocabulary-parallel embedding: rows of this shard, g, then positions.
  LogicalResult splitEmbedding(Splitter &splitter, EmbeddingOp emb) {
    if (emb.getVocabStart() != 0)
      return emb.emitOpError("is already a vocabulary shard (vocab_start ")
             << emb.getVocabStart() << ")";
    if (failed(splitter.split(emb.getWte(), 0)))
      return failure();
    OpBuilder b(emb);
    b.setInsertionPointAfter(emb);
    auto local = EmbeddingOp::create(b, emb.getLoc(), emb.getResult().getType(),
                                     emb.getTokens(), emb.getWte(), Value(),
                                     emb.getVocabStartAttr());
    Value out = TpReduceOp::create(b, emb.getLoc(), local.getResult());
    if (Value wpe = emb.getWpe())
      out = BiasAddOp::create(b, emb.getLoc(), out, wpe);
    emb.getResult().replaceAllUsesWith(out);
    emb.erase();
    return success();
  }

  /// The output layer: its input enters through f, its logits (and BERT's
  /// output bias) stay split.
  LogicalResult splitLogits(Splitter &splitter, CrossEntropyOp ce) {
    auto out = ce.getLogits().getDefiningOp<LinearOp>();
    if (!out || !out.getTransposeWeight())
      return ce.emitOpError("logits must come from a linear reading a "
                            "[vocab, hidden] table (transpose_weight) for the "
                            "vocabulary-parallel cross-entropy");
    if (failed(splitter.split(out.getWeight(), 0)) ||
        (out.getBias() && failed(splitter.split(out.getBias(), 0))))
      return failure();
    OpBuilder b(out);
    out.getInputMutable().assign(TpCopyOp::create(b, out.getLoc(), out.getInput()));
    ce.setVocabParallel(true);
    return success();
  }
};
} // namespace
