#include "exec/ContextParallel.h"

#include "mtc/Plan/ContextSplit.h"

#include <stdexcept>
#include <utility>

namespace mtc::runtime {

ContextShard ContextShard::unsplit(int64_t wholeSeq) {
  ContextShard c;
  c.wholeSeq_ = wholeSeq;
  return c;
}

ContextShard ContextShard::create(int64_t wholeSeq, int size, int rank, bool causal) {
  Result<ContextSplit> split = ContextSplit::create(wholeSeq, size, causal);
  if (!split)
    throw std::invalid_argument(split.error());
  if (rank < 0 || rank >= size)
    throw std::invalid_argument("context rank " + std::to_string(rank) + " is not in [0, " +
                                std::to_string(size) + ")");
  ContextShard c;
  c.rank_ = rank;
  c.size_ = size;
  c.wholeSeq_ = wholeSeq;
  for (int r = 0; r < size; ++r) {
    c.positions_.push_back(split->positions(r));
    const ContextSplit::RingBlock b = split->ringBlock(rank, r);
    c.ringSteps_.push_back({b.source, b.firstQuery, b.queries, b.keys});
  }
  return c;
}

std::vector<PositionRun> ContextShard::runsOf(int64_t first, int64_t n) const {
  if (!split())
    return {{0, first, n}};
  const std::vector<int64_t> &p = positions_[rank_];
  std::vector<PositionRun> runs;
  for (int64_t i = first; i < first + n; ++i) {
    if (!runs.empty() && p[i] == p[i - 1] + 1)
      ++runs.back().length;
    else
      runs.push_back({i - first, p[i], 1});
  }
  return runs;
}

std::vector<int32_t> localRows(const ContextShard &ctx, const std::vector<int32_t> &whole,
                               int64_t batch) {
  const int64_t S = ctx.wholeSeq(), L = ctx.localSeq();
  if (static_cast<int64_t>(whole.size()) != batch * S)
    throw std::invalid_argument("a micro-batch input of " + std::to_string(whole.size()) +
                                " tokens is not " + std::to_string(batch) + " sequences of " +
                                std::to_string(S));
  const std::vector<int64_t> &p = ctx.positionsOf(ctx.rank());
  std::vector<int32_t> local(static_cast<size_t>(batch * L));
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < L; ++i)
      local[b * L + i] = whole[b * S + p[i]];
  return local;
}

void dropoutOnRows(Backend &dev, kernels::In x, kernels::Out y, int64_t batch, int64_t rows,
                   int64_t first, int64_t hidden, const ContextShard &ctx, float rate,
                   uint64_t seed, uint64_t stream) {
  for (int64_t b = 0; b < batch; ++b)
    for (const PositionRun &run : ctx.runsOf(first, rows)) {
      const int64_t at = (b * rows + run.local) * hidden;
      const uint64_t counter =
          static_cast<uint64_t>((b * ctx.wholeSeq() + run.whole) * hidden);
      dev.dropout(x.at(at), y.at(at), run.length * hidden, rate, seed, stream, counter);
    }
}

void addPositionRows(Backend &dev, const float *x, const float *table, float *y, int64_t batch,
                     int64_t rows, int64_t hidden, int64_t first, const ContextShard &ctx) {
  for (int64_t b = 0; b < batch; ++b)
    for (const PositionRun &run : ctx.runsOf(first, rows)) {
      const int64_t at = (b * rows + run.local) * hidden;
      dev.add(x + at, table + run.whole * hidden, y + at, run.length * hidden);
    }
}

void accumulatePositionRows(Backend &dev, const float *dy, float *dtable, int64_t batch,
                            int64_t rows, int64_t hidden, int64_t first,
                            const ContextShard &ctx) {
  for (int64_t b = 0; b < batch; ++b)
    for (const PositionRun &run : ctx.runsOf(first, rows)) {
      float *tableRows = dtable + run.whole * hidden;
      dev.add(tableRows, dy + (b * rows + run.local) * hidden, tableRows, run.length * hidden);
    }
}

namespace {

int64_t kvHeadsOf(const kernels::AttentionShape &a) { return a.kvHeads ? a.kvHeads : a.heads; }

// The block of ring step `step` as the kernels take it.
kernels::AttentionBlock ringBlock(const ContextShard &ctx, const kernels::AttentionShape &whole,
                                  int step) {
  const RingStep &rb = ctx.ringSteps()[step];
  const int64_t L = ctx.localSeq();
  return {whole, L, ctx.positionsOf(ctx.rank()).data(), rb.firstQuery, rb.queries, L, rb.keys,
          ctx.positionsOf(rb.source).data()};
}

// The group must be the context group, in context-rank order.
void checkGroup(const comm::Communicator &group, const ContextShard &ctx) {
  if (group.size() != ctx.size() || group.rank() != ctx.rank())
    throw std::runtime_error("ring attention: group '" + group.name() + "' has rank " +
                             std::to_string(group.rank()) + " of " +
                             std::to_string(group.size()) + ", the context shard is rank " +
                             std::to_string(ctx.rank()) + " of " + std::to_string(ctx.size()));
}

// Posts: send `from` to the next rank, receive the previous rank's into `into`.
comm::RequestPtr passOn(comm::Communicator &group, const float *from, float *into, int64_t n) {
  const int next = (group.rank() + 1) % group.size();
  const int prev = (group.rank() + group.size() - 1) % group.size();
  std::vector<comm::P2pTransfer> ops{
      {true, const_cast<float *>(from), static_cast<size_t>(n), comm::DataType::F32, next},
      {false, into, static_cast<size_t>(n), comm::DataType::F32, prev}};
  // A peer that never comes is an error after this long, not a hang (MPI).
  constexpr double kTimeoutSeconds = 1800;
  return group.startGroupedSendRecv(ops, kTimeoutSeconds);
}

// The executor allocates what the plan predicts; a plan that predicted less
// than the blocks need is a compiler bug, not a reason to allocate more.
float *scratchFloats(DeviceArray &scratch, int64_t n) {
  if (scratch.size() < n)
    throw std::runtime_error("ring attention needs " + std::to_string(n * 4) +
                             " bytes of key/value blocks, the plan holds " +
                             std::to_string(scratch.size() * 4) +
                             " (memory.context_ring_bytes): recompile with this mtc-compile");
  return scratch.data();
}

} // namespace

void ringAttentionForward(Backend &dev, comm::Communicator &group, const ContextShard &ctx,
                          const kernels::AttentionShape &whole, const float *qkv, float *out,
                          float *lse, DeviceArray &scratch) {
  checkGroup(group, ctx);
  const int64_t n = whole.batch * ctx.localSeq() * 2 * kvHeadsOf(whole) * whole.headDim;
  float *kv[2] = {scratchFloats(scratch, 2 * n), nullptr};
  kv[1] = kv[0] + n;
  dev.packKeyValues(whole, ctx.localSeq(), qkv, kv[0]);
  for (int step = 0; step < ctx.size(); ++step) {
    const int cur = step % 2;
    comm::RequestPtr next;
    if (step + 1 < ctx.size())
      next = passOn(group, kv[cur], kv[1 - cur], n);
    dev.attentionBlockForward(ringBlock(ctx, whole, step), qkv, kv[cur], out, lse,
                              /*first=*/step == 0);
    if (next)
      next->wait();
  }
}

void ringAttentionBackward(Backend &dev, comm::Communicator &group, const ContextShard &ctx,
                           const kernels::AttentionShape &whole, const float *qkv,
                           const float *out, const float *lse, const float *dout, float *dqkv,
                           DeviceArray &scratch) {
  checkGroup(group, ctx);
  const int64_t L = ctx.localSeq();
  const int64_t n = whole.batch * L * 2 * kvHeadsOf(whole) * whole.headDim;
  float *base = scratchFloats(scratch, 4 * n);
  float *kv[2] = {base, base + n}, *dkv[2] = {base + 2 * n, base + 3 * n};
  const int64_t width = (whole.heads + 2 * kvHeadsOf(whole)) * whole.headDim;
  dev.fill32(dqkv, 0u, whole.batch * L * width);
  dev.packKeyValues(whole, L, qkv, kv[0]);
  dev.fill32(dkv[0], 0u, n);
  for (int step = 0; step < ctx.size(); ++step) {
    const int cur = step % 2;
    comm::RequestPtr next;
    if (step + 1 < ctx.size())
      next = passOn(group, kv[cur], kv[1 - cur], n);
    // dkv[cur] is the gradient of the block this rank holds, summed over the
    // ranks it visited; this rank adds its part and passes it on with the
    // block (after the last step, on to its owner).
    dev.attentionBlockBackward(ringBlock(ctx, whole, step), qkv, kv[cur], out, lse, dout,
                               dqkv, dkv[cur]);
    passOn(group, dkv[cur], dkv[1 - cur], n)->wait();
    if (next)
      next->wait();
  }
  dev.addKeyValueGrads(whole, L, L, L, dkv[ctx.size() % 2], dqkv);
}

} // namespace mtc::runtime
