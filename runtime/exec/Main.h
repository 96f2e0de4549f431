// The entry points a generated program calls: the whole runtime behind two
// functions, so generated code needs no header but this one.
#pragma once
#include <string>

namespace mtc::runtime {
// The `train` executable: parses the flags, starts MPI when launched by mpirun,
// trains, and returns the exit status (errors print on every rank).
int trainMain(int argc, char **argv, const std::string &planBytes);
// The `generate` executable: samples text from a checkpoint.
int generateMain(int argc, char **argv, const std::string &planBytes);
} // namespace mtc::runtime
