// The vectorised element-wise kernels and the two-stage weight gradients
// against the host kernels: every tensor shifted by 0..3 floats (so the
// float4 body, the scalar head and tail, and the all-scalar fallback all
// run), odd shapes, an odd vocabulary, and run-to-run determinism of the
// two-stage sums. Needs a GPU; skips otherwise.
#include "GpuMain.h"
#include "RandomData.h"
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/kernels.h"

#include <cuda_runtime_api.h>

#include <cmath>
#include <vector>

namespace {

using namespace mtc::kernels;
namespace kc = mtc::kernels::cuda;
using mtc::testing::randn;

constexpr cudaStream_t kStream = nullptr;

// A device copy of a host vector starting `shift` floats past a 256-byte
// aligned cudaMalloc, so the kernels see every 16-byte misalignment.
struct Shifted {
  float *base = nullptr, *p = nullptr;
  size_t n;
  Shifted(const std::vector<float> &h, int shift) : n(h.size()) {
    kc::checkCuda(cudaMalloc(reinterpret_cast<void **>(&base), (n + 4) * sizeof(float)),
                  "cudaMalloc");
    p = base + shift;
    kc::checkCuda(cudaMemcpy(p, h.data(), n * sizeof(float), cudaMemcpyHostToDevice), "H2D");
  }
  Shifted(size_t count, int shift) : Shifted(std::vector<float>(count, 0.f), shift) {}
  Shifted(const Shifted &) = delete;
  ~Shifted() { cudaFree(base); }
  std::vector<float> host() const {
    kc::checkCuda(cudaDeviceSynchronize(), "sync");
    std::vector<float> h(n);
    kc::checkCuda(cudaMemcpy(h.data(), p, n * sizeof(float), cudaMemcpyDeviceToHost), "D2H");
    return h;
  }
};

void expectClose(const std::vector<float> &got, const std::vector<float> &want, float tol,
                 const std::string &what) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], tol * (1.f + std::fabs(want[i]))) << what << " [" << i << "]";
}

std::string at(const char *what, int a, int b) {
  return std::string(what) + " (shifts " + std::to_string(a) + ", " + std::to_string(b) + ")";
}

TEST(FusedKernels, AddAndBiasGeluAtEveryMisalignment) {
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{1, 1}, {7, 13}, {33, 768}})
    for (int sx = 0; sx < 4; ++sx)
      for (int sy = 0; sy < 4; ++sy) {
        int64_t n = rows * cols;
        auto x = randn(n, 1), r = randn(n, 2), bias = randn(cols, 3);
        std::vector<float> sum(n), pre(n), y(n);
        add(x.data(), r.data(), sum.data(), n);
        for (int64_t i = 0; i < n; ++i)
          pre[i] = x[i] + bias[i % cols];
        geluForward(pre.data(), y.data(), n, false);
        Shifted dX(x, sx), dR(r, sy), dBias(bias, sy), dSum(n, sy), dPre(n, sy), dY(n, sx);
        kc::add(dX.p, dR.p, dSum.p, n, kStream);
        kc::biasGelu(dX.p, dBias.p, dPre.p, dY.p, rows, cols, kStream);
        expectClose(dSum.host(), sum, 0.f, at("add", sx, sy));
        expectClose(dPre.host(), pre, 0.f, at("pre", sx, sy));
        expectClose(dY.host(), y, 1e-6f, at("gelu", sx, sy));
      }
}

TEST(FusedKernels, AddLayerNormMatchesHostOnOddRows) {
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{1, 1}, {7, 13}, {129, 768}, {3, 1600}}) {
    const int64_t n = rows * cols;
    auto a = randn(n, 10), b = randn(n, 11), gamma = randn(cols, 12), beta = randn(cols, 13);
    std::vector<float> sum(n), y(n);
    addLayerNormForward(a.data(), b.data(), sum.data(), gamma.data(), beta.data(), y.data(), rows,
                        cols, 1e-5f);
    Shifted dA(a, 1), dB(b, 0), dGamma(gamma, 0), dBeta(beta, 0), dSum(n, 3), dY(n, 2);
    kc::addLayerNormForward(dA.p, dB.p, dSum.p, dGamma.p, dBeta.p, dY.p, rows, cols, 1e-5f,
                            kStream);
    expectClose(dSum.host(), sum, 0.f, at("add + layer norm: sum", int(rows), int(cols)));
    // Warp-summed statistics against the host's sequential sums.
    expectClose(dY.host(), y, 1e-5f, at("add + layer norm: y", int(rows), int(cols)));
  }
}

TEST(FusedKernels, DropoutFamilyAtEveryMisalignmentAndOffset) {
  const int64_t rows = 9, cols = 37, n = rows * cols;
  auto x = randn(n, 4), r = randn(n, 5), bias = randn(cols, 6);
  for (int sx = 0; sx < 4; ++sx)
    for (int sy = 0; sy < 4; ++sy) {
      std::vector<float> pre(n), drop(n), out(n);
      for (int64_t i = 0; i < n; ++i)
        pre[i] = x[i] + bias[i % cols];
      dropout(pre.data(), drop.data(), n, 0.3f, 11, 4, 0);
      add(drop.data(), r.data(), out.data(), n);
      Shifted dX(x, sx), dR(r, sy), dBias(bias, 0), dOut(n, sy);
      kc::biasDropoutResidual(dX.p, dBias.p, dR.p, dOut.p, rows, cols, 0.3f, 11, 4, kStream);
      expectClose(dOut.host(), out, 1e-6f, at("bias+dropout+residual", sx, sy));
      for (uint64_t offset : {0u, 1u, 3u, 4u, 6u}) {
        std::vector<float> d(n);
        dropout(x.data(), d.data(), n, 0.5f, 3, 9, offset);
        Shifted dD(n, sy);
        kc::dropout(dX.p, dD.p, n, 0.5f, 3, 9, offset, kStream);
        expectClose(dD.host(), d, 0.f, at("dropout", sx, sy) + " offset " +
                                           std::to_string(offset));
      }
    }
}

// GPT-2's 50257 columns: every row starts at another misalignment.
TEST(FusedKernels, CrossEntropyOddVocabularyMisaligned) {
  const int64_t N = 6, V = 50257, valid = 50250, start = 0;
  auto logits = randn(N * V, 7, 3.f);
  std::vector<int32_t> targets{0, 50249, 50251, -1, 17, 4093};
  std::vector<float> rowMax(N), sumExp(N), tl(N), dl(N * V);
  crossEntropyRowMax(logits.data(), rowMax.data(), N, V, valid);
  crossEntropySumExp(logits.data(), targets.data(), rowMax.data(), sumExp.data(), tl.data(), N,
                     V, valid, start);
  int64_t count = 0;
  crossEntropyLoss(targets.data(), rowMax.data(), sumExp.data(), tl.data(), N, &count);
  crossEntropyBackward(logits.data(), targets.data(), rowMax.data(), sumExp.data(), dl.data(),
                       N, V, valid, start, 1.f / count);
  for (int sl = 0; sl < 4; sl += 1)
    for (int sd : {0, 1}) {
      Shifted dL(logits, sl), dMax(N, 0), dSum(N, 0), dTl(N, 0), dDl(N * V, sd), lossF(2, 0);
      int32_t *dT = nullptr;
      double *lossD = nullptr;
      kc::checkCuda(cudaMalloc(reinterpret_cast<void **>(&dT), N * sizeof(int32_t)), "malloc");
      kc::checkCuda(cudaMalloc(reinterpret_cast<void **>(&lossD), 2 * sizeof(double)), "malloc");
      kc::checkCuda(cudaMemcpy(dT, targets.data(), N * sizeof(int32_t), cudaMemcpyHostToDevice),
                    "H2D");
      kc::crossEntropyRowMax(dL.p, dMax.p, N, V, valid, kStream);
      kc::crossEntropySumExp(dL.p, dT, dMax.p, dSum.p, dTl.p, N, V, valid, start, kStream);
      kc::crossEntropyLoss(dT, dMax.p, dSum.p, dTl.p, N, lossD, lossF.p, kStream);
      kc::crossEntropyBackward(dL.p, dT, dMax.p, dSum.p, dDl.p, N, V, valid, start, lossF.p,
                               1.f, kStream);
      expectClose(dMax.host(), rowMax, 0.f, at("rowMax", sl, sd));
      expectClose(dSum.host(), sumExp, 1e-5f, at("sumExp", sl, sd));
      expectClose(dTl.host(), tl, 0.f, at("targetLogit", sl, sd));
      expectClose(dDl.host(), dl, 1e-5f, at("dlogits", sl, sd));
      cudaFree(dT);
      cudaFree(lossD);
    }
}

// Odd shapes and many row chunks; two runs give the same bits.
TEST(FusedKernels, TwoStageWeightGradientsMatchHostAndRepeat) {
  for (auto [N, H] : {std::pair<int64_t, int64_t>{1, 1}, {37, 96}, {3001, 97}, {8192, 768}}) {
    auto x = randn(N * H, 1, 2.f), dy = randn(N * H, 2);
    std::vector<float> dg(H, 0.5f), db(H, -0.5f), rg(H, 0.25f);
    layerNormBackwardWeight(x.data(), dy.data(), dg.data(), db.data(), N, H, 1e-5f);
    rmsNormBackwardWeight(x.data(), dy.data(), rg.data(), N, H, 1e-6f);
    std::vector<float> first[3];
    for (int run = 0; run < 2; ++run) {
      Shifted dX(x, 0), dDy(dy, 0), dDg(std::vector<float>(H, 0.5f), 0),
          dDb(std::vector<float>(H, -0.5f), 0), dRg(std::vector<float>(H, 0.25f), 0),
          ln(kc::layerNormWeightScratchFloats(N, H), 0),
          rms(kc::rmsNormWeightScratchFloats(N, H), 0);
      kc::layerNormBackwardWeight(dX.p, dDy.p, dDg.p, dDb.p, N, H, 1e-5f, ln.p, kStream);
      kc::rmsNormBackwardWeight(dX.p, dDy.p, dRg.p, N, H, 1e-6f, rms.p, kStream);
      std::vector<float> got[3] = {dDg.host(), dDb.host(), dRg.host()};
      std::string shape = " N " + std::to_string(N) + " H " + std::to_string(H);
      expectClose(got[0], dg, 2e-4f, "dgamma" + shape);
      expectClose(got[1], db, 2e-4f, "dbeta" + shape);
      expectClose(got[2], rg, 2e-4f, "rms dgamma" + shape);
      for (int k = 0; k < 3; ++k) {
        if (run == 0)
          first[k] = got[k];
        else
          EXPECT_EQ(got[k], first[k]) << "run-to-run difference" << shape;
      }
    }
  }
}

} // namespace

MTC_GPU_TEST_MAIN()
