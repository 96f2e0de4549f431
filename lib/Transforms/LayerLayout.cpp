//===- LayerLayout.cpp - which pipeline layouts a model takes -------------===//
#include "LayerLayout.h"
#include "mtc/Plan/CheckedMath.h"
#include "mtc/Plan/Schedule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mtc;

std::optional<std::string> mtc::layerLayoutProblem(int64_t layers, int64_t p, int64_t v,
                                                   llvm::ArrayRef<int64_t> layersPerChunk,
                                                   llvm::StringRef balance,
                                                   const LayoutOptionNames &names) {
  auto str = [](int64_t n) { return std::to_string(n); };
  std::string pp = names.pp.str(), vp = names.vp.str(), balanceName = names.balance.str();
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
  if (!layersPerChunk.empty() && balance != "even")
    return "give layers-per-chunk or " + balanceName + "=" + balance.str() + ", not both";
  if (!layersPerChunk.empty()) {
    std::vector<int> counts(layersPerChunk.begin(), layersPerChunk.end());
    Result<std::vector<LayerRange>> r =
        assignLayers(counts, static_cast<int>(layers), static_cast<int>(p), static_cast<int>(v));
    return r ? std::nullopt : std::optional<std::string>(r.error());
  }
  if (balance == "cost")
    return std::nullopt; // any layer count from p x v up
  if (balance != "even")
    return balanceName + "='" + balance.str() + "' is neither 'even' nor 'cost'";
  if (layers % (p * v) == 0)
    return std::nullopt;
  std::string divisors;
  llvm::raw_string_ostream os(divisors);
  llvm::interleaveComma(divisorsOf(layers), os);
  return "layers (" + str(layers) + ") are not divisible by " + pp + "*" + vp + " (" + str(p) +
         "*" + str(v) + "=" + str(p * v) + "); make " + pp + "*" + vp + " one of " + divisors +
         ", or place the layers unevenly with layers-per-chunk or " + balanceName +
         "=cost (mtc-compile --layers-per-chunk, --pipeline-balance cost)";
}
