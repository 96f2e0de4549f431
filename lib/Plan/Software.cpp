//===- Software.cpp - Framework profiles of the cost model ----------------===//
#include "mtc/Plan/Software.h"

namespace mtc {

namespace {
constexpr Software kAll[] = {Software::Mtc, Software::Megatron2021, Software::DeepSpeedFp16,
                             Software::DeepSpeedBf16};
} // namespace

const char *toString(Software s) {
  switch (s) {
  case Software::Mtc:
    return "mtc";
  case Software::Megatron2021:
    return "megatron-2021";
  case Software::DeepSpeedFp16:
    return "deepspeed-fp16";
  case Software::DeepSpeedBf16:
    return "deepspeed-bf16";
  }
  return "?";
}

bool parseSoftware(const std::string &text, Software &out) {
  for (Software s : kAll)
    if (text == toString(s)) {
      out = s;
      return true;
    }
  return false;
}

std::string softwareNames() {
  std::string names;
  for (Software s : kAll)
    names += (names.empty() ? "" : ", ") + std::string(toString(s));
  return names;
}

void applySoftware(Software software, CostParams &p) {
  const CostParams mtc;
  p.gradReduceBytes = mtc.gradReduceBytes;
  p.overlapGradReduce = mtc.overlapGradReduce;
  p.p2pTransfersPerStep = mtc.p2pTransfersPerStep;
  p.shardedOptimizerAllReduces = mtc.shardedOptimizerAllReduces;
  p.extraAccumulationBytes = mtc.extraAccumulationBytes;
  if (software == Software::Mtc)
    return;
  // Megatron-LM 2021 and both DeepSpeed profiles reduce after the backward
  // (with p > 1 nothing overlaps anyway; DeepSpeed's ReduceGrads is the
  // schedule's last instruction, runtime/pipe/schedule.py).
  const CostParams paper = megatron2021Params();
  p.gradReduceBytes = paper.gradReduceBytes;
  p.overlapGradReduce = paper.overlapGradReduce;
  if (software == Software::Megatron2021)
    return;
  // DeepSpeed's TrainSchedule (runtime/pipe/schedule.py) issues a step's two
  // transfers in turn, each blocking: SendActivation then RecvGrad before a
  // backward, RecvActivation then SendGrad before a forward. Megatron-LM
  // batches the pair (send_forward_recv_backward), so one transfer's time.
  p.p2pTransfersPerStep = 2;
  if (software == Software::DeepSpeedFp16)
    return;
  // BF16_Optimizer (runtime/bf16_optimizer.py, DeepSpeed 0.6, the code BLOOM
  // ran): the pipeline engine all-reduces the fp32 gradient buffers in full
  // (pipe/engine.py, _bf16_reduce_grads), each rank updates its 1/d shard,
  // then all_gather_dp_groups gathers the bf16 weights.
  p.gradReduceBytes = 4;
  p.shardedOptimizerAllReduces = true;
  // After every micro-batch's backward, update_hp_grads runs
  // hp_grad.add_(lp_grad.to(fp32)) per parameter: the cast reads 2 B and
  // writes 4 B, the add reads 4 + 4 and writes 4: 18 B. Megatron-LM 2021's
  // accumulation, autograd's in-place fp16 add (2 + 2 read, 2 written), is
  // inside the calibrated gemmFraction, so the excess is charged: 12 B.
  p.extraAccumulationBytes = 18.0 - 6.0;
}

} // namespace mtc
