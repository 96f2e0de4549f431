#include "exec/PlanValidator.h"
#include "exec/StepShapes.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mtc::runtime {

int64_t numElements(const google::protobuf::RepeatedField<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t elementBytes(pb::DType dtype) { return dtype == pb::BF16 || dtype == pb::F16 ? 2 : 4; }

namespace {

std::string shapeText(const google::protobuf::RepeatedField<int64_t> &shape) {
  std::ostringstream os;
  os << "[";
  for (int i = 0; i < shape.size(); ++i)
    os << (i ? ", " : "") << shape[i];
  os << "]";
  return os.str();
}

void checkParams(const pb::Plan &plan, std::vector<std::string> &errors) {
  for (const pb::Param &p : plan.params()) {
    std::string where = "param '" + p.name() + "' (id " + std::to_string(p.id()) + ")";
    if (p.name().empty())
      errors.push_back(where + ": has no name (checkpoints and initialization need one)");
    if (p.shape_size() == 0)
      errors.push_back(where + ": has no shape");
    for (int64_t d : p.shape())
      if (d <= 0)
        errors.push_back(where + ": shape " + shapeText(p.shape()) + " has a dimension <= 0");
    if (p.full_shape_size() != p.shape_size()) {
      errors.push_back(where + ": full_shape " + shapeText(p.full_shape()) +
                       " and shape " + shapeText(p.shape()) + " differ in rank");
      continue;
    }
    if (p.slice_offset_size() != 0 && p.slice_offset_size() != p.shape_size()) {
      errors.push_back(where + ": slice_offset " + shapeText(p.slice_offset()) +
                       " has the wrong rank for shape " + shapeText(p.shape()));
      continue;
    }
    for (int d = 0; d < p.shape_size(); ++d) {
      int64_t offset = p.slice_offset_size() ? p.slice_offset(d) : 0;
      if (offset < 0 || offset + p.shape(d) > p.full_shape(d))
        errors.push_back(where + ": slice at offset " + std::to_string(offset) + " of size " +
                         std::to_string(p.shape(d)) + " in dimension " + std::to_string(d) +
                         " falls outside full_shape " + shapeText(p.full_shape()));
    }
    if (p.init() == pb::NORMAL && !(p.std() >= 0.f && std::isfinite(p.std())))
      errors.push_back(where + ": init std " + std::to_string(p.std()) + " is not >= 0");
  }
}

void checkBuffers(const pb::Plan &plan, std::vector<std::string> &errors) {
  const int64_t arena = plan.memory().arena_bytes();
  const int steps = plan.steps_size();
  for (const pb::Buffer &b : plan.buffers()) {
    std::string where = "buffer '" + b.name() + "' (id " + std::to_string(b.id()) + ")";
    for (int64_t d : b.shape())
      if (d <= 0)
        errors.push_back(where + ": shape " + shapeText(b.shape()) + " has a dimension <= 0");
    if (b.dtype() != pb::F32 && b.dtype() != pb::I32 && b.dtype() != pb::BF16 &&
        b.dtype() != pb::F16)
      errors.push_back(where + ": dtype " + std::to_string(b.dtype()) + " is unknown");
    if ((b.dtype() == pb::BF16 && plan.precision() != "bf16") ||
        (b.dtype() == pb::F16 && plan.precision() != "fp16"))
      errors.push_back(where + ": is " + pb::DType_Name(b.dtype()) + " in a plan of precision '" +
                       plan.precision() + "'");
    int64_t needed = numElements(b.shape()) * elementBytes(b.dtype());
    if (b.bytes() < needed)
      errors.push_back(where + ": " + std::to_string(b.bytes()) + " bytes cannot hold shape " +
                       shapeText(b.shape()) + " (" + std::to_string(needed) + " bytes)");
    if (b.offset() < 0 || b.offset() % 4 != 0)
      errors.push_back(where + ": arena offset " + std::to_string(b.offset()) +
                       " is negative or not 4-byte aligned");
    // 16-bit buffers are poisoned and sent in whole 4-byte words.
    const int64_t limit = b.transient_arena() ? plan.pipeline_transient_arena_bytes() : arena;
    if (b.offset() + (b.bytes() + 3) / 4 * 4 > limit)
      errors.push_back(where + ": arena bytes [" + std::to_string(b.offset()) + ", " +
                       std::to_string(b.offset() + b.bytes()) + ") exceed " +
                       (b.transient_arena() ? "pipeline_transient_arena_bytes " : "arena_bytes ") +
                       std::to_string(limit));
    if (b.first_step() < -1 || b.first_step() >= steps)
      errors.push_back(where + ": first_step " + std::to_string(b.first_step()) +
                       " is outside -1.." + std::to_string(steps - 1));
    if (b.last_step() < b.first_step() || b.last_step() >= steps)
      errors.push_back(where + ": last_step " + std::to_string(b.last_step()) +
                       " is outside first_step.." + std::to_string(steps - 1));
  }
}

// Two buffers that are live at the same step must not share arena bytes.
void checkArenaOverlaps(const pb::Plan &plan, std::vector<std::string> &errors) {
  std::vector<const pb::Buffer *> byOffset;
  for (const pb::Buffer &b : plan.buffers())
    byOffset.push_back(&b);
  std::sort(byOffset.begin(), byOffset.end(),
            [](auto *a, auto *b) { return a->offset() < b->offset(); });
  int reported = 0;
  for (size_t i = 0; i < byOffset.size() && reported < 10; ++i) {
    const pb::Buffer *a = byOffset[i];
    for (size_t j = i + 1; j < byOffset.size(); ++j) {
      const pb::Buffer *b = byOffset[j];
      if (b->offset() >= a->offset() + a->bytes())
        break;
      // A chunk's W and B-to-W arenas and the stage's transient arena are
      // other memory.
      bool liveTogether = std::max(a->first_step(), b->first_step()) <=
                              std::min(a->last_step(), b->last_step()) &&
                          a->weight_grad_arena() == b->weight_grad_arena() &&
                          a->b_to_w_arena() == b->b_to_w_arena() &&
                          a->transient_arena() == b->transient_arena();
      if (liveTogether && a->bytes() > 0 && b->bytes() > 0) {
        errors.push_back("buffers '" + a->name() + "' (steps " + std::to_string(a->first_step()) +
                         ".." + std::to_string(a->last_step()) + ") and '" + b->name() +
                         "' (steps " + std::to_string(b->first_step()) + ".." +
                         std::to_string(b->last_step()) +
                         ") are live together but share arena bytes from offset " +
                         std::to_string(b->offset()));
        ++reported;
      }
    }
  }
}

void checkSpecialBuffer(const PlanIndex &index, int32_t id,
                        const char *role, pb::DType dtype, int64_t elements,
                        std::vector<std::string> &errors) {
  if (id < 0 || id >= static_cast<int32_t>(index.buffers.size()) || !index.buffers[id]) {
    errors.push_back(std::string("plan.") + role + " is buffer id " + std::to_string(id) +
                     ", which is not a buffer of the plan");
    return;
  }
  const pb::Buffer &b = *index.buffers[id];
  if (b.dtype() != dtype)
    errors.push_back(std::string("plan.") + role + " buffer '" + b.name() + "' must be " +
                     pb::DType_Name(dtype));
  if (elements > 0 && numElements(b.shape()) != elements)
    errors.push_back(std::string("plan.") + role + " buffer '" + b.name() + "' has " +
                     std::to_string(numElements(b.shape())) + " elements, expected " +
                     std::to_string(elements));
}

} // namespace

std::vector<std::string> validatePlan(const pb::Plan &plan) {
  std::vector<std::string> errors;
  if (plan.format_version() != kPlanFormatVersion)
    errors.push_back("plan format_version is " + std::to_string(plan.format_version()) +
                     ", this runtime executes version " + std::to_string(kPlanFormatVersion) +
                     " (recompile the model with a matching mtc)");
  const pb::Model &m = plan.model();
  if (m.seq() <= 0 || m.micro_batch() <= 0)
    errors.push_back("model seq " + std::to_string(m.seq()) + " and micro_batch " +
                     std::to_string(m.micro_batch()) + " must be positive");
  if (m.vocab() <= 0 || m.padded_vocab() < m.vocab())
    errors.push_back("model vocab " + std::to_string(m.vocab()) + " must be positive and <= " +
                     "padded_vocab " + std::to_string(m.padded_vocab()));
  if (plan.forward_steps() < 0 || plan.forward_steps() > plan.steps_size())
    errors.push_back("forward_steps " + std::to_string(plan.forward_steps()) +
                     " is outside 0.." + std::to_string(plan.steps_size()));
  if (plan.memory().arena_bytes() < 0)
    errors.push_back("memory.arena_bytes is negative");
  const pb::Optimizer &o = plan.optimizer();
  if (!(o.beta1() >= 0 && o.beta1() < 1) || !(o.beta2() >= 0 && o.beta2() < 1))
    errors.push_back("optimizer betas (" + std::to_string(o.beta1()) + ", " +
                     std::to_string(o.beta2()) + ") must be in [0, 1)");
  if (!(o.eps() > 0))
    errors.push_back("optimizer eps " + std::to_string(o.eps()) + " must be positive");

  PlanIndex index = indexPlan(plan, errors);
  checkParams(plan, errors);
  checkBuffers(plan, errors);
  checkArenaOverlaps(plan, errors);
  // Context parallelism: each rank holds seq / context tokens of a sample.
  const int64_t context = std::max<int64_t>(1, plan.parallel().context());
  if (m.seq() % context != 0)
    errors.push_back("model seq " + std::to_string(m.seq()) + " is not divisible by the " +
                     std::to_string(context) + " context-parallel ranks");
  const int64_t tokens = m.micro_batch() * (m.seq() / context);
  checkSpecialBuffer(index, plan.tokens(), "tokens", pb::I32, tokens, errors);
  checkSpecialBuffer(index, plan.targets(), "targets", pb::I32, tokens, errors);
  // BERT's further inputs, when the model has them.
  const pb::ModelInputs &in = plan.inputs();
  if (in.has_token_types())
    checkSpecialBuffer(index, in.token_types(), "inputs.token_types", pb::I32, tokens, errors);
  if (in.has_lengths())
    checkSpecialBuffer(index, in.lengths(), "inputs.lengths", pb::I32, m.micro_batch(), errors);
  if (in.has_sentence_labels())
    checkSpecialBuffer(index, in.sentence_labels(), "inputs.sentence_labels", pb::I32,
                       m.micro_batch(), errors);
  // A pipeline stage without the last chunk computes no loss.
  const bool stageWithoutLoss = plan.chunks_size() > 0 && plan.loss() < 0;
  if (!stageWithoutLoss) {
    checkSpecialBuffer(index, plan.loss(), "loss", pb::F32, 2, errors);
    // The logits are activations: stored in the plan's precision.
    const pb::DType activations = plan.precision() == "bf16"   ? pb::BF16
                                  : plan.precision() == "fp16" ? pb::F16
                                                               : pb::F32;
    checkSpecialBuffer(index, plan.logits(), "logits", activations, 0, errors);
  }
  if (plan.has_sop_loss())
    checkSpecialBuffer(index, plan.sop_loss(), "sop_loss", pb::F32, 2, errors);
  for (int i = 0; i < plan.steps_size(); ++i)
    deriveStepShape(plan, index, i, errors);
  return errors;
}

void checkPlan(const pb::Plan &plan) {
  std::vector<std::string> errors = validatePlan(plan);
  if (errors.empty())
    return;
  std::ostringstream os;
  os << "invalid plan for model '" << plan.model().name() << "': " << errors.size()
     << " problem(s)";
  for (size_t i = 0; i < errors.size() && i < 20; ++i)
    os << "\n  " << errors[i];
  if (errors.size() > 20)
    os << "\n  ... and " << errors.size() - 20 << " more";
  throw PlanError(os.str());
}

} // namespace mtc::runtime
