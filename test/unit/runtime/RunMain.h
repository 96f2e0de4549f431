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

// captureErr false: standard error is left alone (a test capturing it
// itself; gtest's captures do not nest), `err` stays empty.
inline ProgramOutput runProgram(int (*main)(int, char **, const std::string &),
                                std::vector<std::string> args, const std::string &planBytes,
                                bool captureErr = true) {
  std::vector<char *> argv;
  args.insert(args.begin(), "prog");
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  ::testing::internal::CaptureStdout();
  if (captureErr)
    ::testing::internal::CaptureStderr();
  ProgramOutput o;
  o.status = main(static_cast<int>(args.size()), argv.data(), planBytes);
  o.out = ::testing::internal::GetCapturedStdout();
  if (captureErr)
    o.err = ::testing::internal::GetCapturedStderr();
  return o;
}

} // namespace mtc::runtime::testing
