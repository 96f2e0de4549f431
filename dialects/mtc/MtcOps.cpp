//===- MtcOps.cpp - mtc operations: shape rules and verifiers -------------===//
//
// Every message names the shapes or numbers that disagree: a user who wrote a
// model by hand should see which dimension to fix.
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcOps.h"
#include "mtc/Plan/CheckedMath.h"
#include "mtc/Support/LrSchedule.h"
#include "llvm/ADT/StringExtras.h"
// The plan's records, for ops whose ODS defines their step
// (ExecStepOpInterface in an extraClassDefinition).
#include "plan.pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mtc;

namespace {
/// "[2, 64, 128]" for messages.
std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '[';
  llvm::interleaveComma(shape, os, [&](int64_t d) {
    if (ShapedType::isDynamic(d))
      os << '?';
    else
      os << d;
  });
  os << ']';
  return s;
}

std::string shapeStr(Type t) {
  return shapeStr(llvm::cast<ShapedType>(t).getShape());
}

ArrayRef<int64_t> shapeOf(Value v) {
  return llvm::cast<ShapedType>(v.getType()).getShape();
}

RankedTensorType f32Tensor(MLIRContext *ctx, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, Float32Type::get(ctx));
}

/// Elements x 4 bytes of a static shape, or an error naming the dimensions.
LogicalResult checkBytes(std::optional<Location> loc, StringRef op,
                         ArrayRef<int64_t> shape) {
  int64_t bytes = 4;
  std::string dims;
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d))
      return success();
    if (__builtin_mul_overflow(bytes, d, &bytes) || bytes < 0)
      return emitOptionalError(loc, op, ": ", shapeStr(shape),
                               " x 4 bytes overflows int64");
  }
  return success();
}

/// Resolves a parameter symbol for an op that names it.
LogicalResult lookupParam(Operation *op, SymbolTableCollection &symbols,
                          FlatSymbolRefAttr name, ParamOp &param) {
  param = symbols.lookupNearestSymbolFrom<ParamOp>(op, name);
  if (!param)
    return op->emitOpError() << "names " << name
                             << ", which is not an mtc.param";
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// ParamOp / ParamRefOp
//===----------------------------------------------------------------------===//

LogicalResult ParamOp::verify() {
  bool isNormal = getInit() == InitKind::normal;
  if (isNormal && !getStd())
    return emitOpError("with init 'normal' needs a standard deviation");
  if (!isNormal && getStd())
    return emitOpError("with init '")
           << stringifyInitKind(getInit()) << "' takes no standard deviation";
  if (getStd() && !(getStd()->convertToDouble() > 0.0))
    return emitOpError("standard deviation must be positive, got ")
           << getStd()->convertToDouble();
  if (getStd() && !std::isfinite(getStd()->convertToDouble()))
    return emitOpError("standard deviation must be finite, got ")
           << getStd()->convertToDouble();
  RankedTensorType type = getTensorType();
  if (!type.hasStaticShape())
    return emitOpError("shape must be static, got ") << shapeStr(type);
  // Every dimension is at least 1: split and slice checks divide by them.
  if (llvm::any_of(type.getShape(), [](int64_t d) { return d < 1; }))
    return emitOpError("dimensions must be at least 1, got ") << shapeStr(type);
  if (failed(checkBytes(getLoc(), "mtc.param", type.getShape())))
    return failure();
  if (auto full = getFullShape()) {
    if (llvm::any_of(*full, [](int64_t d) { return d < 1; }))
      return emitOpError("full_shape dimensions must be at least 1, got ")
             << shapeStr(*full);
    if (failed(checkBytes(getLoc(), "mtc.param full_shape", *full)))
      return failure();
  }
  if (getSplitDim()) {
    // Tensor-parallel slice: the runtime places it at tensor rank * extent.
    int64_t d = *getSplitDim();
    auto full = getFullShape();
    if (!full || getSliceOffset() || static_cast<int64_t>(full->size()) != type.getRank() || d < 0 ||
        d >= type.getRank())
      return emitOpError("with split_dim needs a full_shape of rank ")
             << type.getRank() << ", no slice_offset and 0 <= split_dim < rank";
    for (int64_t i = 0; i < type.getRank(); ++i)
      if (i == d ? (*full)[i] % type.getDimSize(i) != 0
                 : (*full)[i] != type.getDimSize(i))
        return emitOpError("slice ")
               << shapeStr(type) << " split along " << d
               << " does not tile full shape " << shapeStr(*full);
    return success();
  }
  if (getFullShape().has_value() != getSliceOffset().has_value())
    return emitOpError("needs both full_shape and slice_offset, or neither");
  if (auto full = getFullShape()) {
    ArrayRef<int64_t> offset = *getSliceOffset();
    if (static_cast<int64_t>(full->size()) != type.getRank() ||
        static_cast<int64_t>(offset.size()) != type.getRank())
      return emitOpError("slice of rank ")
             << type.getRank() << " has full_shape " << shapeStr(*full)
             << " and slice_offset " << shapeStr(offset);
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (offset[d] < 0 || offset[d] > (*full)[d] - type.getDimSize(d))
        return emitOpError("slice ")
               << shapeStr(type) << " at offset " << shapeStr(offset)
               << " does not fit in full shape " << shapeStr(*full);
  }
  return success();
}

LogicalResult ParamRefOp::verifySymbolUses(SymbolTableCollection &symbols) {
  ParamOp param;
  if (failed(lookupParam(*this, symbols, getParamAttr(), param)))
    return failure();
  if (param.getType() != getType())
    return emitOpError("result type ")
           << getType() << " differs from " << getParamAttr() << "'s type "
           << param.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Forward ops: shape rules
//===----------------------------------------------------------------------===//

LogicalResult EmbeddingOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> tokens = shapeOf(adaptor.getTokens());
  ArrayRef<int64_t> wte = shapeOf(adaptor.getWte());
  if (tokens.size() != 2)
    return emitOptionalError(loc, "mtc.embedding: tokens must be [batch, seq], got ",
                             shapeStr(tokens));
  if (wte.size() != 2)
    return emitOptionalError(loc, "mtc.embedding: wte must be [vocab, hidden], got ",
                             shapeStr(wte));
  if (Value wpeValue = adaptor.getWpe()) {
    ArrayRef<int64_t> wpe = shapeOf(wpeValue);
    if (wpe.size() != 2 || wpe[1] != wte[1])
      return emitOptionalError(loc, "mtc.embedding: wpe ", shapeStr(wpe),
                               " must be [positions, ", wte[1],
                               "] to match wte ", shapeStr(wte));
    if (wpe[0] < tokens[1])
      return emitOptionalError(loc, "mtc.embedding: sequence length ", tokens[1],
                               " exceeds the ", wpe[0], " learned positions");
  }
  // ODS returns I64Attr values as uint64_t: compare them signed.
  if (static_cast<int64_t>(adaptor.getVocabStart()) < 0)
    return emitOptionalError(loc, "mtc.embedding: vocab_start ",
                             static_cast<int64_t>(adaptor.getVocabStart()),
                             " is negative");
  results.push_back(f32Tensor(ctx, {tokens[0], tokens[1], wte[1]}));
  return success();
}

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput());
  if (x.empty())
    return emitOptionalError(loc, "mtc.layer_norm: input must have a rank");
  int64_t h = x.back();
  for (Value v : {adaptor.getWeight(), adaptor.getBias()})
    if (shapeOf(v) != ArrayRef<int64_t>{h})
      return emitOptionalError(loc, "mtc.layer_norm: weight and bias must be [",
                               h, "] for input ", shapeStr(x), ", got ",
                               shapeStr(shapeOf(v)));
  double eps = adaptor.getEps().convertToDouble();
  if (!(eps > 0.0) || !std::isfinite(eps))
    return emitOptionalError(loc, "mtc.layer_norm: eps must be positive and "
                                  "finite, got ", eps);
  results.push_back(adaptor.getInput().getType());
  return success();
}

LogicalResult RmsNormOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                          Adaptor adaptor, SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput());
  if (x.empty())
    return emitOptionalError(loc, "mtc.rms_norm: input must have a rank");
  if (shapeOf(adaptor.getWeight()) != ArrayRef<int64_t>{x.back()})
    return emitOptionalError(loc, "mtc.rms_norm: weight must be [", x.back(), "] for input ",
                             shapeStr(x), ", got ", shapeStr(shapeOf(adaptor.getWeight())));
  double eps = adaptor.getEps().convertToDouble();
  if (!(eps > 0.0) || !std::isfinite(eps))
    return emitOptionalError(loc, "mtc.rms_norm: eps must be positive and finite, got ", eps);
  results.push_back(adaptor.getInput().getType());
  return success();
}

LogicalResult LinearOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput());
  ArrayRef<int64_t> w = shapeOf(adaptor.getWeight());
  if (x.empty() || w.size() != 2)
    return emitOptionalError(loc, "mtc.linear: needs an input with a rank and a "
                                  "2-d weight, got ",
                             shapeStr(x), " and ", shapeStr(w));
  bool transposed = adaptor.getTransposeWeight();
  int64_t in = transposed ? w[1] : w[0];
  int64_t out = transposed ? w[0] : w[1];
  if (x.back() != in)
    return emitOptionalError(loc, "mtc.linear: input ", shapeStr(x),
                             " has ", x.back(), " features but weight ",
                             shapeStr(w), transposed ? " (transposed)" : "",
                             " takes ", in);
  if (Value bias = adaptor.getBias())
    if (shapeOf(bias) != ArrayRef<int64_t>{out})
      return emitOptionalError(loc, "mtc.linear: bias must be [", out,
                               "], got ", shapeStr(shapeOf(bias)));
  SmallVector<int64_t> shape(x.drop_back());
  shape.push_back(out);
  results.push_back(f32Tensor(ctx, shape));
  return success();
}

LogicalResult DropoutOp::verify() {
  double rate = getRate().convertToDouble();
  if (!(rate >= 0.0 && rate < 1.0))
    return emitOpError("rate must be in [0, 1), got ") << rate;
  return success();
}

/// The features of a packed QKV row: every query head and, per group, one
/// key and one value head (checked against overflow by the caller).
static int64_t qkvWidth(int64_t heads, int64_t kvHeads, int64_t headDim) {
  return (heads + 2 * (kvHeads ? kvHeads : heads)) * headDim;
}

/// Heads and key/value groups of a packed QKV tensor of `qkv`'s shape.
static LogicalResult checkPackedQkv(std::optional<Location> loc, StringRef op,
                                    ArrayRef<int64_t> qkv, int64_t heads,
                                    int64_t kvHeads, int64_t headDim) {
  if (qkv.size() != 3)
    return emitOptionalError(loc, op, ": qkv must be [batch, seq, "
                                      "(heads + 2*kv_heads)*head_dim], got ",
                             shapeStr(qkv));
  if (heads <= 0 || headDim <= 0 || heads > kMaxSize || headDim > kMaxSize)
    return emitOptionalError(loc, op, ": heads (", heads, ") and head_dim (", headDim,
                             ") must be between 1 and ", kMaxSize);
  if (kvHeads < 0 || (kvHeads > 0 && heads % kvHeads != 0))
    return emitOptionalError(loc, op, ": kv_heads (", kvHeads,
                             ") must be 0 (one per query head) or divide heads (", heads,
                             ")");
  if (Result<int64_t> width = checkedProduct(
          {{"heads", heads}, {"3", 3}, {"head_dim", headDim}, {"4 bytes", 4}});
      !width)
    return emitOptionalError(loc, op, ": ", width.error());
  int64_t width = qkvWidth(heads, kvHeads, headDim);
  if (qkv[2] != width)
    return emitOptionalError(loc, op, ": qkv has ", qkv[2], " features, but (", heads,
                             " heads + 2 x ", kvHeads ? kvHeads : heads, " kv heads) x ",
                             headDim, " = ", width);
  return success();
}

/// Shared by the attention op and its gradient.
static LogicalResult checkAttention(std::optional<Location> loc,
                                    ArrayRef<int64_t> qkv, int64_t heads,
                                    int64_t kvHeads, int64_t headDim, double scale,
                                    double dropout) {
  if (failed(checkPackedQkv(loc, "mtc.attention", qkv, heads, kvHeads, headDim)))
    return failure();
  if (!(scale > 0.0) || !std::isfinite(scale))
    return emitOptionalError(loc, "mtc.attention: scale must be positive and "
                                  "finite, got ", scale);
  if (!(dropout >= 0.0 && dropout < 1.0))
    return emitOptionalError(loc, "mtc.attention: dropout must be in [0, 1), got ",
                             dropout);
  return success();
}

LogicalResult RotaryOp::verify() {
  if (failed(checkPackedQkv(getLoc(), "mtc.rotary", shapeOf(getInput()), getHeads(),
                            getKvHeads(), getHeadDim())))
    return failure();
  if (getHeadDim() % 2 != 0)
    return emitOpError("head_dim (") << getHeadDim()
                                     << ") must be even: dimensions rotate in pairs";
  double theta = getTheta().convertToDouble();
  if (!(theta > 1.0) || !std::isfinite(theta))
    return emitOpError("theta must be finite and greater than 1, got ") << theta;
  return success();
}

LogicalResult AttentionOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> qkv = shapeOf(adaptor.getQkv());
  int64_t heads = adaptor.getHeads(), hd = adaptor.getHeadDim();
  if (failed(checkAttention(loc, qkv, heads, adaptor.getKvHeads(), hd,
                            adaptor.getScale().convertToDouble(),
                            adaptor.getDropout().convertToDouble())))
    return failure();
  if (Value lengths = adaptor.getLengths())
    if (shapeOf(lengths) != ArrayRef<int64_t>{qkv[0]})
      return emitOptionalError(loc, "mtc.attention: lengths must be [", qkv[0],
                               "] (one per sample), got ", shapeStr(shapeOf(lengths)));
  results.push_back(f32Tensor(ctx, {qkv[0], qkv[1], heads * hd}));
  results.push_back(f32Tensor(ctx, {qkv[0], heads, qkv[1]}));
  return success();
}

/// [b, s', h] activations against [b, s] per-position ids: s' divides s (a
/// sequence-parallel shard has s / t positions).
static LogicalResult checkShardOf(std::optional<Location> loc, StringRef op,
                                  ArrayRef<int64_t> x, ArrayRef<int64_t> ids) {
  if (x.size() != 3 || ids.size() != 2 || x[0] != ids[0] || x[1] < 1 ||
      ids[1] % x[1] != 0)
    return emitOptionalError(loc, op, ": input ", shapeStr(x),
                             " must be [batch, seq or a sequence shard, hidden] "
                             "for ids ", shapeStr(ids));
  return success();
}

LogicalResult TokenTypeAddOp::inferReturnTypes(MLIRContext *ctx,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput()), table = shapeOf(adaptor.getTable());
  if (failed(checkShardOf(loc, "mtc.token_type_add", x, shapeOf(adaptor.getTypes()))))
    return failure();
  if (table.size() != 2 || table[1] != x[2] || table[0] < 1)
    return emitOptionalError(loc, "mtc.token_type_add: table must be [types, ", x[2],
                             "], got ", shapeStr(table));
  results.push_back(adaptor.getInput().getType());
  return success();
}

LogicalResult FirstTokenOp::inferReturnTypes(MLIRContext *ctx,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  ArrayRef<int64_t> x = shapeOf(adaptor.getInput());
  if (x.size() != 3 || x[1] < 1)
    return emitOptionalError(loc, "mtc.first_token: input must be [batch, seq, hidden], got ",
                             shapeStr(x));
  results.push_back(f32Tensor(ctx, {x[0], 1, x[2]}));
  return success();
}

/// Shared by the loss and its gradient.
static LogicalResult checkCrossEntropy(std::optional<Location> loc,
                                       ArrayRef<int64_t> logits,
                                       ArrayRef<int64_t> targets,
                                       int64_t validVocab, int64_t vocabStart) {
  if (logits.size() < 2 || ArrayRef<int64_t>(logits).drop_back() != targets)
    return emitOptionalError(loc, "mtc.cross_entropy: logits ", shapeStr(logits),
                             " must be targets ", shapeStr(targets),
                             " plus a vocabulary dimension");
  if (vocabStart < 0 || validVocab <= vocabStart)
    return emitOptionalError(loc, "mtc.cross_entropy: valid_vocab ", validVocab,
                             " must exceed vocab_start ", vocabStart);
  return success();
}

LogicalResult CrossEntropyOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &results) {
  if (failed(checkCrossEntropy(loc, shapeOf(adaptor.getLogits()),
                               shapeOf(adaptor.getTargets()),
                               adaptor.getValidVocab(), adaptor.getVocabStart())))
    return failure();
  results.push_back(f32Tensor(ctx, {}));
  return success();
}

//===----------------------------------------------------------------------===//
// LayerOp
//===----------------------------------------------------------------------===//

LogicalResult LayerOp::verify() {
  Block &body = getBody().front();
  if (body.getArgumentTypes() != getInputs().getTypes())
    return emitOpError("region arguments must have the inputs' types");
  auto yield = llvm::dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return emitOpError("region must end in mtc.yield");
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError("yields ")
           << yield.getValues().size() << " values whose types differ from its "
           << getNumResults() << " results";
  int64_t index = static_cast<int64_t>(getIndex());
  if (index < 0)
    return emitOpError("index must not be negative, got ") << index;
  // The model's layer count bounds it (checked on the module, with
  // mtc.model); without one, the int32 every layer count is kept in.
  if (index >= kMaxSize)
    return emitOpError("index ") << index << " is not below " << kMaxSize;
  return success();
}

//===----------------------------------------------------------------------===//
// Gradient ops
//===----------------------------------------------------------------------===//

/// Layer norm's epsilon, in its gradient ops as in the forward.
static LogicalResult checkEps(Operation *op, APFloat eps) {
  double e = eps.convertToDouble();
  if (!(e > 0.0) || !std::isfinite(e))
    return op->emitOpError("eps must be positive and finite, got ") << e;
  return success();
}

LogicalResult
EmbeddingGradOp::verifySymbolUses(SymbolTableCollection &symbols) {
  ParamOp wte, wpe;
  if (failed(lookupParam(*this, symbols, getWteAttr(), wte)))
    return failure();
  if (getWpeAttr() && failed(lookupParam(*this, symbols, getWpeAttr(), wpe)))
    return failure();
  if (wte.getTensorType().getRank() != 2 || shapeOf(getGrad()).empty())
    return emitOpError("needs a [vocab, hidden] table and a gradient with a "
                       "hidden dimension, got ")
           << shapeStr(wte.getType()) << " and "
           << shapeStr(getGrad().getType());
  int64_t h = wte.getTensorType().getDimSize(1);
  if (shapeOf(getGrad()).back() != h)
    return emitOpError("gradient ") << shapeStr(getGrad().getType())
                                    << " does not match table "
                                    << shapeStr(wte.getType());
  return success();
}

LogicalResult
LayerNormGradWeightOp::verifySymbolUses(SymbolTableCollection &symbols) {
  ParamOp weight, bias;
  if (failed(lookupParam(*this, symbols, getWeightAttr(), weight)) ||
      failed(lookupParam(*this, symbols, getBiasAttr(), bias)))
    return failure();
  if (shapeOf(getInput()).empty())
    return emitOpError("input must have a rank");
  if (failed(checkEps(*this, getEps())))
    return failure();
  int64_t h = shapeOf(getInput()).back();
  if (weight.getTensorType().getShape() != ArrayRef<int64_t>{h})
    return emitOpError("weight ") << shapeStr(weight.getType())
                                  << " does not match input "
                                  << shapeStr(getInput().getType());
  return success();
}

LogicalResult
RmsNormGradWeightOp::verifySymbolUses(SymbolTableCollection &symbols) {
  ParamOp weight;
  if (failed(lookupParam(*this, symbols, getWeightAttr(), weight)))
    return failure();
  if (shapeOf(getInput()).empty() || getInput().getType() != getGrad().getType())
    return emitOpError("needs an input with a rank and a gradient of its type, got ")
           << shapeStr(getInput().getType()) << " and " << shapeStr(getGrad().getType());
  if (failed(checkEps(*this, getEps())))
    return failure();
  if (weight.getTensorType().getShape() != ArrayRef<int64_t>{shapeOf(getInput()).back()})
    return emitOpError("weight ") << shapeStr(weight.getType()) << " does not match input "
                                  << shapeStr(getInput().getType());
  return success();
}

LogicalResult
LinearGradWeightOp::verifySymbolUses(SymbolTableCollection &symbols) {
  ParamOp weight, bias;
  if (failed(lookupParam(*this, symbols, getWeightAttr(), weight)))
    return failure();
  if (getBiasAttr() && failed(lookupParam(*this, symbols, getBiasAttr(), bias)))
    return failure();
  ArrayRef<int64_t> w = weight.getTensorType().getShape();
  if (w.size() != 2 || shapeOf(getInput()).empty() || shapeOf(getGrad()).empty())
    return emitOpError("needs a 2-d weight and ranked input and gradient, got ")
           << shapeStr(w) << ", " << shapeStr(getInput().getType()) << " and "
           << shapeStr(getGrad().getType());
  int64_t in = getTransposeWeight() ? w[1] : w[0];
  int64_t out = getTransposeWeight() ? w[0] : w[1];
  if (shapeOf(getInput()).back() != in || shapeOf(getGrad()).back() != out)
    return emitOpError("input ")
           << shapeStr(getInput().getType()) << " and gradient "
           << shapeStr(getGrad().getType()) << " do not match weight "
           << shapeStr(w);
  return success();
}

//===----------------------------------------------------------------------===//
// AdamWOp
//===----------------------------------------------------------------------===//

LogicalResult AdamWOp::verify() {
  auto in = [](APFloat v, double lo, double hi) {
    double d = v.convertToDouble();
    return d >= lo && d <= hi;
  };
  if (!in(getLr(), 0.0, 1.0) || !in(getMinLr(), 0.0, getLr().convertToDouble()))
    return emitOpError("needs 0 <= min_lr <= lr <= 1, got lr ")
           << getLr().convertToDouble() << " and min_lr "
           << getMinLr().convertToDouble();
  if (!in(getBeta1(), 0.0, 0.999999) || !in(getBeta2(), 0.0, 0.999999))
    return emitOpError("betas must be in [0, 1)");
  if (!(getEps().convertToDouble() > 0.0) ||
      !std::isfinite(getEps().convertToDouble()))
    return emitOpError("eps must be positive and finite");
  if (static_cast<int64_t>(getWarmupSteps()) < 0 ||
      static_cast<int64_t>(getDecaySteps()) < 0)
    return emitOpError("step counts must not be negative");
  if (!in(getWeightDecay(), 0.0, 1e300) || !in(getClipGrad(), 0.0, 1e300))
    return emitOpError("weight_decay and clip_grad must be finite and not "
                       "negative");
  // Megatron-LM's --lr-decay-style and --lr-wsd-decay-style spellings.
  if (!llvm::is_contained(kDecayStyles, getDecayStyle().str()))
    return emitOpError("decay_style must be one of ")
           << llvm::join(kDecayStyles, ", ") << ", got '" << getDecayStyle() << "'";
  if (!llvm::is_contained(kWsdDecayStyles, getWsdDecayStyle().str()))
    return emitOpError("wsd_decay_style must be one of ")
           << llvm::join(kWsdDecayStyles, ", ") << ", got '" << getWsdDecayStyle() << "'";
  if (static_cast<int64_t>(getWsdDecaySteps()) < 0)
    return emitOpError("step counts must not be negative");
  if (getDecayStyle() == "WSD" && getWsdDecaySteps() == 0)
    return emitOpError("decay_style WSD needs wsd_decay_steps > 0");
  return success();
}

//===----------------------------------------------------------------------===//
// Gradient ops with results: the gradient has its forward value's shape
//===----------------------------------------------------------------------===//

/// A normalization's input gradient: input, gradient and result of one type
/// and an [h] weight (layer norm's and RMS norm's alike).
template <typename OpT> static LogicalResult verifyNormGradInput(OpT op) {
  if (failed(checkEps(op, op.getEps())))
    return failure();
  ArrayRef<int64_t> x = shapeOf(op.getInput());
  if (x.empty() || op.getGrad().getType() != op.getInput().getType() ||
      op.getType() != op.getInput().getType() ||
      shapeOf(op.getWeight()) != ArrayRef<int64_t>{x.back()})
    return op.emitOpError("needs input, gradient and result of one type and a [")
           << (x.empty() ? 0 : x.back()) << "] weight, got "
           << shapeStr(op.getInput().getType()) << ", " << shapeStr(op.getGrad().getType())
           << ", " << shapeStr(op.getType()) << " and " << shapeStr(op.getWeight().getType());
  return success();
}

LogicalResult LayerNormGradInputOp::verify() { return verifyNormGradInput(*this); }

LogicalResult RmsNormGradInputOp::verify() { return verifyNormGradInput(*this); }

LogicalResult LinearGradInputOp::verify() {
  ArrayRef<int64_t> dy = shapeOf(getGrad()), w = shapeOf(getWeight()),
                    dx = shapeOf(getResult());
  if (dy.empty() || w.size() != 2 || dx.size() != dy.size())
    return emitOpError("needs a ranked gradient, a 2-d weight and a result of "
                       "the gradient's rank, got ")
           << shapeStr(dy) << ", " << shapeStr(w) << " and " << shapeStr(dx);
  int64_t in = getTransposeWeight() ? w[1] : w[0];
  int64_t out = getTransposeWeight() ? w[0] : w[1];
  if (dy.back() != out || dx.back() != in || dy.drop_back() != dx.drop_back())
    return emitOpError("gradient ")
           << shapeStr(dy) << " and result " << shapeStr(dx)
           << " do not match weight " << shapeStr(w)
           << (getTransposeWeight() ? " (transposed)" : "");
  return success();
}

LogicalResult AttentionGradOp::verify() {
  ArrayRef<int64_t> qkv = shapeOf(getQkv());
  if (failed(checkAttention(getLoc(), qkv, getHeads(), getKvHeads(), getHeadDim(),
                            getScale().convertToDouble(),
                            getDropout().convertToDouble())))
    return failure();
  SmallVector<int64_t> out{qkv[0], qkv[1],
                           static_cast<int64_t>(getHeads() * getHeadDim())};
  SmallVector<int64_t> lse{qkv[0], static_cast<int64_t>(getHeads()), qkv[1]};
  if (getLengths() && shapeOf(getLengths()) != ArrayRef<int64_t>{qkv[0]})
    return emitOpError("lengths must be [") << qkv[0] << "], got "
                                            << shapeStr(getLengths().getType());
  if (shapeOf(getOut()) != ArrayRef<int64_t>(out) ||
      shapeOf(getGrad()) != ArrayRef<int64_t>(out) ||
      shapeOf(getLse()) != ArrayRef<int64_t>(lse) || getType() != getQkv().getType())
    return emitOpError("for qkv ")
           << shapeStr(qkv) << " needs out and gradient " << shapeStr(out)
           << ", lse " << shapeStr(lse) << " and a result like qkv";
  return success();
}

LogicalResult FirstTokenGradOp::verify() {
  ArrayRef<int64_t> dy = shapeOf(getGrad()), dx = shapeOf(getResult());
  if (dy.size() != 3 || dy[1] != 1 || dx.size() != 3 || dx[0] != dy[0] ||
      dx[2] != dy[2] || dx[1] < 1)
    return emitOpError("needs a [batch, 1, hidden] gradient and a [batch, seq, hidden] "
                       "result of the same batch and hidden, got ")
           << shapeStr(dy) << " and " << shapeStr(dx);
  return success();
}

LogicalResult
TokenTypeAddGradOp::verifySymbolUses(SymbolTableCollection &symbols) {
  ParamOp table;
  if (failed(lookupParam(*this, symbols, getTableAttr(), table)))
    return failure();
  ArrayRef<int64_t> dy = shapeOf(getGrad());
  if (failed(checkShardOf(getLoc(), "mtc.token_type_add_grad", dy, shapeOf(getTypes()))))
    return failure();
  if (table.getTensorType().getRank() != 2 || table.getTensorType().getDimSize(1) != dy[2])
    return emitOpError("table ") << shapeStr(table.getType())
                                 << " does not match gradient " << shapeStr(getGrad().getType());
  return success();
}

LogicalResult CrossEntropyGradOp::verify() {
  if (failed(checkCrossEntropy(getLoc(), shapeOf(getLogits()),
                               shapeOf(getTargets()), getValidVocab(),
                               getVocabStart())))
    return failure();
  if (getType() != getLogits().getType())
    return emitOpError("result ") << shapeStr(getType())
                                  << " must have the logits' type "
                                  << shapeStr(getLogits().getType());
  return success();
}

#include "mtc/MtcInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "mtc/MtcOps.cpp.inc"
