//===- PipelinePartition.cpp - layers -> stages x virtual chunks ----------===//
//
// After --mtc-autodiff, @train_step is a straight line: embedding, forward
// layers, head and loss, then the backward ops in reverse, each backward
// layer reading its saved activations explicitly. Partitioning is therefore
// a labelling: every top-level op gets the chunk of the layer it belongs to
// (ops between layers go with the layer before them; ops before the first
// layer with chunk 0), and every value that crosses a label boundary goes
// through a send/recv pair. The chunk layout itself (even, explicit, or
// balanced by cost) comes from lib/Plan, which the runtime and the planner
// share, so all tools agree on which layers a chunk holds.
//
//===----------------------------------------------------------------------===//
#include "LayerLayout.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Plan/Schedule.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include <set>

namespace mtc {
#define GEN_PASS_DEF_PIPELINEPARTITION
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
constexpr StringLiteral kChunkAttr = "mtc.chunk";
constexpr StringLiteral kBackwardAttr = "mtc.backward_pass";

/// Contiguous split of per-layer costs into `parts` non-empty groups that
/// minimizes the most expensive group; `head` is added to the first group
/// (the ops before the first layer: the embedding) and `tail` to the last
/// (the final norm, output layer and loss). Returns layer counts per group.
std::vector<int> balanceByCost(const std::vector<double> &cost, int parts, double head,
                               double tail) {
  int n = cost.size();
  std::vector<double> prefix(n + 1, 0);
  for (int i = 0; i < n; ++i)
    prefix[i + 1] = prefix[i] + cost[i];
  const double inf = 1e300;
  // best[k][i]: smallest max over the first k groups covering layers [0, i).
  std::vector<std::vector<double>> best(parts + 1,
                                        std::vector<double>(n + 1, inf));
  std::vector<std::vector<int>> cut(parts + 1, std::vector<int>(n + 1, 0));
  best[0][0] = 0;
  for (int k = 1; k <= parts; ++k)
    for (int i = k; i <= n; ++i)
      for (int j = k - 1; j < i; ++j) {
        double group = prefix[i] - prefix[j] + (k == 1 ? head : 0.0) + (k == parts ? tail : 0.0);
        double value = std::max(best[k - 1][j], group);
        if (value < best[k][i]) {
          best[k][i] = value;
          cut[k][i] = j;
        }
      }
  std::vector<int> sizes(parts);
  for (int k = parts, i = n; k > 0; --k) {
    sizes[k - 1] = i - cut[k][i];
    i = cut[k][i];
  }
  return sizes;
}

struct PipelinePartitionPass
    : mtc::impl::PipelinePartitionBase<PipelinePartitionPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  FailureOr<std::vector<LayerRange>> layout(ModuleOp module, int numLayers);
};

FailureOr<std::vector<LayerRange>>
PipelinePartitionPass::layout(ModuleOp module, int numLayers) {
  auto fail = [&](const std::string &message) {
    emitModuleError(module) << "--mtc-pipeline-partition: " << message;
    return failure();
  };
  // The rule --mtc-verify-config checks the layout with (stages is pp,
  // chunks vp); within it, the layout below cannot fail.
  if (placement != "interleaved" && placement != "v")
    return fail("placement must be interleaved or v, got '" + placement + "'");
  if (placement == "v" && (chunks != 2 || stages < 2))
    return fail("placement=v puts two chunks on each of two or more stages (chunks=2, "
                "stages>=2), got stages=" + std::to_string(stages) + " chunks=" +
                std::to_string(chunks));
  if (placement == "v" && (firstStageLayers > 0 || lastStageLayers > 0))
    return fail("placement=v holds the first and the last chunk on the first stage: "
                "decoder-first/last-pipeline-num-layers do not apply (give layers-per-chunk)");
  LayerLayoutRequest request{layersPerChunk, firstStageLayers, lastStageLayers, balance};
  if (std::optional<std::string> problem = layerLayoutProblem(
          numLayers, stages, chunks, request, {"stages", "chunks", "balance"}))
    return fail(*problem);
  int p = stages, v = chunks;
  std::vector<int> requested = requestedLayerCounts(numLayers, p, v, request);
  if (!requested.empty()) {
    Result<std::vector<LayerRange>> r = assignLayers(requested, numLayers, p, v);
    if (!r)
      return fail(r.error());
    return r.value();
  }
  if (balance == "even") {
    Result<std::vector<LayerRange>> r = assignLayersEvenly(numLayers, p, v);
    if (!r)
      return fail(r.error());
    return r.value();
  }
  // Forward FLOPs per micro-batch, from each op's CostOpInterface: of every
  // forward layer, and of the ops outside the layers where they run: before
  // the first layer on the first chunk (the embedding), after the last layer
  // on the last (final norm, output layer, loss). Backward is about twice the
  // forward everywhere, so the ratio, which is all the balance needs, is the
  // same.
  std::vector<double> layerCosts(numLayers, 0.0);
  double headCost = 0, tailCost = 0;
  bool beforeLayers = true;
  std::string overflow;
  auto flops = [&](CostOpInterface op) {
    Result<int64_t> f = op.getForwardFlops();
    if (!f && overflow.empty())
      overflow = f.error();
    return f ? static_cast<double>(*f) : 0.0;
  };
  auto fn = module.lookupSymbol<func::FuncOp>("train_step");
  for (Operation &op : fn.getBody().front()) {
    if (auto layer = dyn_cast<LayerOp>(op)) {
      beforeLayers = false;
      if (!layer.getBackward() && layer.getIndex() < static_cast<uint64_t>(numLayers))
        layer.walk([&](CostOpInterface c) { layerCosts[layer.getIndex()] += flops(c); });
    } else if (auto c = dyn_cast<CostOpInterface>(op)) {
      (beforeLayers ? headCost : tailCost) += flops(c);
    }
  }
  if (!overflow.empty())
    return fail("balance=cost: " + overflow);
  std::vector<int> counts = balanceByCost(layerCosts, p * v, headCost, tailCost);
  Result<std::vector<LayerRange>> r = assignLayers(counts, numLayers, p, v);
  if (!r)
    return fail(r.error());
  return r.value();
}

void PipelinePartitionPass::runOnOperation() {
  ModuleOp module = getOperation();
  auto fn = module.lookupSymbol<func::FuncOp>("train_step");
  if (!fn) {
    emitModuleError(module)
        << "--mtc-pipeline-partition needs @train_step: run --mtc-autodiff first";
    return signalPassFailure();
  }
  if (module->hasAttr("mtc.pipeline")) {
    emitModuleError(module, "mtc.pipeline")
        << "the module is already partitioned; run --mtc-pipeline-partition once, on the "
           "unpartitioned @train_step";
    return signalPassFailure();
  }
  if (fn.isExternal()) {
    fn.emitError("--mtc-pipeline-partition: @train_step has no body");
    return signalPassFailure();
  }
  Block &body = fn.getBody().front();
  // The forward layers' indices are 0 .. n-1, once each, and every backward
  // layer names one of them: chunkOfLayer is indexed by them below. (With
  // an mtc.model the module verifier has checked this; without one, here.)
  std::set<int64_t> forwardIndices;
  int64_t numForward = 0;
  for (auto layer : body.getOps<LayerOp>())
    if (!layer.getBackward()) {
      ++numForward;
      if (!forwardIndices.insert(static_cast<int64_t>(layer.getIndex())).second) {
        layer.emitOpError("--mtc-pipeline-partition: index ")
            << static_cast<int64_t>(layer.getIndex())
            << " is used by two forward layers";
        return signalPassFailure();
      }
    }
  if (numForward == 0) {
    fn.emitError("--mtc-pipeline-partition: @train_step has no mtc.layer to partition");
    return signalPassFailure();
  }
  for (auto layer : body.getOps<LayerOp>()) {
    int64_t index = static_cast<int64_t>(layer.getIndex());
    if (index >= numForward) {
      layer.emitOpError("--mtc-pipeline-partition: index ")
          << index << " is not one of the " << numForward
          << " forward layers' indices 0 to " << numForward - 1;
      return signalPassFailure();
    }
  }
  int numLayers = static_cast<int>(numForward);
  FailureOr<std::vector<LayerRange>> ranges = layout(module, numLayers);
  if (failed(ranges))
    return signalPassFailure();
  const int numChunks = ranges->size();
  std::vector<int> chunkOfLayer(numLayers);
  for (int c = 0; c < numChunks; ++c)
    for (int l = (*ranges)[c].begin; l < (*ranges)[c].end; ++l)
      chunkOfLayer[l] = c;

  // Label every top-level op with (chunk, pass).
  Builder b(&getContext());
  bool backwardPass = false;
  int current = 0;
  DenseMap<Operation *, std::pair<int, bool>> label;
  // First and last op of each (chunk, pass), where receives and sends go.
  std::map<std::pair<int, bool>, Operation *> firstOp, lastOp;
  for (Operation &op : body) {
    if (isa<ParamRefOp, func::ReturnOp>(op))
      continue;
    if (auto layer = dyn_cast<LayerOp>(op))
      current = chunkOfLayer[layer.getIndex()];
    // The backward pass starts at the first loss gradient (autodiff puts
    // every backward op after the forward ones; a model may have several
    // loss terms, BERT's masked LM and sentence order).
    if (isa<CrossEntropyGradOp>(op))
      backwardPass = true;
    label[&op] = {current, backwardPass};
    op.setAttr(kChunkAttr, b.getI64IntegerAttr(current));
    if (backwardPass)
      op.setAttr(kBackwardAttr, b.getUnitAttr());
    auto key = std::make_pair(current, backwardPass);
    if (!firstOp.count(key))
      firstOp[key] = &op;
    lastOp[key] = &op;
  }

  // One transfer per (value, receiving chunk): later readers in that chunk
  // (e.g. a backward layer reading the saved input of its forward) reuse it.
  std::map<std::pair<Operation *, unsigned>, std::map<int, Value>> received;
  std::map<std::pair<int, bool>, Operation *> sendAfter;
  int64_t nextTag = 0;
  SmallVector<Operation *> ordered;
  for (Operation &op : body)
    if (label.count(&op))
      ordered.push_back(&op);
  for (Operation *user : ordered) {
    int useChunk = label[user].first;
    for (OpOperand &operand : user->getOpOperands()) {
      Value value = operand.get();
      Operation *def = value.getDefiningOp();
      if (!def || !label.count(def))
        continue; // block arguments (tokens, targets) and parameters
      auto [defChunk, defBackward] = label[def];
      if (defChunk == useChunk)
        continue;
      int expected = defBackward ? defChunk - 1 : defChunk + 1;
      if (useChunk != expected) {
        user->emitOpError("reads a value of chunk ")
            << defChunk << " from chunk " << useChunk
            << "; only neighbouring chunks exchange values ("
            << (defBackward ? "gradients" : "activations") << " go to chunk "
            << expected << ")";
        return signalPassFailure();
      }
      auto key = std::make_pair(def, cast<OpResult>(value).getResultNumber());
      Value &recv = received[key][useChunk];
      if (!recv) {
        int64_t tag = nextTag++;
        auto sendKey = std::make_pair(defChunk, defBackward);
        Operation *&anchor = sendAfter[sendKey];
        if (!anchor)
          anchor = lastOp[sendKey];
        OpBuilder sb(anchor->getContext());
        sb.setInsertionPointAfter(anchor);
        auto send = PipelineSendOp::create(
            sb, value.getLoc(), value, int64_t(defChunk), int64_t(useChunk),
            tag, defBackward);
        send->setAttr(kChunkAttr, b.getI64IntegerAttr(defChunk));
        if (defBackward)
          send->setAttr(kBackwardAttr, b.getUnitAttr());
        anchor = send;
        OpBuilder rb(firstOp[{useChunk, defBackward}]);
        auto r = PipelineRecvOp::create(
            rb, value.getLoc(), value.getType(), int64_t(useChunk),
            int64_t(defChunk), tag, defBackward);
        r->setAttr(kChunkAttr, b.getI64IntegerAttr(useChunk));
        if (defBackward)
          r->setAttr(kBackwardAttr, b.getUnitAttr());
        recv = r.getResult();
      }
      operand.set(recv);
    }
  }

  // Parameters read on more than one stage: their gradients are summed there.
  std::map<std::string, std::set<int>> stagesOfParam;
  for (Operation *op : ordered) {
    int stage = stageOfChunk(label[op].first, stages,
                             placement == "v" ? ChunkPlacement::V : ChunkPlacement::Interleaved);
    op->walk([&](Operation *inner) {
      for (NamedAttribute attr : inner->getAttrs())
        if (auto sym = dyn_cast<FlatSymbolRefAttr>(attr.getValue()))
          if (module.lookupSymbol<ParamOp>(sym.getValue()))
            stagesOfParam[sym.getValue().str()].insert(stage);
    });
  }
  SmallVector<Attribute> tied;
  for (auto &[name, used] : stagesOfParam)
    if (used.size() > 1)
      tied.push_back(FlatSymbolRefAttr::get(&getContext(), name));

  SmallVector<int64_t> counts;
  for (const LayerRange &r : *ranges)
    counts.push_back(r.size());
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("stages", b.getI64IntegerAttr(stages)),
      b.getNamedAttr("chunks", b.getI64IntegerAttr(chunks)),
      b.getNamedAttr("layers_per_chunk", b.getDenseI64ArrayAttr(counts)),
      b.getNamedAttr("tied", b.getArrayAttr(tied)),
  };
  if (placement == "v")
    fields.push_back(b.getNamedAttr("placement", b.getStringAttr("v")));
  module->setAttr("mtc.pipeline", b.getDictionaryAttr(fields));
}
} // namespace
