// The on-disk format of a checkpoint folder (docs/checkpoints.md), shared by the
// same-layout loader (Checkpoint.cpp) and the cross-layout one (Reshard.cpp).
//
// Version 2: checkpoint.json lists every rank file with its size and the CRC32C
// of its header, and carries the CRC32C of its own other fields; each rank file
// holds every tensor's CRC32C in its header. So every byte read on a load is
// covered by a checksum. Version 1 (no checksums) still loads, with a notice.
#pragma once
#include "checkpoint/Checkpoint.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace mtc::runtime {

constexpr int kCheckpointVersion = 2;

std::string shardName(int64_t rank); // "rank_00003.safetensors"

// The text of checkpoint.json for `meta`, with its "crc32c" field added.
std::string sealCheckpointJson(nlohmann::json meta);

// FOLDER/checkpoint.json, checked: an mtc checkpoint of version 1 or 2, and for
// version 2 its checksum. `notice` receives a line for version 1 (unverified).
nlohmann::json readCheckpointJson(const std::string &folder, std::string *notice);

// The rank file of `rank`, checked against checkpoint.json (version 2: its size,
// header checksum and per-tensor checksums; a mismatch names the file).
std::unique_ptr<SafetensorsFile> openShard(const std::string &folder,
                                           const nlohmann::json &meta, int64_t rank);

// The training state stored in checkpoint.json; sets the executor's dropout
// counter and the optimizer's step count.
TrainingState restoreTrainingState(const nlohmann::json &meta, Executor &executor,
                                   Optimizer *optimizer);

} // namespace mtc::runtime
