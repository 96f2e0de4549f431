#include "pipeline/PipelineP2pGroups.h"

#include "comm/NcclP2pOrder.h"

#include <algorithm>
#include <deque>
#include <map>
#include <sstream>

namespace mtc::runtime {
namespace {

// A point in the simulated time and, among groups at the same time, their
// order: a receive into an arena comes after the sends out of it, at the
// same time (the runner runs both between the same two steps) but in a
// later group.
struct Tick {
  int64_t time = -1; // -1: not known yet
  int sub = 0;
  bool known() const { return time >= 0; }
  bool operator<(const Tick &o) const { return time != o.time ? time < o.time : sub < o.sub; }
};

const std::vector<int> &tagsOf(const std::vector<ChunkTransfers> &transfers, int producer,
                               bool gradient) {
  return gradient ? transfers[producer].backwardTags : transfers[producer].forwardTags;
}

// The transfers `producer`'s step sends for `microbatch`, as the sender's
// (send) or the receiver's ops.
void addOps(std::vector<GroupedTransfer> &out, const PipelineSchedule &s,
            const std::vector<ChunkTransfers> &transfers, int producer, bool gradient,
            int microbatch, bool send) {
  const int consumer = gradient ? producer - 1 : producer + 1;
  for (int tag : tagsOf(transfers, producer, gradient)) {
    GroupedTransfer op;
    op.send = send;
    op.chunk = send ? producer : consumer;
    op.peerChunk = send ? consumer : producer;
    op.peerStage = s.stageOfChunk(op.peerChunk);
    op.microbatch = microbatch;
    op.gradient = gradient;
    op.tag = tag;
    op.id = ((static_cast<int64_t>(tag) * 2 + (gradient ? 1 : 0)) * s.numChunks() + producer) *
                s.microbatches +
            microbatch;
    out.push_back(op);
  }
}

// What `step` sends: a forward's activations to chunk + 1, a backward's (B)
// input gradients to chunk - 1; W sends nothing.
std::vector<GroupedTransfer> sendsOf(const PipelineSchedule &s,
                                     const std::vector<ChunkTransfers> &transfers,
                                     const Step &step) {
  std::vector<GroupedTransfer> ops;
  if (step.kind == StepKind::Forward && step.chunk + 1 < s.numChunks())
    addOps(ops, s, transfers, step.chunk, /*gradient=*/false, step.microbatch, true);
  if (step.kind == StepKind::Backward && step.chunk > 0)
    addOps(ops, s, transfers, step.chunk, /*gradient=*/true, step.microbatch, true);
  return ops;
}

std::vector<GroupedTransfer> receivesOf(const PipelineSchedule &s,
                                        const std::vector<ChunkTransfers> &transfers,
                                        const Step &step) {
  std::vector<GroupedTransfer> ops;
  if (step.kind == StepKind::Forward && step.chunk > 0)
    addOps(ops, s, transfers, step.chunk - 1, /*gradient=*/false, step.microbatch, false);
  if (step.kind == StepKind::Backward && step.chunk + 1 < s.numChunks())
    addOps(ops, s, transfers, step.chunk + 1, /*gradient=*/true, step.microbatch, false);
  return ops;
}

// The step that gives a chunk's arena back: its B when the backward is whole
// or W keeps an arena of its own, else its W.
StepKind releasingStep(const PipelineSchedule &s, const ChunkTransfers &chunk) {
  return !s.splitBackward || chunk.releasedByBackward ? StepKind::Backward : StepKind::WeightGrad;
}

std::string checkShape(const PipelineSchedule &s, const std::vector<ChunkTransfers> &transfers) {
  if (s.pp < 2)
    return "grouped transfers need a pipeline of 2 or more stages (got " +
           std::to_string(s.pp) + ")";
  if (static_cast<int>(s.ranks.size()) != s.pp)
    return "the schedule has " + std::to_string(s.ranks.size()) + " ranks for " +
           std::to_string(s.pp) + " stages";
  if (static_cast<int>(transfers.size()) != s.numChunks())
    return "transfers are given for " + std::to_string(transfers.size()) + " chunks, the "
           "schedule has " + std::to_string(s.numChunks());
  if (!transfers.back().forwardTags.empty() || !transfers.front().backwardTags.empty())
    return "the last chunk sends activations or chunk 0 sends gradients";
  for (const RankSchedule &r : s.ranks)
    for (const Step &st : r.steps)
      if (st.chunk < 0 || st.chunk >= s.numChunks() || st.microbatch < 0 ||
          st.microbatch >= s.microbatches || s.stageOfChunk(st.chunk) != r.rank)
        return "rank " + std::to_string(r.rank) + " runs " + toString(st) +
               ", which is not one of its steps";
  return "";
}

} // namespace

Result<PipelineGroups> groupPipelineTransfers(const PipelineSchedule &s,
                                              const std::vector<ChunkTransfers> &transfers) {
  if (std::string problem = checkShape(s, transfers); !problem.empty())
    return Error{problem};
  const int chunks = s.numChunks(), m = s.microbatches, pp = s.pp;
  auto at = [m](int chunk, int microbatch) { return static_cast<size_t>(chunk) * m + microbatch; };
  auto carries = [&](int producer, bool gradient) {
    return producer >= 0 && producer < chunks && !tagsOf(transfers, producer, gradient).empty();
  };
  // End of each forward and backward (B) (-1: not yet); tick of the
  // transfers each sends.
  std::vector<int64_t> forwardEnd(size_t(chunks) * m, -1), backwardEnd = forwardEnd;
  std::vector<Tick> forwardTick(size_t(chunks) * m), backwardTick = forwardTick;
  const int64_t forwardCost = 1, backwardCost = s.splitBackward ? 1 : 2, weightCost = 1;

  // The last tick of a transfer sent out of the arena of (chunk, microbatch):
  // once it passed, the arena may be overwritten (unknown: not known yet).
  auto arenaFree = [&](int chunk, int microbatch) -> Tick {
    Tick t{0, 0};
    for (bool gradient : {false, true})
      if (carries(chunk, gradient)) {
        const Tick tick = (gradient ? backwardTick : forwardTick)[at(chunk, microbatch)];
        if (!tick.known())
          return tick;
        t = std::max(t, tick);
      }
    return t;
  };

  std::vector<std::vector<int64_t>> start(pp);
  std::vector<size_t> next(pp, 0);
  std::vector<int64_t> clock(pp, 0);
  // Per rank and chunk: micro-batches whose arenas were released, oldest
  // first, as the runner reuses them.
  std::vector<std::map<int, std::deque<int>>> released(pp);
  for (bool progress = true; progress;) {
    progress = false;
    for (int r = 0; r < pp; ++r) {
      const std::vector<Step> &steps = s.ranks[r].steps;
      for (; next[r] < steps.size(); ++next[r], progress = true) {
        const Step &st = steps[next[r]];
        const size_t here = at(st.chunk, st.microbatch);
        std::deque<int> &queue = released[r][st.chunk];
        int64_t begin = clock[r], end = 0;
        if (st.kind == StepKind::Forward) {
          Tick freeAt{0, 0};
          if (!queue.empty() && !(freeAt = arenaFree(st.chunk, queue.front())).known())
            break;
          if (carries(st.chunk - 1, false)) {
            const int64_t produced = forwardEnd[at(st.chunk - 1, st.microbatch)];
            if (produced < 0)
              break;
            // After the producer, after the step before this one (where the
            // runner takes the arena) and after the arena's own sends left.
            const Tick tick = std::max({Tick{produced, 0}, Tick{clock[r], 0},
                                        Tick{freeAt.time, freeAt.sub + 1}});
            forwardTick[at(st.chunk - 1, st.microbatch)] = tick;
            begin = std::max(begin, tick.time);
          } else {
            begin = std::max(begin, freeAt.time);
          }
          if (!queue.empty())
            queue.pop_front();
          end = forwardEnd[here] = begin + forwardCost;
        } else if (st.kind == StepKind::Backward) {
          if (forwardEnd[here] < 0)
            return Error{"rank " + std::to_string(r) + " runs " + toString(st) +
                         " before its forward"};
          if (carries(st.chunk + 1, true)) {
            const int64_t produced = backwardEnd[at(st.chunk + 1, st.microbatch)];
            if (produced < 0)
              break;
            // As soon as it is produced: the arena it lands in holds this
            // micro-batch since its forward, so an early receive costs no
            // memory, and the sender's arena is free again sooner (a send
            // completes only once its receive is posted).
            const Tick tick = std::max(Tick{produced, 0}, Tick{forwardEnd[here], 0});
            backwardTick[at(st.chunk + 1, st.microbatch)] = tick;
            begin = std::max(begin, tick.time);
          }
          end = backwardEnd[here] = begin + backwardCost;
          if (releasingStep(s, transfers[st.chunk]) == StepKind::Backward)
            queue.push_back(st.microbatch);
        } else {
          if (backwardEnd[here] < 0)
            return Error{"rank " + std::to_string(r) + " runs " + toString(st) +
                         " before its backward"};
          end = begin + weightCost;
          if (releasingStep(s, transfers[st.chunk]) == StepKind::WeightGrad)
            queue.push_back(st.microbatch);
        }
        start[r].push_back(begin);
        clock[r] = end;
      }
    }
  }
  std::ostringstream stuck;
  for (int r = 0; r < pp; ++r)
    if (next[r] < s.ranks[r].steps.size())
      stuck << (stuck.tellp() ? "; " : "") << "rank " << r << " at step " << next[r] << " ("
            << toString(s.ranks[r].steps[next[r]]) << ")";
  if (stuck.tellp())
    return Error{"no grouping of the transfers: the schedule's waits form a cycle: " +
                 stuck.str()};

  // Every transfer at its tick, on both ends.
  std::vector<std::map<Tick, std::vector<GroupedTransfer>>> byTick(pp);
  for (int r = 0; r < pp; ++r)
    for (const Step &st : s.ranks[r].steps)
      for (const GroupedTransfer &send : sendsOf(s, transfers, st)) {
        const Tick tick = (send.gradient ? backwardTick : forwardTick)[at(st.chunk,
                                                                           st.microbatch)];
        byTick[r][tick].push_back(send);
        GroupedTransfer recv = send;
        recv.send = false;
        std::swap(recv.chunk, recv.peerChunk);
        recv.peerStage = r;
        byTick[s.stageOfChunk(recv.chunk)][tick].push_back(recv);
      }
  PipelineGroups groups(pp);
  for (int r = 0; r < pp; ++r)
    for (auto &[tick, ops] : byTick[r]) {
      // Both ends order a pair's transfers by identity (NCCL matches by order).
      std::sort(ops.begin(), ops.end(),
                [](const GroupedTransfer &a, const GroupedTransfer &b) { return a.id < b.id; });
      const int before = static_cast<int>(
          std::lower_bound(start[r].begin(), start[r].end(), tick.time) - start[r].begin());
      groups[r].push_back(P2pGroup{tick.time, tick.sub, before, std::move(ops)});
    }
  return groups;
}

PipelineGroups naivePipelineGroups(const PipelineSchedule &s,
                                   const std::vector<ChunkTransfers> &transfers) {
  PipelineGroups groups(s.ranks.size());
  for (size_t r = 0; r < s.ranks.size(); ++r) {
    const std::vector<Step> &steps = s.ranks[r].steps;
    for (size_t i = 0; i <= steps.size(); ++i) {
      P2pGroup g;
      g.time = static_cast<int64_t>(i);
      g.beforeStep = static_cast<int>(i);
      if (i > 0)
        g.ops = sendsOf(s, transfers, steps[i - 1]);
      if (i < steps.size())
        for (const GroupedTransfer &op : receivesOf(s, transfers, steps[i]))
          g.ops.push_back(op);
      if (!g.ops.empty())
        groups[r].push_back(std::move(g));
    }
  }
  return groups;
}

std::string verifyGroupedP2p(const PipelineSchedule &s,
                             const std::vector<ChunkTransfers> &transfers,
                             const PipelineGroups &groups) {
  if (std::string problem = checkShape(s, transfers); !problem.empty())
    return problem;
  if (static_cast<int>(groups.size()) != s.pp)
    return "groups for " + std::to_string(groups.size()) + " ranks, " + std::to_string(s.pp) +
           " stages";
  struct Where {
    int group = -1;
    bool send = false;
  };
  for (int r = 0; r < s.pp; ++r) {
    const std::vector<Step> &steps = s.ranks[r].steps;
    const std::vector<P2pGroup> &mine = groups[r];
    // Each op of this rank by identity.
    std::map<int64_t, Where> where;
    size_t ops = 0;
    for (int g = 0; g < static_cast<int>(mine.size()); ++g) {
      if (mine[g].beforeStep < 0 || mine[g].beforeStep > static_cast<int>(steps.size()) ||
          (g > 0 && mine[g].beforeStep < mine[g - 1].beforeStep))
        return "rank " + std::to_string(r) + " group " + std::to_string(g) + " runs before step " +
               std::to_string(mine[g].beforeStep) + ": out of order or out of range";
      for (const GroupedTransfer &op : mine[g].ops) {
        if (!where.emplace(op.id, Where{g, op.send}).second)
          return "rank " + std::to_string(r) + " holds transfer " + std::to_string(op.id) +
                 " twice";
        ++ops;
      }
    }
    size_t expected = 0;
    // The group holding `op` on this rank (send or receive as `op`), or -1.
    auto find = [&](const GroupedTransfer &op) -> int {
      auto it = where.find(op.id);
      return it == where.end() || it->second.send != op.send ? -1 : it->second.group;
    };
    std::map<int, std::deque<int>> released;
    std::map<std::pair<int, int>, int> forwardAt; // (chunk, micro-batch) -> step
    for (int k = 0; k < static_cast<int>(steps.size()); ++k) {
      const Step &st = steps[k];
      const std::string name = "rank " + std::to_string(r) + " step " + std::to_string(k) +
                               " (" + toString(st) + ")";
      if (st.kind == StepKind::Forward)
        forwardAt[{st.chunk, st.microbatch}] = k;
      int lastReceive = -1;
      for (const GroupedTransfer &op : receivesOf(s, transfers, st)) {
        ++expected;
        const int g = find(op);
        if (g < 0)
          return name + ": no group receives its input " + std::to_string(op.id);
        // A forward's input between the step before and it (its arena is
        // taken there: the memory plan's count of arenas); a backward's
        // gradient after its forward (the arena holds the micro-batch).
        const int earliest = st.kind == StepKind::Forward ? k
                             : forwardAt.count({st.chunk, st.microbatch})
                                 ? forwardAt[{st.chunk, st.microbatch}] + 1
                                 : k;
        if (mine[g].beforeStep < earliest || mine[g].beforeStep > k)
          return name + ": its input " + std::to_string(op.id) + " is received before step " +
                 std::to_string(mine[g].beforeStep) + ", not between step " +
                 std::to_string(earliest - 1) + " and it";
        lastReceive = std::max(lastReceive, g);
      }
      for (const GroupedTransfer &op : sendsOf(s, transfers, st)) {
        ++expected;
        const int g = find(op);
        if (g < 0)
          return name + ": no group sends its output " + std::to_string(op.id);
        if (mine[g].beforeStep <= k)
          return name + ": its output " + std::to_string(op.id) + " is sent before it ran";
      }
      std::deque<int> &queue = released[st.chunk];
      if (st.kind == StepKind::Forward && !queue.empty()) {
        // The arena this forward takes: every send out of it went before
        // the forward's receives and the forward itself.
        const Step previous{StepKind::Forward, st.chunk, queue.front()};
        Step previousBackward = previous;
        previousBackward.kind = StepKind::Backward;
        queue.pop_front();
        for (const Step &sender : {previous, previousBackward})
          for (const GroupedTransfer &op : sendsOf(s, transfers, sender)) {
            const int g = find(op);
            if (g < 0 || mine[g].beforeStep > k || (lastReceive >= 0 && g >= lastReceive))
              return name + ": reuses the arena of micro-batch " +
                     std::to_string(previous.microbatch) + " before its transfer " +
                     std::to_string(op.id) + " was sent";
          }
      }
      if (st.kind == releasingStep(s, transfers[st.chunk]))
        queue.push_back(st.microbatch);
    }
    if (expected != ops)
      return "rank " + std::to_string(r) + " holds " + std::to_string(ops) +
             " ops, its steps transfer " + std::to_string(expected);
  }
  // Steps wait only for earlier groups of their own rank: the groups'
  // completion is the run's.
  return groupsDeadlock(groups);
}

std::string groupsDeadlock(const PipelineGroups &groups) {
  std::vector<std::vector<std::vector<comm::P2pOp>>> nccl(groups.size());
  for (size_t r = 0; r < groups.size(); ++r)
    for (int g = 0; g < static_cast<int>(groups[r].size()); ++g) {
      nccl[r].emplace_back();
      for (const GroupedTransfer &op : groups[r][g].ops)
        nccl[r].back().push_back(comm::P2pOp{op.send ? comm::P2pKind::Send : comm::P2pKind::Recv,
                                             op.peerStage, 0, g, op.id});
    }
  comm::P2pSimulation sim = comm::simulateGroupedP2p(nccl);
  return sim.completes ? "" : sim.deadlock;
}

} // namespace mtc::runtime
