// The tensor-core flash attention (flash_attention.cu) against the host
// attention kernel on random and odd shapes, and the CUDA backend's choice
// of it for bf16/fp16 plans. Needs a GPU; skips (exit 77) otherwise.
#include "DeviceVector.h"
#include "FlashTolerance.h"
#include "GpuMain.h"
#include "RandomData.h"
#include "comm/Communicator.h"
#include "backends/Backend.h"
#include "optim/Precision.h"
#include "backends/cuda/CudaBackend.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/kernels.h"
#include "kernels/math/llama.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace mtc::kernels;
namespace kc = mtc::kernels::cuda;
using mtc::testing::Dev;

struct Case {
  int64_t batch, seq, heads, kvHeads, headDim;
  bool causal;
  float dropout;
  int64_t headOffset, totalHeads;
  std::vector<int32_t> lengths;
};

std::string describe(const Case &c) {
  return "B" + std::to_string(c.batch) + " S" + std::to_string(c.seq) + " H" +
         std::to_string(c.heads) + " kv" + std::to_string(c.kvHeads) + " D" +
         std::to_string(c.headDim) + (c.causal ? " causal" : "") +
         (c.dropout > 0 ? " dropout" : "") + (c.lengths.empty() ? "" : " padded");
}

struct Problem {
  AttentionShape a;
  std::vector<float> qkv, dout;
  size_t outN, lseN;
};

Problem problem(const Case &c) {
  Problem p;
  p.a = AttentionShape{c.batch, c.seq, c.heads, c.headDim, c.causal,
                       1.0f / std::sqrt(float(c.headDim)), c.dropout, 5, 2,
                       c.headOffset, c.totalHeads};
  p.a.kvHeads = c.kvHeads;
  int64_t kv = c.kvHeads ? c.kvHeads : c.heads;
  p.qkv = mtc::testing::randn(c.batch * c.seq * math::qkvRowWidth(c.heads, kv, c.headDim), 1);
  p.outN = c.batch * c.seq * c.heads * c.headDim;
  p.lseN = c.batch * c.heads * c.seq;
  p.dout = mtc::testing::randn(p.outN, 2);
  mtc::testing::roundToBf16(p.qkv);
  mtc::testing::roundToBf16(p.dout);
  return p;
}

TEST(FlashAttention, MatchesHostKernelWithinBf16Bound) {
  const Case cases[] = {
      {2, 1, 2, 0, 64, true, 0.0f, 0, 0, {}},       {2, 77, 3, 0, 64, true, 0.1f, 1, 5, {}},
      {1, 130, 4, 2, 64, true, 0.0f, 0, 0, {}},     {2, 77, 2, 0, 128, true, 0.1f, 2, 4, {}},
      {1, 200, 4, 1, 128, true, 0.0f, 0, 0, {}},    {1, 33, 2, 0, 40, true, 0.0f, 0, 0, {}},
      {1, 2048, 1, 0, 64, true, 0.1f, 0, 0, {}},    {1, 1024, 2, 0, 128, true, 0.0f, 0, 0, {}},
      {3, 70, 2, 0, 64, false, 0.1f, 0, 0, {70, 23, 1}},
  };
  for (const Case &c : cases) {
    Problem p = problem(c);
    AttentionShape &a = p.a;
    a.lengths = c.lengths.empty() ? nullptr : c.lengths.data();
    std::vector<float> out(p.outN), lse(p.lseN), dqkv(p.qkv.size());
    attentionForward(a, p.qkv.data(), out.data(), lse.data());
    attentionBackward(a, p.qkv.data(), out.data(), lse.data(), p.dout.data(), dqkv.data());

    Dev<float> dQkv(p.qkv), dDout(p.dout), dOut(p.outN), dLse(p.lseN), dDqkv(p.qkv.size()),
        rowDot(p.lseN), hostOut(out), hostLse(lse);
    Dev<int32_t> dLengths(c.lengths);
    a.lengths = c.lengths.empty() ? nullptr : dLengths.p;
    kc::flashAttentionForward(a, dQkv.p, dOut.p, dLse.p, nullptr);
    // Backward from the host's out and lse: its comparison is its own.
    kc::flashAttentionBackward(a, dQkv.p, hostOut.p, hostLse.p, dDout.p, dDqkv.p, rowDot.p,
                               nullptr);
    std::string what = describe(c);
    SCOPED_TRACE(what);
    mtc::testing::expectFlashClose(dOut.host(), out, true, "out");
    std::vector<float> gotLse = dLse.host();
    for (size_t i = 0; i < lse.size(); ++i)
      ASSERT_NEAR(gotLse[i], lse[i], 1e-4f * (1.0f + std::fabs(lse[i]))) << "lse " << i;
    mtc::testing::expectFlashClose(dDqkv.host(), dqkv, true, "dqkv");
  }
}

std::vector<uint32_t> bits(const std::vector<float> &v) {
  std::vector<uint32_t> b(v.size());
  std::memcpy(b.data(), v.data(), v.size() * sizeof(float));
  return b;
}

// The backend runs the flash kernels for bf16 and fp16 plans and the
// CUDA-core kernels for fp32 plans: bit-identical to calling them directly.
TEST(FlashAttention, BackendChoosesByPlanPrecision) {
  mtc::comm::SelfCommunicator self;
  static auto backend = mtc::runtime::gpu::makeCudaBackend(self).release();
  Problem p = problem({2, 100, 2, 0, 64, true, 0.1f, 0, 0, {}});
  Dev<float> dQkv(p.qkv), dDout(p.dout), out(p.outN), lse(p.lseN), dqkv(p.qkv.size()),
      rowDot(p.lseN), viaOut(p.outN), viaLse(p.lseN), viaDqkv(p.qkv.size());
  for (StorageType type : {StorageType::BF16, StorageType::FP16, StorageType::F32}) {
    backend->selectCompute(type, /*allowTf32=*/false);
    backend->attentionForward(p.a, dQkv.p, viaOut.p, viaLse.p);
    backend->attentionBackward(p.a, dQkv.p, viaOut.p, viaLse.p, dDout.p, viaDqkv.p);
    backend->synchronize();
    if (type == StorageType::F32) {
      kc::attentionForward(p.a, dQkv.p, out.p, lse.p, nullptr);
      kc::attentionBackward(p.a, dQkv.p, out.p, lse.p, dDout.p, dqkv.p, rowDot.p, nullptr);
    } else {
      kc::flashAttentionForward(p.a, dQkv.p, out.p, lse.p, nullptr);
      kc::flashAttentionBackward(p.a, dQkv.p, out.p, lse.p, dDout.p, dqkv.p, rowDot.p, nullptr);
    }
    EXPECT_EQ(bits(viaOut.host()), bits(out.host())) << mtc::runtime::storageTypeName(type);
    EXPECT_EQ(bits(viaLse.host()), bits(lse.host())) << mtc::runtime::storageTypeName(type);
    EXPECT_EQ(bits(viaDqkv.host()), bits(dqkv.host())) << mtc::runtime::storageTypeName(type);
  }
}

} // namespace

MTC_GPU_TEST_MAIN()
