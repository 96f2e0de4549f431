//===- VerifyConfig.cpp - check and record a parallel configuration -------===//
//
// Every impossible combination is reported (all of them, not only the first),
// each naming the numbers and what to change, so a user fixes a launch in one
// round. The tensor-parallel rules are --mtc-tensor-parallel's own
// (TensorParallelRules.h): what it pads is reported, not refused. A layout
// that passes gets a verdict, one remark per aspect, unless report=false
// (mtc-compile's pipeline, which prints its own summary).
//
//===----------------------------------------------------------------------===//
#include "LayerLayout.h"
#include "TensorParallelRules.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Plan/CheckedMath.h"
#include "mtc/Plan/RankGrid.h"
#include "mtc/Transforms/Passes.h"

namespace mtc {
#define GEN_PASS_DEF_VERIFYCONFIG
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
/// Up to `count` multiples of `step` around `near`, for "use 4 or 8".
std::string multiplesNear(int64_t near, int64_t step) {
  int64_t below = near / step * step, above = below + step;
  if (below < step)
    return std::to_string(above);
  return std::to_string(below) + " or " + std::to_string(above);
}

struct VerifyConfigPass : mtc::impl::VerifyConfigBase<VerifyConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModelAttr model = getModelAttr(module);
    if (!model) {
      emitModuleError(module) << kNoModelMessage;
      return signalPassFailure();
    }
    ParallelAttr prev = getParallelAttr(module);
    auto pick = [](int64_t opt, int64_t old, int64_t dflt) {
      return opt != 0 ? opt : (old != 0 ? old : dflt);
    };
    int64_t t = pick(tp, prev ? prev.getTp() : 0, 1);
    int64_t p = pick(pp, prev ? prev.getPp() : 0, 1);
    int64_t v = pick(vp, prev ? prev.getVp() : 0, 1);
    int64_t d = pick(dp, prev ? prev.getDp() : 0, 1);
    int64_t c = pick(cp, prev ? prev.getCp() : 0, 1);
    int64_t e = pick(ep, prev ? prev.getEp() : 0, 1);
    int64_t mb = pick(microBatch, prev ? prev.getMicroBatch() : 0,
                      model.getMicroBatch());
    int64_t gb = pick(globalBatch, prev ? prev.getGlobalBatch() : 0, mb * d);
    bool sp = sequenceParallel || (prev && prev.getSequenceParallel());

    bool ok = true;
    auto fail = [&](StringRef attribute = {}) -> InFlightDiagnostic {
      ok = false;
      return emitModuleError(module, attribute);
    };
    for (auto [name, value] :
         {std::pair<const char *, int64_t>{"tp", t}, {"pp", p}, {"vp", v},
          {"dp", d}, {"cp", c}, {"ep", e}, {"micro-batch", mb}, {"global-batch", gb}})
      if (value < 1 || value > kMaxSize)
        fail() << name << " must be between 1 and " << kMaxSize << ", got "
               << value;
    if (static_cast<int64_t>(worldSize) < 0 || static_cast<int64_t>(worldSize) > kMaxSize)
      fail() << "world-size must be between 0 (tp*cp*pp*dp) and " << kMaxSize
             << ", got " << static_cast<int64_t>(worldSize);
    if (!ok)
      return signalPassFailure();
    // Each is at most 2^31 - 1, so pairwise products fit in int64; the world
    // size tp*cp*pp*dp may not.
    Result<int64_t> ranks = checkedProduct({{"tp", t}, {"cp", c}, {"pp", p}, {"dp", d}});
    if (!ranks || *ranks > kMaxSize) {
      if (c > 1)
        fail() << "tp*cp*pp*dp (" << t << "*" << c << "*" << p << "*" << d << ") exceeds "
               << kMaxSize << " ranks";
      else
        fail() << "tp*pp*dp (" << t << "*" << p << "*" << d << ") exceeds " << kMaxSize
               << " ranks";
      return signalPassFailure();
    }

    ok &= succeeded(checkTensorParallelSplit(module, model, t));
    FailureOr<VocabPadding> padding = planVocabPadding(module, model, t);
    ok &= succeeded(padding);
    // The grid's own rules (the same RankGrid the runtime places ranks with).
    if (Result<RankGrid> grid = RankGrid::create(static_cast<int>(*ranks), static_cast<int>(t),
                                                 static_cast<int>(p), static_cast<int>(d),
                                                 static_cast<int>(v), static_cast<int>(c),
                                                 static_cast<int>(e));
        !grid)
      fail(kParallelAttrName) << grid.error();
    // Expert parallelism spreads each MoE layer's E experts: ep divides E.
    int64_t experts = 0;
    module.walk([&](MoeDispatchOp d) { experts = d.getNumExperts(); });
    if (e > 1 && experts == 0)
      fail() << "ep " << e << " spreads the experts of mixture-of-experts layers, and this "
                                 "model has none: use ep 1";
    else if (e > 1 && experts % e != 0)
      fail(kModelAttrName) << "ep " << e << " must divide the " << experts
                           << " experts of each mixture-of-experts layer";
    SmallVector<int64_t> explicitLayout = explicitPipelineLayout(module);
    LayerLayoutRequest layout{explicitLayout, firstStageLayers, lastStageLayers, pipelineBalance};
    if (p > 1) {
      if (std::optional<std::string> problem = layerLayoutProblem(
              model.getLayers(), p, v, layout, {"pp", "vp", "pipeline-balance"}))
        fail(kModelAttrName) << *problem;
    } else if (!explicitLayout.empty() || layout.firstOrLast() || pipelineBalance != "even") {
      // Options that would place layers on stages that do not exist: refused
      // rather than ignored, so a forgotten pp is not a silent one-stage run.
      fail(kModelAttrName) << "an uneven pipeline layout (layers-per-chunk, "
                              "decoder-first/last-pipeline-num-layers or pipeline-balance=cost) "
                              "needs pp > 1";
    }
    if (mb != model.getMicroBatch())
      fail(kModelAttrName) << "micro-batch " << mb << " differs from the model's activations' "
                           << model.getMicroBatch() << "; run --mtc-set-shape=micro-batch=" << mb
                           << " first";
    if (gb % (mb * d) != 0) {
      fail() << "global batch (" << gb << ") is not divisible by micro-batch*dp (" << mb << "*" << d
             << "=" << mb * d << "); use a multiple of " << mb * d << ", e.g. "
             << multiplesNear(gb, mb * d);
    } else if (v > 1 && (gb / (mb * d)) % p != 0) {
      fail() << "interleaving needs micro-batches per step (" << gb / (mb * d)
             << ") to be a multiple of pp (" << p << "); use a global batch that is a multiple of "
             << "micro-batch*dp*pp (" << mb * d * p << "), e.g. " << multiplesNear(gb, mb * d * p)
             << ", or vp=1";
    }
    int64_t world = worldSize != 0 ? worldSize : *ranks;
    if (world != *ranks) {
      auto diag = fail();
      diag << "world size " << world << " is not tp*";
      if (c > 1)
        diag << "cp*";
      diag << "pp*dp (" << t << "*";
      if (c > 1)
        diag << c << "*";
      diag << p << "*" << d << "=" << *ranks << "); launch " << *ranks
           << " ranks or choose sizes whose product is " << world;
    }
    if (sp && t == 1)
      fail() << "sequence parallelism needs tp > 1; set tp, or drop sequence parallelism";
    if (sp && t > 1)
      ok &= succeeded(checkSequenceParallelSplit(module, model, t));
    // Context parallelism's own rules (which attention it can split, what
    // must divide the sequence) are --mtc-context-parallel's; with sequence
    // parallelism on top, t splits each rank's share of the sequence.
    if (sp && t > 1 && c > 1 && (model.getSeq() % c != 0 || (model.getSeq() / c) % t != 0))
      fail(kModelAttrName) << "sequence parallelism splits each context rank's "
                           << model.getSeq() / c << " of seq " << model.getSeq()
                           << " tokens over tp " << t << ": use a seq that cp*tp ("
                           << c * t << ") divides";
    if (!ok)
      return signalPassFailure();

    module->setAttr(kParallelAttrName,
                    ParallelAttr::get(&getContext(), t, p, v, d, mb, gb, sp, c, e));
    if (report)
      reportVerdict(module, model, *padding, t, p, v, d, mb, gb, sp, c,
                    p > 1 ? requestedLayerCounts(model.getLayers(), p, v, layout)
                          : std::vector<int>());
  }

  /// The explicit layers per chunk: the option's, else those of the
  /// module's partition (a re-check of a partitioned module), else none.
  SmallVector<int64_t> explicitPipelineLayout(ModuleOp module) {
    if (!layersPerChunk.empty())
      return SmallVector<int64_t>(layersPerChunk.begin(), layersPerChunk.end());
    if (auto pipeline = module->getAttrOfType<DictionaryAttr>("mtc.pipeline"))
      if (auto counts = pipeline.getAs<DenseI64ArrayAttr>("layers_per_chunk"))
        return SmallVector<int64_t>(counts.asArrayRef());
    return {};
  }

  /// One remark per aspect of a layout that passed.
  void reportVerdict(ModuleOp module, ModelAttr model, const VocabPadding &padding, int64_t t,
                     int64_t p, int64_t v, int64_t d, int64_t mb, int64_t gb, bool sp,
                     int64_t c, const std::vector<int> &layout) {
    if (c > 1)
      emitModuleRemark(module, kParallelAttrName)
          << "world size " << t * c * p * d << " = tp " << t << " x cp " << c << " x pp " << p
          << " x dp " << d
          << " (Megatron-LM's order: tensor ranks adjacent, then context, data, pipeline)";
    else
      emitModuleRemark(module, kParallelAttrName)
          << "world size " << t * p * d << " = tp " << t << " x pp " << p << " x dp " << d
          << " (Megatron-LM's order: tensor ranks adjacent, then data, then pipeline)";
    int64_t perStep = gb / (mb * d);
    emitModuleRemark(module, kParallelAttrName)
        << "global batch " << gb << " = micro-batch " << mb << " x dp " << d << " x " << perStep
        << " micro-batches per step";
    if (t > 1) {
      emitModuleRemark(module, kModelAttrName)
          << "tp " << t << ": each rank computes " << model.getHeads() / t << " of "
          << model.getHeads() << " heads, " << model.getFfn() / t << " of ffn " << model.getFfn();
      auto vocab = emitModuleRemark(module, kModelAttrName);
      if (padding.needed())
        vocab << "padded_vocab " << padding.rows << " is not divisible by tp " << t
              << ": --mtc-tensor-parallel pads the embedding table to " << padding.padded
              << " rows, " << padding.padded / t << " per rank, as mtc-compile does (padding rows "
              << "are never looked up and are masked out of the loss)";
      else
        vocab << "padded_vocab " << padding.rows << ": " << padding.rows / t << " rows per rank";
    }
    if (c > 1)
      emitModuleRemark(module, kModelAttrName)
          << "context parallelism: " << model.getSeq() / c << " of seq " << model.getSeq()
          << " tokens of each sample per rank, attention around a ring of " << c << " ranks";
    if (sp)
      emitModuleRemark(module, kModelAttrName)
          << "sequence parallelism: " << model.getSeq() / (c * t) << " of seq "
          << model.getSeq() << " per rank outside the attention and MLP";
    if (p > 1) {
      auto pipeline = emitModuleRemark(module, kModelAttrName);
      pipeline << "pp " << p << " x vp " << v << ": the " << model.getLayers() << " layers in "
               << p * v << " chunks ";
      if (!layout.empty()) {
        pipeline << "of ";
        llvm::interleave(layout, pipeline, "+");
      } else if (pipelineBalance == "cost") {
        pipeline << "balanced by cost";
      } else {
        pipeline << "of " << model.getLayers() / (p * v);
      }
      pipeline << ", " << (v > 1 ? "interleaved 1F1B" : "1F1B") << " over " << perStep
               << " micro-batches per step";
    }
  }
};
} // namespace
