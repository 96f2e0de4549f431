// Mixture-of-experts routing, dispatch and combine on the host (kernels.h).
// Rows are independent except in MoeDispatch, which is one ordered pass (its
// work is N k entries, negligible beside the experts' GEMMs).
#include "kernels/kernels.h"
#include "kernels/math/moe.h"
#include "host/common.h"

#include <climits>
#include <string>
#include <vector>

namespace mtc::kernels {
namespace {

using detail::fail;
using detail::requireNonNegative;
using detail::requirePositive;

void requireRouting(const char *kernel, int64_t N, int64_t E, int64_t k) {
  requireNonNegative(kernel, "N", N);
  requirePositive(kernel, "E", E);
  if (k < 1 || k > E)
    fail(kernel, "k must be in [1, E = " + std::to_string(E) + "] (got " + std::to_string(k) +
                     ")");
}

// fn(row) for rows [0, n) on the kernels' threads when the work pays for it.
template <class Fn> void forEachRow(int64_t n, int64_t work, Fn &&fn) {
#pragma omp parallel for schedule(static) if (n * work > detail::kParallelMinWork)
  for (int64_t r = 0; r < n; ++r)
    fn(r);
}

} // namespace

void MoeRoute::host(const MoeRoute &a) {
  requireRouting("moeRoute", a.N, a.E, a.k);
  forEachRow(a.N, a.E * a.k, [&](int64_t t) {
    math::moeRouteRow(a.logits + t * a.E, a.E, a.k, a.probs + t * a.E, a.experts + t * a.k,
                      a.weights + t * a.k);
  });
}

void MoeRouteBackward::host(const MoeRouteBackward &a) {
  requireRouting("moeRouteBackward", a.N, a.E, a.k);
  forEachRow(a.N, a.E, [&](int64_t t) {
    math::moeRouteBackwardRow(a.probs + t * a.E, a.experts + t * a.k, a.weights + t * a.k,
                              a.dweights ? a.dweights + t * a.k : nullptr,
                              a.auxGrad ? a.auxGrad + t * a.auxGradStride : nullptr, a.E, a.k,
                              a.dlogits + t * a.E);
  });
}

void MoeDispatch::host(const MoeDispatch &a) {
  const char *kernel = "moeDispatch";
  requireRouting(kernel, a.N, a.E, a.k);
  requireNonNegative(kernel, "capacity", a.capacity);
  const int64_t entries = a.N * a.k;
  if (entries > INT32_MAX)
    fail(kernel, "N k = " + std::to_string(entries) + " entries exceed int32 row indices");
  if (a.capacity > 0 && !a.dropByPosition && !a.weights)
    fail(kernel, "the \"probs\" drop policy needs the weights");
  const int64_t needed = a.capacity > 0 ? std::min(entries, a.E * a.capacity) : entries;
  if (a.rows < needed)
    fail(kernel, "rows must hold every kept entry (" + std::to_string(needed) + "; got " +
                     std::to_string(a.rows) + ")");
  for (int64_t e = 0; e < a.E; ++e)
    a.routed[e] = a.kept[e] = 0;
  // Each expert's entries in token order.
  std::vector<std::vector<int32_t>> byExpert(static_cast<size_t>(a.E));
  for (int64_t i = 0; i < entries; ++i) {
    const int32_t e = a.experts[i];
    if (e < 0 || e >= a.E)
      fail(kernel, "entry " + std::to_string(i) + " names expert " + std::to_string(e) +
                       " of " + std::to_string(a.E));
    byExpert[static_cast<size_t>(e)].push_back(static_cast<int32_t>(i));
    a.rowOf[i] = -1;
  }
  int64_t row = 0;
  for (int64_t e = 0; e < a.E; ++e) {
    const std::vector<int32_t> &mine = byExpert[static_cast<size_t>(e)];
    const auto n = static_cast<int64_t>(mine.size());
    a.routed[e] = static_cast<int32_t>(n);
    for (int64_t i = 0; i < n; ++i) {
      const int32_t entry = mine[static_cast<size_t>(i)];
      bool keep = true;
      if (a.capacity > 0 && n > a.capacity) {
        // Kept when fewer than `capacity` of the expert's entries rank first.
        int64_t before = 0;
        for (int64_t o = 0; o < n && before < a.capacity; ++o) {
          const int32_t other = mine[static_cast<size_t>(o)];
          before += a.dropByPosition ? other < entry
                                     : math::moeKeptBefore(a.weights[other], other / a.k,
                                                           a.weights[entry], entry / a.k, false);
        }
        keep = before < a.capacity;
      }
      if (!keep)
        continue;
      a.rowOf[entry] = static_cast<int32_t>(row);
      a.entryOf[row++] = entry;
      ++a.kept[e];
    }
  }
  for (; row < a.rows; ++row)
    a.entryOf[row] = -1;
}

void MoePermute::host(const MoePermute &a) {
  requireNonNegative("moePermute", "rows", a.rows);
  requirePositive("moePermute", "k", a.k);
  forEachRow(a.rows, a.H, [&](int64_t r) {
    float *out = a.xp + r * a.H;
    const int32_t entry = a.entryOf[r];
    if (entry < 0) {
      std::fill(out, out + a.H, 0.f);
      return;
    }
    const float *in = a.x + (entry / a.k) * a.H;
    if (!a.weights) {
      std::copy(in, in + a.H, out);
      return;
    }
    const float w = a.weights[entry];
    for (int64_t h = 0; h < a.H; ++h)
      out[h] = w * in[h];
  });
}

namespace {
// out[t] = each token's kept rows of `rows`, in pick order, times its weight
// (1 without weights: the permutation's backward; w x 1 is exact).
void sumKeptRows(const char *kernel, const float *rows, const int32_t *rowOf,
                 const float *weights, float *out, int64_t N, int64_t k, int64_t H) {
  requireNonNegative(kernel, "N", N);
  requirePositive(kernel, "k", k);
  forEachRow(N, k * H, [&](int64_t t) {
    float *o = out + t * H;
    std::fill(o, o + H, 0.f);
    for (int64_t j = 0; j < k; ++j) {
      const int32_t r = rowOf[t * k + j];
      if (r < 0)
        continue;
      const float w = weights ? weights[t * k + j] : 1.f;
      const float *in = rows + static_cast<int64_t>(r) * H;
      for (int64_t h = 0; h < H; ++h)
        o[h] += w * in[h];
    }
  });
}
} // namespace

void MoePermuteBackward::host(const MoePermuteBackward &a) {
  sumKeptRows("moePermuteBackward", a.dxp, a.rowOf, nullptr, a.dx, a.N, a.k, a.H);
}

void MoeCombine::host(const MoeCombine &a) {
  sumKeptRows("moeCombine", a.yp, a.rowOf, a.weights, a.y, a.N, a.k, a.H);
}

void MoeCombineBackward::host(const MoeCombineBackward &a) {
  requireNonNegative("moeCombineBackward", "N", a.N);
  requireNonNegative("moeCombineBackward", "rows", a.rows);
  requirePositive("moeCombineBackward", "k", a.k);
  MoePermute::host({a.dy, a.entryOf, a.dyp, a.rows, a.k, a.H, a.weights});
  forEachRow(a.N * a.k, a.H, [&](int64_t entry) {
    const int32_t r = a.rowOf[entry];
    if (r < 0) {
      a.dweights[entry] = 0.f;
      return;
    }
    const float *d = a.dy + (entry / a.k) * a.H, *y = a.yp + static_cast<int64_t>(r) * a.H;
    double s = 0;
    for (int64_t h = 0; h < a.H; ++h)
      s += static_cast<double>(d[h]) * y[h];
    a.dweights[entry] = static_cast<float>(s);
  });
}

void MoeProbSums::host(const MoeProbSums &a) {
  requireNonNegative("moeProbSums", "N", a.N);
  requirePositive("moeProbSums", "E", a.E);
  forEachRow(a.E, a.N, [&](int64_t e) {
    double s = 0;
    for (int64_t t = 0; t < a.N; ++t)
      s += a.probs[t * a.E + e];
    a.sums[e] = static_cast<float>(s);
  });
}

} // namespace mtc::kernels
