//===- Stats.cpp - parameter count, per-layer FLOPs and bytes -------------===//
#include "mtc/Transforms/ModelStats.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Plan/CheckedMath.h"
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
/// The product of a shape's dimensions and `scale`, named for messages.
Result<int64_t> shapeProduct(Type type, std::initializer_list<Factor> scale) {
  auto shaped = llvm::cast<ShapedType>(type);
  Result<int64_t> product = checkedProduct(scale);
  for (int64_t d : shaped.getShape())
    if (product)
      product = checkedProduct({{"elements", *product}, {"dimension", d}});
  return product;
}

Result<int64_t> bytesOf(Type type) {
  auto shaped = llvm::cast<ShapedType>(type);
  unsigned bits = shaped.getElementType().isIntOrFloat()
                      ? shaped.getElementType().getIntOrFloatBitWidth()
                      : 64;
  return shapeProduct(type, {{"bytes per element", (bits + 7) / 8}});
}

/// Matrix-multiply FLOPs of one forward op (CostOpInterface; none without it).
Result<int64_t> flopsOf(Operation *op) {
  if (auto cost = dyn_cast<CostOpInterface>(op))
    return cost.getForwardFlops();
  return int64_t(0);
}

/// Adds `term` to `total`; on overflow reports it at `op` and returns false.
bool add(int64_t &total, const Result<int64_t> &term, Operation *op,
         StringRef what) {
  Result<int64_t> sum = term ? checkedSum(total, *term, what.str())
                             : Result<int64_t>(Error{term.error()});
  if (!sum) {
    op->emitError("--mtc-stats: ") << what << ": " << sum.error();
    return false;
  }
  total = *sum;
  return true;
}

LogicalResult accumulate(Operation *op, StatsGroup &group,
                         llvm::DenseSet<StringAttr> &seen, ModuleOp module) {
  WalkResult walk = op->walk([&](Operation *inner) {
    if (auto ref = dyn_cast<ParamRefOp>(inner)) {
      if (seen.insert(ref.getParamAttr().getAttr()).second &&
          !add(group.params, shapeProduct(ref.getType(), {}), inner,
               "parameter count"))
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    if (isa<LayerOp>(inner) && inner != op)
      return WalkResult::advance();
    if (!add(group.forwardFlops, flopsOf(inner), inner, "forward FLOPs"))
      return WalkResult::interrupt();
    if (inner->getDialect() && isa<MtcDialect>(inner->getDialect()) &&
        !isa<LayerOp>(inner))
      for (Value result : inner->getResults())
        if (!add(group.activationBytes, bytesOf(result.getType()), inner,
                 "activation bytes"))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}
} // namespace

FailureOr<ModelStats> mtc::computeModelStats(ModuleOp module) {
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
        if (failed(accumulate(layer, group, seen, module)))
          return failure();
        stats.groups.push_back(group);
        continue;
      }
      if (failed(accumulate(&op, outside, seen, module)))
        return failure();
    }
  }
  stats.groups.push_back(outside);
  // Parameters no op reads still count.
  // (Every mtc.param's bytes fit in int64: its verifier checks them.)
  for (auto param : module.getOps<ParamOp>())
    if (!seen.contains(param.getSymNameAttr()) &&
        !add(stats.groups.back().params, param.getNumElements(), param,
             "parameter count"))
      return failure();
  for (const StatsGroup &g : stats.groups) {
    if (!add(stats.params, g.params, module, "parameter count") ||
        !add(stats.forwardFlops, g.forwardFlops, module, "forward FLOPs") ||
        !add(stats.activationBytes, g.activationBytes, module,
             "activation bytes"))
      return failure();
  }
  // Each MoE layer's tokens read k of its E experts: the other E - k's share
  // of the expert weights is inactive.
  stats.activeParams = stats.params;
  if (fn && !fn.isExternal())
    for (auto layer : fn.getBody().front().getOps<LayerOp>()) {
      if (layer.getBackward())
        continue;
      int64_t experts = 0, topk = 0, expertParams = 0;
      layer.walk([&](Operation *op) {
        if (auto d = dyn_cast<MoeDispatchOp>(op)) {
          experts = d.getNumExperts();
          topk = cast<ShapedType>(d.getExperts().getType()).getShape().back();
        } else if (auto g = dyn_cast<GroupedLinearOp>(op)) {
          expertParams += cast<ShapedType>(g.getWeight().getType()).getNumElements();
        }
      });
      if (experts > 0)
        stats.activeParams -= expertParams / experts * (experts - topk);
    }
  // The report prints 3x the FLOPs and 16 bytes per parameter.
  for (Result<int64_t> shown :
       {checkedProduct({{"parameters", stats.params}, {"16 bytes", 16}}),
        checkedProduct({{"forward FLOPs", stats.forwardFlops}, {"3", 3}})})
    if (!shown) {
      emitModuleError(module) << "--mtc-stats: " << shown.error();
      return failure();
    }
  return stats;
}

ModelShape mtc::modelShapeOf(mlir::ModuleOp module, ModelAttr model) {
  ModelShape shape;
  shape.layers = model.getLayers();
  shape.hidden = model.getHidden();
  shape.heads = model.getHeads();
  shape.ffn = model.getFfn();
  shape.vocab = model.getPaddedVocab();
  shape.seq = model.getSeq();
  shape.arch = model.getArch().str();
  shape.kvHeads = static_cast<int>(model.getKvHeads());
  shape.tied = !shape.llama() || !mlir::SymbolTable::lookupSymbolIn(module, "lm_head.weight");
  module.walk([&](MoeDispatchOp d) {
    shape.experts = d.getNumExperts();
    shape.topk = cast<ShapedType>(d.getExperts().getType()).getShape().back();
  });
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
      emitModuleError(module) << "cannot write stats: " << error;
      return signalPassFailure();
    }
    FailureOr<ModelStats> computed = computeModelStats(module);
    if (failed(computed))
      return signalPassFailure();
    const ModelStats &stats = *computed;
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
    if (stats.activeParams != stats.params)
      os << "active parameters per token (mixture of experts): "
         << withCommas(stats.activeParams) << "\n";
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
