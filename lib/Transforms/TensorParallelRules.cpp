//===- TensorParallelRules.cpp - what a split by t asks of a model --------===//
#include "TensorParallelRules.h"
#include "mtc/MtcDiagnostics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mtc;

LogicalResult mtc::checkTensorParallelSplit(ModuleOp module, ModelAttr model, int64_t t) {
  SmallVector<std::string> problems = model.tensorParallelProblems(t);
  if (problems.empty())
    return success();
  for (const std::string &problem : llvm::drop_end(problems))
    emitModuleError(module, kModelAttrName) << problem;
  InFlightDiagnostic last = emitModuleError(module, kModelAttrName) << problems.back();
  // The way out: a size that works (a dozen at most; real ones are small).
  SmallVector<int64_t> sizes = model.tensorParallelSizes();
  Diagnostic &note = last.attachNote(moduleLoc(module.getLoc(), kModelAttrName));
  note << "tp sizes that split this model: ";
  llvm::interleaveComma(ArrayRef(sizes).take_front(12), note);
  if (sizes.size() > 12)
    note << ", ...";
  return failure();
}

LogicalResult mtc::checkSequenceParallelSplit(ModuleOp module, ModelAttr model, int64_t t) {
  if (model.getSeq() % t == 0)
    return success();
  return emitModuleError(module, kModelAttrName)
         << "seq (" << model.getSeq() << ") is not divisible by tp (" << t
         << ") for sequence parallelism; re-shape with --mtc-set-shape=seq=N for a multiple N of "
         << t << ", or drop sequence parallelism";
}

bool mtc::readsVocabTable(CrossEntropyOp ce, ModelAttr model) {
  auto out = ce.getLogits().getDefiningOp<LinearOp>();
  auto table = out ? out.getWeight().getDefiningOp<ParamRefOp>() : ParamRefOp();
  return table && out.getTransposeWeight() &&
         cast<RankedTensorType>(table.getType()).getDimSize(0) == model.getPaddedVocab();
}

FailureOr<VocabPadding> mtc::planVocabPadding(ModuleOp module, ModelAttr model, int64_t t) {
  VocabPadding plan;
  plan.rows = model.getPaddedVocab();
  plan.padded = (plan.rows + t - 1) / t * t;
  if (!plan.needed())
    return plan;
  auto refuse = [&](const Twine &why) {
    emitModuleError(module, kModelAttrName)
        << "padded_vocab (" << plan.rows << ") is not divisible by tp (" << t << ") and " << why
        << "; re-import with --make-vocab-size-divisible-by 128 "
        << "--tensor-model-parallel-size " << t << " (Megatron-LM's padding) or use a tp "
        << "that divides " << plan.rows;
    return failure();
  };
  auto forward = module.lookupSymbol<func::FuncOp>("forward");
  SmallVector<EmbeddingOp> embeddings;
  if (forward)
    forward.walk([&](EmbeddingOp e) { embeddings.push_back(e); });
  if (embeddings.size() != 1)
    return refuse("the module has no @forward with one mtc.embedding whose table could be "
                  "padded (found " +
                  Twine(embeddings.size()) + ")");
  auto ref = embeddings.front().getWte().getDefiningOp<ParamRefOp>();
  auto table = ref ? module.lookupSymbol<ParamOp>(ref.getParamAttr()) : ParamOp();
  if (!table || table.getTensorType().getDimSize(0) != plan.rows)
    return refuse("the embedding table is not an mtc.param of " + Twine(plan.rows) +
                  " rows that could be padded");
  plan.params.push_back(table);
  // A padding row is never part of a valid logit: the output layers grow
  // with the table, and so does the bias the tied logits add (BERT's).
  forward.walk([&](CrossEntropyOp ce) {
    auto lin = ce.getLogits().getDefiningOp<LinearOp>();
    if (!lin || !readsVocabTable(ce, model))
      return;
    for (Value v : {lin.getWeight(), lin.getBias()}) {
      auto read = v ? v.getDefiningOp<ParamRefOp>() : ParamRefOp();
      if (auto p = read ? module.lookupSymbol<ParamOp>(read.getParamAttr()) : ParamOp())
        if (!llvm::is_contained(plan.params, p))
          plan.params.push_back(p);
    }
  });
  return plan;
}

void mtc::padVocabulary(ModuleOp module, ModelAttr model, const VocabPadding &padding) {
  for (ParamOp p : padding.params) {
    RankedTensorType type = p.getTensorType();
    SmallVector<int64_t> shape(type.getShape());
    shape[0] = padding.padded;
    auto paddedType = RankedTensorType::get(shape, type.getElementType());
    p.setType(paddedType);
    module.walk([&](ParamRefOp r) {
      if (r.getParam() == p.getSymName())
        r.getResult().setType(paddedType);
    });
  }
  module->setAttr(kModelAttrName, model.withPaddedVocab(padding.padded));
}
