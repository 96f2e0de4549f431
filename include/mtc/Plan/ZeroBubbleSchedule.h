//===- ZeroBubbleSchedule.h - ZB-H1: backward split into B and W -*- C++ -*-===//
//
// Zero-bubble pipelining (Qi et al., "Zero Bubble Pipeline Parallelism",
// ICLR 2024) splits each backward into B, the input gradient the previous
// stage waits for, and W, the weight gradient nobody waits for. B stays on the
// critical path; W is deferred into the time a rank would otherwise idle.
//
// The schedule is built by list scheduling in unit time (F = B = W = 1): at
// each tick every free rank runs, in this priority, the next B whose output
// gradient has arrived, else the next F whose input has arrived while fewer
// than maxInFlight[rank] micro-batches are held (a micro-batch is held from
// its F to its W: W still reads the saved inputs of the linears), else the
// oldest pending W. The resulting order is static data like 1F1B's; the
// deadlock checker accepts it under any step costs.
//
// ZB-H1 as mtc builds it caps rank r at pp - r micro-batches, 1F1B's own
// count, so no rank holds more activation arenas than under 1F1B. With
// F = B = W = 1 every rank then idles 2(pp-1) units, (pp-1)(F+B), against
// 1F1B's (pp-1)(F+B+W). The paper's ZB-H1 reaches (pp-1)(F+B-W) by letting
// stage r hold up to pp micro-batches (its memory argument counts stage 0,
// the largest, and that a micro-batch waiting for W keeps less than its whole
// activation); under mtc's arena-per-micro-batch memory that would raise the
// later stages' activation memory, so it is not what ZeroBubbleH1 builds.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_ZEROBUBBLESCHEDULE_H
#define MTC_PLAN_ZEROBUBBLESCHEDULE_H

#include "mtc/Plan/Result.h"
#include "mtc/Plan/Schedule.h"

#include <vector>

namespace mtc {

/// One chunk per rank (vp = 1), maxInFlight[r] >= 1 micro-batches held on
/// rank r. Errors name the sizes.
Result<PipelineSchedule>
buildZeroBubbleSchedule(int pp, int microbatches,
                        const std::vector<int> &maxInFlight);

/// ZB-H1 with 1F1B's per-rank memory: maxInFlight[r] = pp - r.
Result<PipelineSchedule> buildZeroBubbleH1(int pp, int microbatches);

/// Most micro-batches rank `rank` holds at once (from its F to its W, or to
/// its B when the backward is not split): what the rank's arenas must hold.
int maxMicrobatchesHeld(const RankSchedule &rank);

} // namespace mtc

#endif // MTC_PLAN_ZEROBUBBLESCHEDULE_H
