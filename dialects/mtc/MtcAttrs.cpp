//===- MtcAttrs.cpp - ranges of the model and parallel attributes ---------===//
//
// #mtc.model and #mtc.parallel are verified whenever they are parsed or built
// with getChecked, so no pass ever sees a negative hidden size or a byte
// count that wraps around. Sizes are capped at 2^31 - 1: the planner, the
// plan and the runtime count layers, heads and ranks in 32-bit integers.
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcDiagnostics.h"
#include "mtc/MtcDialect.h"
#include "mtc/Plan/CheckedMath.h"
#include "mtc/Plan/RankGrid.h"

#include <numeric>

using namespace mlir;
using namespace mtc;

namespace {
using EmitError = function_ref<InFlightDiagnostic()>;

LogicalResult inRange(EmitError emitError, StringRef attr, StringRef field,
                      int64_t value, int64_t lowest = 1) {
  if (value >= lowest && value <= kMaxSize)
    return success();
  return emitAttributeError(emitError, attr)
         << field << " must be between " << lowest << " and " << kMaxSize << ", got " << value;
}

LogicalResult fits(EmitError emitError, StringRef attr,
                   std::initializer_list<Factor> factors) {
  Result<int64_t> product = checkedProduct(factors);
  if (product)
    return success();
  return emitAttributeError(emitError, attr) << product.error();
}
} // namespace

LogicalResult ModelAttr::verify(EmitError emitError, StringRef name,
                                StringRef arch, int64_t layers, int64_t hidden,
                                int64_t heads, int64_t ffn, int64_t vocab,
                                int64_t paddedVocab, int64_t positions,
                                int64_t seq, int64_t microBatch, int64_t kvHeads) {
  StringRef attr = "mtc.model";
  if (arch != "gpt" && arch != "bert" && arch != "llama")
    return emitAttributeError(emitError, attr)
           << "arch must be \"gpt\", \"bert\" or \"llama\", got \"" << arch << "\"";
  // A model of no transformer layers (embedding, head and loss) is allowed.
  if (failed(inRange(emitError, attr, "layers", layers, /*lowest=*/0)))
    return failure();
  for (auto [field, value] :
       {std::pair<StringRef, int64_t>{"hidden", hidden},
        {"heads", heads}, {"ffn", ffn}, {"vocab", vocab},
        {"padded_vocab", paddedVocab}, {"positions", positions}, {"seq", seq},
        {"micro_batch", microBatch}})
    if (failed(inRange(emitError, attr, field, value)))
      return failure();
  if (hidden % heads != 0)
    return emitAttributeError(emitError, attr)
           << "heads (" << heads << ") do not divide hidden (" << hidden << ")";
  if (kvHeads < 0 || (kvHeads > 0 && heads % kvHeads != 0))
    return emitAttributeError(emitError, attr)
           << "kv_heads (" << kvHeads << ") must be 0 or divide heads (" << heads << ")";
  if (vocab > paddedVocab)
    return emitAttributeError(emitError, attr)
           << "vocab (" << vocab << ") exceeds padded_vocab (" << paddedVocab << ")";
  if (seq > positions)
    return emitAttributeError(emitError, attr)
           << "seq (" << seq << ") exceeds positions (" << positions << ")";
  // The largest tensors the model's IR and the runtime hold, in fp32 bytes.
  Factor b{"micro_batch", microBatch}, s{"seq", seq}, h{"hidden", hidden},
      f{"ffn", ffn}, v{"padded_vocab", paddedVocab}, p{"positions", positions},
      bytes{"4 bytes", 4};
  if (failed(fits(emitError, attr, {b, s, h, {"3", 3}, bytes})) || // QKV
      failed(fits(emitError, attr, {b, s, f, bytes})) ||           // MLP
      failed(fits(emitError, attr, {b, s, v, bytes})) ||           // logits
      failed(fits(emitError, attr, {v, h, bytes})) ||              // wte
      failed(fits(emitError, attr, {p, h, bytes})) ||              // wpe
      failed(fits(emitError, attr, {h, h, {"3", 3}, bytes})) ||
      failed(fits(emitError, attr, {h, f, bytes})))
    return failure();
  return success();
}

ModelAttr ModelAttr::withShape(EmitError emitError, int64_t seq,
                               int64_t microBatch) const {
  return ModelAttr::getChecked(emitError, getContext(), getName(), getArch(), getLayers(),
                               getHidden(), getHeads(), getFfn(), getVocab(), getPaddedVocab(),
                               getPositions(), seq, microBatch, getKvHeads());
}

ModelAttr ModelAttr::withPaddedVocab(int64_t paddedVocab) const {
  return ModelAttr::get(getContext(), getName(), getArch(), getLayers(), getHidden(), getHeads(),
                        getFfn(), getVocab(), paddedVocab, getPositions(), getSeq(),
                        getMicroBatch(), getKvHeads());
}

SmallVector<std::string> ModelAttr::tensorParallelProblems(int64_t t) const {
  SmallVector<std::string> problems;
  // Named by their #mtc.model fields, which the caller's "mtc.model: " joins.
  auto divides = [&](int64_t quantity, StringRef field, StringRef why) {
    if (quantity % t != 0)
      problems.push_back(
          (field + " (" + Twine(quantity) + ") is not divisible by tp (" + Twine(t) + "): " + why)
              .str());
  };
  divides(getHeads(), "heads", "every rank computes whole attention heads");
  // Megatron-LM splits whole key/value groups (num_query_groups % t == 0).
  if (getKvHeads())
    divides(getKvHeads(), "kv_heads", "every rank holds whole key/value groups");
  divides(getHidden(), "hidden", "the attention output is split by rows");
  divides(getFfn(), "ffn", "the MLP is split by columns and rows");
  return problems;
}

SmallVector<int64_t> ModelAttr::tensorParallelSizes() const {
  int64_t common = std::gcd(std::gcd(getHeads(), getFfn()), getKeyValueHeads());
  std::vector<int64_t> sizes = divisorsOf(common);
  return SmallVector<int64_t>(sizes.begin(), sizes.end());
}

LogicalResult ParallelAttr::verify(EmitError emitError, int64_t tp, int64_t pp,
                                   int64_t vp, int64_t dp, int64_t microBatch,
                                   int64_t globalBatch,
                                   int64_t sequenceParallel, int64_t cp, int64_t ep) {
  StringRef attr = "mtc.parallel";
  for (auto [field, value] :
       {std::pair<StringRef, int64_t>{"tp", tp}, {"pp", pp}, {"vp", vp},
        {"dp", dp}, {"micro_batch", microBatch}, {"global_batch", globalBatch}, {"cp", cp},
        {"ep", ep}})
    if (failed(inRange(emitError, attr, field, value)))
      return failure();
  if (sequenceParallel != 0 && sequenceParallel != 1)
    return emitAttributeError(emitError, attr)
           << "sequence_parallel must be 0 or 1, got " << sequenceParallel;
  Result<int64_t> world = checkedProduct({{"tp", tp}, {"cp", cp}, {"pp", pp}, {"dp", dp}});
  if (!world || *world > kMaxSize) {
    auto diag = emitAttributeError(emitError, attr);
    if (cp > 1)
      diag << "the world size tp x cp x pp x dp (" << tp << " x " << cp << " x " << pp << " x "
           << dp << ") exceeds " << kMaxSize << " ranks";
    else
      diag << "the world size tp x pp x dp (" << tp << " x " << pp << " x " << dp << ") exceeds "
           << kMaxSize << " ranks";
    return diag;
  }
  // A layout the runtime's rank grid cannot place is not a layout.
  if (Result<RankGrid> grid = RankGrid::create(static_cast<int>(*world), static_cast<int>(tp),
                                               static_cast<int>(pp), static_cast<int>(dp),
                                               static_cast<int>(vp), static_cast<int>(cp),
                                               static_cast<int>(ep));
      !grid)
    return emitAttributeError(emitError, attr) << grid.error();
  return success();
}
