#include "TinyPlan.h"

#include <fstream>

namespace mtc::runtime::testing {
namespace {

void addBuffer(pb::Plan &plan, int id, const std::string &name, pb::DType dtype,
               std::initializer_list<int64_t> shape, int first, int last, int64_t &offset) {
  pb::Buffer *b = plan.add_buffers();
  b->set_id(id);
  b->set_name(name);
  b->set_dtype(dtype);
  int64_t n = 1;
  for (int64_t d : shape) {
    b->add_shape(d);
    n *= d;
  }
  b->set_offset(offset);
  b->set_bytes(n * 4);
  b->set_first_step(first);
  b->set_last_step(last);
  offset += (n * 4 + 63) / 64 * 64;
}

void addParam(pb::Plan &plan, int id, const std::string &name,
              std::initializer_list<int64_t> shape, pb::InitKind init, float stddev,
              bool decay) {
  pb::Param *p = plan.add_params();
  p->set_id(id);
  p->set_name(name);
  for (int64_t d : shape) {
    p->add_shape(d);
    p->add_full_shape(d);
    p->add_slice_offset(0);
  }
  p->set_init(init);
  p->set_std(stddev);
  p->set_weight_decay(decay);
}

} // namespace

pb::Param *appendParam(pb::Plan &plan, const std::string &name, const std::vector<int64_t> &shape,
                       std::vector<int64_t> fullShape) {
  if (fullShape.empty())
    fullShape = shape;
  pb::Param *p = plan.add_params();
  p->set_id(plan.params_size() - 1);
  p->set_name(name);
  for (size_t d = 0; d < shape.size(); ++d) {
    p->add_shape(shape[d]);
    p->add_full_shape(fullShape[d]);
    p->add_slice_offset(0);
  }
  p->set_init(pb::NORMAL);
  p->set_std(1.f);
  return p;
}

pb::Plan makeTinyPlan(const TinyDims &d) {
  pb::Plan plan;
  plan.set_format_version(1);
  pb::Model *m = plan.mutable_model();
  m->set_name("tiny");
  m->set_arch("gpt");
  m->set_layers(0);
  m->set_hidden(d.hidden);
  m->set_heads(1);
  m->set_vocab(d.vocab);
  m->set_padded_vocab(d.paddedVocab);
  m->set_positions(d.seq);
  m->set_seq(d.seq);
  m->set_micro_batch(d.batch);
  m->set_tied_embeddings(true);
  m->set_layer_norm_eps(1e-5f);
  m->set_fingerprint("tiny-v" + std::to_string(d.vocab) + "-p" + std::to_string(d.paddedVocab) +
                     "-h" + std::to_string(d.hidden));
  pb::Parallel *par = plan.mutable_parallel();
  par->set_tensor(1);
  par->set_pipeline(1);
  par->set_data(1);
  par->set_micro_batch(d.batch);
  par->set_global_batch(d.batch * 2);
  pb::Optimizer *o = plan.mutable_optimizer();
  o->set_lr(1e-2f);
  o->set_min_lr(1e-3f);
  o->set_warmup_steps(2);
  o->set_decay_steps(20);
  o->set_beta1(0.9f);
  o->set_beta2(0.95f);
  o->set_eps(1e-8f);
  o->set_weight_decay(0.1f);
  o->set_clip_grad(1.0f);

  addParam(plan, kWte, "wte", {d.paddedVocab, d.hidden}, pb::NORMAL, 0.5f, true);
  addParam(plan, kWpe, "wpe", {d.seq, d.hidden}, pb::NORMAL, 0.1f, true);
  addParam(plan, kLnGamma, "ln_f.weight", {d.hidden}, pb::ONES, 0.f, false);
  addParam(plan, kLnBeta, "ln_f.bias", {d.hidden}, pb::ZEROS, 0.f, false);

  const int64_t n = d.batch * d.seq, h = d.hidden, v = d.paddedVocab;
  int64_t offset = 0;
  addBuffer(plan, kTokens, "tokens", pb::I32, {d.batch, d.seq}, -1, 9, offset);
  addBuffer(plan, kTargets, "targets", pb::I32, {d.batch, d.seq}, -1, 4, offset);
  addBuffer(plan, kEmb, "emb", pb::F32, {n, h}, 0, 8, offset);
  addBuffer(plan, kLn, "ln_f", pb::F32, {n, h}, 1, 5, offset);
  addBuffer(plan, kLogits, "logits", pb::F32, {n, v}, 2, 4, offset);
  addBuffer(plan, kRowMax, "row_max", pb::F32, {n}, 3, 4, offset);
  addBuffer(plan, kSumExp, "sum_exp", pb::F32, {n}, 3, 4, offset);
  addBuffer(plan, kTargetLogit, "target_logit", pb::F32, {n}, 3, 3, offset);
  addBuffer(plan, kLoss, "loss", pb::F32, {2}, 3, 4, offset);
  addBuffer(plan, kDLogits, "dlogits", pb::F32, {n, v}, 4, 6, offset);
  addBuffer(plan, kDLn, "d_ln_f", pb::F32, {n, h}, 6, 8, offset);
  addBuffer(plan, kDEmb, "d_emb", pb::F32, {n, h}, 8, 9, offset);
  plan.set_tokens(kTokens);
  plan.set_targets(kTargets);
  plan.set_loss(kLoss);
  plan.set_logits(kLogits);

  auto step = [&](const std::string &location) {
    pb::Step *s = plan.add_steps();
    s->set_location(location);
    return s;
  };
  const float eps = 1e-5f;
  {
    auto *k = step("wte+wpe fwd")->mutable_embedding_forward();
    k->set_tokens(kTokens); k->set_wte_param(kWte); k->set_wpe_param(kWpe);
    k->set_out(kEmb); k->set_has_wpe(true);
  }
  {
    auto *k = step("ln_f fwd")->mutable_layer_norm_forward();
    k->set_x(kEmb); k->set_gamma_param(kLnGamma); k->set_beta_param(kLnBeta);
    k->set_y(kLn); k->set_eps(eps);
  }
  {
    auto *k = step("lm_head fwd")->mutable_linear_forward();
    k->set_x(kLn); k->set_w_param(kWte); k->set_y(kLogits); k->set_transposed_weight(true);
  }
  {
    auto *k = step("loss fwd")->mutable_cross_entropy();
    k->set_logits(kLogits); k->set_targets(kTargets); k->set_row_max(kRowMax);
    k->set_sum_exp(kSumExp); k->set_target_logit(kTargetLogit); k->set_loss(kLoss);
    k->set_valid_vocab(d.vocab);
  }
  plan.set_forward_steps(4);
  {
    auto *k = step("loss bwd")->mutable_cross_entropy_backward();
    k->set_logits(kLogits); k->set_targets(kTargets); k->set_row_max(kRowMax);
    k->set_sum_exp(kSumExp); k->set_loss(kLoss); k->set_dlogits(kDLogits);
    k->set_valid_vocab(d.vocab);
  }
  {
    auto *k = step("lm_head bwd W")->mutable_linear_backward_weight();
    k->set_x(kLn); k->set_dy(kDLogits); k->set_w_grad(kWte); k->set_transposed_weight(true);
  }
  {
    auto *k = step("lm_head bwd X")->mutable_linear_backward_input();
    k->set_dy(kDLogits); k->set_w_param(kWte); k->set_dx(kDLn); k->set_transposed_weight(true);
  }
  {
    auto *k = step("ln_f bwd W")->mutable_layer_norm_backward_weight();
    k->set_x(kEmb); k->set_dy(kDLn); k->set_gamma_grad(kLnGamma); k->set_beta_grad(kLnBeta);
    k->set_eps(eps);
  }
  {
    auto *k = step("ln_f bwd X")->mutable_layer_norm_backward_input();
    k->set_x(kEmb); k->set_gamma_param(kLnGamma); k->set_dy(kDLn); k->set_dx(kDEmb);
    k->set_eps(eps);
  }
  {
    auto *k = step("wte+wpe bwd")->mutable_embedding_backward();
    k->set_tokens(kTokens); k->set_dout(kDEmb); k->set_wte_grad(kWte); k->set_wpe_grad(kWpe);
    k->set_has_wpe(true);
  }
  pb::MemoryReport *mem = plan.mutable_memory();
  mem->set_arena_bytes(offset);
  mem->set_activation_peak_bytes(1672); // by hand, see runtime_test_executor.cpp
  int64_t paramBytes = (v * h + d.seq * h + 2 * h) * 4;
  mem->set_param_bytes(paramBytes);
  mem->set_grad_bytes(paramBytes);
  mem->set_optimizer_bytes(2 * paramBytes);
  return plan;
}

void fillPatternBatch(Executor &exec) {
  const int64_t n = exec.plan().model().micro_batch() * exec.plan().model().seq();
  for (int64_t i = 0; i < n; ++i) {
    exec.tokens()[i] = static_cast<int32_t>((3 * i + 1) % 11);
    exec.targets()[i] = static_cast<int32_t>((5 * i + 2) % 11);
  }
}

std::vector<std::string> readLines(const std::string &path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

} // namespace mtc::runtime::testing
