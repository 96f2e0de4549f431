// Training checkpoints (whole-model weight files: interop/WeightFiles.h).
//
// Layout (docs/checkpoints.md has the format and its guarantees):
//   DIR/latest_checkpointed_iteration.txt   "10"
//   DIR/iter_0000010/checkpoint.json        iteration, consumed samples, RNG state,
//                                           optimizer step, model fingerprint, grid
//   DIR/iter_0000010/rank_00000.safetensors this rank's parameter slices and AdamW
//                                           moments under FULL names, with each
//                                           param's full shape and slice offset in
//                                           the file's metadata
// A checkpoint is written into DIR/iter_0000010.tmp (every write checked and
// fsync'ed) and renamed when every rank's file is complete; only then does the
// marker move. So the marker never names an incomplete folder, and a failed or
// interrupted save leaves the previous checkpoint as it was.
#pragma once
#include "comm/Agreement.h"
#include "io/Safetensors.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace mtc::pb {
class Plan;
}

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

class Executor;
class Optimizer;

class CheckpointError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Everything beyond the tensors that a bit-identical resume needs.
struct TrainingState {
  int64_t iteration = 0;        // optimizer steps completed
  int64_t consumedSamples = 0;  // training samples read so far
  uint64_t seed = 0;            // the run's seed (data order, dropout)
  uint64_t dropoutCounter = 0;  // micro-batches run with dropout
  // fp16 dynamic loss scaling (scale 0: not an fp16 run).
  double lossScale = 0;
  int64_t lossScaleGrowthTracker = 0, lossScaleHysteresisTracker = 0;
  std::string notice; // on load: e.g. an old format loaded without checksums
};

std::string iterationDirName(int64_t iteration); // "iter_0000010"
constexpr const char *kLatestFile = "latest_checkpointed_iteration.txt";

// Collective over `world`: every rank writes its shard, rank 0 the metadata and
// the marker. Returns the folder written. A failure on any rank (disk full, I/O
// error) fails the save on every rank with that rank's message, naming the file;
// the marker and the previous checkpoints are left as they were. Refuses to
// replace an existing iter_ folder.
std::string saveCheckpoint(const std::string &dir, const TrainingState &state,
                           Executor &executor, Optimizer &optimizer,
                           comm::Communicator &world);

// -1 when DIR has no marker. Throws CheckpointError when the marker is malformed.
int64_t latestIteration(const std::string &dir);

// Which folder `--load DIR` means. DIR itself when it holds checkpoint.json;
// else the iter_ folder its marker names; else, with no marker, the newest
// iter_ folder after checking its checkpoint.json and rank files (a notice
// says so; when it does not verify, CheckpointError names it: never a silent
// fall-back to an older one). Unfinished saves (*.tmp) are never chosen (a
// notice names them). folder is empty when DIR holds no checkpoint at all.
struct CheckpointLocation {
  std::string folder;
  std::vector<std::string> notices;
};
CheckpointLocation findCheckpoint(const std::string &dir);

// Collective, after every rank ran findCheckpoint(dir): throws CheckpointError
// unless all found the same checkpoint (the same folder with the same
// checkpoint.json) or all found none. Ranks on nodes that do not share DIR's
// file system would otherwise load different iterations, or some would load
// while others start from scratch and wait in another collective.
void agreeOnCheckpointFound(comm::Communicator &world, const CheckpointLocation &location,
                            const std::string &dir);

// Run by `train --save DIR` before its first iteration: refuses (naming the
// folder) when DIR holds a checkpoint this run could overwrite or hide (an
// iteration after `startIteration`, or the marker naming one) or a checkpoint
// of another model; removes the leftovers of interrupted saves (iter_*.tmp),
// returning a notice for each.
std::vector<std::string> prepareSaveDir(const std::string &dir, int64_t startIteration,
                                        const pb::Plan &plan);

// Collective, before training: rank 0 creates DIR and writes a file with a
// fresh token there; every rank must read that token back. Throws
// CheckpointError naming the ranks that cannot (DIR on a node's own disk, a
// mount missing on some node), so a non-shared --save fails before the first
// iteration instead of at the first save.
void checkSaveFolderShared(comm::Communicator &world, const std::string &dir);

// Loads the checkpoint findCheckpoint(DIR) names. Refuses, saying what differs,
// when the model fingerprint or any parameter name, full shape or slice differs,
// and, naming the file and tensor, when a checksum does not match. Collective:
// a failure on any rank fails every rank with its message. `optimizer` may be
// null (generation: weights only).
TrainingState loadCheckpoint(const std::string &dir, Executor &executor,
                             Optimizer *optimizer, comm::Communicator &world);

} // namespace mtc::runtime
