//===- Stats.cpp - parameter count, per-layer FLOPs and bytes -------------===//
#include "mtc/Transforms/ModelStats.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mtc {
#define GEN_PASS_DEF_STATS
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
int64_t bytesOf(Type type) {
  auto shaped = llvm::cast<ShapedType>(type);
  return shaped.getNumElements() *
         (shaped.getElementType().getIntOrFloatBitWidth() / 8);
}

/// Matrix-multiply FLOPs of one forward op (2 per multiply-add).
int64_t flopsOf(Operation *op) {
  if (auto linear = dyn_cast<LinearOp>(op)) {
    auto x = llvm::cast<ShapedType>(linear.getInput().getType());
    auto y = llvm::cast<ShapedType>(linear.getType());
    return 2 * x.getNumElements() * y.getShape().back();
  }
  if (auto attn = dyn_cast<AttentionOp>(op)) {
    auto qkv = llvm::cast<ShapedType>(attn.getQkv().getType()).getShape();
    // Scores Q K^T and context P V, each b * heads * s * s * head_dim MACs.
    return 4 * qkv[0] * attn.getHeads() * qkv[1] * qkv[1] * attn.getHeadDim();
  }
  return 0;
}

void accumulate(Operation *op, StatsGroup &group,
                llvm::DenseSet<StringAttr> &seen, ModuleOp module) {
  op->walk([&](Operation *inner) {
    if (auto ref = dyn_cast<ParamRefOp>(inner)) {
      if (seen.insert(ref.getParamAttr().getAttr()).second)
        group.params += llvm::cast<ShapedType>(ref.getType()).getNumElements();
      return;
    }
    if (isa<LayerOp>(inner) && inner != op)
      return;
    group.forwardFlops += flopsOf(inner);
    if (inner->getDialect() && isa<MtcDialect>(inner->getDialect()) &&
        !isa<LayerOp>(inner))
      for (Value result : inner->getResults())
        group.activationBytes += bytesOf(result.getType());
  });
}
} // namespace

ModelStats mtc::computeModelStats(ModuleOp module) {
  ModelStats stats;
  llvm::DenseSet<StringAttr> seen;
  auto fn = module.lookupSymbol<func::FuncOp>("forward");
  if (!fn)
    fn = module.lookupSymbol<func::FuncOp>("train_step");
  StatsGroup outside{"outside layers"};
  // A declaration without a body: only the declared parameters count.
  if (fn && !fn.isExternal()) {
    for (Operation &op : fn.getBody().front()) {
      if (auto layer = dyn_cast<LayerOp>(op)) {
        if (layer.getBackward())
          continue;
        StatsGroup group{layer.getLayerName().str()};
        accumulate(layer, group, seen, module);
        stats.groups.push_back(group);
        continue;
      }
      accumulate(&op, outside, seen, module);
    }
  }
  stats.groups.push_back(outside);
  // Parameters no op reads still count.
  for (auto param : module.getOps<ParamOp>())
    if (!seen.contains(param.getSymNameAttr()))
      stats.groups.back().params += param.getNumElements();
  for (const StatsGroup &g : stats.groups) {
    stats.params += g.params;
    stats.forwardFlops += g.forwardFlops;
    stats.activationBytes += g.activationBytes;
  }
  return stats;
}

ModelShape mtc::modelShapeOf(ModelAttr model) {
  ModelShape shape;
  shape.layers = model.getLayers();
  shape.hidden = model.getHidden();
  shape.heads = model.getHeads();
  shape.ffn = model.getFfn();
  shape.vocab = model.getPaddedVocab();
  shape.seq = model.getSeq();
  shape.tied = true; // mtc-import ties the output layer to the embedding
  return shape;
}

namespace {
std::string withCommas(int64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

struct StatsPass : mtc::impl::StatsBase<StatsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string error;
    auto file = openOutputFile(output, &error);
    if (!file) {
      emitError(module.getLoc()) << "cannot write stats: " << error;
      return signalPassFailure();
    }
    ModelStats stats = computeModelStats(module);
    llvm::raw_ostream &os = file->os();
    ModelAttr model = getModelAttr(module);
    os << "model " << (model ? model.getName() : "?") << ": "
       << withCommas(stats.params) << " parameters";
    if (model)
      os << " (micro-batch " << model.getMicroBatch() << ", seq "
         << model.getSeq() << ")";
    os << "\n";
    os << llvm::format("%-16s %16s %16s %16s\n", "group", "params",
                       "fwd GFLOP/mb", "act MiB/mb");
    for (const StatsGroup &g : stats.groups)
      os << llvm::format("%-16s %16s %16.3f %16.2f\n", g.name.c_str(),
                         withCommas(g.params).c_str(), g.forwardFlops / 1e9,
                         g.activationBytes / 1048576.0);
    os << llvm::format("%-16s %16s %16.3f %16.2f\n", "total",
                       withCommas(stats.params).c_str(),
                       stats.forwardFlops / 1e9,
                       stats.activationBytes / 1048576.0);
    os << "training GFLOP per micro-batch (forward + backward = 3x): "
       << llvm::format("%.3f", 3 * stats.forwardFlops / 1e9) << "\n";
    os << llvm::format("bytes: params %.1f MiB, grads %.1f MiB, AdamW m+v %.1f "
                       "MiB (fp32)\n",
                       stats.params * 4 / 1048576.0,
                       stats.params * 4 / 1048576.0,
                       stats.params * 8 / 1048576.0);
    file->keep();
    markAllAnalysesPreserved();
  }
};
} // namespace
