#include "exec/cuda/CudaMain.h"
#include "exec/Main.h"
#include "exec/cuda/CudaBackend.h"

namespace mtc::runtime {

int cudaTrainMain(int argc, char **argv, const std::string &planBytes) {
  return trainMain(argc, argv, planBytes, &gpu::makeCudaBackend);
}

int cudaGenerateMain(int argc, char **argv, const std::string &planBytes) {
  return generateMain(argc, argv, planBytes, &gpu::makeCudaBackend);
}

} // namespace mtc::runtime
