#include "main/CudaMain.h"
#include "main/Main.h"
#include "backends/cuda/CudaBackend.h"

namespace mtc::runtime {

int cudaTrainMain(int argc, char **argv, const std::string &planBytes) {
  return trainMain(argc, argv, planBytes, &gpu::makeCudaBackend);
}

int cudaGenerateMain(int argc, char **argv, const std::string &planBytes) {
  return generateMain(argc, argv, planBytes, &gpu::makeCudaBackend);
}

} // namespace mtc::runtime
