// The model's heads: the (vocabulary-parallel) cross-entropy and BERT's
// first-token pooling.
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"

#include <algorithm>

namespace mtc::runtime {
namespace {

using F = pb::DType;

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

// This rank's first vocabulary id and its real (not padding) columns.
template <typename Record>
std::pair<int64_t, int64_t> vocabularyShard(StepRun &r, const Record &k) {
  const int64_t local = r.shape().vocabLocal;
  const int64_t start = k.vocab_start() + (k.replicated() ? 0 : r.shard().vocabStart(local));
  return {start, std::max<int64_t>(0, std::min(local, k.valid_vocab() - start))};
}

void crossEntropy(const pb::Step &step, StepRun &r) {
  if (r.cache())
    return; // generation reads the logits; there are no targets
  const auto &k = step.cross_entropy();
  const StepShape &sh = r.shape();
  Backend &dev = r.dev();
  comm::Communicator *tp = r.tensorGroup();
  const bool split = !k.replicated() && tp && tp->size() > 1;
  // Logits stay vocabulary-split: only per-row statistics cross ranks.
  auto [vocabStart, validLocal] = vocabularyShard(r, k);
  dev.crossEntropyRowMax(r.in(k.logits()), r.f(k.row_max()), sh.rows, sh.vocabLocal, validLocal);
  if (split)
    tp->allReduceMax(r.f(k.row_max()), sh.rows);
  dev.crossEntropySumExp(r.in(k.logits()), r.i32(k.targets()), r.f(k.row_max()),
                         r.f(k.sum_exp()), r.f(k.target_logit()), sh.rows, sh.vocabLocal,
                         validLocal, vocabStart);
  if (split) {
    tp->allReduceSum(r.f(k.sum_exp()), sh.rows);
    tp->allReduceSum(r.f(k.target_logit()), sh.rows);
  }
  int64_t count = 0;
  double sum = dev.crossEntropyLoss(r.i32(k.targets()), r.f(k.row_max()), r.f(k.sum_exp()),
                                    r.f(k.target_logit()), sh.rows, r.f(k.loss()), &count);
  const bool sentenceOrder = r.plan().has_sop_loss() && k.loss() == r.plan().sop_loss();
  // The sentence-order head sees the same [CLS] on every context rank
  // (FirstToken): its loss is already the whole sequences'.
  if (comm::Communicator *cp = r.contextGroup(); cp && cp->size() > 1 && !sentenceOrder) {
    // The loss is the mean over the whole sequences' tokens: every context
    // rank reports it, and its backward divides by their count.
    cp->allReduceSum(r.f(k.loss()), 2);
    double total[2] = {sum, static_cast<double>(count)};
    cp->allReduceSum(total, 2);
    sum = total[0];
    count = static_cast<int64_t>(total[1]);
  }
  MicroBatchLoss &loss = r.loss();
  if (sentenceOrder) {
    loss.sopSum = sum;
    loss.sopCount = count;
    // Two whole logits per sample: right when the label's is the larger. An
    // evaluation metric: no host copies while training.
    if (!r.training) {
      std::vector<float> rowMax(sh.rows), target(sh.rows);
      std::vector<int32_t> labels(sh.rows);
      dev.toHost(rowMax.data(), r.f(k.row_max()), sh.rows * 4);
      dev.toHost(target.data(), r.f(k.target_logit()), sh.rows * 4);
      dev.toHost(labels.data(), r.i32(k.targets()), sh.rows * 4);
      for (int64_t row = 0; row < sh.rows; ++row)
        loss.sopCorrect += labels[row] >= 0 && target[row] >= rowMax[row];
    }
  } else {
    loss.sum = sum;
    loss.count = count;
  }
}

// [b, s, h] -> [b, 1, h]: x and y of the forward, dx and dy of the backward.
void firstTokenShape(StepChecker &c, StepShape &s, const pb::Buffer *x, const pb::Buffer *y,
                     const char *yRole) {
  if (!x || !y)
    return;
  if (x->shape_size() != 3) {
    c.fail("buffer '" + x->name() + "' must be [batch, seq, hidden]");
    return;
  }
  s.batch = x->shape(0);
  s.seq = x->shape(1);
  s.hidden = x->shape(2);
  c.expectCount(y, s.batch * s.hidden, yRole);
}

const StepRegistration registered[] = {
    StepRegistration({
        pb::Step::kCrossEntropy,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.cross_entropy();
          crossEntropyShape(c, s, c.buffer(k.logits(), "logits", F::F32),
                            c.buffer(k.targets(), "targets", F::I32),
                            c.buffer(k.row_max(), "row_max", F::F32),
                            c.buffer(k.sum_exp(), "sum_exp", F::F32),
                            c.buffer(k.loss(), "loss", F::F32), k.valid_vocab(), k.vocab_start());
          c.expectCount(c.buffer(k.target_logit(), "target_logit", F::F32), s.rows,
                        "target_logit");
        },
        crossEntropy,
        runsOnAnyWindow, // skipped: generation has no targets
    }),
    StepRegistration({
        pb::Step::kCrossEntropyBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.cross_entropy_backward();
          auto *logits = c.buffer(k.logits(), "logits", F::F32);
          crossEntropyShape(c, s, logits, c.buffer(k.targets(), "targets", F::I32),
                            c.buffer(k.row_max(), "row_max", F::F32),
                            c.buffer(k.sum_exp(), "sum_exp", F::F32),
                            c.buffer(k.loss(), "loss", F::F32), k.valid_vocab(), k.vocab_start());
          c.expectCount(c.buffer(k.dlogits(), "dlogits", F::F32), c.count(logits), "dlogits");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.cross_entropy_backward();
          const StepShape &sh = r.shape();
          auto [vocabStart, validLocal] = vocabularyShard(r, k);
          // Every context rank computes the sentence-order head on the same
          // [CLS]: one of them (the one holding position 0) backpropagates it.
          const bool sentenceOrder = r.plan().has_sop_loss() && k.loss() == r.plan().sop_loss();
          const float scale =
              sentenceOrder && r.context().split() && r.context().rank() != 0 ? 0.f : r.gradScale;
          r.dev().crossEntropyBackward(r.in(k.logits()), r.i32(k.targets()), r.f(k.row_max()),
                                       r.f(k.sum_exp()), r.out(k.dlogits()), sh.rows,
                                       sh.vocabLocal, validLocal, vocabStart, r.f(k.loss()),
                                       scale);
        },
    }),
    StepRegistration({
        pb::Step::kFirstToken,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.first_token();
          const auto *x = c.buffer(k.x(), "x", F::F32);
          firstTokenShape(c, s, x, c.buffer(k.y(), "y", F::F32), "y");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.first_token();
          const StepShape &sh = r.shape();
          // On a sequence shard only the rank holding position 0 has [CLS];
          // so on one context rank (rank 0 holds the first chunk), which
          // shares it with the others (theirs are zeros: a sum).
          const bool owner = (!k.sequence_shard() || r.shard().rank == 0) &&
                             (!r.context().split() || r.context().rank() == 0);
          if (!r.context().split())
            return r.dev().firstToken(r.out(k.x()), r.out(k.y()), sh.batch, sh.seq, sh.hidden,
                                      owner);
          r.dev().firstToken(r.f(k.x()), r.f(k.y()), sh.batch, sh.seq, sh.hidden, owner);
          r.contextGroup()->allReduceSum(r.f(k.y()), sh.batch * sh.hidden);
        },
    }),
    StepRegistration({
        pb::Step::kFirstTokenBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.first_token_backward();
          const auto *dx = c.buffer(k.dx(), "dx", F::F32);
          firstTokenShape(c, s, dx, c.buffer(k.dy(), "dy", F::F32), "dy");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.first_token_backward();
          const StepShape &sh = r.shape();
          r.dev().firstTokenBackward(r.out(k.dy()), r.out(k.dx()), sh.batch, sh.seq, sh.hidden,
                                     (!k.sequence_shard() || r.shard().rank == 0) &&
                                         (!r.context().split() || r.context().rank() == 0));
        },
    }),
};

} // namespace
} // namespace mtc::runtime
