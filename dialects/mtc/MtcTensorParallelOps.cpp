//===- MtcTensorParallelOps.cpp - shape rules of the tensor-parallel ops --===//
//
// The sequence-parallel collectives change dimension 1 (the sequence) of a
// [batch, seq, hidden] activation by the tensor group's size; bias_add checks
// that the bias fits the input. Messages name the numbers that disagree.
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mtc;

namespace {
ArrayRef<int64_t> shapeOf(Value v) {
  return llvm::cast<ShapedType>(v.getType()).getShape();
}

/// [b, s, h] with the sequence multiplied (gather) or divided (scatter) by size.
LogicalResult sequenceCollectiveType(std::optional<Location> loc, StringRef op,
                                     Value input, int64_t size, bool gather,
                                     SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(input);
  if (x.size() != 3)
    return emitOptionalError(loc, op, ": input must be [batch, seq, hidden], has rank ",
                             x.size());
  if (size < 1 || size > kMaxSize)
    return emitOptionalError(loc, op, ": size must be between 1 and ", kMaxSize,
                             ", got ", size);
  SmallVector<int64_t> shape(x);
  if (gather) {
    if (ShapedType::isDynamic(x[1]) ||
        __builtin_mul_overflow(x[1], size, &shape[1]))
      return emitOptionalError(loc, op, ": sequence length ", x[1], " x size ",
                               size, " is not a static size");
  } else {
    if (x[1] % size != 0)
      return emitOptionalError(loc, op, ": sequence length ", x[1],
                               " is not divisible by the tensor-parallel size ", size);
    shape[1] /= size;
  }
  results.push_back(RankedTensorType::get(
      shape, llvm::cast<ShapedType>(input.getType()).getElementType()));
  return success();
}
} // namespace

LogicalResult TpGatherOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  return sequenceCollectiveType(loc, "mtc.tp_gather", adaptor.getInput(),
                                adaptor.getSize(), /*gather=*/true, results);
}

LogicalResult TpScatterOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  return sequenceCollectiveType(loc, "mtc.tp_scatter", adaptor.getInput(),
                                adaptor.getSize(), /*gather=*/false, results);
}

LogicalResult BiasAddOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput());
  ArrayRef<int64_t> bias = shapeOf(adaptor.getBias());
  if (x.empty() || bias.empty() || bias.back() != x.back())
    return emitOptionalError(loc, "mtc.bias_add: bias [..., ",
                             bias.empty() ? 0 : bias.back(),
                             "] does not match the input's last dimension ",
                             x.empty() ? 0 : x.back());
  if (bias.size() > 2)
    return emitOptionalError(loc, "mtc.bias_add: bias must be [hidden] or "
                                  "[positions, hidden], has rank ",
                             bias.size());
  if (bias.size() == 2 && (x.size() != 3 || bias[0] < x[1]))
    return emitOptionalError(loc, "mtc.bias_add: a [", bias[0], ", ", bias[1],
                             "] position table needs a [batch, seq <= ", bias[0],
                             ", hidden] input");
  results.push_back(adaptor.getInput().getType());
  return success();
}

LogicalResult BiasAddGradOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto param = symbols.lookupNearestSymbolFrom<ParamOp>(*this, getBiasAttr());
  if (!param)
    return emitOpError() << "names " << getBiasAttr() << ", which is not an mtc.param";
  if (param.getTensorType().getShape().back() != shapeOf(getGrad()).back())
    return emitOpError("gradient's last dimension ")
           << shapeOf(getGrad()).back() << " does not match bias "
           << param.getTensorType();
  return success();
}
