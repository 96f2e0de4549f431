//===- ZeroBubbleSchedule.h - ZB-H1: backward split into B and W -*- C++ -*-===//
//
// Zero-bubble pipelining (Qi et al., "Zero Bubble Pipeline Parallelism",
// ICLR 2024) splits each backward into B, the input gradient the previous
// stage waits for, and W, the weight gradient nobody waits for. B stays on the
// critical path; W is deferred into the time a rank would otherwise idle.
//
// The schedule is built by list scheduling in unit time (F = B = W = 1) on
// top of a base schedule (1F1B, or interleaved 1F1B for vp > 1) whose
// forward and backward orders it keeps: at each tick every free rank runs, in
// this priority, its next B whose output gradient has arrived, else its next
// F whose input has arrived while it holds fewer micro-batches than the base
// ever does on that rank (a micro-batch is held from its F to its W: W still
// reads the saved inputs of the linears), else its oldest pending W. The resulting order is static data like 1F1B's; the
// deadlock checker accepts it under any step costs.
//
// On 1F1B that caps rank r at pp - r micro-batches, 1F1B's own count, so no
// rank holds more activation arenas than under 1F1B (each is larger: it keeps
// the linears' output gradients until W). With
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

/// The zero-bubble version of `base` (1F1B or interleaved 1F1B, not split):
/// each rank runs the base's forwards and backwards in the base's orders,
/// every backward as B then a W, by the list scheduling above, holding no
/// more micro-batches at once than the base does on that rank. Errors when
/// no order exists within that (not seen for built bases) or the tables would
/// be too large.
Result<PipelineSchedule> buildZeroBubbleSchedule(const PipelineSchedule &base);

/// ZB-H1: the zero-bubble version of 1F1B (vp = 1) or, with vp > 1, of
/// interleaved 1F1B (the same checks as buildSchedule).
Result<PipelineSchedule> buildZeroBubbleH1(int pp, int vp, int microbatches);

/// Most micro-batches rank `rank` holds at once (from its F to its W, or to
/// its B when the backward is not split): what the rank's arenas must hold.
int maxMicrobatchesHeld(const RankSchedule &rank);

} // namespace mtc

#endif // MTC_PLAN_ZEROBUBBLESCHEDULE_H
