//===- Software.cpp - Framework profiles of the cost model ----------------===//
#include "mtc/Plan/Software.h"

namespace mtc {

namespace {
constexpr Software kAll[] = {Software::Mtc, Software::Megatron2021, Software::Megatron2022,
                             Software::DeepSpeedFp16, Software::DeepSpeedBf16};
} // namespace

const char *toString(Software s) {
  switch (s) {
  case Software::Mtc:
    return "mtc";
  case Software::Megatron2021:
    return "megatron-2021";
  case Software::Megatron2022:
    return "megatron-2022";
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
  p.asyncTensorParallelBackward = mtc.asyncTensorParallelBackward;
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
  if (software == Software::Megatron2022) {
    // Megatron-LM as of the sequence_parallel merge (d898a8991d, 2022-05-25),
    // the code Korthikanti et al. 2022 ran. What it shares with 2021: fp16
    // gradients reduced after the backward (--accumulate-allreduce-grads-in-
    // fp32 off unless bf16, arguments.py; no overlap before 2023), one
    // batched transfer per step (p2p_communication.py, batch_isend_irecv; with
    // --sequence-parallel no scatter/gather), the main_grad.add_ accumulation
    // (model/distributed.py; gradient accumulation fusion is turned off
    // without fp32 accumulation, arguments.py). What is new:
    // LinearWithGradAccumulationAndAsyncCommunication (mpu/layers.py) issues
    // the column-parallel linears' backward collectives with async_op=True
    // under their GEMMs (the all-reduce since 83b1e42f30, 2022-02-13; the SP
    // all-gather and reduce-scatter since the merge).
    p.asyncTensorParallelBackward = true;
    return;
  }
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
