//===- MtcPipelineOps.cpp - verifiers of the pipeline point-to-point ops --===//
#include "mtc/MtcOps.h"

using namespace mlir;
using namespace mtc;

namespace {
/// Activations flow to the next chunk, gradients to the previous one: the
/// schedule's communication model knows no other edges.
LogicalResult verifyNeighbour(Operation *op, int64_t chunk, int64_t peer,
                              bool gradient, int64_t tag, bool isSend) {
  if (chunk < 0 || peer < 0 || tag < 0 || chunk >= kMaxSize ||
      peer >= kMaxSize)
    return op->emitOpError("chunk ")
           << chunk << ", peer " << peer << " and tag " << tag
           << " must be >= 0 (chunk and peer below " << kMaxSize << ")";
  // A send goes from chunk to peer; a receive comes from peer into chunk.
  int64_t from = isSend ? chunk : peer, to = isSend ? peer : chunk;
  int64_t expected = gradient ? from - 1 : from + 1;
  if (to != expected)
    return op->emitOpError()
           << (gradient ? "gradients" : "activations") << " flow from chunk "
           << from << " to chunk " << expected << ", not to chunk " << to;
  return success();
}
} // namespace

LogicalResult PipelineSendOp::verify() {
  return verifyNeighbour(*this, getChunk(), getPeer(), getGradient(), getTag(),
                         /*isSend=*/true);
}

LogicalResult PipelineRecvOp::verify() {
  return verifyNeighbour(*this, getChunk(), getPeer(), getGradient(), getTag(),
                         /*isSend=*/false);
}
