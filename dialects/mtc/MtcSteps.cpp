//===- MtcSteps.cpp - the kernel each op runs as --------------------------===//
//
// ExecStepOpInterface: each kernel op fills its record of the plan's Step
// (runtime/plan/plan.proto) with the buffers and parameter ids the lowering
// resolved; weight-gradient ops name the parameter whose gradient they
// accumulate into. The execution plan calls these through StepEmitter.
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcOps.h"

#include "plan.pb.h"

using namespace mlir;
using namespace mtc;

namespace {
/// The attention and its gradient carry the same attributes; one copy keeps
/// the backward's mask and scale those of the forward.
template <typename OpT, typename StepT>
void copyAttentionAttrs(OpT op, StepT &step) {
  step.set_heads(op.getHeads());
  step.set_head_dim(op.getHeadDim());
  step.set_causal(op.getCausal());
  step.set_scale(op.getScale().convertToDouble());
  step.set_dropout(op.getDropout().convertToDouble());
  step.set_stream(op.getStream());
  step.set_kv_heads(op.getKvHeads());
}
} // namespace

LogicalResult EmbeddingOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_embedding_forward();
  k->set_tokens(operands.buffer(getTokens()));
  k->set_wte_param(operands.param(getWte()));
  k->set_has_wpe(getWpe() != nullptr);
  if (getWpe())
    k->set_wpe_param(operands.param(getWpe()));
  k->set_out(operands.buffer(getResult()));
  k->set_vocab_start(getVocabStart());
  return success();
}

LogicalResult EmbeddingGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_embedding_backward();
  k->set_tokens(operands.buffer(getTokens()));
  k->set_dout(operands.buffer(getGrad()));
  k->set_wte_grad(operands.param(getWteAttr()));
  k->set_has_wpe(getWpeAttr() != nullptr);
  if (getWpeAttr())
    k->set_wpe_grad(operands.param(getWpeAttr()));
  k->set_vocab_start(getVocabStart());
  return success();
}

LogicalResult LayerNormOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_layer_norm_forward();
  k->set_x(operands.buffer(getInput()));
  k->set_gamma_param(operands.param(getWeight()));
  k->set_beta_param(operands.param(getBias()));
  k->set_y(operands.buffer(getResult()));
  k->set_eps(getEps().convertToDouble());
  return success();
}

LogicalResult LayerNormGradInputOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_layer_norm_backward_input();
  k->set_x(operands.buffer(getInput()));
  k->set_gamma_param(operands.param(getWeight()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_dx(operands.buffer(getResult()));
  k->set_eps(getEps().convertToDouble());
  return success();
}

LogicalResult LayerNormGradWeightOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_layer_norm_backward_weight();
  k->set_x(operands.buffer(getInput()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_gamma_grad(operands.param(getWeightAttr()));
  k->set_beta_grad(operands.param(getBiasAttr()));
  k->set_eps(getEps().convertToDouble());
  return success();
}

LogicalResult LinearOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_linear_forward();
  k->set_x(operands.buffer(getInput()));
  k->set_w_param(operands.param(getWeight()));
  k->set_has_bias(getBias() != nullptr);
  if (getBias())
    k->set_bias_param(operands.param(getBias()));
  k->set_y(operands.buffer(getResult()));
  k->set_transposed_weight(getTransposeWeight());
  return success();
}

LogicalResult LinearGradInputOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_linear_backward_input();
  k->set_dy(operands.buffer(getGrad()));
  k->set_w_param(operands.param(getWeight()));
  k->set_dx(operands.buffer(getResult()));
  k->set_transposed_weight(getTransposeWeight());
  return success();
}

LogicalResult LinearGradWeightOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_linear_backward_weight();
  k->set_x(operands.buffer(getInput()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_w_grad(operands.param(getWeightAttr()));
  k->set_has_bias(getBiasAttr() != nullptr);
  if (getBiasAttr())
    k->set_bias_grad(operands.param(getBiasAttr()));
  k->set_transposed_weight(getTransposeWeight());
  return success();
}

LogicalResult GeluOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_gelu();
  k->set_x(operands.buffer(getInput()));
  k->set_y(operands.buffer(getResult()));
  k->set_exact(getExact());
  return success();
}

LogicalResult GeluGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_gelu_backward();
  k->set_x(operands.buffer(getInput()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_dx(operands.buffer(getResult()));
  k->set_exact(getExact());
  return success();
}

LogicalResult AddOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_add();
  k->set_a(operands.buffer(getLhs()));
  k->set_b(operands.buffer(getRhs()));
  k->set_out(operands.buffer(getResult()));
  return success();
}

LogicalResult DropoutOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_dropout();
  k->set_x(operands.buffer(getInput()));
  k->set_y(operands.buffer(getResult()));
  k->set_rate(getRate().convertToDouble());
  k->set_stream(getStream());
  return success();
}

LogicalResult AttentionOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_attention();
  k->set_qkv(operands.buffer(getQkv()));
  k->set_out(operands.buffer(getResult()));
  k->set_lse(operands.buffer(getLse()));
  if (getLengths())
    k->set_lengths(operands.buffer(getLengths()));
  copyAttentionAttrs(*this, *k);
  return success();
}

LogicalResult AttentionGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_attention_backward();
  k->set_qkv(operands.buffer(getQkv()));
  k->set_out(operands.buffer(getOut()));
  k->set_lse(operands.buffer(getLse()));
  k->set_dout(operands.buffer(getGrad()));
  k->set_dqkv(operands.buffer(getResult()));
  if (getLengths())
    k->set_lengths(operands.buffer(getLengths()));
  copyAttentionAttrs(*this, *k);
  return success();
}

LogicalResult CrossEntropyOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_cross_entropy();
  auto rows = operands.crossEntropyRows(getLogits());
  k->set_logits(operands.buffer(getLogits()));
  k->set_targets(operands.buffer(getTargets()));
  k->set_row_max(rows[0]);
  k->set_sum_exp(rows[1]);
  k->set_target_logit(rows[2]);
  k->set_loss(operands.buffer(getLoss()));
  k->set_valid_vocab(getValidVocab());
  k->set_vocab_start(getVocabStart());
  k->set_replicated(!getVocabParallel());
  return success();
}

LogicalResult CrossEntropyGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_cross_entropy_backward();
  auto rows = operands.crossEntropyRows(getLogits());
  k->set_logits(operands.buffer(getLogits()));
  k->set_targets(operands.buffer(getTargets()));
  k->set_row_max(rows[0]);
  k->set_sum_exp(rows[1]);
  k->set_loss(rows[3]);
  k->set_dlogits(operands.buffer(getResult()));
  k->set_valid_vocab(getValidVocab());
  k->set_vocab_start(getVocabStart());
  k->set_replicated(!getVocabParallel());
  return success();
}

LogicalResult TpReduceOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_tensor_all_reduce();
  k->set_x(operands.buffer(getInput()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult TpGatherOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_tensor_all_gather();
  k->set_x(operands.buffer(getInput()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult TpScatterOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_tensor_reduce_scatter();
  k->set_x(operands.buffer(getInput()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult BiasAddOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_bias_add();
  k->set_x(operands.buffer(getInput()));
  k->set_bias_param(operands.param(getBias()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult BiasAddGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_bias_add_backward();
  k->set_dy(operands.buffer(getGrad()));
  k->set_bias_grad(operands.param(getBiasAttr()));
  return success();
}

LogicalResult TokenTypeAddOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_token_type_add();
  k->set_x(operands.buffer(getInput()));
  k->set_types(operands.buffer(getTypes()));
  k->set_table_param(operands.param(getTable()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult TokenTypeAddGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_token_type_add_backward();
  k->set_types(operands.buffer(getTypes()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_table_grad(operands.param(getTableAttr()));
  return success();
}

LogicalResult FirstTokenOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_first_token();
  k->set_x(operands.buffer(getInput()));
  k->set_y(operands.buffer(getResult()));
  k->set_sequence_shard(getSequenceShard());
  return success();
}

LogicalResult FirstTokenGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_first_token_backward();
  k->set_dy(operands.buffer(getGrad()));
  k->set_dx(operands.buffer(getResult()));
  k->set_sequence_shard(getSequenceShard());
  return success();
}

LogicalResult TanhOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_tanh();
  k->set_x(operands.buffer(getInput()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult TanhGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_tanh_backward();
  k->set_y(operands.buffer(getOutput()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_dx(operands.buffer(getResult()));
  return success();
}

LogicalResult RmsNormOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_rms_norm_forward();
  k->set_x(operands.buffer(getInput()));
  k->set_gamma_param(operands.param(getWeight()));
  k->set_y(operands.buffer(getResult()));
  k->set_eps(getEps().convertToDouble());
  return success();
}

LogicalResult RmsNormGradInputOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_rms_norm_backward_input();
  k->set_x(operands.buffer(getInput()));
  k->set_gamma_param(operands.param(getWeight()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_dx(operands.buffer(getResult()));
  k->set_eps(getEps().convertToDouble());
  return success();
}

LogicalResult RmsNormGradWeightOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_rms_norm_backward_weight();
  k->set_x(operands.buffer(getInput()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_gamma_grad(operands.param(getWeightAttr()));
  k->set_eps(getEps().convertToDouble());
  return success();
}

LogicalResult RotaryOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_rotary();
  k->set_x(operands.buffer(getInput()));
  k->set_y(operands.buffer(getResult()));
  k->set_heads(getHeads());
  k->set_kv_heads(getKvHeads());
  k->set_head_dim(getHeadDim());
  k->set_theta(getTheta().convertToDouble());
  k->set_inverse(getInverse());
  return success();
}

LogicalResult SwigluOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_swiglu();
  k->set_gate(operands.buffer(getGate()));
  k->set_up(operands.buffer(getUp()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult SwigluGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_swiglu_backward();
  k->set_gate(operands.buffer(getGate()));
  k->set_up(operands.buffer(getUp()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_dgate(operands.buffer(getGateGrad()));
  k->set_dup(operands.buffer(getUpGrad()));
  return success();
}

// ---- mixture of experts ----

LogicalResult MoeRouteOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_route();
  k->set_logits(operands.buffer(getLogits()));
  k->set_probs(operands.buffer(getProbs()));
  k->set_experts(operands.buffer(getExperts()));
  k->set_weights(operands.buffer(getWeights()));
  return success();
}

LogicalResult MoeRouteGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_route_backward();
  k->set_probs(operands.buffer(getProbs()));
  k->set_experts(operands.buffer(getExperts()));
  k->set_weights(operands.buffer(getWeights()));
  if (getWeightsGrad())
    k->set_dweights(operands.buffer(getWeightsGrad()));
  if (getProbsGrad())
    k->set_dprobs(operands.buffer(getProbsGrad()));
  k->set_dlogits(operands.buffer(getResult()));
  return success();
}

LogicalResult MoeDispatchOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_dispatch();
  k->set_experts(operands.buffer(getExperts()));
  k->set_weights(operands.buffer(getWeights()));
  k->set_routed(operands.buffer(getRouted()));
  k->set_kept(operands.buffer(getKept()));
  k->set_row_of(operands.buffer(getRowOf()));
  k->set_entry_of(operands.buffer(getEntryOf()));
  k->set_capacity(getCapacity());
  k->set_drop_by_position(getDropByPosition());
  return success();
}

LogicalResult MoeAuxLossOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_aux_loss();
  k->set_probs(operands.buffer(getProbs()));
  k->set_routed(operands.buffer(getRouted()));
  k->set_coeff(getCoeff().convertToDouble());
  return success();
}

LogicalResult MoeAuxLossGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_aux_loss_backward();
  k->set_routed(operands.buffer(getRouted()));
  k->set_dprobs(operands.buffer(getResult()));
  k->set_coeff(getCoeff().convertToDouble());
  k->set_topk(getTopk());
  return success();
}

LogicalResult MoePermuteOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_permute();
  k->set_x(operands.buffer(getInput()));
  k->set_row_of(operands.buffer(getRowOf()));
  k->set_entry_of(operands.buffer(getEntryOf()));
  k->set_xp(operands.buffer(getResult()));
  return success();
}

LogicalResult MoePermuteGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_permute_backward();
  k->set_dxp(operands.buffer(getGrad()));
  k->set_row_of(operands.buffer(getRowOf()));
  k->set_dx(operands.buffer(getResult()));
  return success();
}

LogicalResult GroupedLinearOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_grouped_linear();
  k->set_x(operands.buffer(getInput()));
  k->set_kept(operands.buffer(getKept()));
  k->set_w_param(operands.param(getWeight()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult GroupedLinearGradInputOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_grouped_linear_backward_input();
  k->set_dy(operands.buffer(getGrad()));
  k->set_kept(operands.buffer(getKept()));
  k->set_w_param(operands.param(getWeight()));
  k->set_dx(operands.buffer(getResult()));
  return success();
}

LogicalResult GroupedLinearGradWeightOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_grouped_linear_backward_weight();
  k->set_x(operands.buffer(getInput()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_kept(operands.buffer(getKept()));
  k->set_w_grad(operands.param(getWeightAttr()));
  return success();
}

LogicalResult MoeCombineOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_combine();
  k->set_yp(operands.buffer(getInput()));
  k->set_row_of(operands.buffer(getRowOf()));
  k->set_weights(operands.buffer(getWeights()));
  k->set_y(operands.buffer(getResult()));
  return success();
}

LogicalResult MoeCombineGradOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_moe_combine_backward();
  k->set_yp(operands.buffer(getInput()));
  k->set_row_of(operands.buffer(getRowOf()));
  k->set_entry_of(operands.buffer(getEntryOf()));
  k->set_weights(operands.buffer(getWeights()));
  k->set_dy(operands.buffer(getGrad()));
  k->set_dyp(operands.buffer(getInputGrad()));
  k->set_dweights(operands.buffer(getWeightsGrad()));
  return success();
}

LogicalResult EpCountsOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_ep_counts();
  k->set_kept(operands.buffer(getKept()));
  k->set_all_kept(operands.buffer(getAllKept()));
  k->set_local_kept(operands.buffer(getLocalKept()));
  return success();
}

LogicalResult EpDispatchOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_ep_all_to_all();
  k->set_x(operands.buffer(getInput()));
  k->set_all_kept(operands.buffer(getAllKept()));
  k->set_y(operands.buffer(getResult()));
  k->set_to_experts(true);
  return success();
}

LogicalResult EpCombineOp::emitStep(const StepOperands &operands, pb::Step &step) {
  auto *k = step.mutable_ep_all_to_all();
  k->set_x(operands.buffer(getInput()));
  k->set_all_kept(operands.buffer(getAllKept()));
  k->set_y(operands.buffer(getResult()));
  k->set_to_experts(false);
  return success();
}
