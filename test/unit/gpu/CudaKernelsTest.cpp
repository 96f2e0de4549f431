// Every CUDA kernel against its host kernel on the same random inputs (the
// CPU backend is the reference; both run the math/*.h functions). Needs a
// GPU; skips otherwise.
#include "GpuMain.h"
#include "DeviceVector.h"
#include "RandomData.h"
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/LtGemm.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/kernels.h"

#include <cuda_runtime_api.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

using namespace mtc::kernels;
namespace kc = mtc::kernels::cuda;

using mtc::testing::Dev;
using mtc::testing::randn;

void expectClose(const std::vector<float> &got, const std::vector<float> &want, float tol,
                 const char *what) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], tol * (1.f + std::fabs(want[i]))) << what << " [" << i << "]";
}

constexpr cudaStream_t kStream = nullptr;

TEST(CudaKernels, LayerNorm) {
  const int64_t N = 37, H = 96;
  auto x = randn(N * H, 1, 3.f), g = randn(H, 2), b = randn(H, 3), dy = randn(N * H, 4);
  std::vector<float> y(N * H), dx(N * H), dg(H, 0.5f), db(H, -0.5f);
  layerNormForward(x.data(), g.data(), b.data(), y.data(), N, H, 1e-5f);
  layerNormBackwardInput(x.data(), g.data(), dy.data(), dx.data(), N, H, 1e-5f);
  layerNormBackwardWeight(x.data(), dy.data(), dg.data(), db.data(), N, H, 1e-5f);
  Dev<float> dX(x), dG(g), dB(b), dDy(dy), dY(N * H), dDx(N * H), dDg(H, 0.5f), dDb(H, -0.5f),
      stats(kc::layerNormWeightScratchFloats(N, H));
  kc::layerNormForward(dX.p, dG.p, dB.p, dY.p, N, H, 1e-5f, kStream);
  kc::layerNormBackwardInput(dX.p, dG.p, dDy.p, dDx.p, N, H, 1e-5f, kStream);
  kc::layerNormBackwardWeight(dX.p, dDy.p, dDg.p, dDb.p, N, H, 1e-5f, stats.p, kStream);
  expectClose(dY.host(), y, 1e-5f, "y");
  expectClose(dDx.host(), dx, 1e-4f, "dx");
  expectClose(dDg.host(), dg, 1e-4f, "dgamma");
  expectClose(dDb.host(), db, 1e-4f, "dbeta");
}

TEST(CudaKernels, ElementwiseAndFused) {
  const int64_t rows = 33, cols = 50, n = rows * cols;
  auto x = randn(n, 5), bias = randn(cols, 6), r = randn(n, 7), dy = randn(n, 8);
  std::vector<float> pre(n), y(n), dx(n), drop(n), out(n);
  for (int64_t i = 0; i < n; ++i)
    pre[i] = x[i] + bias[i % cols];
  geluForward(pre.data(), y.data(), n, false);
  geluBackward(pre.data(), dy.data(), dx.data(), n, false);
  dropout(pre.data(), drop.data(), n, 0.3f, 11, 4, 0);
  add(drop.data(), r.data(), out.data(), n);
  Dev<float> dX(x), dBias(bias), dR(r), dDy(dy), dPre(n), dY(n), dDx(n), dOut(n);
  kc::biasGelu(dX.p, dBias.p, dPre.p, dY.p, rows, cols, kStream);
  kc::geluBackward(dPre.p, dDy.p, dDx.p, n, false, kStream);
  kc::biasDropoutResidual(dX.p, dBias.p, dR.p, dOut.p, rows, cols, 0.3f, 11, 4, kStream);
  expectClose(dPre.host(), pre, 0.f, "pre");
  expectClose(dY.host(), y, 1e-6f, "gelu");
  expectClose(dDx.host(), dx, 1e-6f, "gelu'");
  expectClose(dOut.host(), out, 1e-6f, "bias+dropout+residual");
  // Plain dropout at an unaligned counter offset.
  std::vector<float> d2(n);
  dropout(x.data(), d2.data(), n, 0.5f, 3, 9, 5);
  Dev<float> dD2(n);
  kc::dropout(dX.p, dD2.p, n, 0.5f, 3, 9, 5, kStream);
  expectClose(dD2.host(), d2, 0.f, "dropout");
}

TEST(CudaKernels, Embedding) {
  const int64_t B = 3, S = 5, N = B * S, H = 40, V = 11;
  std::vector<int32_t> tok(N);
  for (int64_t n = 0; n < N; ++n)
    tok[n] = int32_t((n * 7) % 13); // some outside [2, 2 + V)
  auto wte = randn(V * H, 1), wpe = randn(S * H, 2), dout = randn(N * H, 3);
  std::vector<float> out(N * H), dwte(V * H, 1.f), dwpe(S * H, 2.f);
  embeddingForward(tok.data(), wte.data(), wpe.data(), out.data(), N, S, H, 2, V);
  embeddingBackward(tok.data(), dout.data(), dwte.data(), dwpe.data(), N, S, H, 2, V);
  Dev<int32_t> dTok(tok);
  Dev<float> dWte(wte), dWpe(wpe), dDout(dout), dOut(N * H), dDwte(V * H, 1.f),
      dDwpe(S * H, 2.f);
  kc::embeddingForward(dTok.p, dWte.p, dWpe.p, dOut.p, N, S, H, 2, V, kStream);
  kc::embeddingBackward(dTok.p, dDout.p, dDwte.p, dDwpe.p, N, S, H, 2, V, kStream);
  expectClose(dOut.host(), out, 0.f, "out");
  expectClose(dDwte.host(), dwte, 1e-5f, "dwte");
  expectClose(dDwpe.host(), dwpe, 1e-5f, "dwpe");
}

TEST(CudaKernels, CrossEntropyVocabShard) {
  const int64_t N = 19, V = 130, valid = 120, start = 1000;
  auto logits = randn(N * V, 4, 3.f);
  std::vector<int32_t> targets(N);
  for (int64_t n = 0; n < N; ++n)
    targets[n] = n % 5 == 0 ? -1 : int32_t(start + (n * 17) % 125); // some outside the shard
  std::vector<float> rowMax(N), sumExp(N), tl(N), dl(N * V);
  crossEntropyRowMax(logits.data(), rowMax.data(), N, V, valid);
  crossEntropySumExp(logits.data(), targets.data(), rowMax.data(), sumExp.data(), tl.data(), N,
                     V, valid, start);
  int64_t count = 0;
  double loss = crossEntropyLoss(targets.data(), rowMax.data(), sumExp.data(), tl.data(), N,
                                 &count);
  crossEntropyBackward(logits.data(), targets.data(), rowMax.data(), sumExp.data(), dl.data(),
                       N, V, valid, start, 0.5f / count);
  Dev<float> dL(logits), dMax(N), dSum(N), dTl(N), dDl(N * V), lossF(2);
  Dev<int32_t> dT(targets);
  Dev<double> lossD(2);
  kc::crossEntropyRowMax(dL.p, dMax.p, N, V, valid, kStream);
  kc::crossEntropySumExp(dL.p, dT.p, dMax.p, dSum.p, dTl.p, N, V, valid, start, kStream);
  kc::crossEntropyLoss(dT.p, dMax.p, dSum.p, dTl.p, N, lossD.p, lossF.p, kStream);
  kc::crossEntropyBackward(dL.p, dT.p, dMax.p, dSum.p, dDl.p, N, V, valid, start, lossF.p, 0.5f,
                           kStream);
  expectClose(dMax.host(), rowMax, 0.f, "rowMax");
  expectClose(dSum.host(), sumExp, 1e-5f, "sumExp");
  std::vector<double> l = lossD.host();
  EXPECT_NEAR(l[0], loss, 1e-5 * std::fabs(loss));
  EXPECT_EQ(l[1], double(count));
  expectClose(dDl.host(), dl, 1e-5f, "dlogits");
}

TEST(CudaKernels, AttentionForwardBackward) {
  for (bool causal : {true, false})
    for (int64_t D : {16, 64, 128}) {
      AttentionShape a{2, 77, 3, D, causal, 1.f / std::sqrt(float(D)), 0.1f, 5, 2, 1, 5};
      size_t qkvN = a.batch * a.seq * a.heads * 3 * D, outN = qkvN / 3,
             lseN = a.batch * a.heads * a.seq;
      auto qkv = randn(qkvN, 1), dout = randn(outN, 2);
      std::vector<float> out(outN), lse(lseN), dqkv(qkvN);
      attentionForward(a, qkv.data(), out.data(), lse.data());
      attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());
      Dev<float> dQkv(qkv), dDout(dout), dOut(outN), dLse(lseN), dDqkv(qkvN), rowDot(lseN);
      kc::attentionForward(a, dQkv.p, dOut.p, dLse.p, kStream);
      expectClose(dOut.host(), out, 5e-5f, "out");
      expectClose(dLse.host(), lse, 5e-5f, "lse");
      kc::attentionBackward(a, dQkv.p, dOut.p, dLse.p, dDout.p, dDqkv.p, rowDot.p, kStream);
      expectClose(dDqkv.host(), dqkv, 2e-4f, "dqkv");
    }
}

// BERT's padding: each sample attends to its first lengths[b] keys only.
TEST(CudaKernels, AttentionWithPaddingLengths) {
  for (bool causal : {false, true}) {
    AttentionShape a{3, 70, 2, 64, causal, 0.125f, 0.1f, 5, 2, 0, 0};
    std::vector<int32_t> lengths{70, 23, 1};
    size_t qkvN = a.batch * a.seq * a.heads * 3 * a.headDim, outN = qkvN / 3,
           lseN = a.batch * a.heads * a.seq;
    auto qkv = randn(qkvN, 3), dout = randn(outN, 4);
    std::vector<float> out(outN), lse(lseN), dqkv(qkvN);
    a.lengths = lengths.data();
    attentionForward(a, qkv.data(), out.data(), lse.data());
    attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());
    Dev<float> dQkv(qkv), dDout(dout), dOut(outN), dLse(lseN), dDqkv(qkvN), rowDot(lseN);
    Dev<int32_t> dLengths(lengths);
    a.lengths = dLengths.p;
    kc::attentionForward(a, dQkv.p, dOut.p, dLse.p, kStream);
    expectClose(dOut.host(), out, 5e-5f, "out");
    expectClose(dLse.host(), lse, 5e-5f, "lse");
    kc::attentionBackward(a, dQkv.p, dOut.p, dLse.p, dDout.p, dDqkv.p, rowDot.p, kStream);
    expectClose(dDqkv.host(), dqkv, 2e-4f, "dqkv");
  }
}

TEST(CudaKernels, BertTokenTypesPoolerTanh) {
  const int64_t B = 2, S = 8, H = 32, shard = 4;
  std::vector<int32_t> types{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0};
  auto x = randn(B * shard * H, 5), table = randn(2 * H, 6), dy = randn(B * shard * H, 7);
  // The second sequence shard of two: positions [4, 8).
  TokenTypeShape t{B, shard, H, S, shard, 2};
  std::vector<float> y(x.size()), dtable(table.size(), 0.5f);
  tokenTypeAdd(t, x.data(), types.data(), table.data(), y.data());
  tokenTypeAddBackward(t, types.data(), dy.data(), dtable.data());
  Dev<float> dX(x), dTable(table), dY(y.size()), dDy(dy), dDtable(std::vector<float>(table.size(), 0.5f));
  Dev<int32_t> dTypes(types);
  kc::tokenTypeAdd(t, dX.p, dTypes.p, dTable.p, dY.p, kStream);
  kc::tokenTypeAddBackward(t, dTypes.p, dDy.p, dDtable.p, kStream);
  expectClose(dY.host(), y, 1e-6f, "token types");
  expectClose(dDtable.host(), dtable, 1e-5f, "token-type gradient");

  std::vector<float> pooled(B * H), back(x.size()), th(B * H), dth(B * H);
  firstToken(x.data(), pooled.data(), B, shard, H, true);
  firstTokenBackward(pooled.data(), back.data(), B, shard, H, true);
  tanhForward(pooled.data(), th.data(), B * H);
  tanhBackward(th.data(), pooled.data(), dth.data(), B * H);
  Dev<float> dPooled(B * H), dBack(x.size()), dTh(B * H), dDth(B * H);
  kc::firstToken(dX.p, dPooled.p, B, shard, H, true, kStream);
  kc::firstTokenBackward(dPooled.p, dBack.p, B, shard, H, true, kStream);
  kc::tanhForward(dPooled.p, dTh.p, B * H, kStream);
  kc::tanhBackward(dTh.p, dPooled.p, dDth.p, B * H, kStream);
  expectClose(dPooled.host(), pooled, 0.f, "first token");
  expectClose(dBack.host(), back, 0.f, "first token gradient");
  expectClose(dTh.host(), th, 1e-6f, "tanh");
  expectClose(dDth.host(), dth, 1e-6f, "tanh gradient");
  // A shard without position 0 contributes zeros.
  kc::firstToken(dX.p, dPooled.p, B, shard, H, false, kStream);
  expectClose(dPooled.host(), std::vector<float>(B * H, 0.f), 0.f, "not the first shard");
}

TEST(CudaKernels, AdamWAndNorm) {
  const int64_t n = 10000;
  auto p = randn(n, 1), g = randn(n, 2), m = randn(n, 3, 0.1f), v = randn(n, 4, 0.1f);
  for (float &x : v)
    x = std::fabs(x);
  double ss = sumSquares(g.data(), n);
  double clip = 1.0 / (std::sqrt(ss) + 1e-6);
  AdamWStep s{1e-3f, 0.9f, 0.95f, 1e-8f, 0.1f, 3, float(clip)};
  std::vector<float> hp = p, hm = m, hv = v;
  adamw(s, hp.data(), g.data(), hm.data(), hv.data(), n);
  std::vector<kc::AdamChunk> chunks;
  for (int64_t o = 0; o < n; o += 4096)
    chunks.push_back({o, int32_t(std::min<int64_t>(4096, n - o)), 1});
  Dev<kc::AdamChunk> dChunks(chunks);
  Dev<float> dP(p), dG(g), dM(m), dV(v), scale(1);
  Dev<double> sum(1, 0.0), partials(kc::kNormPartials);
  Dev<int> bad(1, 0);
  kc::sumSquaresAndCheck(dG.p, n, sum.p, bad.p, partials.p, kStream);
  kc::clipCoefficient(sum.p, bad.p, 1.0f, 1.0f, scale.p, kStream);
  s.gradScale = 12345.f; // ignored: the device-side coefficient wins
  kc::adamwChunks(s, dChunks.p, int64_t(chunks.size()), dP.p, dG.p, dM.p, dV.p, scale.p,
                  kStream);
  EXPECT_NEAR(sum.host()[0], ss, 1e-9 * ss);
  EXPECT_EQ(bad.host()[0], 0);
  expectClose(dP.host(), hp, 1e-6f, "param");
  expectClose(dM.host(), hm, 1e-6f, "m");
  expectClose(dV.host(), hv, 1e-6f, "v");
  // A NaN gradient: flagged, and the update is skipped.
  g[17] = NAN;
  Dev<float> dG2(g), dP2(p);
  Dev<double> sum2(1, 0.0);
  kc::sumSquaresAndCheck(dG2.p, n, sum2.p, bad.p, partials.p, kStream);
  kc::clipCoefficient(sum2.p, bad.p, 1.0f, 1.0f, scale.p, kStream);
  kc::adamwChunks(s, dChunks.p, int64_t(chunks.size()), dP2.p, dG2.p, dM.p, dV.p, scale.p,
                  kStream);
  EXPECT_EQ(bad.host()[0], 1);
  expectClose(dP2.host(), p, 0.f, "skipped param");
}

TEST(CudaKernels, CublasLtLinearSteps) {
  const int64_t N = 24, In = 40, Out = 56;
  Dev<char> workspace(size_t(4) << 20);
  kc::LtGemm lt(workspace.p, workspace.n);
  for (bool transposed : {false, true}) {
    auto x = randn(N * In, 1), w = randn(In * Out, 2), bias = randn(Out, 3),
         dy = randn(N * Out, 4);
    std::vector<float> y(N * Out), dx(N * In), dw(In * Out, 0.25f), db(Out, 0.5f);
    linearForward(x.data(), w.data(), bias.data(), y.data(), N, In, Out, transposed);
    linearBackwardInput(dy.data(), w.data(), dx.data(), N, In, Out, transposed);
    linearBackwardWeight(x.data(), dy.data(), dw.data(), db.data(), N, In, Out, transposed);
    Dev<float> dX(x), dW(w), dBias(bias), dDy(dy), dY(N * Out), dDx(N * In),
        dDw(In * Out, 0.25f), dDb(Out, 0.5f), scratch(Out);
    using namespace mtc::kernels::gpu;
    auto fwd = planLinearGemm({GemmKind::Forward, N, In, Out, transposed, true});
    ASSERT_TRUE(lt.prepare(fwd));
    lt.run(fwd, {dW.p, dX.p, dY.p, dBias.p}, kStream);
    auto bin = planLinearGemm({GemmKind::BackwardInput, N, In, Out, transposed, false});
    lt.run(bin, {dW.p, dDy.p, dDx.p, nullptr}, kStream);
    auto bw = planLinearGemm({GemmKind::BackwardWeight, N, In, Out, transposed, true});
    const float *A = bw.a == GemmOperand::X ? dX.p : dDy.p;
    const float *B = bw.b == GemmOperand::X ? dX.p : dDy.p;
    if (lt.prepare(bw)) {
      lt.run(bw, {A, B, dDw.p, scratch.p}, kStream);
      kc::add(dDb.p, scratch.p, dDb.p, Out, kStream);
    } else {
      auto plain = kc::LtGemm::withoutEpilogue(bw);
      lt.run(plain, {A, B, dDw.p, nullptr}, kStream);
      kc::biasGradAccumulate(dDy.p, dDb.p, N, Out, kStream);
    }
    expectClose(dY.host(), y, 1e-4f, "y");
    expectClose(dDx.host(), dx, 1e-4f, "dx");
    expectClose(dDw.host(), dw, 1e-4f, "dw");
    expectClose(dDb.host(), db, 1e-4f, "dbias");
  }
  EXPECT_GE(lt.cachedPlans(), 6u);
}

} // namespace

MTC_GPU_TEST_MAIN()
