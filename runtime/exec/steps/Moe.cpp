// Mixture-of-experts steps (docs/moe.md): routing, dispatch, the per-expert
// GEMMs, combine, and the load-balancing loss. The kernels are launched by
// name (kernels.h, "mixture of experts"); the GEMMs are the linear kernels on
// each expert's block of rows, whose counts are read on the host.
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"
#include "kernels/kernels.h"
#include "kernels/math/moe.h"

#include <tuple>
#include <vector>

namespace mtc::runtime {
namespace {

using F = pb::DType;

// Tokens N and picks k of a [..., k] routing buffer.
void routingShape(StepChecker &c, StepShape &s, const pb::Buffer *picks) {
  if (!picks)
    return;
  s.topk = c.width(picks);
  s.rows = s.topk ? c.count(picks) / s.topk : 0;
}

// probs/logits [N, E] against the routing's N.
void expertsShape(StepChecker &c, StepShape &s, const pb::Buffer *probs, const char *role) {
  if (!probs)
    return;
  s.experts = c.width(probs);
  c.expectCount(probs, s.rows * s.experts, role);
  if (s.topk < 1 || s.topk > s.experts)
    c.fail("top-" + std::to_string(s.topk) + " routing over " + std::to_string(s.experts) +
           " experts");
}

// Permuted rows [R, width].
void permutedShape(StepChecker &c, StepShape &s, const pb::Buffer *rows, const pb::Buffer *entryOf) {
  s.permuted = c.count(entryOf);
  if (rows && rows->shape_size() != 2)
    c.fail("permuted rows '" + rows->name() + "' must be 2-D");
  c.expectCount(rows, s.permuted * s.hidden, "permuted rows");
}

// The grouped linear's weight [E, In, Out] and rows [R, In] -> [R, Out].
void groupedShape(StepChecker &c, StepShape &s, const pb::Param *w, const pb::Buffer *x,
                  const pb::Buffer *y, const pb::Buffer *kept) {
  if (!w)
    return;
  if (w->shape_size() != 3) {
    c.fail("weight '" + w->name() + "' must be [experts, in, out]");
    return;
  }
  s.experts = w->shape(0);
  s.hidden = w->shape(1);
  s.out = w->shape(2);
  c.expectCount(kept, s.experts, "kept");
  s.permuted = c.rowsOf(x, s.hidden, "input");
  c.expectCount(y, s.permuted * s.out, "output");
}

// The per-expert row counts, on the host (Megatron's alltoall dispatcher also
// synchronises on them); each expert's block begins where the last ended.
std::vector<int32_t> keptCounts(StepRun &r, int32_t kept) {
  const StepShape &sh = r.shape();
  std::vector<int32_t> counts(sh.experts);
  r.dev().toHost(counts.data(), r.i32(kept), sh.experts * 4);
  int64_t total = 0;
  for (int32_t n : counts)
    total += n;
  if (total > sh.permuted)
    throw std::runtime_error(describeStep(r.plan(), r.index) + ": the experts keep " +
                             std::to_string(total) + " rows, the buffers hold " +
                             std::to_string(sh.permuted));
  return counts;
}

// Runs `gemm(e, firstRow, rows)` for each expert with rows; returns the
// kept total.
template <typename Gemm>
int64_t forEachExpert(StepRun &r, int32_t kept, Gemm gemm) {
  const std::vector<int32_t> counts = keptCounts(r, kept);
  int64_t first = 0;
  for (int64_t e = 0; e < static_cast<int64_t>(counts.size()); ++e) {
    if (counts[e] > 0)
      gemm(e, first, counts[e]);
    first += counts[e];
  }
  return first;
}

// Zeroes rows [first, rows) of a buffer of `rows` rows of `rowBytes`: the
// unused rows past the kept total, which are the buffer's end (a 16-bit
// buffer's odd tail is in its slot's padding, so whole words are safe).
void zeroRowsFrom(Backend &dev, void *base, int64_t first, int64_t rows, int64_t rowBytes) {
  if (first < rows)
    dev.fill32(static_cast<char *>(base) + first * rowBytes, 0u,
               ((rows - first) * rowBytes + 3) / 4);
}

int64_t rowBytesOf(kernels::Out out, int64_t width) {
  return width * kernels::storageBytes(out.type);
}

// The expert group's size and this rank's place in it (1 and 0 alone).
std::pair<int, int> expertGroupOf(StepRun &r) {
  comm::Communicator *group = r.expertGroup();
  return group ? std::pair<int, int>{group->size(), group->rank()} : std::pair<int, int>{1, 0};
}

// Rows of chunk (rank s, expert e) of the all_kept [ep, E] counts.
struct ExpertCounts {
  int ep = 1, me = 0;
  int64_t experts = 0; // E
  std::vector<int32_t> all;
  int64_t local() const { return experts / ep; }
  int64_t at(int s, int64_t e) const { return all[s * experts + e]; }
  // Rows rank s sends rank r (its experts' block), and where they start in
  // s's expert-sorted rows.
  int64_t sent(int s, int r) const {
    int64_t n = 0;
    for (int64_t e = r * local(); e < (r + 1) * local(); ++e)
      n += at(s, e);
    return n;
  }
  int64_t sentFrom(int s, int r) const {
    int64_t n = 0;
    for (int64_t e = 0; e < r * local(); ++e)
      n += at(s, e);
    return n;
  }
};

ExpertCounts expertCounts(StepRun &r, int32_t allKept) {
  ExpertCounts c;
  std::tie(c.ep, c.me) = expertGroupOf(r);
  c.experts = r.shape().experts;
  c.all.resize(c.ep * c.experts);
  r.dev().toHost(c.all.data(), r.i32(allKept), c.all.size() * 4);
  return c;
}

// The all-to-all over the expert group (docs/moe.md). `mine` [R, w] is this
// rank's rows sorted by expert; `theirs` [ep R, w] the rows of this rank's
// experts, by local expert, then by sending rank. to_experts sends mine and
// fills theirs; otherwise the reverse. Rows travel as bytes (any storage
// type) through a staging buffer in sending-rank order, as Megatron's
// dispatcher sorts the received chunks by local expert after its all-to-all.
void expertAllToAll(StepRun &r, const pb::EpAllToAll &k) {
  const StepShape &sh = r.shape();
  const ExpertCounts c = expertCounts(r, k.all_kept());
  const int64_t rowBytes = rowBytesOf(r.out(k.x()), sh.hidden);
  char *mine = static_cast<char *>(r.out(k.to_experts() ? k.x() : k.y()).data);
  char *theirs = static_cast<char *>(r.out(k.to_experts() ? k.y() : k.x()).data);
  const int64_t mineRows = sh.permuted, theirRows = sh.permuted * c.ep;
  // Staging, in sending-rank order: rank s's rows for this rank's experts.
  std::vector<int64_t> stageAt(c.ep + 1, 0);
  for (int s = 0; s < c.ep; ++s)
    stageAt[s + 1] = stageAt[s] + c.sent(s, c.me);
  DeviceArray &scratch = r.expertScratch();
  const int64_t floats = (std::max<int64_t>(stageAt[c.ep], 1) * rowBytes + 3) / 4;
  if (scratch.size() < floats)
    scratch = DeviceArray(r.dev(), floats, "the expert all-to-all staging");
  char *stage = reinterpret_cast<char *>(scratch.data());
  // Chunk (s, e) of theirs: expert-major, sending rank within an expert.
  auto forEachChunk = [&](auto copy) {
    int64_t at = 0;
    for (int64_t e = 0; e < c.local(); ++e)
      for (int s = 0; s < c.ep; ++s) {
        const int64_t global = c.me * c.local() + e, rows = c.at(s, global);
        int64_t inStage = stageAt[s];
        for (int64_t f = c.me * c.local(); f < global; ++f)
          inStage += c.at(s, f);
        if (rows > 0)
          copy(theirs + at * rowBytes, stage + inStage * rowBytes, rows * rowBytes);
        at += rows;
      }
    return at;
  };
  std::vector<comm::P2pTransfer> ops;
  const int64_t mineUsed = c.sentFrom(c.me, c.ep);
  if (!k.to_experts()) // theirs -> staging, rank-major
    forEachChunk([&](char *t, char *s, int64_t bytes) { r.dev().copy(s, t, bytes); });
  r.dev().synchronize();
  for (int peer = 0; peer < c.ep; ++peer) {
    // Mine: the block of rows for peer's experts. Staging: peer's rows for mine.
    char *block = mine + c.sentFrom(c.me, peer) * rowBytes;
    const size_t blockBytes = c.sent(c.me, peer) * rowBytes;
    char *chunk = stage + stageAt[peer] * rowBytes;
    const size_t chunkBytes = (stageAt[peer + 1] - stageAt[peer]) * rowBytes;
    if (peer == c.me) {
      if (k.to_experts())
        r.dev().copy(chunk, block, blockBytes);
      else
        r.dev().copy(block, chunk, blockBytes);
      continue;
    }
    if (k.to_experts()) {
      ops.push_back({true, block, blockBytes, comm::DataType::U8, peer});
      ops.push_back({false, chunk, chunkBytes, comm::DataType::U8, peer});
    } else {
      ops.push_back({true, chunk, chunkBytes, comm::DataType::U8, peer});
      ops.push_back({false, block, blockBytes, comm::DataType::U8, peer});
    }
  }
  if (!ops.empty())
    r.expertGroup()->groupedSendRecv(ops, /*timeoutSeconds=*/0);
  if (k.to_experts()) {
    const int64_t used =
        forEachChunk([&](char *t, char *s, int64_t bytes) { r.dev().copy(t, s, bytes); });
    zeroRowsFrom(r.dev(), theirs, used, theirRows, rowBytes);
  } else {
    zeroRowsFrom(r.dev(), mine, mineUsed, mineRows, rowBytes);
  }
}

const StepRegistration registered[] = {
    StepRegistration({
        pb::Step::kMoeRoute,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_route();
          auto *experts = c.buffer(k.experts(), "experts", F::I32);
          routingShape(c, s, experts);
          expertsShape(c, s, c.buffer(k.logits(), "logits", F::F32), "logits");
          expertsShape(c, s, c.buffer(k.probs(), "probs", F::F32), "probs");
          c.expectCount(c.buffer(k.weights(), "weights", F::F32), s.rows * s.topk, "weights");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_route();
          const StepShape &sh = r.shape();
          r.dev().launch(kernels::MoeRoute{r.f(k.logits()), r.f(k.probs()), r.i32(k.experts()),
                                           r.f(k.weights()), sh.rows, sh.experts, sh.topk});
        },
    }),
    StepRegistration({
        pb::Step::kMoeRouteBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_route_backward();
          routingShape(c, s, c.buffer(k.experts(), "experts", F::I32));
          expertsShape(c, s, c.buffer(k.probs(), "probs", F::F32), "probs");
          expertsShape(c, s, c.buffer(k.dlogits(), "dlogits", F::F32), "dlogits");
          c.expectCount(c.buffer(k.weights(), "weights", F::F32), s.rows * s.topk, "weights");
          if (k.has_dweights())
            c.expectCount(c.buffer(k.dweights(), "dweights", F::F32), s.rows * s.topk,
                          "dweights");
          if (k.has_dprobs())
            expertsShape(c, s, c.buffer(k.dprobs(), "dprobs", F::F32), "dprobs");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_route_backward();
          const StepShape &sh = r.shape();
          kernels::MoeRouteBackward a{r.f(k.probs()),
                                      r.i32(k.experts()),
                                      r.f(k.weights()),
                                      k.has_dweights() ? r.f(k.dweights()) : nullptr,
                                      k.has_dprobs() ? r.f(k.dprobs()) : nullptr,
                                      r.f(k.dlogits()),
                                      sh.rows,
                                      sh.experts,
                                      sh.topk};
          a.auxGradStride = sh.experts;
          r.dev().launch(a);
        },
    }),
    StepRegistration({
        pb::Step::kMoeDispatch,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_dispatch();
          auto *experts = c.buffer(k.experts(), "experts", F::I32);
          routingShape(c, s, experts);
          c.expectCount(c.buffer(k.weights(), "weights", F::F32), s.rows * s.topk, "weights");
          c.expectCount(c.buffer(k.row_of(), "row_of", F::I32), s.rows * s.topk, "row_of");
          auto *routed = c.buffer(k.routed(), "routed", F::I32);
          s.experts = c.count(routed);
          c.expectCount(c.buffer(k.kept(), "kept", F::I32), s.experts, "kept");
          s.permuted = c.count(c.buffer(k.entry_of(), "entry_of", F::I32));
          const int64_t expected =
              k.capacity() > 0 ? std::min(s.rows * s.topk, s.experts * k.capacity())
                               : s.rows * s.topk;
          if (k.capacity() < 0 || s.permuted != expected)
            c.fail("capacity " + std::to_string(k.capacity()) + " of " +
                   std::to_string(s.experts) + " experts needs " + std::to_string(expected) +
                   " permuted rows, entry_of has " + std::to_string(s.permuted));
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_dispatch();
          const StepShape &sh = r.shape();
          r.dev().launch(kernels::MoeDispatch{r.i32(k.experts()), r.f(k.weights()),
                                              r.i32(k.routed()), r.i32(k.kept()),
                                              r.i32(k.row_of()), r.i32(k.entry_of()), sh.rows,
                                              sh.experts, sh.topk, sh.permuted, k.capacity(),
                                              k.drop_by_position()});
        },
    }),
    StepRegistration({
        pb::Step::kMoeAuxLoss,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_aux_loss();
          auto *probs = c.buffer(k.probs(), "probs", F::F32);
          auto *routed = c.buffer(k.routed(), "routed", F::I32);
          s.experts = c.count(routed);
          s.rows = s.experts ? c.count(probs) / s.experts : 0;
          c.expectCount(probs, s.rows * s.experts, "probs");
          if (!(k.coeff() >= 0))
            c.fail("coeff must not be negative");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_aux_loss();
          const StepShape &sh = r.shape();
          std::vector<float> sums(sh.experts);
          std::vector<int32_t> routed(sh.experts);
          if (k.coeff() > 0) {
            DeviceArray &scratch = r.commScratch();
            if (scratch.size() < sh.experts)
              scratch = DeviceArray(r.dev(), sh.experts, "the expert probability sums");
            r.dev().launch(
                kernels::MoeProbSums{r.f(k.probs()), scratch.data(), sh.rows, sh.experts});
            r.dev().toHost(sums.data(), scratch.data(), sh.experts * 4);
          }
          r.dev().toHost(routed.data(), r.i32(k.routed()), sh.experts * 4);
          int64_t entries = 0;
          for (int32_t n : routed)
            entries += n;
          if (k.coeff() > 0) {
            MicroBatchLoss &loss = r.loss();
            // Every token routes to k experts: the entries give k.
            const int64_t topk = sh.rows ? entries / sh.rows : 0;
            loss.moeAuxSum += kernels::math::moeAuxLoss(sums.data(), routed.data(), sh.experts,
                                                        sh.rows, topk, k.coeff());
            ++loss.moeAuxLayers;
          }
          // The expert load of training steps (evaluation's is not the run's).
          if (r.training) {
            std::vector<int64_t> &load = r.expertTokens();
            load.resize(std::max<size_t>(load.size(), sh.experts), 0);
            for (int64_t e = 0; e < sh.experts; ++e)
              load[e] += routed[e];
          }
        },
    }),
    StepRegistration({
        pb::Step::kMoeAuxLossBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_aux_loss_backward();
          auto *routed = c.buffer(k.routed(), "routed", F::I32);
          auto *dprobs = c.buffer(k.dprobs(), "dprobs", F::F32);
          s.experts = c.count(routed);
          s.rows = s.experts ? c.count(dprobs) / s.experts : 0;
          c.expectCount(dprobs, s.rows * s.experts, "dprobs");
          s.topk = k.topk();
          if (s.topk < 1 || s.topk > s.experts)
            c.fail("top-" + std::to_string(s.topk) + " routing over " +
                   std::to_string(s.experts) + " experts");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_aux_loss_backward();
          const StepShape &sh = r.shape();
          std::vector<int32_t> routed(sh.experts);
          r.dev().toHost(routed.data(), r.i32(k.routed()), sh.experts * 4);
          // The same gradient for every token: scaled as the LM loss's
          // (1 / micro-batches, times the loss scale).
          std::vector<float> row(sh.experts), rows(sh.rows * sh.experts);
          kernels::math::moeAuxLossGrad(routed.data(), sh.experts, sh.rows, sh.topk,
                                        k.coeff() * r.gradScale, row.data());
          for (int64_t t = 0; t < sh.rows; ++t)
            std::copy(row.begin(), row.end(), rows.begin() + t * sh.experts);
          r.dev().toDevice(r.f(k.dprobs()), rows.data(), rows.size() * 4);
        },
    }),
    StepRegistration({
        pb::Step::kMoePermute,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_permute();
          routingShape(c, s, c.buffer(k.row_of(), "row_of", F::I32));
          auto *x = c.buffer(k.x(), "x", F::F32);
          s.hidden = c.width(x);
          c.expectCount(x, s.rows * s.hidden, "x");
          permutedShape(c, s, c.buffer(k.xp(), "xp", F::F32),
                        c.buffer(k.entry_of(), "entry_of", F::I32));
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_permute();
          const StepShape &sh = r.shape();
          r.dev().launch(kernels::MoePermute{r.f(k.x()), r.i32(k.entry_of()), r.f(k.xp()),
                                             sh.permuted, sh.topk, sh.hidden});
        },
    }),
    StepRegistration({
        pb::Step::kMoePermuteBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_permute_backward();
          routingShape(c, s, c.buffer(k.row_of(), "row_of", F::I32));
          auto *dx = c.buffer(k.dx(), "dx", F::F32);
          s.hidden = c.width(dx);
          c.expectCount(dx, s.rows * s.hidden, "dx");
          auto *dxp = c.buffer(k.dxp(), "dxp", F::F32);
          s.permuted = c.rowsOf(dxp, s.hidden, "dxp");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_permute_backward();
          const StepShape &sh = r.shape();
          r.dev().launch(kernels::MoePermuteBackward{r.f(k.dxp()), r.i32(k.row_of()),
                                                     r.f(k.dx()), sh.rows, sh.topk, sh.hidden});
        },
    }),
    StepRegistration({
        pb::Step::kGroupedLinear,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.grouped_linear();
          groupedShape(c, s, c.param(k.w_param(), "w_param"), c.buffer(k.x(), "x", F::F32),
                       c.buffer(k.y(), "y", F::F32), c.buffer(k.kept(), "kept", F::I32));
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.grouped_linear();
          const StepShape &sh = r.shape();
          kernels::Out x = r.out(k.x()), y = r.out(k.y());
          kernels::In w = r.weightsIn(k.w_param());
          const int64_t used = forEachExpert(r, k.kept(), [&](int64_t e, int64_t first, int64_t n) {
            r.dev().linearForward(x.at(first * sh.hidden), w.at(e * sh.hidden * sh.out),
                                  kernels::In(), y.at(first * sh.out), n, sh.hidden, sh.out,
                                  false);
          });
          zeroRowsFrom(r.dev(), y.data, used, sh.permuted, rowBytesOf(y, sh.out));
        },
    }),
    StepRegistration({
        pb::Step::kGroupedLinearBackwardInput,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.grouped_linear_backward_input();
          // dy [R, Out] in, dx [R, In] out.
          groupedShape(c, s, c.param(k.w_param(), "w_param"), c.buffer(k.dx(), "dx", F::F32),
                       c.buffer(k.dy(), "dy", F::F32), c.buffer(k.kept(), "kept", F::I32));
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.grouped_linear_backward_input();
          const StepShape &sh = r.shape();
          kernels::Out dy = r.out(k.dy()), dx = r.out(k.dx());
          kernels::In w = r.weightsIn(k.w_param());
          const int64_t used = forEachExpert(r, k.kept(), [&](int64_t e, int64_t first, int64_t n) {
            r.dev().linearBackwardInput(dy.at(first * sh.out), w.at(e * sh.hidden * sh.out),
                                        dx.at(first * sh.hidden), n, sh.hidden, sh.out, false);
          });
          zeroRowsFrom(r.dev(), dx.data, used, sh.permuted, rowBytesOf(dx, sh.hidden));
        },
    }),
    StepRegistration({
        pb::Step::kGroupedLinearBackwardWeight,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.grouped_linear_backward_weight();
          groupedShape(c, s, c.param(k.w_grad(), "w_grad"), c.buffer(k.x(), "x", F::F32),
                       c.buffer(k.dy(), "dy", F::F32), c.buffer(k.kept(), "kept", F::I32));
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.grouped_linear_backward_weight();
          const StepShape &sh = r.shape();
          kernels::Out x = r.out(k.x()), dy = r.out(k.dy());
          float *dw = r.grad(k.w_grad());
          forEachExpert(r, k.kept(), [&](int64_t e, int64_t first, int64_t n) {
            r.dev().linearBackwardWeight(x.at(first * sh.hidden), dy.at(first * sh.out),
                                         dw + e * sh.hidden * sh.out, nullptr, n, sh.hidden,
                                         sh.out, false);
          });
        },
    }),
    StepRegistration({
        pb::Step::kEpCounts,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.ep_counts();
          auto *kept = c.buffer(k.kept(), "kept", F::I32);
          auto *all = c.buffer(k.all_kept(), "all_kept", F::I32);
          auto *local = c.buffer(k.local_kept(), "local_kept", F::I32);
          s.experts = c.count(kept);
          const int64_t ep = std::max<int64_t>(1, c.plan.parallel().expert());
          c.expectCount(all, ep * s.experts, "all_kept");
          if (s.experts % ep != 0)
            c.fail(std::to_string(ep) + " expert ranks do not divide " +
                   std::to_string(s.experts) + " experts");
          else
            c.expectCount(local, s.experts / ep, "local_kept");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.ep_counts();
          const StepShape &sh = r.shape();
          auto [ep, me] = expertGroupOf(r);
          std::vector<int32_t> mine(sh.experts), all(ep * sh.experts);
          r.dev().toHost(mine.data(), r.i32(k.kept()), sh.experts * 4);
          if (ep > 1)
            r.expertGroup()->allGather(mine.data(), all.data(), mine.size(),
                                       comm::DataType::I32);
          else
            all = mine;
          const int64_t local = sh.experts / ep;
          std::vector<int32_t> totals(local, 0);
          for (int s = 0; s < ep; ++s)
            for (int64_t e = 0; e < local; ++e)
              totals[e] += all[s * sh.experts + me * local + e];
          r.dev().toDevice(r.i32(k.all_kept()), all.data(), all.size() * 4);
          r.dev().toDevice(r.i32(k.local_kept()), totals.data(), totals.size() * 4);
        },
    }),
    StepRegistration({
        pb::Step::kEpAllToAll,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.ep_all_to_all();
          auto *x = c.buffer(k.x(), "x", F::F32);
          auto *y = c.buffer(k.y(), "y", F::F32);
          auto *all = c.buffer(k.all_kept(), "all_kept", F::I32);
          const int64_t ep = std::max<int64_t>(1, c.plan.parallel().expert());
          s.experts = ep ? c.count(all) / ep : 0;
          auto *mine = k.to_experts() ? x : y, *theirs = k.to_experts() ? y : x;
          s.hidden = c.width(mine);
          s.permuted = c.rowsOf(mine, s.hidden, "this rank's rows");
          c.expectCount(theirs, ep * s.permuted * s.hidden, "the experts' rows");
          if (x && y && x->dtype() != y->dtype())
            c.fail("x and y must have one storage type");
        },
        [](const pb::Step &step, StepRun &r) { expertAllToAll(r, step.ep_all_to_all()); },
    }),
    StepRegistration({
        pb::Step::kMoeCombine,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_combine();
          routingShape(c, s, c.buffer(k.row_of(), "row_of", F::I32));
          c.expectCount(c.buffer(k.weights(), "weights", F::F32), s.rows * s.topk, "weights");
          auto *y = c.buffer(k.y(), "y", F::F32);
          s.hidden = c.width(y);
          c.expectCount(y, s.rows * s.hidden, "y");
          s.permuted = c.rowsOf(c.buffer(k.yp(), "yp", F::F32), s.hidden, "yp");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_combine();
          const StepShape &sh = r.shape();
          r.dev().launch(kernels::MoeCombine{r.f(k.yp()), r.i32(k.row_of()), r.f(k.weights()),
                                             r.f(k.y()), sh.rows, sh.topk, sh.hidden});
        },
    }),
    StepRegistration({
        pb::Step::kMoeCombineBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.moe_combine_backward();
          routingShape(c, s, c.buffer(k.row_of(), "row_of", F::I32));
          c.expectCount(c.buffer(k.weights(), "weights", F::F32), s.rows * s.topk, "weights");
          c.expectCount(c.buffer(k.dweights(), "dweights", F::F32), s.rows * s.topk,
                        "dweights");
          auto *dy = c.buffer(k.dy(), "dy", F::F32);
          s.hidden = c.width(dy);
          c.expectCount(dy, s.rows * s.hidden, "dy");
          auto *entryOf = c.buffer(k.entry_of(), "entry_of", F::I32);
          permutedShape(c, s, c.buffer(k.yp(), "yp", F::F32), entryOf);
          c.expectCount(c.buffer(k.dyp(), "dyp", F::F32), s.permuted * s.hidden, "dyp");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.moe_combine_backward();
          const StepShape &sh = r.shape();
          r.dev().launch(kernels::MoeCombineBackward{
              r.f(k.yp()), r.i32(k.row_of()), r.i32(k.entry_of()), r.f(k.weights()),
              r.f(k.dy()), r.f(k.dyp()), r.f(k.dweights()), sh.rows, sh.topk, sh.hidden,
              sh.permuted});
        },
    }),
};

} // namespace
} // namespace mtc::runtime
