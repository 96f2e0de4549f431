//===- VerifyConfig.cpp - check and record a parallel configuration -------===//
//
// Every impossible combination is reported (all of them, not only the first),
// each naming the numbers, so a user fixes a launch in one round.
//
//===----------------------------------------------------------------------===//
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
struct VerifyConfigPass : mtc::impl::VerifyConfigBase<VerifyConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModelAttr model = getModelAttr(module);
    if (!model) {
      emitError(module.getLoc(), "module has no 'mtc.model' attribute; write models "
                       "with mtc-import or add #mtc.model<...> by hand");
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
    int64_t mb = pick(microBatch, prev ? prev.getMicroBatch() : 0,
                      model.getMicroBatch());
    int64_t gb = pick(globalBatch, prev ? prev.getGlobalBatch() : 0, mb * d);
    bool sp = sequenceParallel || (prev && prev.getSequenceParallel());

    bool ok = true;
    auto fail = [&]() -> InFlightDiagnostic {
      ok = false;
      // Not module.emitError(): that would print the whole module as a note.
      return emitError(module.getLoc());
    };
    for (auto [name, value] :
         {std::pair<const char *, int64_t>{"tp", t}, {"pp", p}, {"vp", v},
          {"dp", d}, {"micro-batch", mb}, {"global-batch", gb}})
      if (value < 1 || value > kMaxSize)
        fail() << name << " must be between 1 and " << kMaxSize << ", got "
               << value;
    if (static_cast<int64_t>(worldSize) < 0 || static_cast<int64_t>(worldSize) > kMaxSize)
      fail() << "world-size must be between 0 (tp*pp*dp) and " << kMaxSize
             << ", got " << static_cast<int64_t>(worldSize);
    if (!ok)
      return signalPassFailure();
    // Each is at most 2^31 - 1, so pairwise products fit in int64; the world
    // size tp*pp*dp may not.
    Result<int64_t> ranks = checkedProduct({{"tp", t}, {"pp", p}, {"dp", d}});
    if (!ranks || *ranks > kMaxSize) {
      fail() << "tp*pp*dp (" << t << "*" << p << "*" << d << ") exceeds "
             << kMaxSize << " ranks";
      return signalPassFailure();
    }

    for (const std::string &problem : model.tensorParallelProblems(t))
      fail() << problem;
    if (model.getPaddedVocab() % t != 0)
      fail() << "padded vocabulary (" << model.getPaddedVocab()
             << ") is not divisible by tp (" << t
             << "); re-import with --make-vocab-size-divisible-by=" << 128 * t;
    // The grid's own rules (the same RankGrid the runtime places ranks with).
    if (Result<RankGrid> grid = RankGrid::create(static_cast<int>(*ranks), static_cast<int>(t),
                                                 static_cast<int>(p), static_cast<int>(d),
                                                 static_cast<int>(v));
        !grid)
      fail() << grid.error();
    if (model.getLayers() % (p * v) != 0)
      fail() << "layers (" << model.getLayers()
             << ") are not divisible by pp*vp (" << p << "*" << v << "="
             << p * v << ")";
    if (mb != model.getMicroBatch())
      fail() << "micro-batch " << mb << " differs from the model's activations' "
             << model.getMicroBatch()
             << "; run --mtc-set-shape=micro-batch=" << mb << " first";
    if (gb % (mb * d) != 0) {
      fail() << "global batch (" << gb << ") is not divisible by micro-batch*dp ("
             << mb << "*" << d << "=" << mb * d << ")";
    } else if (v > 1 && (gb / (mb * d)) % p != 0) {
      fail() << "interleaving needs micro-batches per step ("
             << gb / (mb * d) << ") to be a multiple of pp (" << p << ")";
    }
    int64_t world = worldSize != 0 ? worldSize : t * p * d;
    if (world != t * p * d)
      fail() << "world size " << world << " is not tp*pp*dp (" << t << "*" << p
             << "*" << d << "=" << t * p * d << ")";
    if (sp && t == 1)
      fail() << "sequence parallelism needs tp > 1";
    if (sp && model.getSeq() % t != 0)
      fail() << "sequence length (" << model.getSeq()
             << ") is not divisible by tp (" << t
             << ") for sequence parallelism";
    if (!ok)
      return signalPassFailure();

    module->setAttr(kParallelAttrName,
                    ParallelAttr::get(&getContext(), t, p, v, d, mb, gb, sp));
  }
};
} // namespace
