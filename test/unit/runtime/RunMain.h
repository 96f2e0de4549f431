// Runs a program's main (trainMain, generateMain) in the test process with
// its standard output and error captured.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mtc::runtime::testing {

struct ProgramOutput {
  int status = 0;
  std::string out, err;
};

inline ProgramOutput runProgram(int (*main)(int, char **, const std::string &),
                                std::vector<std::string> args, const std::string &planBytes) {
  std::vector<char *> argv;
  args.insert(args.begin(), "prog");
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  ProgramOutput o;
  o.status = main(static_cast<int>(args.size()), argv.data(), planBytes);
  o.out = ::testing::internal::GetCapturedStdout();
  o.err = ::testing::internal::GetCapturedStderr();
  return o;
}

} // namespace mtc::runtime::testing
