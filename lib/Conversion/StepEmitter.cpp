//===- StepEmitter.cpp - one plan step per kernel op ----------------------===//
#include "PlanBuilding.h"

#include "llvm/ADT/TypeSwitch.h"

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

LogicalResult mtc::StepEmitter::emit(Operation *op, pb::Step &step) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](EmbeddingOp e) {
        auto *k = step.mutable_embedding_forward();
        k->set_tokens(buf(e.getTokens()));
        k->set_wte_param(param(e.getWte()));
        k->set_has_wpe(e.getWpe() != nullptr);
        if (e.getWpe())
          k->set_wpe_param(param(e.getWpe()));
        k->set_out(buf(e.getResult()));
        k->set_vocab_start(e.getVocabStart());
        return success();
      })
      .Case([&](EmbeddingGradOp e) {
        auto *k = step.mutable_embedding_backward();
        k->set_tokens(buf(e.getTokens()));
        k->set_dout(buf(e.getGrad()));
        k->set_wte_grad(param(e.getWteAttr()));
        k->set_has_wpe(e.getWpeAttr() != nullptr);
        if (e.getWpeAttr())
          k->set_wpe_grad(param(e.getWpeAttr()));
        k->set_vocab_start(e.getVocabStart());
        return success();
      })
      .Case([&](LayerNormOp e) {
        auto *k = step.mutable_layer_norm_forward();
        k->set_x(buf(e.getInput()));
        k->set_gamma_param(param(e.getWeight()));
        k->set_beta_param(param(e.getBias()));
        k->set_y(buf(e.getResult()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](LayerNormGradInputOp e) {
        auto *k = step.mutable_layer_norm_backward_input();
        k->set_x(buf(e.getInput()));
        k->set_gamma_param(param(e.getWeight()));
        k->set_dy(buf(e.getGrad()));
        k->set_dx(buf(e.getResult()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](LayerNormGradWeightOp e) {
        auto *k = step.mutable_layer_norm_backward_weight();
        k->set_x(buf(e.getInput()));
        k->set_dy(buf(e.getGrad()));
        k->set_gamma_grad(param(e.getWeightAttr()));
        k->set_beta_grad(param(e.getBiasAttr()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](LinearOp e) {
        auto *k = step.mutable_linear_forward();
        k->set_x(buf(e.getInput()));
        k->set_w_param(param(e.getWeight()));
        k->set_has_bias(e.getBias() != nullptr);
        if (e.getBias())
          k->set_bias_param(param(e.getBias()));
        k->set_y(buf(e.getResult()));
        k->set_transposed_weight(e.getTransposeWeight());
        return success();
      })
      .Case([&](LinearGradInputOp e) {
        auto *k = step.mutable_linear_backward_input();
        k->set_dy(buf(e.getGrad()));
        k->set_w_param(param(e.getWeight()));
        k->set_dx(buf(e.getResult()));
        k->set_transposed_weight(e.getTransposeWeight());
        return success();
      })
      .Case([&](LinearGradWeightOp e) {
        auto *k = step.mutable_linear_backward_weight();
        k->set_x(buf(e.getInput()));
        k->set_dy(buf(e.getGrad()));
        k->set_w_grad(param(e.getWeightAttr()));
        k->set_has_bias(e.getBiasAttr() != nullptr);
        if (e.getBiasAttr())
          k->set_bias_grad(param(e.getBiasAttr()));
        k->set_transposed_weight(e.getTransposeWeight());
        return success();
      })
      .Case([&](GeluOp e) {
        auto *k = step.mutable_gelu();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        k->set_exact(e.getExact());
        return success();
      })
      .Case([&](GeluGradOp e) {
        auto *k = step.mutable_gelu_backward();
        k->set_x(buf(e.getInput()));
        k->set_dy(buf(e.getGrad()));
        k->set_dx(buf(e.getResult()));
        k->set_exact(e.getExact());
        return success();
      })
      .Case([&](AddOp e) {
        auto *k = step.mutable_add();
        k->set_a(buf(e.getLhs()));
        k->set_b(buf(e.getRhs()));
        k->set_out(buf(e.getResult()));
        return success();
      })
      .Case([&](DropoutOp e) {
        auto *k = step.mutable_dropout();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        k->set_rate(e.getRate().convertToDouble());
        k->set_stream(e.getStream());
        return success();
      })
      .Case([&](AttentionOp e) {
        auto *k = step.mutable_attention();
        k->set_qkv(buf(e.getQkv()));
        k->set_out(buf(e.getResult()));
        k->set_lse(buf(e.getLse()));
        if (e.getLengths())
          k->set_lengths(buf(e.getLengths()));
        copyAttentionAttrs(e, *k);
        return success();
      })
      .Case([&](AttentionGradOp e) {
        auto *k = step.mutable_attention_backward();
        k->set_qkv(buf(e.getQkv()));
        k->set_out(buf(e.getOut()));
        k->set_lse(buf(e.getLse()));
        k->set_dout(buf(e.getGrad()));
        k->set_dqkv(buf(e.getResult()));
        if (e.getLengths())
          k->set_lengths(buf(e.getLengths()));
        copyAttentionAttrs(e, *k);
        return success();
      })
      .Case([&](CrossEntropyOp e) {
        auto *k = step.mutable_cross_entropy();
        auto rows = buffers.crossEntropyRows(e.getLogits());
        k->set_logits(buf(e.getLogits()));
        k->set_targets(buf(e.getTargets()));
        k->set_row_max(rows[0]);
        k->set_sum_exp(rows[1]);
        k->set_target_logit(rows[2]);
        k->set_loss(buf(e.getLoss()));
        k->set_valid_vocab(e.getValidVocab());
        k->set_vocab_start(e.getVocabStart());
        k->set_replicated(!e.getVocabParallel());
        return success();
      })
      .Case([&](CrossEntropyGradOp e) {
        auto *k = step.mutable_cross_entropy_backward();
        auto rows = buffers.crossEntropyRows(e.getLogits());
        k->set_logits(buf(e.getLogits()));
        k->set_targets(buf(e.getTargets()));
        k->set_row_max(rows[0]);
        k->set_sum_exp(rows[1]);
        k->set_loss(rows[3]);
        k->set_dlogits(buf(e.getResult()));
        k->set_valid_vocab(e.getValidVocab());
        k->set_vocab_start(e.getVocabStart());
        k->set_replicated(!e.getVocabParallel());
        return success();
      })
      .Case([&](TpReduceOp e) {
        auto *k = step.mutable_tensor_all_reduce();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        return success();
      })
      .Case([&](TpGatherOp e) {
        auto *k = step.mutable_tensor_all_gather();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        return success();
      })
      .Case([&](TpScatterOp e) {
        auto *k = step.mutable_tensor_reduce_scatter();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        return success();
      })
      .Case([&](BiasAddOp e) {
        auto *k = step.mutable_bias_add();
        k->set_x(buf(e.getInput()));
        k->set_bias_param(param(e.getBias()));
        k->set_y(buf(e.getResult()));
        return success();
      })
      .Case([&](BiasAddGradOp e) {
        auto *k = step.mutable_bias_add_backward();
        k->set_dy(buf(e.getGrad()));
        k->set_bias_grad(param(e.getBiasAttr()));
        return success();
      })
      .Case([&](TokenTypeAddOp e) {
        auto *k = step.mutable_token_type_add();
        k->set_x(buf(e.getInput()));
        k->set_types(buf(e.getTypes()));
        k->set_table_param(param(e.getTable()));
        k->set_y(buf(e.getResult()));
        return success();
      })
      .Case([&](TokenTypeAddGradOp e) {
        auto *k = step.mutable_token_type_add_backward();
        k->set_types(buf(e.getTypes()));
        k->set_dy(buf(e.getGrad()));
        k->set_table_grad(param(e.getTableAttr()));
        return success();
      })
      .Case([&](FirstTokenOp e) {
        auto *k = step.mutable_first_token();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        k->set_sequence_shard(e.getSequenceShard());
        return success();
      })
      .Case([&](FirstTokenGradOp e) {
        auto *k = step.mutable_first_token_backward();
        k->set_dy(buf(e.getGrad()));
        k->set_dx(buf(e.getResult()));
        k->set_sequence_shard(e.getSequenceShard());
        return success();
      })
      .Case([&](TanhOp e) {
        auto *k = step.mutable_tanh();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        return success();
      })
      .Case([&](TanhGradOp e) {
        auto *k = step.mutable_tanh_backward();
        k->set_y(buf(e.getOutput()));
        k->set_dy(buf(e.getGrad()));
        k->set_dx(buf(e.getResult()));
        return success();
      })
      .Case([&](RmsNormOp e) {
        auto *k = step.mutable_rms_norm_forward();
        k->set_x(buf(e.getInput()));
        k->set_gamma_param(param(e.getWeight()));
        k->set_y(buf(e.getResult()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](RmsNormGradInputOp e) {
        auto *k = step.mutable_rms_norm_backward_input();
        k->set_x(buf(e.getInput()));
        k->set_gamma_param(param(e.getWeight()));
        k->set_dy(buf(e.getGrad()));
        k->set_dx(buf(e.getResult()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](RmsNormGradWeightOp e) {
        auto *k = step.mutable_rms_norm_backward_weight();
        k->set_x(buf(e.getInput()));
        k->set_dy(buf(e.getGrad()));
        k->set_gamma_grad(param(e.getWeightAttr()));
        k->set_eps(e.getEps().convertToDouble());
        return success();
      })
      .Case([&](RotaryOp e) {
        auto *k = step.mutable_rotary();
        k->set_x(buf(e.getInput()));
        k->set_y(buf(e.getResult()));
        k->set_heads(e.getHeads());
        k->set_kv_heads(e.getKvHeads());
        k->set_head_dim(e.getHeadDim());
        k->set_theta(e.getTheta().convertToDouble());
        k->set_inverse(e.getInverse());
        return success();
      })
      .Case([&](SwigluOp e) {
        auto *k = step.mutable_swiglu();
        k->set_gate(buf(e.getGate()));
        k->set_up(buf(e.getUp()));
        k->set_y(buf(e.getResult()));
        return success();
      })
      .Case([&](SwigluGradOp e) {
        auto *k = step.mutable_swiglu_backward();
        k->set_gate(buf(e.getGate()));
        k->set_up(buf(e.getUp()));
        k->set_dy(buf(e.getGrad()));
        k->set_dgate(buf(e.getGateGrad()));
        k->set_dup(buf(e.getUpGrad()));
        return success();
      })
      .Default([&](Operation *other) {
        return other->emitOpError("has no kernel in the execution plan");
      });
}

std::string mtc::stepLocation(Operation *op, StringRef layer) {
  std::string s = layer.empty() ? "" : (layer + "/").str();
  s += op->getName().stripDialect().str();
  for (Value operand : op->getOperands())
    if (auto ref = operand.getDefiningOp<ParamRefOp>()) {
      s += " " + ref.getParam().str();
      break;
    }
  return s;
}
