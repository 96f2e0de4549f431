// The entry points of programs built with `mtc-compile --target=cuda`: the
// shared trainMain / generateMain on the CUDA backend (no usable GPU: a
// clear error and exit 1 on every rank).
#pragma once
#include <string>

namespace mtc::runtime {
int cudaTrainMain(int argc, char **argv, const std::string &planBytes);
int cudaGenerateMain(int argc, char **argv, const std::string &planBytes);
} // namespace mtc::runtime
