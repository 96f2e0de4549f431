// Loading a checkpoint written under another (tensor, pipeline, data) layout.
//
// Every rank file of a checkpoint names each parameter slice it holds by the
// parameter's full name, full shape and slice offset (exec/Checkpoint.h), and
// its AdamW moments alongside. A rank of the new layout builds each of its
// parameter slices (and their moments) from every stored slice that overlaps
// it, from any rank file: tensor-parallel splits change, pipeline stages move,
// data-parallel replicas and replicated params are read from whichever rank
// holds them. A padded vocabulary that differs between the layouts is handled:
// rows outside the stored full shape are vocabulary padding and are zeroed.
// Everything the new slice needs must be covered, or the load fails naming
// the parameter.
#pragma once

#include "exec/Checkpoint.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace mtc::runtime {

// The fp16 loss scaler's state from checkpoint.json (absent: left as is).
void readLossScalerState(const nlohmann::json &meta, TrainingState &state);

// `folder` is an iter_ folder. Collective only in that every rank reads.
TrainingState loadCheckpointAcrossLayouts(const std::string &folder, Executor &executor,
                                          Optimizer *optimizer, comm::Communicator &world);

} // namespace mtc::runtime
