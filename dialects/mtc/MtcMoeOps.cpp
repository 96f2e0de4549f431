//===- MtcMoeOps.cpp - shape rules of the mixture-of-experts ops ----------===//
//
// N tokens are the product of the leading dimensions of `logits`, `experts`
// and `row_of` ([b, s, E] and [b, s, k]); the permuted rows are 2-d
// [rows, width]. Messages name the numbers that disagree.
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mtc;

namespace {
ArrayRef<int64_t> shapeOf(Value v) { return llvm::cast<ShapedType>(v.getType()).getShape(); }

std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '[';
  llvm::interleaveComma(shape, os);
  os << ']';
  return s;
}

int64_t tokensOf(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape.drop_back())
    n *= d;
  return n;
}

SmallVector<int64_t> withLast(ArrayRef<int64_t> shape, int64_t last) {
  SmallVector<int64_t> s(shape.drop_back());
  s.push_back(last);
  return s;
}

RankedTensorType tensor(MLIRContext *ctx, ArrayRef<int64_t> shape, bool i32 = false) {
  return RankedTensorType::get(shape, i32 ? Type(IntegerType::get(ctx, 32))
                                          : Type(Float32Type::get(ctx)));
}

/// Megatron's get_capacity(N k, E, f): ceil(N k / E * f); 0 without a factor.
int64_t capacityOf(int64_t tokens, int64_t k, int64_t experts, double factor) {
  if (!(factor > 0))
    return 0;
  return static_cast<int64_t>(std::ceil(static_cast<double>(tokens * k) / experts * factor));
}

/// The permuted layout's row count: N k, or min(N k, E capacity).
int64_t permutedRows(int64_t tokens, int64_t k, int64_t experts, int64_t capacity) {
  return capacity > 0 ? std::min(tokens * k, experts * capacity) : tokens * k;
}

/// Grouped-linear operands: rows [R, in], kept [E], weight [E, in, out].
LogicalResult checkGrouped(std::optional<Location> loc, StringRef op, ArrayRef<int64_t> rows,
                           ArrayRef<int64_t> kept, ArrayRef<int64_t> w, int64_t rowWidth) {
  if (rows.size() != 2 || kept.size() != 1 || w.size() != 3)
    return emitOptionalError(loc, op, ": needs rows [rows, features], counts [E] and a weight "
                                      "[E, in, out], got ",
                             shapeStr(rows), ", ", shapeStr(kept), " and ", shapeStr(w));
  if (kept[0] != w[0])
    return emitOptionalError(loc, op, ": counts ", shapeStr(kept), " are not one per expert of weight ",
                             shapeStr(w));
  if (rows[1] != rowWidth)
    return emitOptionalError(loc, op, ": rows ", shapeStr(rows), " have ", rows[1],
                             " features but weight ", shapeStr(w), " takes ", rowWidth);
  return success();
}
} // namespace

LogicalResult MoeRouteOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                           Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> logits = shapeOf(adaptor.getLogits());
  int64_t k = adaptor.getTopk();
  if (logits.size() < 2)
    return emitOptionalError(loc, "mtc.moe_route: logits must be [..., experts], got ",
                             shapeStr(logits));
  if (k < 1 || k > logits.back())
    return emitOptionalError(loc, "mtc.moe_route: topk must be between 1 and the ",
                             logits.back(), " experts, got ", k);
  results.push_back(tensor(ctx, logits));
  results.push_back(tensor(ctx, withLast(logits, k), /*i32=*/true));
  results.push_back(tensor(ctx, withLast(logits, k)));
  return success();
}

LogicalResult MoeDispatchOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                              Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> experts = shapeOf(adaptor.getExperts());
  int64_t E = adaptor.getNumExperts();
  double factor = adaptor.getCapacityFactor().convertToDouble();
  if (experts.size() < 2 || shapeOf(adaptor.getWeights()) != experts)
    return emitOptionalError(loc, "mtc.moe_dispatch: experts and weights must both be "
                                  "[..., topk], got ",
                             shapeStr(experts), " and ", shapeStr(shapeOf(adaptor.getWeights())));
  if (E < 1 || experts.back() > E)
    return emitOptionalError(loc, "mtc.moe_dispatch: ", E, " experts cannot take ",
                             experts.back(), " picks a token");
  if (!(factor >= 0) || !std::isfinite(factor))
    return emitOptionalError(loc, "mtc.moe_dispatch: capacity_factor must be 0 (none) or "
                                  "positive, got ",
                             factor);
  int64_t rows = permutedRows(tokensOf(experts), experts.back(), E,
                              capacityOf(tokensOf(experts), experts.back(), E, factor));
  results.push_back(tensor(ctx, {E}, true));
  results.push_back(tensor(ctx, {E}, true));
  results.push_back(tensor(ctx, experts, true));
  results.push_back(tensor(ctx, {rows}, true));
  return success();
}

int64_t MoeDispatchOp::getCapacity() {
  ArrayRef<int64_t> experts = shapeOf(getExperts());
  return capacityOf(tokensOf(experts), experts.back(), getNumExperts(),
                    getCapacityFactor().convertToDouble());
}

LogicalResult MoeAuxLossOp::verify() {
  ArrayRef<int64_t> probs = shapeOf(getProbs()), routed = shapeOf(getRouted());
  if (probs.size() < 2 || routed.size() != 1 || routed[0] != probs.back())
    return emitOpError("needs probabilities [..., E] and counts [E], got ")
           << shapeStr(probs) << " and " << shapeStr(routed);
  if (getTopk() < 1 || getTopk() > probs.back())
    return emitOpError("topk must be between 1 and the ") << probs.back() << " experts";
  if (!(getCoeff().convertToDouble() >= 0) || !std::isfinite(getCoeff().convertToDouble()))
    return emitOpError("coeff must be finite and not negative (0: the expert load only)");
  return success();
}

LogicalResult MoePermuteOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                             Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput()), rowOf = shapeOf(adaptor.getRowOf()),
                    entryOf = shapeOf(adaptor.getEntryOf());
  if (x.size() < 2 || rowOf.size() != x.size() || entryOf.size() != 1 ||
      rowOf.drop_back() != x.drop_back())
    return emitOptionalError(loc, "mtc.moe_permute: input [..., hidden] and row_of [..., topk] "
                                  "must share their tokens and entry_of be [rows], got ",
                             shapeStr(x), ", ", shapeStr(rowOf), " and ", shapeStr(entryOf));
  results.push_back(tensor(ctx, {entryOf[0], x.back()}));
  return success();
}

LogicalResult GroupedLinearOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> rows = shapeOf(adaptor.getInput()), w = shapeOf(adaptor.getWeight());
  if (failed(checkGrouped(loc, "mtc.grouped_linear", rows, shapeOf(adaptor.getKept()), w,
                          w.size() == 3 ? w[1] : -1)))
    return failure();
  results.push_back(tensor(ctx, {rows[0], w[2]}));
  return success();
}

LogicalResult MoeCombineOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                             Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> yp = shapeOf(adaptor.getInput()), rowOf = shapeOf(adaptor.getRowOf()),
                    entryOf = shapeOf(adaptor.getEntryOf()),
                    weights = shapeOf(adaptor.getWeights());
  if (yp.size() != 2 || rowOf.size() < 2 || weights != rowOf || entryOf.size() != 1 ||
      entryOf[0] != yp[0])
    return emitOptionalError(loc, "mtc.moe_combine: needs rows [rows, hidden], row_of and "
                                  "weights [..., topk] alike and entry_of [rows], got ",
                             shapeStr(yp), ", ", shapeStr(rowOf), ", ", shapeStr(weights),
                             " and ", shapeStr(entryOf));
  results.push_back(tensor(ctx, withLast(rowOf, yp[1])));
  return success();
}

LogicalResult MoeRouteGradOp::verify() {
  ArrayRef<int64_t> probs = shapeOf(getProbs()), experts = shapeOf(getExperts());
  if (probs.size() < 2 || experts.size() != probs.size() ||
      experts.drop_back() != probs.drop_back() || shapeOf(getWeights()) != experts ||
      shapeOf(getResult()) != probs)
    return emitOpError("needs probabilities and result [..., E], experts and weights "
                       "[..., topk] for the same tokens, got ")
           << shapeStr(probs) << ", " << shapeStr(experts) << ", "
           << shapeStr(shapeOf(getWeights())) << " and " << shapeStr(shapeOf(getResult()));
  if (getWeightsGrad() && shapeOf(getWeightsGrad()) != experts)
    return emitOpError("weights_grad must be ") << shapeStr(experts);
  if (getProbsGrad() && shapeOf(getProbsGrad()) != probs)
    return emitOpError("probs_grad must be ") << shapeStr(probs);
  return success();
}

LogicalResult MoeAuxLossGradOp::verify() {
  ArrayRef<int64_t> routed = shapeOf(getRouted()), result = shapeOf(getResult());
  if (routed.size() != 1 || result.size() < 2 || result.back() != routed[0])
    return emitOpError("needs counts [E] and a result [..., E], got ")
           << shapeStr(routed) << " and " << shapeStr(result);
  if (getTopk() < 1 || getTopk() > routed[0])
    return emitOpError("topk must be between 1 and the ") << routed[0] << " experts";
  return success();
}

LogicalResult MoePermuteGradOp::verify() {
  ArrayRef<int64_t> dxp = shapeOf(getGrad()), rowOf = shapeOf(getRowOf()),
                    dx = shapeOf(getResult());
  if (dxp.size() != 2 || rowOf.size() < 2 || dx.size() != rowOf.size() ||
      dx.drop_back() != rowOf.drop_back() || dx.back() != dxp[1])
    return emitOpError("needs rows [rows, hidden], row_of [..., topk] and a result "
                       "[..., hidden] for row_of's tokens, got ")
           << shapeStr(dxp) << ", " << shapeStr(rowOf) << " and " << shapeStr(dx);
  return success();
}

LogicalResult GroupedLinearGradInputOp::verify() {
  ArrayRef<int64_t> dy = shapeOf(getGrad()), w = shapeOf(getWeight()), dx = shapeOf(getResult());
  if (failed(checkGrouped(getLoc(), "mtc.grouped_linear_dx", dy, shapeOf(getKept()), w,
                          w.size() == 3 ? w[2] : -1)))
    return failure();
  if (dx.size() != 2 || dx[0] != dy[0] || dx[1] != w[1])
    return emitOpError("result ") << shapeStr(dx) << " must be [" << dy[0] << ", " << w[1] << "]";
  return success();
}

LogicalResult GroupedLinearGradWeightOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto weight = symbols.lookupNearestSymbolFrom<ParamOp>(*this, getWeightAttr());
  if (!weight)
    return emitOpError() << "names " << getWeightAttr() << ", which is not an mtc.param";
  ArrayRef<int64_t> w = weight.getTensorType().getShape();
  ArrayRef<int64_t> x = shapeOf(getInput()), dy = shapeOf(getGrad());
  if (failed(checkGrouped(getLoc(), "mtc.grouped_linear_dw", x, shapeOf(getKept()), w,
                          w.size() == 3 ? w[1] : -1)))
    return failure();
  if (dy.size() != 2 || dy[0] != x[0] || dy[1] != w[2])
    return emitOpError("gradient ") << shapeStr(dy) << " must be [" << x[0] << ", " << w[2]
                                    << "]";
  return success();
}

LogicalResult MoeCombineGradOp::verify() {
  ArrayRef<int64_t> yp = shapeOf(getInput()), rowOf = shapeOf(getRowOf()),
                    dy = shapeOf(getGrad());
  if (yp.size() != 2 || rowOf.size() < 2 || shapeOf(getWeights()) != rowOf ||
      shapeOf(getEntryOf()) != ArrayRef<int64_t>{yp[0]} || dy.size() != rowOf.size() ||
      dy.drop_back() != rowOf.drop_back() || dy.back() != yp[1] ||
      shapeOf(getInputGrad()) != yp || shapeOf(getWeightsGrad()) != rowOf)
    return emitOpError("needs rows [rows, hidden] (and their gradient), row_of and weights "
                       "[..., topk] (and theirs), entry_of [rows] and a gradient [..., hidden], "
                       "got rows ")
           << shapeStr(yp) << ", row_of " << shapeStr(rowOf) << ", gradient " << shapeStr(dy);
  return success();
}

/// all_kept [ep, E]: E divided by ep.
static LogicalResult checkExpertGroup(std::optional<Location> loc, StringRef op,
                                      ArrayRef<int64_t> allKept, int64_t ep) {
  if (ep < 1 || allKept.size() != 2 || allKept[0] != ep || allKept[1] % ep != 0)
    return emitOptionalError(loc, op, ": counts ", shapeStr(allKept), " must be [", ep,
                             ", E] with ", ep, " dividing E");
  return success();
}

LogicalResult EpCountsOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                           Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> kept = shapeOf(adaptor.getKept());
  int64_t ep = adaptor.getEp();
  if (kept.size() != 1 || ep < 1 || kept[0] % ep != 0)
    return emitOptionalError(loc, "mtc.ep_counts: ", ep, " expert-parallel ranks must divide the ",
                             kept.empty() ? 0 : kept[0], " experts of counts ", shapeStr(kept));
  results.push_back(tensor(ctx, {ep, kept[0]}, true));
  results.push_back(tensor(ctx, {kept[0] / ep}, true));
  return success();
}

LogicalResult EpDispatchOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                             Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput());
  if (x.size() != 2)
    return emitOptionalError(loc, "mtc.ep_dispatch: rows must be [rows, width], got ", shapeStr(x));
  if (failed(checkExpertGroup(loc, "mtc.ep_dispatch", shapeOf(adaptor.getAllKept()),
                              adaptor.getEp())))
    return failure();
  results.push_back(tensor(ctx, {x[0] * adaptor.getEp(), x[1]}));
  return success();
}

LogicalResult EpCombineOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                            Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput());
  int64_t ep = adaptor.getEp();
  if (x.size() != 2 || ep < 1 || x[0] % ep != 0)
    return emitOptionalError(loc, "mtc.ep_combine: rows must be [", ep, " R, width], got ",
                             shapeStr(x));
  if (failed(checkExpertGroup(loc, "mtc.ep_combine", shapeOf(adaptor.getAllKept()), ep)))
    return failure();
  results.push_back(tensor(ctx, {x[0] / ep, x[1]}));
  return success();
}
