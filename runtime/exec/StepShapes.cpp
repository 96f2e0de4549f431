#include "exec/StepShapes.h"
#include "exec/PlanValidator.h"

#include <sstream>

namespace mtc::runtime {

std::string describeStep(const pb::Plan &plan, int stepIndex) {
  std::ostringstream os;
  os << "step " << stepIndex;
  if (stepIndex < 0 || stepIndex >= plan.steps_size())
    return os.str();
  const pb::Step &step = plan.steps(stepIndex);
  const auto *field = pb::Step::descriptor()->FindFieldByNumber(step.kernel_case());
  os << " (" << (step.location().empty() ? "?" : step.location()) << ", "
     << (field ? field->name() : "no kernel") << ")";
  return os.str();
}

StepShape tokenWindowShape(const StepShape &full, int64_t planTokens, int64_t tokens) {
  StepShape s = full;
  if (full.rows > 0)
    s.rows = tokens;
  if (full.seq > 0)
    s.seq = tokens;
  if (full.batch > 0)
    s.batch = 1;
  // Element-wise steps: per-token rows of elements / planTokens.
  s.elements = full.elements / planTokens * tokens;
  return s;
}

PlanIndex indexPlan(const pb::Plan &plan, std::vector<std::string> &errors) {
  PlanIndex index;
  index.buffers.assign(plan.buffers_size(), nullptr);
  for (const pb::Buffer &b : plan.buffers()) {
    if (b.id() < 0 || b.id() >= plan.buffers_size()) {
      errors.push_back("buffer '" + b.name() + "' has id " + std::to_string(b.id()) +
                       ", outside 0.." + std::to_string(plan.buffers_size() - 1));
    } else if (index.buffers[b.id()]) {
      errors.push_back("buffer id " + std::to_string(b.id()) + " is used twice ('" +
                       index.buffers[b.id()]->name() + "' and '" + b.name() + "')");
    } else {
      index.buffers[b.id()] = &b;
    }
  }
  index.params.assign(plan.params_size(), nullptr);
  for (const pb::Param &p : plan.params()) {
    if (p.id() < 0 || p.id() >= plan.params_size()) {
      errors.push_back("param '" + p.name() + "' has id " + std::to_string(p.id()) +
                       ", outside 0.." + std::to_string(plan.params_size() - 1));
    } else if (index.params[p.id()]) {
      errors.push_back("param id " + std::to_string(p.id()) + " is used twice ('" +
                       index.params[p.id()]->name() + "' and '" + p.name() + "')");
    } else {
      index.params[p.id()] = &p;
    }
  }
  return index;
}

namespace {

// Collects the problems of one step with its description in front.
class StepChecker {
public:
  StepChecker(const pb::Plan &plan, const PlanIndex &index, int stepIndex,
              std::vector<std::string> &errors)
      : plan(plan), index(index), where(describeStep(plan, stepIndex)),
        errors(errors) {}

  void fail(const std::string &message) { errors.push_back(where + ": " + message); ok = false; }

  const pb::Buffer *buffer(int32_t id, const char *role, pb::DType dtype) {
    if (id < 0 || id >= static_cast<int32_t>(index.buffers.size()) || !index.buffers[id]) {
      fail(std::string(role) + " is buffer id " + std::to_string(id) +
           ", which is not a buffer of the plan (" +
           std::to_string(index.buffers.size()) + " buffers)");
      return nullptr;
    }
    const pb::Buffer *b = index.buffers[id];
    if (b->dtype() != dtype) {
      fail(std::string(role) + " buffer '" + b->name() + "' must be " +
           pb::DType_Name(dtype) + ", is " + pb::DType_Name(b->dtype()));
      return nullptr;
    }
    return b;
  }
  const pb::Param *param(int32_t id, const char *role) {
    if (id < 0 || id >= static_cast<int32_t>(index.params.size()) || !index.params[id]) {
      fail(std::string(role) + " is param id " + std::to_string(id) +
           ", which is not a param of the plan (" +
           std::to_string(index.params.size()) + " params)");
      return nullptr;
    }
    return index.params[id];
  }
  // Last dimension of a buffer (its row width).
  int64_t width(const pb::Buffer *b) {
    return b && b->shape_size() ? b->shape(b->shape_size() - 1) : 0;
  }
  int64_t count(const pb::Buffer *b) { return b ? numElements(b->shape()) : 0; }
  int64_t count(const pb::Param *p) { return p ? numElements(p->shape()) : 0; }
  void expectCount(const pb::Buffer *b, int64_t expected, const char *role) {
    if (b && count(b) != expected)
      fail(std::string(role) + " buffer '" + b->name() + "' has " +
           std::to_string(count(b)) + " elements, the kernel needs " +
           std::to_string(expected));
  }
  void expectCount(const pb::Param *p, int64_t expected, const char *role) {
    if (p && count(p) != expected)
      fail(std::string(role) + " param '" + p->name() + "' has " +
           std::to_string(count(p)) + " elements, the kernel needs " +
           std::to_string(expected));
  }
  // Rows of a [N, width] buffer; fails when width does not divide it.
  int64_t rowsOf(const pb::Buffer *b, int64_t rowWidth, const char *role) {
    if (!b || rowWidth <= 0)
      return 0;
    if (count(b) % rowWidth != 0) {
      fail(std::string(role) + " buffer '" + b->name() + "' has " +
           std::to_string(count(b)) + " elements, not a multiple of the row width " +
           std::to_string(rowWidth));
      return 0;
    }
    return count(b) / rowWidth;
  }
  // A 2-D param [rows, cols]; returns false (with a message) otherwise.
  bool matrix(const pb::Param *p, const char *role) {
    if (p && p->shape_size() != 2) {
      fail(std::string(role) + " param '" + p->name() + "' must be 2-D, has " +
           std::to_string(p->shape_size()) + " dimensions");
      return false;
    }
    return p != nullptr;
  }

  const pb::Plan &plan;
  const PlanIndex &index;
  std::string where;
  std::vector<std::string> &errors;
  bool ok = true;
};

using F = pb::DType;

void embeddingShape(StepChecker &c, StepShape &s, const pb::Buffer *tokens,
                    const pb::Param *wte, const pb::Param *wpe, bool hasWpe,
                    const pb::Buffer *hiddenBuf, const char *hiddenRole) {
  if (!tokens || !c.matrix(wte, "wte"))
    return;
  s.rows = c.count(tokens);
  s.seq = c.width(tokens);
  s.vocabLocal = wte->shape(0);
  s.hidden = wte->shape(1);
  c.expectCount(hiddenBuf, s.rows * s.hidden, hiddenRole);
  if (hasWpe && c.matrix(wpe, "wpe")) {
    if (wpe->shape(1) != s.hidden)
      c.fail("wpe param '" + wpe->name() + "' has width " + std::to_string(wpe->shape(1)) +
             ", wte has " + std::to_string(s.hidden));
    if (wpe->shape(0) < s.seq)
      c.fail("wpe param '" + wpe->name() + "' has " + std::to_string(wpe->shape(0)) +
             " positions, the sequence needs " + std::to_string(s.seq));
  }
}

void layerNormShape(StepChecker &c, StepShape &s, const pb::Buffer *x,
                    const pb::Param *gamma, const pb::Param *beta,
                    std::initializer_list<std::pair<const pb::Buffer *, const char *>> same) {
  if (!x)
    return;
  s.hidden = c.width(x);
  s.rows = c.rowsOf(x, s.hidden, "x");
  c.expectCount(gamma, s.hidden, "gamma");
  c.expectCount(beta, s.hidden, "beta");
  for (auto [b, role] : same)
    c.expectCount(b, s.rows * s.hidden, role);
}

// Linear: x [N, In], W [In, Out] (or [Out, In] transposed), y [N, Out].
void linearShape(StepChecker &c, StepShape &s, const pb::Param *w, bool transposed,
                 const pb::Buffer *x, const pb::Buffer *y, const pb::Param *bias,
                 bool hasBias) {
  if (!c.matrix(w, "weight"))
    return;
  s.hidden = transposed ? w->shape(1) : w->shape(0);
  s.out = transposed ? w->shape(0) : w->shape(1);
  if (x)
    s.rows = c.rowsOf(x, s.hidden, "input");
  else if (y)
    s.rows = c.rowsOf(y, s.out, "output");
  c.expectCount(x, s.rows * s.hidden, "input");
  c.expectCount(y, s.rows * s.out, "output");
  if (hasBias)
    c.expectCount(bias, s.out, "bias");
}

// Query heads and key/value groups of a packed QKV row; false (with the
// failure recorded) when they do not make one.
bool qkvHeadsValid(StepChecker &c, int64_t heads, int64_t kvHeads, int64_t headDim) {
  if (heads <= 0 || headDim <= 0 || kvHeads < 0 || (kvHeads > 0 && heads % kvHeads != 0)) {
    c.fail("heads " + std::to_string(heads) + ", kv_heads " + std::to_string(kvHeads) +
           " and head_dim " + std::to_string(headDim) +
           " must be positive (kv_heads 0 or a divisor of heads)");
    return false;
  }
  return true;
}

int64_t qkvWidth(int64_t heads, int64_t kvHeads, int64_t headDim) {
  return (heads + 2 * (kvHeads ? kvHeads : heads)) * headDim;
}

void attentionShape(StepChecker &c, StepShape &s, const pb::Buffer *qkv,
                    const pb::Buffer *out, const pb::Buffer *lse, int64_t heads,
                    int64_t kvHeads, int64_t headDim,
                    std::initializer_list<std::pair<const pb::Buffer *, const char *>> likeQkv,
                    std::initializer_list<std::pair<const pb::Buffer *, const char *>> likeOut) {
  if (!qkvHeadsValid(c, heads, kvHeads, headDim))
    return;
  if (!lse || !qkv)
    return;
  if (lse->shape_size() != 3 || lse->shape(1) != heads) {
    c.fail("lse buffer '" + lse->name() + "' must be [batch, heads=" + std::to_string(heads) +
           ", seq]");
    return;
  }
  s.batch = lse->shape(0);
  s.seq = lse->shape(2);
  s.rows = s.batch * s.seq;
  const int64_t width = qkvWidth(heads, kvHeads, headDim);
  c.expectCount(qkv, s.rows * width, "qkv");
  c.expectCount(out, s.rows * heads * headDim, "out");
  for (auto [b, role] : likeQkv)
    c.expectCount(b, s.rows * width, role);
  for (auto [b, role] : likeOut)
    c.expectCount(b, s.rows * heads * headDim, role);
}

void crossEntropyShape(StepChecker &c, StepShape &s, const pb::Buffer *logits,
                       const pb::Buffer *targets, const pb::Buffer *rowMax,
                       const pb::Buffer *sumExp, const pb::Buffer *loss,
                       int64_t validVocab, int64_t vocabStart) {
  if (!logits)
    return;
  s.vocabLocal = c.width(logits);
  s.rows = c.rowsOf(logits, s.vocabLocal, "logits");
  c.expectCount(targets, s.rows, "targets");
  c.expectCount(rowMax, s.rows, "row_max");
  c.expectCount(sumExp, s.rows, "sum_exp");
  c.expectCount(loss, 2, "loss");
  // valid_vocab is the real vocabulary size; this shard's real columns follow.
  s.validLocal = std::max<int64_t>(0, std::min(s.vocabLocal, validVocab - vocabStart));
  if (validVocab <= 0)
    c.fail("valid_vocab " + std::to_string(validVocab) + " must be positive");
}

} // namespace

StepShape deriveStepShape(const pb::Plan &plan, const PlanIndex &index,
                          int stepIndex, std::vector<std::string> &errors) {
  StepChecker c(plan, index, stepIndex, errors);
  StepShape s;
  const pb::Step &step = plan.steps(stepIndex);
  switch (step.kernel_case()) {
  case pb::Step::kEmbeddingForward: {
    const auto &k = step.embedding_forward();
    auto *out = c.buffer(k.out(), "out", F::F32);
    embeddingShape(c, s, c.buffer(k.tokens(), "tokens", F::I32),
                   c.param(k.wte_param(), "wte_param"),
                   k.has_wpe() ? c.param(k.wpe_param(), "wpe_param") : nullptr,
                   k.has_wpe(), out, "out");
    break;
  }
  case pb::Step::kEmbeddingBackward: {
    const auto &k = step.embedding_backward();
    auto *dout = c.buffer(k.dout(), "dout", F::F32);
    embeddingShape(c, s, c.buffer(k.tokens(), "tokens", F::I32),
                   c.param(k.wte_grad(), "wte_grad"),
                   k.has_wpe() ? c.param(k.wpe_grad(), "wpe_grad") : nullptr,
                   k.has_wpe(), dout, "dout");
    break;
  }
  case pb::Step::kLayerNormForward: {
    const auto &k = step.layer_norm_forward();
    layerNormShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_param(), "gamma_param"),
                   c.param(k.beta_param(), "beta_param"),
                   {{c.buffer(k.y(), "y", F::F32), "y"}});
    break;
  }
  case pb::Step::kLayerNormBackwardInput: {
    const auto &k = step.layer_norm_backward_input();
    layerNormShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_param(), "gamma_param"),
                   nullptr,
                   {{c.buffer(k.dy(), "dy", F::F32), "dy"},
                    {c.buffer(k.dx(), "dx", F::F32), "dx"}});
    break;
  }
  case pb::Step::kLayerNormBackwardWeight: {
    const auto &k = step.layer_norm_backward_weight();
    layerNormShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_grad(), "gamma_grad"),
                   c.param(k.beta_grad(), "beta_grad"),
                   {{c.buffer(k.dy(), "dy", F::F32), "dy"}});
    break;
  }
  case pb::Step::kRmsNormForward: {
    const auto &k = step.rms_norm_forward();
    layerNormShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_param(), "gamma_param"),
                   nullptr, {{c.buffer(k.y(), "y", F::F32), "y"}});
    break;
  }
  case pb::Step::kRmsNormBackwardInput: {
    const auto &k = step.rms_norm_backward_input();
    layerNormShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_param(), "gamma_param"),
                   nullptr,
                   {{c.buffer(k.dy(), "dy", F::F32), "dy"},
                    {c.buffer(k.dx(), "dx", F::F32), "dx"}});
    break;
  }
  case pb::Step::kRmsNormBackwardWeight: {
    const auto &k = step.rms_norm_backward_weight();
    layerNormShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_grad(), "gamma_grad"),
                   nullptr, {{c.buffer(k.dy(), "dy", F::F32), "dy"}});
    break;
  }
  case pb::Step::kRotary: {
    const auto &k = step.rotary();
    const pb::Buffer *x = c.buffer(k.x(), "x", F::F32);
    if (!qkvHeadsValid(c, k.heads(), k.kv_heads(), k.head_dim()) || !x)
      break;
    if (k.head_dim() % 2 != 0 || !(k.theta() > 1.0)) {
      c.fail("rotary needs an even head_dim and theta > 1, got " +
             std::to_string(k.head_dim()) + " and " + std::to_string(k.theta()));
      break;
    }
    if (x->shape_size() != 3 || x->shape(2) != qkvWidth(k.heads(), k.kv_heads(), k.head_dim())) {
      c.fail("rotary input '" + x->name() + "' is not [batch, seq, (heads + 2 kv_heads) x head_dim]");
      break;
    }
    s.batch = x->shape(0);
    s.seq = x->shape(1);
    s.elements = c.count(x);
    c.expectCount(c.buffer(k.y(), "y", F::F32), s.elements, "y");
    break;
  }
  case pb::Step::kSwiglu: {
    const auto &k = step.swiglu();
    s.elements = c.count(c.buffer(k.gate(), "gate", F::F32));
    c.expectCount(c.buffer(k.up(), "up", F::F32), s.elements, "up");
    c.expectCount(c.buffer(k.y(), "y", F::F32), s.elements, "y");
    break;
  }
  case pb::Step::kSwigluBackward: {
    const auto &k = step.swiglu_backward();
    s.elements = c.count(c.buffer(k.gate(), "gate", F::F32));
    for (auto [id, role] : {std::pair<int32_t, const char *>{k.up(), "up"}, {k.dy(), "dy"},
                            {k.dgate(), "dgate"}, {k.dup(), "dup"}})
      c.expectCount(c.buffer(id, role, F::F32), s.elements, role);
    break;
  }
  case pb::Step::kLinearForward: {
    const auto &k = step.linear_forward();
    linearShape(c, s, c.param(k.w_param(), "w_param"), k.transposed_weight(),
                c.buffer(k.x(), "x", F::F32), c.buffer(k.y(), "y", F::F32),
                k.has_bias() ? c.param(k.bias_param(), "bias_param") : nullptr, k.has_bias());
    break;
  }
  case pb::Step::kLinearBackwardInput: {
    const auto &k = step.linear_backward_input();
    // Input of the backward is dy [N, Out]; its output dx [N, In].
    linearShape(c, s, c.param(k.w_param(), "w_param"), k.transposed_weight(),
                c.buffer(k.dx(), "dx", F::F32), c.buffer(k.dy(), "dy", F::F32), nullptr,
                false);
    break;
  }
  case pb::Step::kLinearBackwardWeight: {
    const auto &k = step.linear_backward_weight();
    linearShape(c, s, c.param(k.w_grad(), "w_grad"), k.transposed_weight(),
                c.buffer(k.x(), "x", F::F32), c.buffer(k.dy(), "dy", F::F32),
                k.has_bias() ? c.param(k.bias_grad(), "bias_grad") : nullptr, k.has_bias());
    break;
  }
  case pb::Step::kGelu: {
    const auto &k = step.gelu();
    auto *x = c.buffer(k.x(), "x", F::F32);
    s.elements = c.count(x);
    c.expectCount(c.buffer(k.y(), "y", F::F32), s.elements, "y");
    break;
  }
  case pb::Step::kGeluBackward: {
    const auto &k = step.gelu_backward();
    auto *x = c.buffer(k.x(), "x", F::F32);
    s.elements = c.count(x);
    c.expectCount(c.buffer(k.dy(), "dy", F::F32), s.elements, "dy");
    c.expectCount(c.buffer(k.dx(), "dx", F::F32), s.elements, "dx");
    break;
  }
  case pb::Step::kAdd: {
    const auto &k = step.add();
    auto *a = c.buffer(k.a(), "a", F::F32);
    s.elements = c.count(a);
    c.expectCount(c.buffer(k.b(), "b", F::F32), s.elements, "b");
    c.expectCount(c.buffer(k.out(), "out", F::F32), s.elements, "out");
    break;
  }
  case pb::Step::kDropout: {
    const auto &k = step.dropout();
    auto *x = c.buffer(k.x(), "x", F::F32);
    s.elements = c.count(x);
    c.expectCount(c.buffer(k.y(), "y", F::F32), s.elements, "y");
    if (!(k.rate() >= 0.f && k.rate() < 1.f))
      c.fail("dropout rate " + std::to_string(k.rate()) + " must be in [0, 1)");
    break;
  }
  case pb::Step::kAttention: {
    const auto &k = step.attention();
    attentionShape(c, s, c.buffer(k.qkv(), "qkv", F::F32), c.buffer(k.out(), "out", F::F32),
                   c.buffer(k.lse(), "lse", F::F32), k.heads(), k.kv_heads(), k.head_dim(), {},
                   {});
    if (k.has_lengths())
      c.expectCount(c.buffer(k.lengths(), "lengths", F::I32), s.batch, "lengths");
    break;
  }
  case pb::Step::kAttentionBackward: {
    const auto &k = step.attention_backward();
    attentionShape(c, s, c.buffer(k.qkv(), "qkv", F::F32), c.buffer(k.out(), "out", F::F32),
                   c.buffer(k.lse(), "lse", F::F32), k.heads(), k.kv_heads(), k.head_dim(),
                   {{c.buffer(k.dqkv(), "dqkv", F::F32), "dqkv"}},
                   {{c.buffer(k.dout(), "dout", F::F32), "dout"}});
    if (k.has_lengths())
      c.expectCount(c.buffer(k.lengths(), "lengths", F::I32), s.batch, "lengths");
    break;
  }
  case pb::Step::kTokenTypeAdd:
  case pb::Step::kTokenTypeAddBackward: {
    bool forward = step.kernel_case() == pb::Step::kTokenTypeAdd;
    const auto *x = forward ? c.buffer(step.token_type_add().x(), "x", F::F32)
                            : c.buffer(step.token_type_add_backward().dy(), "dy", F::F32);
    const auto *types =
        c.buffer(forward ? step.token_type_add().types() : step.token_type_add_backward().types(),
                 "types", F::I32);
    const pb::Param *table =
        forward ? c.param(step.token_type_add().table_param(), "table_param")
                : c.param(step.token_type_add_backward().table_grad(), "table_grad");
    if (forward)
      c.expectCount(c.buffer(step.token_type_add().y(), "y", F::F32), c.count(x), "y");
    if (!x || !types || !c.matrix(table, "table"))
      break;
    if (x->shape_size() != 3 || types->shape_size() != 2 || types->shape(0) != x->shape(0) ||
        x->shape(1) < 1 || types->shape(1) % x->shape(1) != 0) {
      c.fail("input '" + x->name() + "' is not [batch, seq or a shard of it, hidden] for ids '" +
             types->name() + "'");
      break;
    }
    s.batch = x->shape(0);
    s.seq = x->shape(1);
    s.hidden = x->shape(2);
    s.rows = s.batch * s.seq;
    s.idsSeq = types->shape(1);
    s.vocabLocal = table->shape(0);
    if (table->shape(1) != s.hidden)
      c.fail("table '" + table->name() + "' has width " + std::to_string(table->shape(1)) +
             ", the input has " + std::to_string(s.hidden));
    break;
  }
  case pb::Step::kFirstToken:
  case pb::Step::kFirstTokenBackward: {
    bool forward = step.kernel_case() == pb::Step::kFirstToken;
    const auto *x = forward ? c.buffer(step.first_token().x(), "x", F::F32)
                            : c.buffer(step.first_token_backward().dx(), "dx", F::F32);
    const auto *y = forward ? c.buffer(step.first_token().y(), "y", F::F32)
                            : c.buffer(step.first_token_backward().dy(), "dy", F::F32);
    if (!x || !y)
      break;
    if (x->shape_size() != 3) {
      c.fail("buffer '" + x->name() + "' must be [batch, seq, hidden]");
      break;
    }
    s.batch = x->shape(0);
    s.seq = x->shape(1);
    s.hidden = x->shape(2);
    c.expectCount(y, s.batch * s.hidden, forward ? "y" : "dy");
    break;
  }
  case pb::Step::kTanh: {
    const auto &k = step.tanh();
    auto *x = c.buffer(k.x(), "x", F::F32);
    s.elements = c.count(x);
    c.expectCount(c.buffer(k.y(), "y", F::F32), s.elements, "y");
    break;
  }
  case pb::Step::kTanhBackward: {
    const auto &k = step.tanh_backward();
    auto *y = c.buffer(k.y(), "y", F::F32);
    s.elements = c.count(y);
    c.expectCount(c.buffer(k.dy(), "dy", F::F32), s.elements, "dy");
    c.expectCount(c.buffer(k.dx(), "dx", F::F32), s.elements, "dx");
    break;
  }
  case pb::Step::kCrossEntropy: {
    const auto &k = step.cross_entropy();
    crossEntropyShape(c, s, c.buffer(k.logits(), "logits", F::F32),
                      c.buffer(k.targets(), "targets", F::I32),
                      c.buffer(k.row_max(), "row_max", F::F32),
                      c.buffer(k.sum_exp(), "sum_exp", F::F32),
                      c.buffer(k.loss(), "loss", F::F32), k.valid_vocab(), k.vocab_start());
    c.expectCount(c.buffer(k.target_logit(), "target_logit", F::F32), s.rows, "target_logit");
    break;
  }
  case pb::Step::kCrossEntropyBackward: {
    const auto &k = step.cross_entropy_backward();
    auto *logits = c.buffer(k.logits(), "logits", F::F32);
    crossEntropyShape(c, s, logits, c.buffer(k.targets(), "targets", F::I32),
                      c.buffer(k.row_max(), "row_max", F::F32),
                      c.buffer(k.sum_exp(), "sum_exp", F::F32),
                      c.buffer(k.loss(), "loss", F::F32), k.valid_vocab(), k.vocab_start());
    c.expectCount(c.buffer(k.dlogits(), "dlogits", F::F32), c.count(logits), "dlogits");
    break;
  }
  case pb::Step::kTensorAllReduce: {
    const auto &k = step.tensor_all_reduce();
    auto *x = c.buffer(k.x(), "x", F::F32);
    s.elements = c.count(x);
    c.expectCount(c.buffer(k.y(), "y", F::F32), s.elements, "y");
    break;
  }
  case pb::Step::kTensorAllGather:
  case pb::Step::kTensorReduceScatter: {
    // Along the sequence of [batch, seq, hidden]: the shard is the smaller side.
    bool gather = step.kernel_case() == pb::Step::kTensorAllGather;
    int32_t xId = gather ? step.tensor_all_gather().x() : step.tensor_reduce_scatter().x();
    int32_t yId = gather ? step.tensor_all_gather().y() : step.tensor_reduce_scatter().y();
    auto *x = c.buffer(xId, "x", F::F32);
    auto *y = c.buffer(yId, "y", F::F32);
    const pb::Buffer *shard = gather ? x : y;
    int64_t t = std::max<int64_t>(1, plan.parallel().tensor());
    if (shard && shard->shape_size() != 3) {
      c.fail("shard buffer '" + shard->name() + "' must be [batch, seq, hidden]");
      break;
    }
    if (!shard)
      break;
    s.batch = shard->shape(0);
    s.seq = shard->shape(1);
    s.hidden = shard->shape(2);
    s.elements = c.count(shard);
    c.expectCount(gather ? y : x, s.elements * t, gather ? "y" : "x");
    break;
  }
  case pb::Step::kBiasAdd:
  case pb::Step::kBiasAddBackward: {
    bool forward = step.kernel_case() == pb::Step::kBiasAdd;
    const pb::Buffer *x = forward ? c.buffer(step.bias_add().x(), "x", F::F32)
                                  : c.buffer(step.bias_add_backward().dy(), "dy", F::F32);
    const pb::Param *bias = forward ? c.param(step.bias_add().bias_param(), "bias_param")
                                    : c.param(step.bias_add_backward().bias_grad(), "bias_grad");
    if (forward)
      c.expectCount(c.buffer(step.bias_add().y(), "y", F::F32), c.count(x), "y");
    if (!x || !bias)
      break;
    s.hidden = c.width(x);
    s.rows = c.rowsOf(x, s.hidden, "x");
    s.elements = c.count(x);
    if (bias->shape_size() == 2) { // a position table: [batch, seq, hidden] input
      if (x->shape_size() != 3 || bias->shape(0) < x->shape(1) || bias->shape(1) != s.hidden)
        c.fail("position table '" + bias->name() + "' does not fit input '" + x->name() + "'");
      else {
        s.batch = x->shape(0);
        s.seq = x->shape(1);
      }
    } else {
      c.expectCount(bias, s.hidden, "bias");
    }
    break;
  }
  case pb::Step::KERNEL_NOT_SET:
    c.fail("has no kernel set (a newer compiler's step kind?)");
    break;
  }
  return s;
}

std::vector<int32_t> stepBuffers(const pb::Step &step) {
  switch (step.kernel_case()) {
  case pb::Step::kEmbeddingForward: { const auto &k = step.embedding_forward(); return {k.tokens(), k.out()}; }
  case pb::Step::kEmbeddingBackward: { const auto &k = step.embedding_backward(); return {k.tokens(), k.dout()}; }
  case pb::Step::kLayerNormForward: { const auto &k = step.layer_norm_forward(); return {k.x(), k.y()}; }
  case pb::Step::kLayerNormBackwardInput: { const auto &k = step.layer_norm_backward_input(); return {k.x(), k.dy(), k.dx()}; }
  case pb::Step::kLayerNormBackwardWeight: { const auto &k = step.layer_norm_backward_weight(); return {k.x(), k.dy()}; }
  case pb::Step::kLinearForward: { const auto &k = step.linear_forward(); return {k.x(), k.y()}; }
  case pb::Step::kLinearBackwardInput: { const auto &k = step.linear_backward_input(); return {k.dy(), k.dx()}; }
  case pb::Step::kLinearBackwardWeight: { const auto &k = step.linear_backward_weight(); return {k.x(), k.dy()}; }
  case pb::Step::kGelu: { const auto &k = step.gelu(); return {k.x(), k.y()}; }
  case pb::Step::kGeluBackward: { const auto &k = step.gelu_backward(); return {k.x(), k.dy(), k.dx()}; }
  case pb::Step::kAdd: { const auto &k = step.add(); return {k.a(), k.b(), k.out()}; }
  case pb::Step::kDropout: { const auto &k = step.dropout(); return {k.x(), k.y()}; }
  case pb::Step::kAttention: {
    const auto &k = step.attention();
    std::vector<int32_t> ids{k.qkv(), k.out(), k.lse()};
    if (k.has_lengths())
      ids.push_back(k.lengths());
    return ids;
  }
  case pb::Step::kAttentionBackward: {
    const auto &k = step.attention_backward();
    std::vector<int32_t> ids{k.qkv(), k.out(), k.lse(), k.dout(), k.dqkv()};
    if (k.has_lengths())
      ids.push_back(k.lengths());
    return ids;
  }
  case pb::Step::kTokenTypeAdd: { const auto &k = step.token_type_add(); return {k.x(), k.types(), k.y()}; }
  case pb::Step::kTokenTypeAddBackward: { const auto &k = step.token_type_add_backward(); return {k.types(), k.dy()}; }
  case pb::Step::kFirstToken: { const auto &k = step.first_token(); return {k.x(), k.y()}; }
  case pb::Step::kFirstTokenBackward: { const auto &k = step.first_token_backward(); return {k.dy(), k.dx()}; }
  case pb::Step::kTanh: { const auto &k = step.tanh(); return {k.x(), k.y()}; }
  case pb::Step::kRmsNormForward: { const auto &k = step.rms_norm_forward(); return {k.x(), k.y()}; }
  case pb::Step::kRmsNormBackwardInput: { const auto &k = step.rms_norm_backward_input(); return {k.x(), k.dy(), k.dx()}; }
  case pb::Step::kRmsNormBackwardWeight: { const auto &k = step.rms_norm_backward_weight(); return {k.x(), k.dy()}; }
  case pb::Step::kRotary: { const auto &k = step.rotary(); return {k.x(), k.y()}; }
  case pb::Step::kSwiglu: { const auto &k = step.swiglu(); return {k.gate(), k.up(), k.y()}; }
  case pb::Step::kSwigluBackward: { const auto &k = step.swiglu_backward(); return {k.gate(), k.up(), k.dy(), k.dgate(), k.dup()}; }
  case pb::Step::kTanhBackward: { const auto &k = step.tanh_backward(); return {k.y(), k.dy(), k.dx()}; }
  case pb::Step::kCrossEntropy: { const auto &k = step.cross_entropy(); return {k.logits(), k.targets(), k.row_max(), k.sum_exp(), k.target_logit(), k.loss()}; }
  case pb::Step::kCrossEntropyBackward: { const auto &k = step.cross_entropy_backward(); return {k.logits(), k.targets(), k.row_max(), k.sum_exp(), k.loss(), k.dlogits()}; }
  case pb::Step::kTensorAllReduce: { const auto &k = step.tensor_all_reduce(); return {k.x(), k.y()}; }
  case pb::Step::kTensorAllGather: { const auto &k = step.tensor_all_gather(); return {k.x(), k.y()}; }
  case pb::Step::kTensorReduceScatter: { const auto &k = step.tensor_reduce_scatter(); return {k.x(), k.y()}; }
  case pb::Step::kBiasAdd: { const auto &k = step.bias_add(); return {k.x(), k.y()}; }
  case pb::Step::kBiasAddBackward: return {step.bias_add_backward().dy()};
  case pb::Step::KERNEL_NOT_SET: break;
  }
  return {};
}

} // namespace mtc::runtime
