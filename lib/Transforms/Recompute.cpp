//===- Recompute.cpp - activation recomputation (full or selective) -------===//
//
// After --mtc-autodiff each backward layer takes, besides its output
// gradients, the activations its rules read ("saved" operands), and the
// forward layer yields them as extra results. This pass trades those saved
// activations for recomputation inside the backward region:
//
//  - full: the backward region re-runs the whole forward body from the layer's
//    inputs (Megatron-LM's --recompute-granularity full, uniform, one layer
//    per checkpoint); only the layer inputs stay alive between the passes.
//  - selective: only core attention's results (context and log-sum-exp) are
//    recomputed from its QKV input, which attention's backward saves anyway
//    (Korthikanti et al. 2022 recompute the s^2 attention core; with the
//    flash-style kernel that core's stored results are out and lse).
//
// Recomputed ops are clones of the forward ops, attributes included, so
// dropout re-draws the same mask from its Philox stream and losses do not
// change. Forward results no longer read by anything are dropped, which is
// what lets --mtc-plan-memory end their buffers' lifetimes in the forward.
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcDiagnostics.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mtc {
#define GEN_PASS_DEF_RECOMPUTE
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
enum class Mode { Full, Selective };

/// Where a backward layer's operand comes from inside its forward layer.
struct SavedOperand {
  unsigned operandIndex;
  Value inner; // the forward body's value (a block argument or an op result)
};

/// The forward layer that a backward layer's saved operands come from: the
/// one that defines them (or whose inputs they are), with the same name.
LayerOp forwardOf(LayerOp bwd, ArrayRef<LayerOp> forwards) {
  for (LayerOp fwd : forwards) {
    if (fwd.getLayerName() != bwd.getLayerName())
      continue;
    for (Value v : bwd.getInputs())
      if (v.getDefiningOp() == fwd.getOperation() ||
          llvm::is_contained(fwd.getInputs(), v))
        return fwd;
  }
  return {};
}

SmallVector<SavedOperand> savedOperands(LayerOp bwd, LayerOp fwd) {
  Block &fwdBody = fwd.getBody().front();
  auto fwdYield = cast<YieldOp>(fwdBody.getTerminator());
  SmallVector<SavedOperand> saved;
  for (auto [i, v] : llvm::enumerate(bwd.getInputs())) {
    if (auto r = llvm::dyn_cast<OpResult>(v); r && r.getOwner() == fwd) {
      saved.push_back({unsigned(i), fwdYield.getValues()[r.getResultNumber()]});
      continue;
    }
    for (auto [j, input] : llvm::enumerate(fwd.getInputs()))
      if (input == v) {
        saved.push_back({unsigned(i), fwdBody.getArgument(j)});
        break;
      }
  }
  return saved;
}

/// Erases the backward body's ops whose results nobody reads (clones that
/// recompute more than is needed), last first so chains die together.
void eraseDeadOps(Block &body) {
  SmallVector<Operation *> ops;
  for (Operation &op : body.without_terminator())
    ops.push_back(&op);
  for (Operation *op : llvm::reverse(ops))
    if (isOpTriviallyDead(op))
      op->erase();
}

/// Rebuilds `fwd` without the results nobody reads and with `extraYields`
/// appended as new results; returns the new layer and the new results.
std::pair<LayerOp, SmallVector<Value>> rebuildForward(LayerOp fwd,
                                                       ArrayRef<Value> extraYields) {
  Block &body = fwd.getBody().front();
  auto yield = cast<YieldOp>(body.getTerminator());
  SmallVector<Value> yields;
  SmallVector<Type> types;
  SmallVector<int> newIndex(fwd.getNumResults(), -1);
  for (OpResult r : fwd.getResults()) {
    if (r.use_empty())
      continue;
    newIndex[r.getResultNumber()] = yields.size();
    yields.push_back(yield.getValues()[r.getResultNumber()]);
    types.push_back(r.getType());
  }
  unsigned firstExtra = yields.size();
  for (Value v : extraYields) {
    yields.push_back(v);
    types.push_back(v.getType());
  }
  OpBuilder b(fwd);
  auto rebuilt = LayerOp::create(b, fwd.getLoc(), types, fwd.getLayerNameAttr(),
                                 fwd.getIndexAttr(), UnitAttr(), fwd.getInputs());
  rebuilt->setDiscardableAttrs(fwd->getDiscardableAttrDictionary());
  rebuilt.getBody().takeBody(fwd.getBody());
  OpBuilder yb(yield);
  YieldOp::create(yb, yield.getLoc(), yields);
  yield.erase();
  for (OpResult r : fwd.getResults())
    if (newIndex[r.getResultNumber()] >= 0)
      r.replaceAllUsesWith(rebuilt.getResult(newIndex[r.getResultNumber()]));
  fwd.erase();
  SmallVector<Value> extras;
  for (unsigned i = firstExtra; i < rebuilt.getNumResults(); ++i)
    extras.push_back(rebuilt.getResult(i));
  return {rebuilt, extras};
}

/// Rewrites one backward layer; `fwd` is updated when the forward is rebuilt.
LogicalResult recomputeLayer(LayerOp bwd, LayerOp &fwd, Mode mode) {
  Block &fwdBody = fwd.getBody().front();
  Block &bwdBody = bwd.getBody().front();
  SmallVector<SavedOperand> saved = savedOperands(bwd, fwd);

  // The saved operands to recompute, and the forward values to clone.
  SmallVector<SavedOperand> recomputed;
  SetVector<Operation *> toClone;
  if (mode == Mode::Full) {
    for (const SavedOperand &s : saved)
      if (!llvm::isa<BlockArgument>(s.inner))
        recomputed.push_back(s);
    // The load-balancing loss computes no value the backward reads; run
    // again it would report the layer's loss twice (Megatron-Core skips its
    // tracker during recomputation too).
    for (Operation &op : fwdBody.without_terminator())
      if (!isa<MoeAuxLossOp>(op))
        toClone.insert(&op);
  } else {
    for (const SavedOperand &s : saved)
      if (auto attn = s.inner.getDefiningOp<AttentionOp>()) {
        recomputed.push_back(s);
        toClone.insert(attn);
      }
  }
  if (recomputed.empty())
    return success();

  // The roots the clones read: the layer inputs (full) or each attention's
  // operands (selective: its QKV, and BERT's sequence lengths). A root the
  // backward already takes is reused.
  SmallVector<Value> roots;
  if (mode == Mode::Full)
    roots.append(fwdBody.args_begin(), fwdBody.args_end());
  else
    for (Operation *op : toClone)
      roots.append(op->operand_begin(), op->operand_end());
  llvm::SetVector<Value> uniqueRoots(roots.begin(), roots.end());

  llvm::SmallDenseSet<unsigned> recomputedIndex;
  for (const SavedOperand &s : recomputed)
    recomputedIndex.insert(s.operandIndex);
  IRMapping map;
  SmallVector<Value> missingRoots; // forward values the backward must now take
  for (Value root : uniqueRoots) {
    auto it = llvm::find_if(saved, [&](const SavedOperand &s) {
      return s.inner == root && !recomputedIndex.contains(s.operandIndex);
    });
    if (it != saved.end())
      map.map(root, bwdBody.getArgument(it->operandIndex));
    else
      missingRoots.push_back(root);
  }

  // Outer values for the missing roots: forward inputs, or new forward results.
  SmallVector<Value> newOperands(bwd.getInputs());
  SmallVector<Value> extraYields;
  for (Value root : missingRoots)
    if (auto arg = llvm::dyn_cast<BlockArgument>(root); arg && arg.getOwner() == &fwdBody)
      continue;
    else
      extraYields.push_back(root);
  SmallVector<Value> extraResults;
  if (!extraYields.empty())
    std::tie(fwd, extraResults) = rebuildForward(fwd, extraYields);
  unsigned nextExtra = 0;
  for (Value root : missingRoots) {
    Value outer;
    if (auto arg = llvm::dyn_cast<BlockArgument>(root); arg && arg.getOwner() == &fwdBody)
      outer = fwd.getInputs()[arg.getArgNumber()];
    else
      outer = extraResults[nextExtra++];
    newOperands.push_back(outer);
    map.map(root, bwdBody.addArgument(root.getType(), root.getLoc()));
  }

  // Clone the forward ops at the top of the backward body, then point the
  // recomputed saved arguments at the clones.
  OpBuilder b = OpBuilder::atBlockBegin(&bwdBody);
  for (Operation *op : toClone)
    b.clone(*op, map);
  BitVector dropped(bwdBody.getNumArguments());
  for (const SavedOperand &s : recomputed) {
    BlockArgument arg = bwdBody.getArgument(s.operandIndex);
    arg.replaceAllUsesWith(map.lookup(s.inner));
    dropped.set(s.operandIndex);
  }
  eraseDeadOps(bwdBody);

  // Backward operands that are no longer read, whether recomputed or made
  // redundant by a root, go too.
  for (BlockArgument arg : bwdBody.getArguments())
    if (arg.use_empty() && llvm::any_of(saved, [&](const SavedOperand &s) {
          return s.operandIndex == arg.getArgNumber();
        }))
      dropped.set(arg.getArgNumber());
  SmallVector<Value> keptOperands;
  for (auto [i, v] : llvm::enumerate(newOperands))
    if (!dropped.test(i))
      keptOperands.push_back(v);
  bwdBody.eraseArguments(dropped);

  OpBuilder ob(bwd);
  auto rebuilt = LayerOp::create(ob, bwd.getLoc(), bwd.getResultTypes(),
                                 bwd.getLayerNameAttr(), bwd.getIndexAttr(),
                                 bwd.getBackwardAttr(), keptOperands);
  rebuilt->setDiscardableAttrs(bwd->getDiscardableAttrDictionary());
  rebuilt.getBody().takeBody(bwd.getBody());
  bwd->replaceAllUsesWith(rebuilt.getResults());
  bwd.erase();

  // Saved forward results nobody reads any more.
  if (llvm::any_of(fwd.getResults(), [](OpResult r) { return r.use_empty(); }))
    fwd = rebuildForward(fwd, {}).first;
  return success();
}

struct RecomputePass : mtc::impl::RecomputeBase<RecomputePass> {
  using RecomputeBase::RecomputeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Mode m;
    if (mode == "full") {
      m = Mode::Full;
    } else if (mode == "selective") {
      m = Mode::Selective;
    } else if (mode == "none") {
      return;
    } else {
      emitModuleError(module) << "--mtc-recompute: unknown mode '" << mode
                              << "' (expected full, selective or none)";
      return signalPassFailure();
    }
    auto fn = module.lookupSymbol<func::FuncOp>("train_step");
    if (!fn || fn.isExternal()) {
      emitModuleError(module) << "--mtc-recompute needs @train_step: run "
                                 "--mtc-autodiff first";
      return signalPassFailure();
    }
    Block &body = fn.getBody().front();
    SmallVector<LayerOp> forwards, backwards;
    for (auto layer : body.getOps<LayerOp>())
      (layer.getBackward() ? backwards : forwards).push_back(layer);
    for (LayerOp bwd : backwards) {
      LayerOp fwd = forwardOf(bwd, forwards);
      if (!fwd) {
        bwd.emitOpError("has no forward layer named '")
            << bwd.getLayerName() << "' to recompute from";
        return signalPassFailure();
      }
      auto slot = llvm::find(forwards, fwd);
      if (failed(recomputeLayer(bwd, fwd, m)))
        return signalPassFailure();
      *slot = fwd;
    }
    // The lowering writes it into the plan (the runtime reports it).
    module->setAttr("mtc.recompute", StringAttr::get(&getContext(), mode));
  }
};
} // namespace
