// The entry point of a program built with `mtc-compile --target=cuda`.
#pragma once
#include <string>

namespace mtc::runtime {
// Trains on the GPU: parses the flags, checks the device (a clear error and
// a non-zero exit on every rank when there is none), sets up NCCL for data
// parallelism, trains, and returns the exit status.
int cudaTrainMain(int argc, char **argv, const std::string &planBytes);
} // namespace mtc::runtime
