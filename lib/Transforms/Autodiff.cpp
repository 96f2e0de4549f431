//===- Autodiff.cpp - the backward pass from per-op rules -----------------===//
//
// Reverse-mode differentiation of @forward's straight-line body: a generic
// walk that asks each op for its rule (DifferentiableOpInterface, in
// dialects/mtc/MtcGradients.cpp). Activations that a rule needs are "saved":
// at the top level that is the forward value itself; inside a layer it
// becomes an extra result of the forward layer and an operand of the backward
// layer, so what is kept between the passes is visible in the IR (and to
// recompute and pipelining).
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcDiagnostics.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mtc {
#define GEN_PASS_DEF_AUTODIFF
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
/// Differentiates one block. For the top-level function `saveFn` is the
/// identity; for a layer body it threads the value out of the layer.
class BlockDifferentiator : public GradientBuilder {
public:
  using SaveFn = std::function<Value(Value)>;

  BlockDifferentiator(OpBuilder &bwd, SaveFn saveFn)
      : bwd(bwd), saveFn(std::move(saveFn)) {}

  OpBuilder &builder() override { return bwd; }

  void addGrad(Value v, Value grad) override {
    auto [it, inserted] = grads.try_emplace(v, grad);
    if (!inserted)
      it->second = AddOp::create(bwd, v.getLoc(), it->second, grad);
  }

  Value gradOf(Value v) override { return grads.lookup(v); }

  Value save(Value v) override {
    auto it = savedCache.find(v);
    if (it != savedCache.end())
      return it->second;
    Value saved = saveFn(v);
    savedCache[v] = saved;
    return saved;
  }

  FailureOr<FlatSymbolRefAttr> paramOf(Operation *user, Value v) override {
    auto ref = v.getDefiningOp<ParamRefOp>();
    if (!ref) {
      user->emitOpError("operand must be read with mtc.param_ref for "
                        "--mtc-autodiff to know whose gradient it is");
      return failure();
    }
    return ref.getParamAttr();
  }

  Value reread(Value v) override {
    auto ref = v.getDefiningOp<ParamRefOp>();
    return ParamRefOp::create(bwd, ref.getLoc(), ref.getType(), ref.getParamAttr());
  }

  /// Walks `block`'s ops backwards, emitting their backward ops.
  LogicalResult run(Block &block);

private:
  LogicalResult differentiate(Operation *op);
  LogicalResult differentiateLayer(LayerOp layer);

  OpBuilder &bwd;
  SaveFn saveFn;
  DenseMap<Value, Value> grads;
  DenseMap<Value, Value> savedCache;
};

LogicalResult BlockDifferentiator::run(Block &block) {
  SmallVector<Operation *> ops;
  for (Operation &op : block.without_terminator())
    ops.push_back(&op);
  for (Operation *op : llvm::reverse(ops))
    if (failed(differentiate(op)))
      return failure();
  return success();
}

LogicalResult BlockDifferentiator::differentiate(Operation *op) {
  if (auto layer = dyn_cast<LayerOp>(op))
    return differentiateLayer(layer);
  if (isa<ParamRefOp>(op))
    return success();
  auto rule = dyn_cast<DifferentiableOpInterface>(op);
  // Loss terms seed the backward pass; every other op needs an incoming
  // gradient, and has nothing to do without one.
  if (rule && rule.seedsGradient())
    return rule.buildGradient(*this);
  if (llvm::none_of(op->getResults(), [&](Value r) { return grads.count(r); }))
    return success();
  if (!rule)
    return op->emitOpError("has no differentiation rule");
  return rule.buildGradient(*this);
}

LogicalResult BlockDifferentiator::differentiateLayer(LayerOp layer) {
  Location l = layer.getLoc();
  Block &fwdBody = layer.getBody().front();
  auto fwdYield = cast<YieldOp>(fwdBody.getTerminator());
  unsigned numResults = layer.getNumResults();

  // Backward body arguments: the results' gradients, then saved activations.
  SmallVector<Value> outerOperands;
  auto bwdBody = std::make_unique<Block>();
  for (Value result : layer.getResults()) {
    Value dy = gradOf(result);
    if (!dy)
      return layer.emitOpError("result has no gradient; every layer output "
                               "must reach the loss");
    outerOperands.push_back(dy);
    bwdBody->addArgument(dy.getType(), l);
  }

  // Values of the forward body the backward body reads, in order of first use.
  SmallVector<Value> innerSaved;
  OpBuilder inner(layer.getContext());
  inner.setInsertionPointToEnd(bwdBody.get());
  BlockDifferentiator nested(inner, [&](Value v) -> Value {
    innerSaved.push_back(v);
    return bwdBody->addArgument(v.getType(), v.getLoc());
  });
  for (auto [i, yielded] : llvm::enumerate(fwdYield.getValues()))
    nested.addGrad(yielded, bwdBody->getArgument(i));
  if (failed(nested.run(fwdBody)))
    return failure();

  // Integer inputs (BERT's padding lengths) are data, not differentiable.
  SmallVector<Value> inputGrads, differentiable;
  for (BlockArgument arg : fwdBody.getArguments()) {
    if (!isa<FloatType>(cast<ShapedType>(arg.getType()).getElementType()))
      continue;
    differentiable.push_back(layer.getInputs()[arg.getArgNumber()]);
    Value g = nested.gradOf(arg);
    if (!g)
      return layer.emitOpError("input ")
             << arg.getArgNumber() << " receives no gradient";
    inputGrads.push_back(g);
  }
  YieldOp::create(inner, l, inputGrads);

  // Thread the saved inner values out: layer arguments map to the operands,
  // op results become extra results of a rebuilt forward layer.
  SmallVector<Value> extraYields;
  for (Value v : innerSaved)
    if (!llvm::isa<BlockArgument>(v) ||
        llvm::cast<BlockArgument>(v).getOwner() != &fwdBody)
      extraYields.push_back(v);
  LayerOp fwd = layer;
  if (!extraYields.empty()) {
    OpBuilder b(layer);
    SmallVector<Type> types(layer.getResultTypes());
    for (Value v : extraYields)
      types.push_back(v.getType());
    fwd = LayerOp::create(b, l, types, layer.getLayerNameAttr(),
                          layer.getIndexAttr(), UnitAttr(), layer.getInputs());
    fwd.getBody().takeBody(layer.getBody());
    SmallVector<Value> yields(fwdYield.getValues());
    yields.append(extraYields);
    OpBuilder yb(fwdYield);
    YieldOp::create(yb, fwdYield.getLoc(), yields);
    fwdYield.erase();
    for (unsigned i = 0; i < numResults; ++i)
      layer.getResult(i).replaceAllUsesWith(fwd.getResult(i));
    layer.erase();
  }
  unsigned extra = 0;
  for (Value v : innerSaved) {
    auto arg = llvm::dyn_cast<BlockArgument>(v);
    if (arg && arg.getOwner() == &fwd.getBody().front())
      outerOperands.push_back(save(fwd.getInputs()[arg.getArgNumber()]));
    else
      outerOperands.push_back(save(fwd.getResult(numResults + extra++)));
  }

  SmallVector<Type> gradTypes;
  for (Value g : inputGrads)
    gradTypes.push_back(g.getType());
  auto back = LayerOp::create(bwd, l, gradTypes, fwd.getLayerNameAttr(),
                              fwd.getIndexAttr(), bwd.getUnitAttr(),
                              outerOperands);
  back.getBody().push_back(bwdBody.release());
  for (auto [input, grad] : llvm::zip(differentiable, back.getResults()))
    addGrad(input, grad);
  return success();
}

struct AutodiffPass : mtc::impl::AutodiffBase<AutodiffPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto forward = module.lookupSymbol<func::FuncOp>("forward");
    if (!forward || forward.isExternal()) {
      emitModuleError(module)
          << "--mtc-autodiff needs a @forward function with a body"
          << (module.lookupSymbol("train_step")
                  ? " (the module has @train_step: --mtc-autodiff already ran; run it once)"
                  : "");
      return signalPassFailure();
    }
    Block &body = forward.getBody().front();
    auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
    // Each result is one term of the objective (BERT: masked LM, then
    // sentence order); the objective is their sum, so each seeds its own
    // gradient.
    if (!ret || ret.getNumOperands() < 1 ||
        llvm::any_of(ret.getOperands(), [](Value v) {
          return !v.getDefiningOp<CrossEntropyOp>();
        })) {
      forward.emitError("@forward must return the values of mtc.cross_entropy ops "
                        "(the terms of the objective)");
      return signalPassFailure();
    }
    OpBuilder bwd(ret);
    BlockDifferentiator top(bwd, [](Value v) { return v; });
    if (failed(top.run(body)))
      return signalPassFailure();
    forward.setSymName("train_step");
  }
};
} // namespace
