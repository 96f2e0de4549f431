//===- Autodiff.cpp - the backward pass from per-op rules -----------------===//
//
// Reverse-mode differentiation of @forward's straight-line body. Parameters are
// read by symbol, so their gradients are not values: weight-gradient ops name
// the parameter and accumulate into its gradient buffer (Megatron-LM's
// gradient-accumulation fusion), which also makes micro-batch accumulation
// free. Activations that a backward rule needs are "saved": at the top level
// that is the forward value itself; inside a layer it becomes an extra result
// of the forward layer and an operand of the backward layer, so what is kept
// between the passes is visible in the IR (and to recompute and pipelining).
//
//===----------------------------------------------------------------------===//
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
class BlockDifferentiator {
public:
  using SaveFn = std::function<Value(Value)>;

  BlockDifferentiator(OpBuilder &bwd, SaveFn saveFn)
      : bwd(bwd), saveFn(std::move(saveFn)) {}

  /// Adds `grad` to the cotangent of forward value `v`.
  void addGrad(Value v, Value grad) {
    auto [it, inserted] = grads.try_emplace(v, grad);
    if (!inserted)
      it->second = AddOp::create(bwd, loc(v), it->second, grad);
  }

  Value gradOf(Value v) const { return grads.lookup(v); }

  /// Walks `block`'s ops backwards, emitting their backward ops.
  LogicalResult run(Block &block);

private:
  Location loc(Value v) { return v.getLoc(); }
  Value save(Value v) {
    auto it = savedCache.find(v);
    if (it != savedCache.end())
      return it->second;
    Value saved = saveFn(v);
    savedCache[v] = saved;
    return saved;
  }

  /// The parameter a forward operand reads, re-read on the backward side.
  FailureOr<FlatSymbolRefAttr> paramOf(Operation *user, Value v) {
    auto ref = v.getDefiningOp<ParamRefOp>();
    if (!ref) {
      user->emitOpError("operand must be read with mtc.param_ref for "
                        "--mtc-autodiff to know whose gradient it is");
      return failure();
    }
    return ref.getParamAttr();
  }
  Value reread(Value v) {
    auto ref = v.getDefiningOp<ParamRefOp>();
    return ParamRefOp::create(bwd, ref.getLoc(), ref.getType(),
                              ref.getParamAttr());
  }

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
  // Loss ops seed the backward pass; every other op needs an incoming gradient.
  if (auto ce = dyn_cast<CrossEntropyOp>(op)) {
    Value dlogits = CrossEntropyGradOp::create(
        bwd, ce.getLoc(), ce.getLogits().getType(), save(ce.getLogits()),
        save(ce.getTargets()), ce.getValidVocabAttr(), ce.getVocabStartAttr(),
        ce.getVocabParallelAttr());
    addGrad(ce.getLogits(), dlogits);
    return success();
  }
  if (auto layer = dyn_cast<LayerOp>(op))
    return differentiateLayer(layer);
  if (isa<ParamRefOp>(op))
    return success();
  if (llvm::none_of(op->getResults(), [&](Value r) { return grads.count(r); }))
    return success();

  Location l = op->getLoc();
  if (auto emb = dyn_cast<EmbeddingOp>(op)) {
    auto wte = paramOf(op, emb.getWte());
    if (failed(wte))
      return failure();
    FlatSymbolRefAttr wpe;
    if (emb.getWpe()) {
      auto sym = paramOf(op, emb.getWpe());
      if (failed(sym))
        return failure();
      wpe = *sym;
    }
    EmbeddingGradOp::create(bwd, l, save(emb.getTokens()), gradOf(emb), *wte,
                            wpe, emb.getVocabStartAttr());
    return success();
  }
  if (auto ln = dyn_cast<LayerNormOp>(op)) {
    auto w = paramOf(op, ln.getWeight());
    auto b = paramOf(op, ln.getBias());
    if (failed(w) || failed(b))
      return failure();
    Value x = save(ln.getInput()), dy = gradOf(ln);
    Value dx = LayerNormGradInputOp::create(bwd, l, x.getType(), x,
                                            reread(ln.getWeight()), dy,
                                            ln.getEpsAttr());
    LayerNormGradWeightOp::create(bwd, l, x, dy, *w, *b, ln.getEpsAttr());
    addGrad(ln.getInput(), dx);
    return success();
  }
  if (auto lin = dyn_cast<LinearOp>(op)) {
    auto w = paramOf(op, lin.getWeight());
    if (failed(w))
      return failure();
    FlatSymbolRefAttr bias;
    if (lin.getBias()) {
      auto sym = paramOf(op, lin.getBias());
      if (failed(sym))
        return failure();
      bias = *sym;
    }
    Value dy = gradOf(lin);
    Value dx = LinearGradInputOp::create(bwd, l, lin.getInput().getType(), dy,
                                         reread(lin.getWeight()),
                                         lin.getTransposeWeightAttr());
    LinearGradWeightOp::create(bwd, l, save(lin.getInput()), dy, *w, bias,
                               lin.getTransposeWeightAttr());
    addGrad(lin.getInput(), dx);
    return success();
  }
  if (auto tt = dyn_cast<TokenTypeAddOp>(op)) {
    auto table = paramOf(op, tt.getTable());
    if (failed(table))
      return failure();
    Value dy = gradOf(tt);
    TokenTypeAddGradOp::create(bwd, l, save(tt.getTypes()), dy, *table);
    addGrad(tt.getInput(), dy);
    return success();
  }
  if (auto first = dyn_cast<FirstTokenOp>(op)) {
    addGrad(first.getInput(),
            FirstTokenGradOp::create(bwd, l, first.getInput().getType(), gradOf(first),
                                     first.getSequenceShardAttr()));
    return success();
  }
  if (auto tanh = dyn_cast<TanhOp>(op)) {
    addGrad(tanh.getInput(), TanhGradOp::create(bwd, l, save(tanh.getResult()), gradOf(tanh)));
    return success();
  }
  if (auto gelu = dyn_cast<GeluOp>(op)) {
    addGrad(gelu.getInput(),
            GeluGradOp::create(bwd, l, save(gelu.getInput()), gradOf(gelu)));
    return success();
  }
  if (auto drop = dyn_cast<DropoutOp>(op)) {
    addGrad(drop.getInput(), DropoutOp::create(bwd, l, gradOf(drop),
                                               drop.getRateAttr(),
                                               drop.getStreamAttr()));
    return success();
  }
  if (auto add = dyn_cast<AddOp>(op)) {
    Value dy = gradOf(add);
    addGrad(add.getLhs(), dy);
    addGrad(add.getRhs(), dy);
    return success();
  }
  // Tensor parallelism's conjugate pairs: each one's gradient is the other.
  if (auto f = dyn_cast<TpCopyOp>(op)) {
    addGrad(f.getInput(), TpReduceOp::create(bwd, l, gradOf(f)));
    return success();
  }
  if (auto g = dyn_cast<TpReduceOp>(op)) {
    addGrad(g.getInput(), TpCopyOp::create(bwd, l, gradOf(g)));
    return success();
  }
  if (auto gather = dyn_cast<TpGatherOp>(op)) {
    addGrad(gather.getInput(), TpScatterOp::create(bwd, l, gradOf(gather),
                                                   gather.getSizeAttr()));
    return success();
  }
  if (auto scatter = dyn_cast<TpScatterOp>(op)) {
    addGrad(scatter.getInput(), TpGatherOp::create(bwd, l, gradOf(scatter),
                                                   scatter.getSizeAttr()));
    return success();
  }
  if (auto biasAdd = dyn_cast<BiasAddOp>(op)) {
    auto bias = paramOf(op, biasAdd.getBias());
    if (failed(bias))
      return failure();
    Value dy = gradOf(biasAdd);
    BiasAddGradOp::create(bwd, l, dy, *bias);
    addGrad(biasAdd.getInput(), dy);
    return success();
  }
  if (auto attn = dyn_cast<AttentionOp>(op)) {
    Value dout = gradOf(attn.getResult());
    if (!dout)
      return success();
    Value dqkv = AttentionGradOp::create(
        bwd, l, attn.getQkv().getType(), save(attn.getQkv()),
        save(attn.getResult()), save(attn.getLse()), dout,
        attn.getLengths() ? save(attn.getLengths()) : Value(), attn.getHeadsAttr(),
        attn.getHeadDimAttr(), attn.getCausalAttr(), attn.getScaleAttr(),
        attn.getDropoutAttr(), attn.getStreamAttr());
    addGrad(attn.getQkv(), dqkv);
    return success();
  }
  return op->emitOpError("has no differentiation rule");
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
      emitError(module.getLoc(),
                "--mtc-autodiff needs a @forward function with a body");
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
