//===- ZeroBubbleSchedule.h - ZB-H1 and ZB-V: B and W steps ------*- C++ -*-===//
//
// Zero-bubble pipelining (Qi et al., "Zero Bubble Pipeline Parallelism",
// ICLR 2024) splits each backward into B, the input gradient the previous
// stage waits for, and W, the weight gradient nobody waits for. B stays on the
// critical path; W is deferred into the time a rank would otherwise idle.
//
// ZB-H1 on 1F1B (vp = 1) is the paper's handcrafted schedule (its Figure 3,
// top): rank r runs 1F1B's warm-up forwards and F/B pairs, and after the B of
// micro-batch k the W of micro-batch k - r; the r W steps it deferred fill
// the drain where 1F1B leaves it idle. With F = B = W = 1 every rank idles
// (pp-1)(F+B-W) = pp-1 units against 1F1B's 3(pp-1): the bubble is a third.
// Every rank holds up to min(pp, m) micro-batches (from F to W), the count of
// 1F1B's first rank: the paper's memory bound is the fullest stage's, so
// stages after the first hold more micro-batches than under 1F1B (up to
// pp - r more on rank r), and each held arena also keeps the linears' output
// gradients from B to W. The compiler reports each stage's bytes next to
// 1F1B's.
//
// On interleaved 1F1B (vp > 1) the split is built by list scheduling in unit
// time on the base's forward and backward orders: at each tick every free
// rank runs, in this priority, its next B whose output gradient has arrived,
// else its next F whose input has arrived while it holds fewer micro-batches
// than the base's fullest rank, else its oldest pending W. With equal step
// times this reaches (pp-1)/(3 vp m) for the sizes tested. Either order is
// static data like 1F1B's; the deadlock checker accepts it under any step
// costs.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_ZEROBUBBLESCHEDULE_H
#define MTC_PLAN_ZEROBUBBLESCHEDULE_H

#include "mtc/Plan/Result.h"
#include "mtc/Plan/Schedule.h"

#include <functional>
#include <vector>

namespace mtc {

/// The zero-bubble version of `base` (1F1B or interleaved 1F1B, not split):
/// each rank runs the base's forwards and backwards in the base's orders,
/// every backward as B then a W, by the list scheduling above, holding no
/// more micro-batches at once than the base's fullest rank. Errors when
/// no order exists within that (not seen for built bases) or the tables would
/// be too large.
Result<PipelineSchedule> buildZeroBubbleSchedule(const PipelineSchedule &base);

/// ZB-H1: the paper's handcrafted order on 1F1B (vp = 1) or, with vp > 1,
/// the list-scheduled split of interleaved 1F1B (the same checks as
/// buildSchedule).
Result<PipelineSchedule> buildZeroBubbleH1(int pp, int vp, int microbatches);

/// ZB-V (Qi et al. 2024): vp == 2 in the V placement (rank r holds chunks r
/// and 2pp-1-r), every backward split, in the paper's four phases (see the
/// .cpp), each rank holding at most 2pp chunk micro-batches (1F1B's first
/// rank's memory). Errors for pp < 2, vp != 2, microbatches < 2pp - 1.
Result<PipelineSchedule> buildZeroBubbleV(int pp, int vp, int microbatches);

/// What one rank's steps hold, in bytes: a forward of chunk c takes
/// untilBackward(c) + untilWeightGrad(c), its B takes fromBackward(c) (when
/// set) and gives back untilBackward(c), its W gives back the rest; `base`
/// is held throughout.
struct StepBytes {
  std::function<double(int chunk)> untilBackward, untilWeightGrad, fromBackward;
  double base = 0;
};

/// The most `bytes` `rank` holds at once, base included: peakHeld's walk
/// with what B takes (taken before B runs, B's own given back after).
double peakHeld(const RankSchedule &rank, const StepBytes &bytes);

/// `rank`'s steps with W steps moved earlier, oldest B first, wherever the
/// next forward (or what the next B takes) would otherwise take the rank
/// over `limit` bytes: Qi et al.'s
/// memory bound as a constraint on the order rather than a property of the
/// handcrafted schedule (which holds only when what W keeps is smaller than
/// what B frees). Each chunk's W steps keep their order (so every parameter
/// accumulates its micro-batches in the same order) and wait on nothing, so
/// moving one earlier only delays the rank's later steps and keeps any order
/// the deadlock checker accepted. A step that does not fit once nothing is
/// left to move runs anyway: the result may still exceed `limit` (the
/// caller compares). Requires each chunk's W steps in the order of its B
/// steps (ZB-V interleaves the two chunks' W steps otherwise freely).
Result<RankSchedule> limitWeightGradDeferral(const RankSchedule &rank, const StepBytes &bytes,
                                             double limit);

/// Most micro-batches rank `rank` holds at once (from its F to its W, or to
/// its B when the backward is not split): what the rank's arenas must hold.
int maxMicrobatchesHeld(const RankSchedule &rank);

} // namespace mtc

#endif // MTC_PLAN_ZEROBUBBLESCHEDULE_H
