// Loading a checkpoint written under another (tensor, pipeline, data) layout.
//
// Every rank file of a checkpoint names each parameter slice it holds by the
// parameter's full name, full shape and slice offset (checkpoint/Checkpoint.h), and
// its AdamW moments alongside. A rank of the new layout builds each of its
// parameter slices (and their moments) from every stored slice that overlaps
// it, from any rank file: tensor-parallel splits change, pipeline stages move,
// data-parallel replicas and replicated params are read from whichever rank
// holds them. A padded vocabulary that differs between the layouts is handled:
// rows outside the stored full shape are vocabulary padding and are zeroed.
// Everything the new slice needs must be covered, or the load fails naming
// the parameter. Every rank file's size and header checksum are checked against
// checkpoint.json and every tensor read against its checksum (version 2).
#pragma once

#include "checkpoint/Checkpoint.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace mtc::runtime {

// `folder` is an iter_ folder, `meta` its checkpoint.json (readCheckpointJson).
// Not collective: each rank reads what it needs.
TrainingState loadCheckpointAcrossLayouts(const std::string &folder, const nlohmann::json &meta,
                                          Executor &executor, Optimizer *optimizer);

} // namespace mtc::runtime
