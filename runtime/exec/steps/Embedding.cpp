// Token and position embeddings, BERT's token-type embeddings.
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"

namespace mtc::runtime {
namespace {

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

// Token-type ids index a table; x may be a sequence shard of the ids' rows.
void tokenTypeShape(StepChecker &c, StepShape &s, const pb::Buffer *x, const pb::Buffer *types,
                    const pb::Param *table) {
  if (!x || !types || !c.matrix(table, "table"))
    return;
  if (x->shape_size() != 3 || types->shape_size() != 2 || types->shape(0) != x->shape(0) ||
      x->shape(1) < 1 || types->shape(1) % x->shape(1) != 0) {
    c.fail("input '" + x->name() + "' is not [batch, seq or a shard of it, hidden] for ids '" +
           types->name() + "'");
    return;
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
}

// A sequence-parallel shard holds positions [rank * S, (rank + 1) * S).
kernels::TokenTypeShape tokenTypeGeometry(StepRun &r) {
  const StepShape &sh = r.shape();
  const int64_t offset = sh.seq < sh.idsSeq ? r.shard().rank * sh.seq : 0;
  return {sh.batch, sh.seq, sh.hidden, sh.idsSeq, offset, sh.vocabLocal};
}

const StepRegistration registered[] = {
    StepRegistration({
        pb::Step::kEmbeddingForward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.embedding_forward();
          auto *out = c.buffer(k.out(), "out", F::F32);
          embeddingShape(c, s, c.buffer(k.tokens(), "tokens", F::I32),
                         c.param(k.wte_param(), "wte_param"),
                         k.has_wpe() ? c.param(k.wpe_param(), "wpe_param") : nullptr,
                         k.has_wpe(), out, "out");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.embedding_forward();
          const StepShape &sh = r.shape();
          if (k.has_wpe() && r.context().split()) {
            // Each run of this rank's rows adds its own rows of the table.
            const int64_t batch = sh.rows / sh.seq, H = sh.hidden;
            for (int64_t b = 0; b < batch; ++b)
              for (const PositionRun &run : r.context().runsOf(0, sh.seq)) {
                const int64_t row = b * sh.seq + run.local;
                r.dev().embeddingForward(r.i32(k.tokens()) + row, r.weightsIn(k.wte_param()),
                                         r.weightsIn(k.wpe_param()).at(run.whole * H),
                                         r.out(k.out()).at(row * H), run.length, run.length, H,
                                         k.vocab_start() + r.shard().vocabStart(sh.vocabLocal),
                                         sh.vocabLocal);
              }
            return;
          }
          // Generation: rows are the new tokens, at positions from position() on.
          r.dev().embeddingForward(
              r.i32(k.tokens()), r.weightsIn(k.wte_param()),
              k.has_wpe() ? r.weightsIn(k.wpe_param()).at(r.position() * sh.hidden) : kernels::In(),
              r.out(k.out()), sh.rows, sh.seq, sh.hidden,
              k.vocab_start() + r.shard().vocabStart(sh.vocabLocal), sh.vocabLocal);
        },
        [](const pb::Step &step, const pb::Plan &plan, int64_t capacity) -> std::string {
          const auto &k = step.embedding_forward();
          const int64_t rows = k.has_wpe() ? plan.params(k.wpe_param()).shape(0) : capacity;
          if (rows < capacity)
            return "its position table has " + std::to_string(rows) +
                   " rows, fewer than the " + std::to_string(capacity) + " positions to cache";
          return "";
        },
    }),
    StepRegistration({
        pb::Step::kEmbeddingBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.embedding_backward();
          auto *dout = c.buffer(k.dout(), "dout", F::F32);
          embeddingShape(c, s, c.buffer(k.tokens(), "tokens", F::I32),
                         c.param(k.wte_grad(), "wte_grad"),
                         k.has_wpe() ? c.param(k.wpe_grad(), "wpe_grad") : nullptr,
                         k.has_wpe(), dout, "dout");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.embedding_backward();
          const StepShape &sh = r.shape();
          if (k.has_wpe() && r.context().split()) {
            const int64_t batch = sh.rows / sh.seq, H = sh.hidden;
            for (int64_t b = 0; b < batch; ++b)
              for (const PositionRun &run : r.context().runsOf(0, sh.seq)) {
                const int64_t row = b * sh.seq + run.local;
                r.dev().embeddingBackward(
                    r.i32(k.tokens()) + row, r.out(k.dout()).at(row * H), r.grad(k.wte_grad()),
                    r.grad(k.wpe_grad()) + run.whole * H, run.length, run.length, H,
                    k.vocab_start() + r.shard().vocabStart(sh.vocabLocal), sh.vocabLocal);
              }
            return;
          }
          r.dev().embeddingBackward(r.i32(k.tokens()), r.out(k.dout()), r.grad(k.wte_grad()),
                                    k.has_wpe() ? r.grad(k.wpe_grad()) : nullptr, sh.rows,
                                    sh.seq, sh.hidden,
                                    k.vocab_start() + r.shard().vocabStart(sh.vocabLocal),
                                    sh.vocabLocal);
        },
    }),
    StepRegistration({
        pb::Step::kTokenTypeAdd,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.token_type_add();
          const auto *x = c.buffer(k.x(), "x", F::F32);
          const auto *types = c.buffer(k.types(), "types", F::I32);
          const pb::Param *table = c.param(k.table_param(), "table_param");
          c.expectCount(c.buffer(k.y(), "y", F::F32), c.count(x), "y");
          tokenTypeShape(c, s, x, types, table);
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.token_type_add();
          r.dev().tokenTypeAdd(tokenTypeGeometry(r), r.out(k.x()), r.i32(k.types()),
                               r.weightsIn(k.table_param()), r.out(k.y()));
        },
    }),
    StepRegistration({
        pb::Step::kTokenTypeAddBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.token_type_add_backward();
          const auto *dy = c.buffer(k.dy(), "dy", F::F32);
          const auto *types = c.buffer(k.types(), "types", F::I32);
          tokenTypeShape(c, s, dy, types, c.param(k.table_grad(), "table_grad"));
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.token_type_add_backward();
          r.dev().tokenTypeAddBackward(tokenTypeGeometry(r), r.i32(k.types()), r.out(k.dy()),
                                       r.grad(k.table_grad()));
        },
    }),
};

} // namespace
} // namespace mtc::runtime
