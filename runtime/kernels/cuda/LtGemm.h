// GEMMs through cuBLASLt: one matmul per linear step, described by
// GemmPlan.h. The heuristic is queried once per distinct descriptor (the
// executor asks for every linear step at start-up) and cached with its
// descriptors; the step itself only sets pointers and calls cublasLtMatmul.
#pragma once
#include "kernels/cuda/GemmPlan.h"

#include <cstddef>
#include <memory>
#include <string>
#include <unordered_map>

#include <cuda_runtime_api.h>

namespace mtc::kernels::cuda {

struct GemmPointers {
  const void *a = nullptr, *b = nullptr;
  void *c = nullptr;
  // Bias (epilogue Bias, GeluAuxBias) or bias-gradient output (BGradA / BGradB).
  void *epilogueVector = nullptr;
  // GeluAuxBias: the pre-activation written; DGelu: the pre-activation read.
  void *aux = nullptr;
};

class LtGemm {
public:
  // `workspace` (device) is the scratch cuBLASLt may use, from the arena.
  LtGemm(void *workspace, size_t workspaceBytes);
  ~LtGemm();
  LtGemm(const LtGemm &) = delete;
  LtGemm &operator=(const LtGemm &) = delete;

  // Queries and caches the algorithm. Returns false when cuBLASLt has none
  // for this epilogue (or the aux layout breaks its rules): the caller then
  // runs `withoutEpilogue(g)` plus a kernel. Throws CudaError when even the
  // plain matmul has no algorithm.
  bool prepare(const gpu::ColumnMajorGemm &g);
  void run(const gpu::ColumnMajorGemm &g, const GemmPointers &p, cudaStream_t stream);

  static gpu::ColumnMajorGemm withoutEpilogue(gpu::ColumnMajorGemm g) {
    g.epilogue = gpu::GemmEpilogue::None;
    g.ldAux = 0;
    return g;
  }
  size_t cachedPlans() const { return cache.size(); }

private:
  struct Plan;
  Plan &plan(const gpu::ColumnMajorGemm &g);

  void *handle = nullptr; // cublasLtHandle_t
  void *workspace;
  size_t workspaceBytes;
  std::unordered_map<std::string, std::unique_ptr<Plan>> cache;
};

} // namespace mtc::kernels::cuda
