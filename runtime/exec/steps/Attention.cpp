// Core attention over packed QKV (forward, backward, decode against the
// key/value cache) and rotary position embeddings.
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"

namespace mtc::runtime {
namespace {

using F = pb::DType;

void attentionShape(StepChecker &c, StepShape &s, const pb::Buffer *qkv,
                    const pb::Buffer *out, const pb::Buffer *lse, int64_t heads,
                    int64_t kvHeads, int64_t headDim,
                    std::initializer_list<std::pair<const pb::Buffer *, const char *>> likeQkv,
                    std::initializer_list<std::pair<const pb::Buffer *, const char *>> likeOut) {
  if (!c.qkvHeads(heads, kvHeads, headDim))
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

// The attention and its gradient carry the same attributes; the mask the
// forward drew is the backward's (heads offset by the tensor rank: the
// unsplit run's dropout mask).
template <typename Record>
kernels::AttentionShape attentionGeometry(StepRun &r, const Record &k) {
  const StepShape &sh = r.shape();
  kernels::AttentionShape a{sh.batch, sh.seq, k.heads(), k.head_dim(), k.causal(),
                            k.scale(), r.training ? k.dropout() : 0.f, r.seed(), k.stream()};
  a.headOffset = r.shard().rank * k.heads();
  a.totalHeads = r.shard().size * k.heads();
  a.kvHeads = k.kv_heads();
  if (k.has_lengths())
    a.lengths = r.i32(k.lengths());
  return a;
}

// Context parallelism: the attention of the whole sequence, whose rows this
// rank holds some of (the ring's kernels mask and draw dropout by position).
template <typename Record>
kernels::AttentionShape wholeSequence(StepRun &r, const Record &k) {
  kernels::AttentionShape a = attentionGeometry(r, k);
  a.seq = r.context().wholeSeq();
  return a;
}

const StepRegistration registered[] = {
    StepRegistration({
        pb::Step::kAttention,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.attention();
          attentionShape(c, s, c.buffer(k.qkv(), "qkv", F::F32), c.buffer(k.out(), "out", F::F32),
                         c.buffer(k.lse(), "lse", F::F32), k.heads(), k.kv_heads(), k.head_dim(),
                         {}, {});
          if (k.has_lengths())
            c.expectCount(c.buffer(k.lengths(), "lengths", F::I32), s.batch, "lengths");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.attention();
          if (KvCache *cache = r.cache()) {
            kernels::DecodeShape d{r.windowTokens(), r.position(), cache->capacity(), k.heads(),
                                   k.kv_heads() > 0 ? k.kv_heads() : k.heads(), k.head_dim(),
                                   k.scale()};
            r.dev().attentionDecode(d, r.out(k.qkv()), cache->keys(r.index),
                                    cache->values(r.index), r.out(k.out()));
            return;
          }
          if (r.context().split())
            return ringAttentionForward(r.dev(), *r.contextGroup(), r.context(),
                                        wholeSequence(r, k), r.f(k.qkv()), r.f(k.out()),
                                        r.f(k.lse()), r.contextScratch());
          r.dev().attentionForward(attentionGeometry(r, k), r.out(k.qkv()), r.out(k.out()),
                                   r.f(k.lse()));
        },
        [](const pb::Step &step, const pb::Plan &, int64_t) -> std::string {
          if (!step.attention().causal() || step.attention().has_lengths())
            return "only causal attention without padding continues a sequence token by token";
          return "";
        },
    }),
    StepRegistration({
        pb::Step::kAttentionBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.attention_backward();
          attentionShape(c, s, c.buffer(k.qkv(), "qkv", F::F32), c.buffer(k.out(), "out", F::F32),
                         c.buffer(k.lse(), "lse", F::F32), k.heads(), k.kv_heads(), k.head_dim(),
                         {{c.buffer(k.dqkv(), "dqkv", F::F32), "dqkv"}},
                         {{c.buffer(k.dout(), "dout", F::F32), "dout"}});
          if (k.has_lengths())
            c.expectCount(c.buffer(k.lengths(), "lengths", F::I32), s.batch, "lengths");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.attention_backward();
          if (r.context().split())
            return ringAttentionBackward(r.dev(), *r.contextGroup(), r.context(),
                                         wholeSequence(r, k), r.f(k.qkv()), r.f(k.out()),
                                         r.f(k.lse()), r.f(k.dout()), r.f(k.dqkv()),
                                         r.contextScratch());
          r.dev().attentionBackward(attentionGeometry(r, k), r.out(k.qkv()), r.out(k.out()),
                                    r.f(k.lse()), r.out(k.dout()), r.out(k.dqkv()));
        },
    }),
    StepRegistration({
        pb::Step::kRotary,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.rotary();
          const pb::Buffer *x = c.buffer(k.x(), "x", F::F32);
          if (!c.qkvHeads(k.heads(), k.kv_heads(), k.head_dim()) || !x)
            return;
          if (k.head_dim() % 2 != 0 || !(k.theta() > 1.0)) {
            c.fail("rotary needs an even head_dim and theta > 1, got " +
                   std::to_string(k.head_dim()) + " and " + std::to_string(k.theta()));
            return;
          }
          if (x->shape_size() != 3 ||
              x->shape(2) != qkvWidth(k.heads(), k.kv_heads(), k.head_dim())) {
            c.fail("rotary input '" + x->name() +
                   "' is not [batch, seq, (heads + 2 kv_heads) x head_dim]");
            return;
          }
          s.batch = x->shape(0);
          s.seq = x->shape(1);
          s.elements = c.count(x);
          c.expectCount(c.buffer(k.y(), "y", F::F32), s.elements, "y");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.rotary();
          const StepShape &sh = r.shape();
          kernels::RotaryShape rot{sh.batch, sh.seq, k.heads(), k.kv_heads(), k.head_dim(),
                                   k.theta(), k.inverse()};
          rot.position = r.position();
          if (!r.context().split())
            return r.dev().rotary(rot, r.out(k.x()), r.out(k.y()));
          // Each run of this rank's rows turns by its own positions' angles.
          const int64_t width = qkvWidth(k.heads(), k.kv_heads(), k.head_dim());
          for (int64_t b = 0; b < sh.batch; ++b)
            for (const PositionRun &run : r.context().runsOf(0, sh.seq)) {
              kernels::RotaryShape part = rot;
              part.batch = 1;
              part.seq = run.length;
              part.position = run.whole;
              const int64_t at = (b * sh.seq + run.local) * width;
              r.dev().rotary(part, r.out(k.x()).at(at), r.out(k.y()).at(at));
            }
        },
        runsOnAnyWindow,
    }),
};

} // namespace
} // namespace mtc::runtime
