// Mixture-of-experts kernels (kernels.h, math/moe.h): routing and its ties,
// dispatch with and without a capacity, and a whole MoE layer (router,
// dispatch, SwiGLU experts through the linear kernels, combine, auxiliary
// loss) forward and backward against a dense float64 reference written from
// the Mixtral and Megatron-Core definitions, differentiated numerically.
#include "TestUtil.h"
#include "kernels/kernels.h"
#include "kernels/math/moe.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace mtc::kernels {
namespace {

using test::randomVector;

TEST(MoeRoute, PicksTheLargestLogitsAndBreaksTiesToTheLowerExpert) {
  const std::vector<float> logits = {1.f, 3.f, 3.f, 2.f, /* row 2 */ 0.f, 0.f, 0.f, 0.f};
  std::vector<float> probs(8), weights(4);
  std::vector<int32_t> experts(4);
  MoeRoute::host({logits.data(), probs.data(), experts.data(), weights.data(), 2, 4, 2});
  EXPECT_EQ(experts, (std::vector<int32_t>{1, 2, 0, 1}));
  EXPECT_FLOAT_EQ(weights[0], 0.5f);
  EXPECT_FLOAT_EQ(weights[1], 0.5f);
  EXPECT_FLOAT_EQ(weights[2], 0.5f);
  const double z = std::exp(1.0) + 2 * std::exp(3.0) + std::exp(2.0);
  EXPECT_NEAR(probs[1], std::exp(3.0) / z, 1e-7);
  EXPECT_NEAR(probs[4], 0.25, 1e-7);
}

TEST(MoeRoute, WeightsAreTheSoftmaxOverThePickedLogits) {
  const int64_t N = 9, E = 8, k = 3;
  const std::vector<float> logits = randomVector(N * E, 11, -3.f, 3.f);
  std::vector<float> probs(N * E), weights(N * k);
  std::vector<int32_t> experts(N * k);
  MoeRoute::host({logits.data(), probs.data(), experts.data(), weights.data(), N, E, k});
  for (int64_t t = 0; t < N; ++t) {
    std::vector<int32_t> order(E);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return logits[t * E + a] > logits[t * E + b]; });
    double z = 0;
    for (int j = 0; j < k; ++j)
      z += std::exp(double(logits[t * E + order[j]]));
    for (int j = 0; j < k; ++j) {
      EXPECT_EQ(experts[t * k + j], order[j]) << "token " << t;
      EXPECT_NEAR(weights[t * k + j], std::exp(double(logits[t * E + order[j]])) / z, 2e-7);
    }
  }
}

TEST(MoeRoute, RefusesKOutsideOneToE) {
  float l[4] = {}, p[4], w[8];
  int32_t e[8];
  EXPECT_THROW(MoeRoute::host({l, p, e, w, 1, 4, 5}), std::invalid_argument);
  EXPECT_THROW(MoeRoute::host({l, p, e, w, 1, 4, 0}), std::invalid_argument);
}

// Tokens 0..3, k = 2, E = 3: entry t k + j picks experts[entry].
const std::vector<int32_t> kExperts = {0, 2, 2, 1, 0, 1, 2, 0};

TEST(MoeDispatch, SortsEntriesByExpertThenToken) {
  std::vector<int32_t> routed(3), kept(3), rowOf(8), entryOf(8);
  MoeDispatch::host({kExperts.data(), nullptr, routed.data(), kept.data(), rowOf.data(),
                     entryOf.data(), 4, 3, 2, 8, 0, false});
  EXPECT_EQ(routed, (std::vector<int32_t>{3, 2, 3}));
  EXPECT_EQ(kept, routed);
  EXPECT_EQ(entryOf, (std::vector<int32_t>{0, 4, 7, 3, 5, 1, 2, 6}));
  for (int r = 0; r < 8; ++r)
    EXPECT_EQ(rowOf[entryOf[r]], r);
}

TEST(MoeDispatch, CapacityKeepsTheHighestWeightsThenTheEarlierTokens) {
  // Megatron's capacity: ceil(4 tokens x 2 / 3 experts x 0.75) = 2.
  const int64_t capacity = math::moeCapacity(4, 2, 3, 0.75);
  ASSERT_EQ(capacity, 2);
  // Expert 0: entries 0 (.6), 4 (.3), 7 (.6); expert 2: 1 (.4), 2 (.7), 6 (.4).
  const std::vector<float> weights = {.6f, .4f, .7f, .3f, .3f, .7f, .4f, .6f};
  std::vector<int32_t> routed(3), kept(3), rowOf(8), entryOf(6);
  MoeDispatch::host({kExperts.data(), weights.data(), routed.data(), kept.data(), rowOf.data(),
                     entryOf.data(), 4, 3, 2, 6, capacity, false});
  EXPECT_EQ(routed, (std::vector<int32_t>{3, 2, 3}));
  EXPECT_EQ(kept, (std::vector<int32_t>{2, 2, 2}));
  EXPECT_EQ(entryOf, (std::vector<int32_t>{0, 7, 3, 5, 1, 2}));
  EXPECT_EQ(rowOf[4], -1);
  EXPECT_EQ(rowOf[6], -1); // ties with entry 1 (.4), a later token

  MoeDispatch::host({kExperts.data(), nullptr, routed.data(), kept.data(), rowOf.data(),
                     entryOf.data(), 4, 3, 2, 6, capacity, /*dropByPosition=*/true});
  EXPECT_EQ(entryOf, (std::vector<int32_t>{0, 4, 3, 5, 1, 2}));
  EXPECT_EQ(rowOf[7], -1);
  EXPECT_EQ(rowOf[6], -1);
}

// Random routings against the rule written directly: each expert's entries
// ranked (weight down then token up, or token up), the first `capacity` kept,
// kept entries laid out expert by expert in token order. Weights are drawn
// from eight values so ties are common.
TEST(MoeDispatch, RandomRoutingsFollowTheRule) {
  std::mt19937 gen(7);
  for (int trial = 0; trial < 40; ++trial) {
    const int64_t N = 1 + gen() % 300, E = 1 + gen() % 16, k = 1 + gen() % E;
    const int64_t capacity = trial % 4 == 0 ? 0 : 1 + gen() % (2 * N * k / E + 1);
    const bool byPosition = trial % 3 == 0;
    std::vector<int32_t> experts(N * k);
    std::vector<float> weights(N * k);
    for (int64_t t = 0; t < N; ++t) {
      std::vector<int32_t> all(E);
      std::iota(all.begin(), all.end(), 0);
      std::shuffle(all.begin(), all.end(), gen);
      for (int64_t j = 0; j < k; ++j) {
        experts[t * k + j] = all[j];
        weights[t * k + j] = static_cast<float>(gen() % 8) / 8.f;
      }
    }
    const int64_t rows = capacity > 0 ? std::min(N * k, E * capacity) : N * k;
    std::vector<int32_t> routed(E), kept(E), rowOf(N * k), entryOf(rows);
    MoeDispatch::host({experts.data(), weights.data(), routed.data(), kept.data(), rowOf.data(),
                       entryOf.data(), N, E, k, rows, capacity, byPosition});
    std::vector<int32_t> wantEntryOf, wantRowOf(N * k, -1);
    for (int32_t e = 0; e < E; ++e) {
      std::vector<int32_t> mine;
      for (int32_t i = 0; i < N * k; ++i)
        if (experts[i] == e)
          mine.push_back(i);
      ASSERT_EQ(routed[e], static_cast<int32_t>(mine.size()));
      std::vector<int32_t> ranked = mine;
      if (!byPosition)
        std::stable_sort(ranked.begin(), ranked.end(),
                         [&](int32_t a, int32_t b) { return weights[a] > weights[b]; });
      if (capacity > 0 && static_cast<int64_t>(ranked.size()) > capacity)
        ranked.resize(capacity);
      std::sort(ranked.begin(), ranked.end());
      ASSERT_EQ(kept[e], static_cast<int32_t>(ranked.size()));
      for (int32_t i : ranked) {
        wantRowOf[i] = static_cast<int32_t>(wantEntryOf.size());
        wantEntryOf.push_back(i);
      }
    }
    wantEntryOf.resize(rows, -1);
    ASSERT_EQ(entryOf, wantEntryOf) << "trial " << trial;
    ASSERT_EQ(rowOf, wantRowOf) << "trial " << trial;
  }
}

TEST(MoeDispatch, RefusesTooFewRowsAndUnknownExperts) {
  std::vector<int32_t> routed(3), kept(3), rowOf(8), entryOf(8);
  EXPECT_THROW(MoeDispatch::host({kExperts.data(), nullptr, routed.data(), kept.data(),
                                  rowOf.data(), entryOf.data(), 4, 3, 2, 7, 0, false}),
               std::invalid_argument);
  std::vector<int32_t> bad = kExperts;
  bad[5] = 3;
  EXPECT_THROW(MoeDispatch::host({bad.data(), nullptr, routed.data(), kept.data(), rowOf.data(),
                                  entryOf.data(), 4, 3, 2, 8, 0, false}),
               std::invalid_argument);
}

// ---- a whole layer ----
struct Layer {
  int64_t N, H, F, E, k;
  int64_t capacity = 0; // 0: no dropping
  double coeff = 0.01;
  std::vector<double> x, gate, w1, w3, w2; // x [N,H]; gate [E,H]; w1, w3 [E,F,H]; w2 [E,H,F]
  std::vector<double> dy;                  // the loss is sum(y * dy) + aux
};

std::vector<float> narrow(const std::vector<double> &v) { return {v.begin(), v.end()}; }

double silu(double g) { return g / (1 + std::exp(-g)); }

// The dense float64 reference: every token through its picked experts.
double referenceLoss(const Layer &L) {
  std::vector<double> probs(L.N * L.E);
  std::vector<std::vector<int>> picks(L.N);
  std::vector<std::vector<double>> weights(L.N);
  std::vector<double> routed(L.E, 0), probSums(L.E, 0);
  for (int64_t t = 0; t < L.N; ++t) {
    std::vector<double> logit(L.E);
    for (int64_t e = 0; e < L.E; ++e) {
      logit[e] = 0;
      for (int64_t h = 0; h < L.H; ++h)
        logit[e] += L.x[t * L.H + h] * L.gate[e * L.H + h];
    }
    const double m = *std::max_element(logit.begin(), logit.end());
    double z = 0;
    for (double l : logit)
      z += std::exp(l - m);
    for (int64_t e = 0; e < L.E; ++e) {
      probs[t * L.E + e] = std::exp(logit[e] - m) / z;
      probSums[e] += probs[t * L.E + e];
    }
    std::vector<int> order(L.E);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return logit[a] > logit[b]; });
    double zk = 0;
    for (int j = 0; j < L.k; ++j)
      zk += std::exp(logit[order[j]] - m);
    for (int j = 0; j < L.k; ++j) {
      picks[t].push_back(order[j]);
      weights[t].push_back(std::exp(logit[order[j]] - m) / zk);
      routed[order[j]] += 1;
    }
  }
  // Dropping: each expert keeps its `capacity` largest weights (earlier token on ties).
  std::vector<std::vector<bool>> kept(L.N, std::vector<bool>(L.k, true));
  if (L.capacity > 0)
    for (int64_t e = 0; e < L.E; ++e) {
      std::vector<std::pair<double, int64_t>> mine; // (-weight, entry)
      for (int64_t t = 0; t < L.N; ++t)
        for (int j = 0; j < L.k; ++j)
          if (picks[t][j] == e)
            mine.push_back({-weights[t][j], t * L.k + j});
      std::sort(mine.begin(), mine.end());
      for (size_t i = L.capacity; i < mine.size(); ++i)
        kept[mine[i].second / L.k][mine[i].second % L.k] = false;
    }
  double loss = 0;
  for (int64_t t = 0; t < L.N; ++t)
    for (int j = 0; j < L.k; ++j) {
      if (!kept[t][j])
        continue;
      const int64_t e = picks[t][j];
      std::vector<double> act(L.F);
      for (int64_t f = 0; f < L.F; ++f) {
        double g = 0, u = 0;
        for (int64_t h = 0; h < L.H; ++h) {
          g += L.w1[(e * L.F + f) * L.H + h] * L.x[t * L.H + h];
          u += L.w3[(e * L.F + f) * L.H + h] * L.x[t * L.H + h];
        }
        act[f] = silu(g) * u;
      }
      for (int64_t h = 0; h < L.H; ++h) {
        double o = 0;
        for (int64_t f = 0; f < L.F; ++f)
          o += L.w2[(e * L.H + h) * L.F + f] * act[f];
        loss += weights[t][j] * o * L.dy[t * L.H + h];
      }
    }
  double aux = 0;
  for (int64_t e = 0; e < L.E; ++e)
    aux += routed[e] / double(L.N * L.k) * probSums[e] / double(L.N);
  return loss + L.coeff * double(L.E) * aux;
}

struct Grads {
  std::vector<float> dx, dgate, dw1, dw3, dw2;
  double loss = 0;
  int64_t keptEntries = 0;
};

// The layer through the kernels, forward then backward.
Grads kernelGrads(const Layer &L) {
  const int64_t N = L.N, H = L.H, F = L.F, E = L.E, k = L.k;
  const std::vector<float> x = narrow(L.x), gate = narrow(L.gate), w1 = narrow(L.w1),
                           w3 = narrow(L.w3), w2 = narrow(L.w2), dy = narrow(L.dy);
  std::vector<float> logits(N * E), probs(N * E), weights(N * k);
  std::vector<int32_t> experts(N * k);
  linearForward(x.data(), gate.data(), nullptr, logits.data(), N, H, E, true);
  MoeRoute::host({logits.data(), probs.data(), experts.data(), weights.data(), N, E, k});
  const int64_t rows = L.capacity > 0 ? std::min(N * k, E * L.capacity) : N * k;
  std::vector<int32_t> routed(E), kept(E), rowOf(N * k), entryOf(rows);
  MoeDispatch::host({experts.data(), weights.data(), routed.data(), kept.data(), rowOf.data(),
                     entryOf.data(), N, E, k, rows, L.capacity, false});
  std::vector<float> xp(rows * H), g(rows * F), u(rows * F), act(rows * F), yp(rows * H);
  MoePermute::host({x.data(), entryOf.data(), xp.data(), rows, k, H});
  Grads out;
  std::vector<int64_t> first(E + 1, 0);
  for (int64_t e = 0; e < E; ++e)
    first[e + 1] = first[e] + kept[e];
  for (int64_t e = 0; e < E; ++e) {
    const int64_t n = kept[e], r = first[e];
    if (n == 0)
      continue;
    linearForward(&xp[r * H], &w1[e * F * H], nullptr, &g[r * F], n, H, F, true);
    linearForward(&xp[r * H], &w3[e * F * H], nullptr, &u[r * F], n, H, F, true);
    swigluForward(&g[r * F], &u[r * F], &act[r * F], n * F);
    linearForward(&act[r * F], &w2[e * H * F], nullptr, &yp[r * H], n, F, H, true);
  }
  out.keptEntries = first[E];
  std::vector<float> y(N * H), sums(E);
  MoeCombine::host({yp.data(), rowOf.data(), weights.data(), y.data(), N, k, H});
  MoeProbSums::host({probs.data(), sums.data(), N, E});
  for (int64_t i = 0; i < N * H; ++i)
    out.loss += double(y[i]) * dy[i];
  out.loss += math::moeAuxLoss(sums.data(), routed.data(), E, N, k, L.coeff);

  std::vector<float> dyp(rows * H), dweights(N * k), dact(rows * F), dg(rows * F),
      du(rows * F), dxp(rows * H), tmp(rows * H);
  MoeCombineBackward::host({yp.data(), rowOf.data(), entryOf.data(), weights.data(), dy.data(),
                            dyp.data(), dweights.data(), N, k, H, rows});
  out.dw1.assign(E * F * H, 0.f);
  out.dw3.assign(E * F * H, 0.f);
  out.dw2.assign(E * H * F, 0.f);
  for (int64_t e = 0; e < E; ++e) {
    const int64_t n = kept[e], r = first[e];
    if (n == 0)
      continue;
    linearBackwardInput(&dyp[r * H], &w2[e * H * F], &dact[r * F], n, F, H, true);
    linearBackwardWeight(&act[r * F], &dyp[r * H], &out.dw2[e * H * F], nullptr, n, F, H, true);
    swigluBackward(&g[r * F], &u[r * F], &dact[r * F], &dg[r * F], &du[r * F], n * F);
    linearBackwardInput(&dg[r * F], &w1[e * F * H], &dxp[r * H], n, H, F, true);
    linearBackwardInput(&du[r * F], &w3[e * F * H], &tmp[r * H], n, H, F, true);
    add(&dxp[r * H], &tmp[r * H], &dxp[r * H], n * H);
    linearBackwardWeight(&xp[r * H], &dg[r * F], &out.dw1[e * F * H], nullptr, n, H, F, true);
    linearBackwardWeight(&xp[r * H], &du[r * F], &out.dw3[e * F * H], nullptr, n, H, F, true);
  }
  out.dx.assign(N * H, 0.f);
  MoePermuteBackward::host({dxp.data(), rowOf.data(), out.dx.data(), N, k, H});
  std::vector<float> auxGrad(E), dlogits(N * E), dxRouter(N * H);
  math::moeAuxLossGrad(routed.data(), E, N, k, L.coeff, auxGrad.data());
  MoeRouteBackward::host({probs.data(), experts.data(), weights.data(), dweights.data(),
                          auxGrad.data(), dlogits.data(), N, E, k});
  linearBackwardInput(dlogits.data(), gate.data(), dxRouter.data(), N, H, E, true);
  add(out.dx.data(), dxRouter.data(), out.dx.data(), N * H);
  out.dgate.assign(E * H, 0.f);
  linearBackwardWeight(x.data(), dlogits.data(), out.dgate.data(), nullptr, N, H, E, true);
  return out;
}

// Central differences of the float64 reference (routing is piecewise
// constant, and the random data keep every logit and weight far from a tie).
void expectGradient(Layer L, std::vector<double> Layer::*field, const std::vector<float> &got,
                    const char *what) {
  const double h = 1e-6;
  std::vector<double> &v = L.*field;
  ASSERT_EQ(got.size(), v.size()) << what;
  for (size_t i = 0; i < v.size(); ++i) {
    const double saved = v[i];
    v[i] = saved + h;
    const double up = referenceLoss(L);
    v[i] = saved - h;
    const double down = referenceLoss(L);
    v[i] = saved;
    const double want = (up - down) / (2 * h);
    EXPECT_NEAR(got[i], want, 2e-5 + 1e-4 * std::fabs(want)) << what << " element " << i;
  }
}

Layer randomLayer(int64_t capacity) {
  Layer L{6, 5, 4, 4, 2};
  L.capacity = capacity;
  auto draw = [](size_t n, uint32_t seed, double scale) {
    std::vector<float> f = randomVector(n, seed);
    std::vector<double> d(f.begin(), f.end());
    for (double &v : d)
      v *= scale;
    return d;
  };
  L.x = draw(L.N * L.H, 1, 1.0);
  L.gate = draw(L.E * L.H, 2, 1.5);
  L.w1 = draw(L.E * L.F * L.H, 3, 0.7);
  L.w3 = draw(L.E * L.F * L.H, 4, 0.7);
  L.w2 = draw(L.E * L.H * L.F, 5, 0.7);
  L.dy = draw(L.N * L.H, 6, 1.0);
  // Round to floats once, so the kernels and the reference see one model.
  for (auto *v : {&L.x, &L.gate, &L.w1, &L.w3, &L.w2, &L.dy})
    for (double &d : *v)
      d = static_cast<float>(d);
  return L;
}

void expectLayerMatchesReference(const Layer &L) {
  const Grads g = kernelGrads(L);
  EXPECT_NEAR(g.loss, referenceLoss(L), 1e-5);
  expectGradient(L, &Layer::x, g.dx, "dx");
  expectGradient(L, &Layer::gate, g.dgate, "dgate");
  expectGradient(L, &Layer::w1, g.dw1, "dw1");
  expectGradient(L, &Layer::w3, g.dw3, "dw3");
  expectGradient(L, &Layer::w2, g.dw2, "dw2");
}

TEST(MoeLayer, ForwardAndEveryGradientMatchTheDenseReference) {
  expectLayerMatchesReference(randomLayer(0));
}

TEST(MoeLayer, WithACapacityDroppedEntriesAddNothing) {
  // ceil(6 x 2 / 4 x 0.5) = 2 of each expert's entries kept: some are dropped.
  const Layer L = randomLayer(math::moeCapacity(6, 2, 4, 0.5));
  EXPECT_LT(kernelGrads(L).keptEntries, 12);
  expectLayerMatchesReference(L);
}

TEST(MoeAuxLoss, IsCoeffTimesETimesSumOfShareTimesMeanProbability) {
  // 2 tokens, k = 1, E = 2: both to expert 0 with probabilities .75 and .5.
  const float sums[2] = {1.25f, 0.75f};
  const int32_t routed[2] = {2, 0};
  // f = (1, 0), P = (.625, .375): 0.1 x 2 x .625.
  EXPECT_NEAR(math::moeAuxLoss(sums, routed, 2, 2, 1, 0.1), 0.125, 1e-12);
  // Balanced routing at uniform probabilities gives coeff, whatever E and k.
  const float uniform[4] = {2.f, 2.f, 2.f, 2.f};
  const int32_t even[4] = {4, 4, 4, 4};
  EXPECT_NEAR(math::moeAuxLoss(uniform, even, 4, 8, 2, 0.01), 0.01, 1e-12);
}

} // namespace
} // namespace mtc::kernels
