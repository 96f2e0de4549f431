// train --dump-batch: every iteration's inputs as one rank reads them, on any
// (tensor, pipeline, data) layout. One rank per data-parallel replica records
// what it feeds (a pipeline's first stage, tensor rank 0); at the end rank 0
// collects the replicas' micro-batches and writes them interleaved in the
// order a one-rank run of the same global batch reads them: micro-batch m of
// replica r is the one-rank run's micro-batch m * d + r.
#pragma once
#include "train/DataSource.h"
#include "exec/MicroBatch.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

class BatchDump {
public:
  // `microBatches`: per replica and iteration; `geometry` the replica's.
  BatchDump(const BatchGeometry &geometry, int64_t microBatches);

  // Keeps micro-batch `index` of the running iteration; a pipeline fills one
  // several times (once per chunk): the first copy is kept.
  void record(int64_t index, const MicroBatchInputs &in);
  // Appends the running iteration's micro-batches in order (throws when one
  // was never recorded).
  void endIteration();

  // Collective over `world`: the world ranks in `recorders` (replica r's at
  // index r; recorders[0] == 0) send what they recorded to rank 0, which
  // writes PATH: [iterations, micro-batches * d, micro-batch, seq] f32 per
  // input ([..., micro-batch] for lengths and sentence_labels). A run resumed
  // at `startIteration` > 0 keeps an existing file's earlier iterations.
  void write(const std::string &path, comm::Communicator &world,
             const std::vector<int> &recorders, int64_t startIteration) const;

private:
  // [iterations, micro-batches, micro-batch(, seq)] of a whole-run input.
  std::vector<int64_t> shapeOf(const std::string &name, int64_t iterations,
                               int64_t microBatchesPerIteration) const;

  BatchGeometry geometry;
  int64_t microBatches;
  std::map<int64_t, MicroBatchInputs> running; // this iteration's, by index
  // By input name (tokens, targets, token_types, lengths, sentence_labels),
  // as exact f32: every recorded iteration's micro-batches in order.
  std::map<std::string, std::vector<float>> recorded;
};

} // namespace mtc::runtime
