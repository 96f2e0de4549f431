//===- MtcGradients.cpp - each op's reverse-mode rule ---------------------===//
//
// DifferentiableOpInterface. Parameters are read by symbol, so their
// gradients are not values: weight-gradient ops name the parameter and
// accumulate into its gradient buffer (Megatron-LM's gradient-accumulation
// fusion), which also makes micro-batch accumulation free.
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcOps.h"

using namespace mlir;
using namespace mtc;

namespace {
/// The parameter symbol of an optional operand (null when absent).
FailureOr<FlatSymbolRefAttr> optionalParam(GradientBuilder &g, Operation *op, Value operand) {
  if (!operand)
    return FlatSymbolRefAttr();
  return g.paramOf(op, operand);
}
} // namespace

// ---- loss: seeds the backward pass ----

bool CrossEntropyOp::seedsGradient() { return true; }

LogicalResult CrossEntropyOp::buildGradient(GradientBuilder &g) {
  Value dlogits = CrossEntropyGradOp::create(
      g.builder(), getLoc(), getLogits().getType(), g.save(getLogits()), g.save(getTargets()),
      getValidVocabAttr(), getVocabStartAttr(), getVocabParallelAttr());
  g.addGrad(getLogits(), dlogits);
  return success();
}

// ---- ops with parameters ----

LogicalResult EmbeddingOp::buildGradient(GradientBuilder &g) {
  auto wte = g.paramOf(*this, getWte());
  auto wpe = optionalParam(g, *this, getWpe());
  if (failed(wte) || failed(wpe))
    return failure();
  EmbeddingGradOp::create(g.builder(), getLoc(), g.save(getTokens()), g.gradOf(getResult()),
                          *wte, *wpe, getVocabStartAttr());
  return success();
}

LogicalResult LayerNormOp::buildGradient(GradientBuilder &g) {
  auto w = g.paramOf(*this, getWeight());
  auto b = g.paramOf(*this, getBias());
  if (failed(w) || failed(b))
    return failure();
  Value x = g.save(getInput()), dy = g.gradOf(getResult());
  Value dx = LayerNormGradInputOp::create(g.builder(), getLoc(), x.getType(), x,
                                          g.reread(getWeight()), dy, getEpsAttr());
  LayerNormGradWeightOp::create(g.builder(), getLoc(), x, dy, *w, *b, getEpsAttr());
  g.addGrad(getInput(), dx);
  return success();
}

LogicalResult RmsNormOp::buildGradient(GradientBuilder &g) {
  auto w = g.paramOf(*this, getWeight());
  if (failed(w))
    return failure();
  Value x = g.save(getInput()), dy = g.gradOf(getResult());
  Value dx = RmsNormGradInputOp::create(g.builder(), getLoc(), x.getType(), x,
                                        g.reread(getWeight()), dy, getEpsAttr());
  RmsNormGradWeightOp::create(g.builder(), getLoc(), x, dy, *w, getEpsAttr());
  g.addGrad(getInput(), dx);
  return success();
}

LogicalResult LinearOp::buildGradient(GradientBuilder &g) {
  auto w = g.paramOf(*this, getWeight());
  auto bias = optionalParam(g, *this, getBias());
  if (failed(w) || failed(bias))
    return failure();
  Value dy = g.gradOf(getResult());
  Value dx = LinearGradInputOp::create(g.builder(), getLoc(), getInput().getType(), dy,
                                       g.reread(getWeight()), getTransposeWeightAttr());
  LinearGradWeightOp::create(g.builder(), getLoc(), g.save(getInput()), dy, *w, *bias,
                             getTransposeWeightAttr());
  g.addGrad(getInput(), dx);
  return success();
}

LogicalResult TokenTypeAddOp::buildGradient(GradientBuilder &g) {
  auto table = g.paramOf(*this, getTable());
  if (failed(table))
    return failure();
  Value dy = g.gradOf(getResult());
  TokenTypeAddGradOp::create(g.builder(), getLoc(), g.save(getTypes()), dy, *table);
  g.addGrad(getInput(), dy);
  return success();
}

LogicalResult BiasAddOp::buildGradient(GradientBuilder &g) {
  auto bias = g.paramOf(*this, getBias());
  if (failed(bias))
    return failure();
  Value dy = g.gradOf(getResult());
  BiasAddGradOp::create(g.builder(), getLoc(), dy, *bias);
  g.addGrad(getInput(), dy);
  return success();
}

// ---- element-wise and shape ops ----

LogicalResult FirstTokenOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(), FirstTokenGradOp::create(g.builder(), getLoc(), getInput().getType(),
                                                 g.gradOf(getResult()), getSequenceShardAttr()));
  return success();
}

LogicalResult TanhOp::buildGradient(GradientBuilder &g) {
  // From the output: dy * (1 - y^2).
  g.addGrad(getInput(), TanhGradOp::create(g.builder(), getLoc(), g.save(getResult()),
                                           g.gradOf(getResult())));
  return success();
}

LogicalResult GeluOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(), GeluGradOp::create(g.builder(), getLoc(), g.save(getInput()),
                                           g.gradOf(getResult()), getExactAttr()));
  return success();
}

LogicalResult SwigluOp::buildGradient(GradientBuilder &g) {
  auto grads = SwigluGradOp::create(g.builder(), getLoc(), g.save(getGate()), g.save(getUp()),
                                    g.gradOf(getResult()));
  g.addGrad(getGate(), grads.getGateGrad());
  g.addGrad(getUp(), grads.getUpGrad());
  return success();
}

LogicalResult RotaryOp::buildGradient(GradientBuilder &g) {
  // A rotation's gradient is the opposite rotation.
  OpBuilder &b = g.builder();
  g.addGrad(getInput(), RotaryOp::create(b, getLoc(), g.gradOf(getResult()), getHeadsAttr(),
                                         getKvHeadsAttr(), getHeadDimAttr(), getThetaAttr(),
                                         getInverse() ? UnitAttr() : b.getUnitAttr()));
  return success();
}

LogicalResult DropoutOp::buildGradient(GradientBuilder &g) {
  // The same stream regenerates the same mask: dropout is its own backward.
  g.addGrad(getInput(), DropoutOp::create(g.builder(), getLoc(), g.gradOf(getResult()),
                                          getRateAttr(), getStreamAttr()));
  return success();
}

LogicalResult AddOp::buildGradient(GradientBuilder &g) {
  Value dy = g.gradOf(getResult());
  g.addGrad(getLhs(), dy);
  g.addGrad(getRhs(), dy);
  return success();
}

LogicalResult AttentionOp::buildGradient(GradientBuilder &g) {
  Value dout = g.gradOf(getResult());
  if (!dout) // only the log-sum-exp reached the loss: it has no rule
    return success();
  Value dqkv = AttentionGradOp::create(
      g.builder(), getLoc(), getQkv().getType(), g.save(getQkv()), g.save(getResult()),
      g.save(getLse()), dout, getLengths() ? g.save(getLengths()) : Value(), getHeadsAttr(),
      getHeadDimAttr(), getCausalAttr(), getScaleAttr(), getDropoutAttr(), getStreamAttr(),
      getKvHeadsAttr(), getContextParallelAttr());
  g.addGrad(getQkv(), dqkv);
  return success();
}

// ---- mixture of experts (MtcMoeOps.td) ----

bool MoeAuxLossOp::seedsGradient() { return true; }

LogicalResult MoeAuxLossOp::buildGradient(GradientBuilder &g) {
  if (getCoeff().isZero()) // the expert load only: no term of the objective
    return success();
  // Megatron's MoEAuxLossAutoScaler: the loss's gradient joins the router's
  // backward, scaled by the runtime as the language-model loss is.
  g.addGrad(getProbs(), MoeAuxLossGradOp::create(g.builder(), getLoc(), getProbs().getType(),
                                                 g.save(getRouted()), getTopkAttr(),
                                                 getCoeffAttr()));
  return success();
}

LogicalResult MoeRouteOp::buildGradient(GradientBuilder &g) {
  Value dweights = g.gradOf(getWeights()), dprobs = g.gradOf(getProbs());
  g.addGrad(getLogits(), MoeRouteGradOp::create(g.builder(), getLoc(), getLogits().getType(),
                                                g.save(getProbs()), g.save(getExperts()),
                                                g.save(getWeights()), dweights, dprobs));
  return success();
}

LogicalResult MoePermuteOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(), MoePermuteGradOp::create(g.builder(), getLoc(), getInput().getType(),
                                                 g.gradOf(getResult()), g.save(getRowOf())));
  return success();
}

LogicalResult GroupedLinearOp::buildGradient(GradientBuilder &g) {
  auto w = g.paramOf(*this, getWeight());
  if (failed(w))
    return failure();
  Value dy = g.gradOf(getResult()), kept = g.save(getKept());
  Value dx = GroupedLinearGradInputOp::create(g.builder(), getLoc(), getInput().getType(), dy,
                                              kept, g.reread(getWeight()));
  GroupedLinearGradWeightOp::create(g.builder(), getLoc(), g.save(getInput()), dy, kept, *w);
  g.addGrad(getInput(), dx);
  return success();
}

// The two all-to-alls over the expert group are each other's gradient.
LogicalResult EpDispatchOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(), EpCombineOp::create(g.builder(), getLoc(), g.gradOf(getResult()),
                                            g.save(getAllKept()), getEpAttr()));
  return success();
}

LogicalResult EpCombineOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(), EpDispatchOp::create(g.builder(), getLoc(), g.gradOf(getResult()),
                                             g.save(getAllKept()), getEpAttr()));
  return success();
}

LogicalResult MoeCombineOp::buildGradient(GradientBuilder &g) {
  auto grads = MoeCombineGradOp::create(
      g.builder(), getLoc(), getInput().getType(), getWeights().getType(), g.save(getInput()),
      g.save(getRowOf()), g.save(getEntryOf()), g.save(getWeights()), g.gradOf(getResult()));
  g.addGrad(getInput(), grads.getInputGrad());
  g.addGrad(getWeights(), grads.getWeightsGrad());
  return success();
}

// ---- tensor parallelism's conjugate pairs: each one's gradient is the other ----

LogicalResult TpCopyOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(), TpReduceOp::create(g.builder(), getLoc(), g.gradOf(getResult())));
  return success();
}

LogicalResult TpReduceOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(), TpCopyOp::create(g.builder(), getLoc(), g.gradOf(getResult())));
  return success();
}

LogicalResult TpGatherOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(),
            TpScatterOp::create(g.builder(), getLoc(), g.gradOf(getResult()), getSizeAttr()));
  return success();
}

LogicalResult TpScatterOp::buildGradient(GradientBuilder &g) {
  g.addGrad(getInput(),
            TpGatherOp::create(g.builder(), getLoc(), g.gradOf(getResult()), getSizeAttr()));
  return success();
}
