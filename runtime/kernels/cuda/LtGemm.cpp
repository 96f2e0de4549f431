#include "kernels/cuda/LtGemm.h"
#include "kernels/cuda/CudaCheck.h"

#include <cublasLt.h>

#include <cstdint>
#include <stdexcept>

namespace mtc::kernels::cuda {
namespace {

cudaDataType_t dataType(gpu::GemmDataType t) {
  switch (t) {
  case gpu::GemmDataType::BF16: return CUDA_R_16BF;
  case gpu::GemmDataType::F16: return CUDA_R_16F;
  default: return CUDA_R_32F;
  }
}

cublasOperation_t op(gpu::GemmOp o) { return o == gpu::GemmOp::N ? CUBLAS_OP_N : CUBLAS_OP_T; }

cublasLtEpilogue_t epilogue(gpu::GemmEpilogue e) {
  switch (e) {
  case gpu::GemmEpilogue::Bias: return CUBLASLT_EPILOGUE_BIAS;
  case gpu::GemmEpilogue::BGradA: return CUBLASLT_EPILOGUE_BGRADA;
  case gpu::GemmEpilogue::BGradB: return CUBLASLT_EPILOGUE_BGRADB;
  case gpu::GemmEpilogue::GeluAuxBias: return CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
  case gpu::GemmEpilogue::DGelu: return CUBLASLT_EPILOGUE_DGELU;
  default: return CUBLASLT_EPILOGUE_DEFAULT;
  }
}

} // namespace

struct LtGemm::Plan {
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulAlgo_t algo{};
  bool usable = false;
  ~Plan() {
    if (a) cublasLtMatrixLayoutDestroy(a);
    if (b) cublasLtMatrixLayoutDestroy(b);
    if (c) cublasLtMatrixLayoutDestroy(c);
    if (desc) cublasLtMatmulDescDestroy(desc);
  }
};

LtGemm::LtGemm(void *workspace, size_t workspaceBytes)
    : workspace(workspace), workspaceBytes(workspaceBytes) {
  cublasLtHandle_t h;
  checkCublas(cublasLtCreate(&h), "cublasLtCreate");
  handle = h;
}

LtGemm::~LtGemm() {
  cache.clear();
  if (handle)
    cublasLtDestroy(static_cast<cublasLtHandle_t>(handle));
}

LtGemm::Plan &LtGemm::plan(const gpu::ColumnMajorGemm &g) {
  std::string key = gpu::gemmKey(g);
  auto it = cache.find(key);
  if (it != cache.end())
    return *it->second;
  auto p = std::make_unique<Plan>();
  if (!gpu::gemmAuxLayoutSupported(g)) // usable stays false: the caller falls back
    return *cache.emplace(key, std::move(p)).first->second;
  // A and B in the operand type; C/D fp32. Accumulation and scale are fp32;
  // fp32 operands may run on TF32 tensor cores (GemmCompute, train --no-tf32).
  const cudaDataType_t t = dataType(g.type);
  const cublasComputeType_t compute =
      g.compute == gpu::GemmCompute::TF32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
  checkCublas(cublasLtMatmulDescCreate(&p->desc, compute, CUDA_R_32F),
              "cublasLtMatmulDescCreate");
  cublasOperation_t ta = op(g.opA), tb = op(g.opB);
  cublasLtEpilogue_t ep = epilogue(g.epilogue);
  checkCublas(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta),
              "set TRANSA");
  checkCublas(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb),
              "set TRANSB");
  checkCublas(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, sizeof ep),
              "set EPILOGUE");
  if (g.usesVector()) {
    cudaDataType_t biasType = CUDA_R_32F; // bias and its gradient stay fp32
    checkCublas(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE,
                                               &biasType, sizeof biasType),
                "set BIAS_DATA_TYPE");
  }
  if (g.usesAux()) {
    // The aux matrix has D's type (fp32, the default) and C's shape.
    const int64_t ld = g.ldAux;
    checkCublas(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD,
                                               &ld, sizeof ld),
                "set EPILOGUE_AUX_LD");
  }
  checkCublas(cublasLtMatrixLayoutCreate(&p->a, t, g.aRows(), g.aCols(), g.lda), "layout A");
  checkCublas(cublasLtMatrixLayoutCreate(&p->b, t, g.bRows(), g.bCols(), g.ldb), "layout B");
  checkCublas(cublasLtMatrixLayoutCreate(&p->c, CUDA_R_32F, g.m, g.n, g.ldc), "layout C");

  cublasLtMatmulPreference_t pref;
  checkCublas(cublasLtMatmulPreferenceCreate(&pref), "cublasLtMatmulPreferenceCreate");
  checkCublas(cublasLtMatmulPreferenceSetAttribute(
                  pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceBytes,
                  sizeof workspaceBytes),
              "set MAX_WORKSPACE_BYTES");
  // The heuristic assumes 256-byte aligned operands unless told otherwise;
  // parameters and activations are 64-byte aligned (kParamAlign, the memory
  // planner's kAlignment) and runtime offsets into them only 16: ask for
  // algorithms that work at 16 bytes, so one cached plan serves every call.
  for (auto attribute : {CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES,
                         CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
                         CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES,
                         CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES}) {
    const uint32_t bytes = 16;
    checkCublas(cublasLtMatmulPreferenceSetAttribute(pref, attribute, &bytes, sizeof bytes),
                "set MIN_ALIGNMENT");
  }
  if (g.usesAux()) {
    // The heuristic reads the aux pointer's value as its alignment (null
    // would claim any): promise 16 bytes, as for A-D, and run() checks it.
    void *sixteenAligned = reinterpret_cast<void *>(uintptr_t(16));
    checkCublas(cublasLtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER,
                                               &sixteenAligned, sizeof(void *)),
                "set EPILOGUE_AUX_POINTER");
  }
  cublasLtMatmulHeuristicResult_t result{};
  int found = 0;
  cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(
      static_cast<cublasLtHandle_t>(handle), p->desc, p->a, p->b, p->c, p->c, pref, 1,
      &result, &found);
  cublasLtMatmulPreferenceDestroy(pref);
  if (st == CUBLAS_STATUS_SUCCESS && found > 0) {
    p->algo = result.algo;
    p->usable = true;
  } else if (g.epilogue == gpu::GemmEpilogue::None) {
    throw CudaError("cuBLASLt has no algorithm for the matmul " + key + " (status " +
                    std::to_string(st) + ")");
  }
  return *cache.emplace(key, std::move(p)).first->second;
}

bool LtGemm::prepare(const gpu::ColumnMajorGemm &g) {
  if (!plan(g).usable)
    return false;
  return true;
}

void LtGemm::run(const gpu::ColumnMajorGemm &g, const GemmPointers &ptr,
                 cudaStream_t stream) {
  Plan &p = plan(g);
  if (!p.usable)
    throw CudaError("cuBLASLt matmul " + gpu::gemmKey(g) +
                    " was run with an epilogue it has no algorithm for");
  if (g.usesVector())
    checkCublas(cublasLtMatmulDescSetAttribute(p.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                                               &ptr.epilogueVector, sizeof(void *)),
                "set BIAS_POINTER");
  if (g.usesAux()) {
    if (!ptr.aux)
      throw std::invalid_argument("cuBLASLt matmul " + gpu::gemmKey(g) +
                                  ": the GeLU epilogue needs its aux matrix");
    checkCublas(cublasLtMatmulDescSetAttribute(p.desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER,
                                               &ptr.aux, sizeof(void *)),
                "set EPILOGUE_AUX_POINTER");
  }
  for (const void *operand : {ptr.a, ptr.b, static_cast<const void *>(ptr.c),
                              static_cast<const void *>(g.usesAux() ? ptr.aux : ptr.c)})
    if (reinterpret_cast<uintptr_t>(operand) % 16 != 0)
      throw std::invalid_argument("cuBLASLt matmul: an operand is not 16-byte aligned (the "
                                  "plans are chosen for 16-byte alignment)");
  float alpha = g.alpha, beta = g.beta;
  checkCublas(cublasLtMatmul(static_cast<cublasLtHandle_t>(handle), p.desc, &alpha, ptr.a,
                             p.a, ptr.b, p.b, &beta, ptr.c, p.c, ptr.c, p.c, &p.algo,
                             workspace, workspaceBytes, stream),
              "cublasLtMatmul");
}

} // namespace mtc::kernels::cuda
