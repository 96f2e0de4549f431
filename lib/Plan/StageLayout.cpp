//===- StageLayout.cpp - Megatron-LM's uneven first and last stage --------===//
//
// Megatron-LM computes a stage's layers in get_num_layers_to_build and
// checks them in TransformerConfig.__post_init__; the rules below are those,
// plus the layouts Megatron accepts but builds without some layers (pp = 1,
// first + last short of the model with no middle stage).
//
//===----------------------------------------------------------------------===//
#include "mtc/Plan/StageLayout.h"

namespace mtc {
Result<std::vector<int>> firstLastStageLayout(int64_t layers, int64_t pp, int64_t vp,
                                              int64_t firstStageLayers, int64_t lastStageLayers,
                                              const StageLayoutNames &names) {
  auto str = [](int64_t n) { return std::to_string(n); };
  auto fail = [](std::string message) { return Error{std::move(message)}; };
  if (firstStageLayers < 0 || lastStageLayers < 0)
    return fail(names.first + " and " + names.last + " must be >= 1 when given, got " +
                str(firstStageLayers) + " and " + str(lastStageLayers));
  if (layers < 1 || pp < 1 || vp < 1 || pp > layers || vp > layers || pp * vp > layers)
    return fail(names.pp + " (" + str(pp) + ") and " + names.vp + " (" + str(vp) +
                ") must be >= 1, with " + names.pp + " x " + names.vp + " at most the " +
                str(layers) + " layers");
  if (pp == 1)
    return fail(names.first + " / " + names.last + " need " + names.pp +
                " > 1: with one stage every layer is on it");
  for (auto [name, count] : {std::pair<const std::string &, int64_t>{names.first, firstStageLayers},
                             {names.last, lastStageLayers}})
    if (count % vp != 0)
      return fail(name + " (" + str(count) + ") must be divisible by " + names.vp + " (" +
                  str(vp) + "): each of the stage's " + str(vp) +
                  " chunks holds the same number of layers, as in Megatron-LM");
  int64_t middleStages = pp - (firstStageLayers > 0) - (lastStageLayers > 0);
  int64_t middleLayers = layers - firstStageLayers - lastStageLayers;
  std::string given = (firstStageLayers > 0 ? names.first + " (" + str(firstStageLayers) + ")" : "") +
                      (firstStageLayers > 0 && lastStageLayers > 0 ? " + " : "") +
                      (lastStageLayers > 0 ? names.last + " (" + str(lastStageLayers) + ")" : "");
  if (middleLayers < 0)
    return fail(given + " exceed the model's " + str(layers) + " layers");
  if (middleStages > 0 && middleLayers < middleStages * vp)
    return fail("with " + given + ", " + str(middleLayers) + " of the " + str(layers) +
                " layers remain for the other " + str(middleStages) +
                " stage(s), which need at least " + str(middleStages * vp) + " (one per chunk)");
  if (middleStages == 0 && middleLayers != 0)
    return fail(given + " must sum to the model's " + str(layers) + " layers: " +
                names.pp + " = " + str(pp) + " has no middle stage to hold the other " +
                str(middleLayers));
  if (middleStages > 0 && middleLayers % middleStages != 0)
    return fail("the " + str(middleLayers) + " layers left by " + given +
                " are not divisible by the " + str(middleStages) +
                " middle stages; change the first/last stage's layers or " + names.pp +
                ", or give every chunk's layers (layers-per-chunk)");
  int64_t perMiddle = middleStages > 0 ? middleLayers / middleStages : 0;
  if (middleStages > 0 && perMiddle % vp != 0)
    return fail("each middle stage's " + str(perMiddle) + " layers (the " + str(middleLayers) +
                " left by " + given + " over " + str(middleStages) +
                " stages) must be divisible by " + names.vp + " (" + str(vp) + ")");
  std::vector<int64_t> stageLayers(pp, perMiddle);
  if (firstStageLayers > 0)
    stageLayers.front() = firstStageLayers;
  if (lastStageLayers > 0)
    stageLayers.back() = lastStageLayers;
  std::vector<int> counts;
  counts.reserve(pp * vp);
  for (int64_t chunk = 0; chunk < pp * vp; ++chunk)
    counts.push_back(static_cast<int>(stageLayers[chunk % pp] / vp));
  return counts;
}

StepTiming layerProportionalTiming(const std::vector<int64_t> &layersPerChunk,
                                   const StepTiming &unit) {
  StepTiming timing = unit;
  if (layersPerChunk.empty())
    return timing;
  double mean = 0;
  for (int64_t n : layersPerChunk)
    mean += static_cast<double>(n) / layersPerChunk.size();
  timing.cost = [layersPerChunk, mean, unit](int rank, const Step &step) {
    double scale = step.chunk >= 0 && step.chunk < static_cast<int>(layersPerChunk.size())
                       ? layersPerChunk[step.chunk] / mean
                       : 1.0;
    return unit.durationOf(rank, step) * scale;
  };
  return timing;
}
} // namespace mtc
