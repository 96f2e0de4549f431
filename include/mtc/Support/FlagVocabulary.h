//===- FlagVocabulary.h - Flags that mean the same in every tool ---*- C++ -*-===//
//
// The names, older aliases and meaning of every flag more than one tool has,
// declared once so that --micro-batch-size is the same thing to mtc-import,
// mtc-compile, mtc-plan and train. Names are Megatron-LM's where Megatron has
// the flag; the names mtc used before are aliases. A tool adds its own note
// (what the default is there) when it registers a flag. docs/flags.md lists
// them all with their Megatron-LM equivalents.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_SUPPORT_FLAGVOCABULARY_H
#define MTC_SUPPORT_FLAGVOCABULARY_H

#include "mtc/Support/Flags.h"

namespace mtc::flag {

// Topics, in the order tools list them in --help.
inline constexpr const char *kModel = "Model";
inline constexpr const char *kBatch = "Batch and sequence";
inline constexpr const char *kParallel = "Parallelism";
inline constexpr const char *kPrecision = "Mixed precision";
inline constexpr const char *kOptimizer = "Optimizer and learning-rate schedule";
inline constexpr const char *kData = "Data";
inline constexpr const char *kTraining = "Training run";
inline constexpr const char *kCheckpoints = "Checkpoints";
inline constexpr const char *kEvaluation = "Evaluation";
inline constexpr const char *kLogging = "Logging";
inline constexpr const char *kPlanner = "Planner (cluster to plan for)";
inline constexpr const char *kOutput = "Output and build";
inline constexpr const char *kDebug = "Checks and debugging";

// Model shape (mtc-import builds it, mtc-plan costs it).
inline const FlagSpec numLayers{"num-layers", {}, "transformer layers"};
inline const FlagSpec hiddenSize{"hidden-size", {}, "hidden size"};
inline const FlagSpec numAttentionHeads{"num-attention-heads", {}, "attention heads"};
inline const FlagSpec ffnHiddenSize{"ffn-hidden-size", {}, "MLP hidden size"};
inline const FlagSpec vocabSize{"vocab-size", {}, "vocabulary size"};
// Mixture of experts (Megatron-LM's names).
inline const FlagSpec numExperts{"num-experts", {}, "experts of every layer's MLP"};
inline const FlagSpec moeRouterTopk{"moe-router-topk", {},
                                    "experts each token is routed to (Megatron's default 2)"};
inline const FlagSpec moeFfnHiddenSize{"moe-ffn-hidden-size", {},
                                       "one expert's MLP hidden size (default: "
                                       "--ffn-hidden-size)"};
inline const FlagSpec untieEmbeddings{"untie-embeddings-and-output-weights", {"untied"},
                                      "an output layer of its own instead of the embedding's"};

// Batch and sequence.
inline const FlagSpec microBatchSize{"micro-batch-size", {"micro-batch"},
                                     "samples per micro-batch"};
inline const FlagSpec globalBatchSize{"global-batch-size", {"global-batch"},
                                      "samples per iteration (micro-batches x data-parallel "
                                      "replicas x micro-batch size)"};
inline const FlagSpec seqLength{"seq-length", {"seq"}, "tokens per sample"};

// Parallel layout.
inline const FlagSpec tensorParallel{"tensor-model-parallel-size", {"tp"},
                                     "tensor-parallel size t (Megatron's column/row splits)"};
inline const FlagSpec pipelineParallel{"pipeline-model-parallel-size", {"pp"},
                                       "pipeline-parallel size p (stages)"};
inline const FlagSpec virtualStages{"num-virtual-stages-per-pipeline-rank", {"vp"},
                                    "model chunks per pipeline rank v (interleaved schedule "
                                    "when > 1)"};
inline const FlagSpec decoderFirstPipelineNumLayers{
    "decoder-first-pipeline-num-layers", {},
    "layers on the first pipeline stage; the stages without a given count share the rest "
    "equally (Megatron-LM's uneven layout)"};
inline const FlagSpec decoderLastPipelineNumLayers{
    "decoder-last-pipeline-num-layers", {},
    "layers on the last pipeline stage (e.g. fewer, for the output layer and loss it also "
    "computes)"};
inline const FlagSpec dataParallel{"data-parallel-size", {"dp"},
                                   "data-parallel size d (Megatron-LM derives it from the "
                                   "number of ranks)"};
inline const FlagSpec expertParallel{"expert-model-parallel-size", {"ep"},
                                     "expert-parallel size (each rank holds experts/ep of "
                                     "every layer's experts; folded onto the data-parallel "
                                     "ranks, Megatron-Core's)"};
inline const FlagSpec contextParallel{"context-parallel-size", {"cp"},
                                      "context-parallel size c (each sequence split over c "
                                      "ranks, ring attention; Megatron-Core's)"};
inline const FlagSpec sequenceParallel{"sequence-parallel", {},
                                       "Megatron sequence parallelism (needs t > 1)"};
inline const FlagSpec recomputeGranularity{"recompute-granularity", {"recompute"},
                                           "activation recomputation: none, full (whole "
                                           "layers) or selective (core attention)"};
inline const FlagSpec distributedOptimizer{"use-distributed-optimizer",
                                           {"distributed-optimizer"},
                                           "shard fp32 master weights and AdamW state over the "
                                           "data-parallel group (ZeRO-1)"};
inline const FlagSpec dpBucketMb{"dp-bucket-mb", {},
                                 "data parallelism: all-reduce gradients in buckets of this "
                                 "many MiB, each started when its gradients are final (0: one "
                                 "all-reduce after the backward)"};

// Mixed precision.
inline const FlagSpec precision{"precision", {},
                                "storage precision of parameters and activations (fp32 master "
                                "weights and optimizer; fp32 gradients, fp16 ones in fp16 runs; "
                                "bf16 GEMMs on CPUs with AVX512-BF16 or AMX, else fp32 compute)"};
inline const FlagSpec bf16{"bf16", {}, "the same as --precision bf16"};
inline const FlagSpec fp16{"fp16", {}, "the same as --precision fp16 (dynamic loss scaling)"};

// Optimizer and learning-rate schedule.
inline const FlagSpec lr{"lr", {}, "peak learning rate"};
inline const FlagSpec minLr{"min-lr", {}, "learning rate at the end of the decay, at most --lr"};
inline const FlagSpec lrDecayStyle{"lr-decay-style", {},
                                   "learning-rate decay after the warm-up (Megatron-LM's "
                                   "OptimizerParamScheduler)"};
inline const FlagSpec lrWarmupIters{"lr-warmup-iters", {"warmup", "warmup-steps"},
                                    "iterations of linear warm-up from 0 to --lr"};
inline const FlagSpec lrDecayIters{"lr-decay-iters", {"decay-steps"},
                                   "iterations of the schedule, warm-up included, after which "
                                   "the rate is --min-lr"};
inline const FlagSpec lrWsdDecayIters{"lr-wsd-decay-iters", {},
                                      "WSD: iterations of the final decay (the stable phase "
                                      "runs from the warm-up's end up to them)"};
inline const FlagSpec lrWsdDecayStyle{"lr-wsd-decay-style", {}, "WSD: shape of the final decay"};
inline const FlagSpec adamBeta1{"adam-beta1", {"beta1"}, "AdamW beta1"};
inline const FlagSpec adamBeta2{"adam-beta2", {"beta2"}, "AdamW beta2"};
inline const FlagSpec adamEps{"adam-eps", {}, "AdamW epsilon"};
inline const FlagSpec weightDecay{"weight-decay", {}, "AdamW's decoupled weight decay"};
inline const FlagSpec clipGrad{"clip-grad", {}, "global gradient-norm clipping (0: off)"};

// Planner.
inline const FlagSpec gpus{"gpus", {}, "GPUs to plan for"};
inline const FlagSpec gpusPerNode{"gpus-per-node", {}, "GPUs per node"};
inline const FlagSpec gpu{"gpu", {},
                          "GPU system: a100-80gb, a100-80gb-opa (Jean Zay-style, 4 Omni-Path "
                          "NICs per node), h100-80gb, h200, v100-32gb (DGX-1) or v100-dgx2"};

// Tokenizers.
inline const FlagSpec vocabDir{"vocab-dir", {},
                               "GPT-2 BPE: the folder holding encoder.json and vocab.bpe"};

// Runs.
inline const FlagSpec seed{"seed", {}, "random seed"};
inline const FlagSpec threads{"threads", {}, "kernel threads per rank (0: OpenMP's default)"};

} // namespace mtc::flag

#endif // MTC_SUPPORT_FLAGVOCABULARY_H
