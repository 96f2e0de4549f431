//===- Software.h - The training software a prediction assumes --*- C++ -*-===//
//
// The same layout runs at different speeds under different frameworks: how
// the pipeline's sends and receives are issued, how the data-parallel
// reduction and the sharded optimizer talk, how gradients accumulate across
// micro-batches. Each profile sets those CostParams fields from the
// framework's own source (docs/planner.md, "Validation at scale", names the
// files):
//  - mtc:            mtc's runtime (fp32 gradients, reduced during the last
//                    backward when p = 1);
//  - megatron-2021:  Megatron-LM as Narayanan et al. 2021 measured it (fp16
//                    gradient all-reduce after the backward); the calibration
//                    basis of gemmFraction;
//  - megatron-2022:  Megatron-LM as Korthikanti et al. 2022 ran it (sequence
//                    parallelism, selective recompute): megatron-2021 plus
//                    the backward's asynchronous tensor-parallel collectives;
//  - deepspeed-fp16: Megatron-DeepSpeed with DeepSpeed's pipeline engine and
//                    fp16 ZeRO-1 (MT-NLG 530B, 2021);
//  - deepspeed-bf16: the same with DeepSpeed's BF16_Optimizer, its own ZeRO-1
//                    (BLOOM-176B, 2022).
// With a deepspeed profile, ParallelConfig::distributedOptimizer stands for
// DeepSpeed's ZeRO stage 1 (the optimizer state sharded over d).
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_SOFTWARE_H
#define MTC_PLAN_SOFTWARE_H

#include "mtc/Plan/CostModel.h"

#include <string>

namespace mtc {

enum class Software { Mtc, Megatron2021, Megatron2022, DeepSpeedFp16, DeepSpeedBf16 };

const char *toString(Software s);
/// Accepts "mtc", "megatron-2021", "megatron-2022", "deepspeed-fp16",
/// "deepspeed-bf16".
bool parseSoftware(const std::string &text, Software &out);
/// "mtc, megatron-2021, megatron-2022, deepspeed-fp16, deepspeed-bf16"
std::string softwareNames();

/// Sets the fields of `params` that the software decides (gradient bytes
/// and overlap, pipeline transfers per step, asynchronous TP backward, the sharded optimizer's
/// collectives, extra accumulation bytes); leaves the rest (memory margin,
/// --dp-allreduce, scatter/gather) as they are.
void applySoftware(Software software, CostParams &params);

} // namespace mtc

#endif // MTC_PLAN_SOFTWARE_H
