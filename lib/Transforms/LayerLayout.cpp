//===- LayerLayout.cpp - which pipeline layouts a model takes -------------===//
#include "LayerLayout.h"
#include "mtc/Plan/CheckedMath.h"
#include "mtc/Plan/Schedule.h"
#include "mtc/Plan/StageLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mtc;

namespace {
constexpr llvm::StringLiteral kFirst = "decoder-first-pipeline-num-layers",
                              kLast = "decoder-last-pipeline-num-layers";

StageLayoutNames stageNames(const LayoutOptionNames &names) {
  return {names.pp.str(), names.vp.str(), kFirst.str(), kLast.str()};
}
} // namespace

std::optional<std::string> mtc::layerLayoutProblem(int64_t layers, int64_t p, int64_t v,
                                                   const LayerLayoutRequest &request,
                                                   const LayoutOptionNames &names) {
  auto str = [](int64_t n) { return std::to_string(n); };
  std::string pp = names.pp.str(), vp = names.vp.str(), balanceName = names.balance.str();
  llvm::ArrayRef<int64_t> layersPerChunk = request.layersPerChunk;
  llvm::StringRef balance = request.balance;
  // Checked as int64 before the layout (lib/Plan) narrows them to int.
  if (p < 1 || v < 1 || p > layers || v > layers || p * v > layers)
    return pp + " (" + str(p) + ") and " + vp + " (" + str(v) + ") must be >= 1, with " + pp +
           " x " + vp + " at most the " + str(layers) + " layers";
  for (int64_t n : layersPerChunk)
    if (n < 1 || n > layers)
      return "layers-per-chunk lists a chunk of " + str(n) + " layers; each needs 1 to " +
             str(layers);
  if (v > 1 && p == 1)
    return vp + "=" + str(v) + " needs " + pp + " > 1: interleaving a single stage is meaningless";
  if (balance != "even" && balance != "cost")
    return balanceName + "='" + balance.str() + "' is neither 'even' nor 'cost'";
  // One way to lay out the layers: Megatron-LM refuses its first/last stage
  // options with its own embedding/loss accounting, as we do with cost.
  std::string firstLast = kFirst.str() + " / " + kLast.str();
  if (!layersPerChunk.empty() && request.firstOrLast())
    return "give layers-per-chunk or " + firstLast + ", not both";
  if (!layersPerChunk.empty() && balance != "even")
    return "give layers-per-chunk or " + balanceName + "=" + balance.str() + ", not both";
  if (request.firstOrLast() && balance != "even")
    return "give " + firstLast + " or " + balanceName + "=" + balance.str() + ", not both";
  if (!layersPerChunk.empty()) {
    // Each count is in [1, layers] (above), so the sum fits in int64.
    std::string listed;
    llvm::raw_string_ostream os(listed);
    llvm::interleave(layersPerChunk, os, ",");
    int64_t sum = 0;
    for (int64_t n : layersPerChunk)
      sum += n;
    if (static_cast<int64_t>(layersPerChunk.size()) != p * v)
      return "layers-per-chunk=" + listed + " lists " + str(layersPerChunk.size()) +
             " chunks, but " + pp + " x " + vp + " = " + str(p) + " x " + str(v) + " = " +
             str(p * v) + " (one count per chunk, in model order)";
    if (sum != layers)
      return "layers-per-chunk=" + listed + " places " + str(sum) + " layers, but the model has " +
             str(layers);
    return std::nullopt;
  }
  if (request.firstOrLast()) {
    Result<std::vector<int>> r = firstLastStageLayout(
        layers, p, v, request.firstStageLayers, request.lastStageLayers, stageNames(names));
    return r ? std::nullopt : std::optional<std::string>(r.error());
  }
  if (balance == "cost" || layers % (p * v) == 0)
    return std::nullopt; // cost: any layer count from p x v up
  std::string divisors;
  llvm::raw_string_ostream os(divisors);
  llvm::interleaveComma(divisorsOf(layers), os);
  return "layers (" + str(layers) + ") are not divisible by " + pp + "*" + vp + " (" + str(p) +
         "*" + str(v) + "=" + str(p * v) + "); make " + pp + "*" + vp + " one of " + divisors +
         ", or place the layers unevenly with layers-per-chunk, " + firstLast + " or " +
         balanceName + "=cost (mtc-compile --layers-per-chunk, --" + kFirst.str() + ", --" +
         kLast.str() + ", --pipeline-balance cost)";
}

std::vector<int> mtc::requestedLayerCounts(int64_t layers, int64_t p, int64_t v,
                                           const LayerLayoutRequest &request) {
  if (!request.layersPerChunk.empty())
    return std::vector<int>(request.layersPerChunk.begin(), request.layersPerChunk.end());
  if (request.firstOrLast()) {
    Result<std::vector<int>> r =
        firstLastStageLayout(layers, p, v, request.firstStageLayers, request.lastStageLayers);
    assert(r && "requestedLayerCounts on a layout layerLayoutProblem refuses");
    return r.value();
  }
  return {};
}
