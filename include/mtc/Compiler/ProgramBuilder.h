//===- ProgramBuilder.h - a plan's train and generate programs --*- C++ -*-===//
//
// What mtc-compile does once the plan is written: the `train` and `generate`
// programs are each a main() that hands the embedded plan to a runtime entry
// point, built against a copy of the runtime library in DIR/lib. The
// build-time paths (compilers, runtime headers and library) come in as data,
// not as this library's compile definitions, so tests can point them
// anywhere and the driver keeps its --cxx/--nvcc/--runtime-* defaults.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_COMPILER_PROGRAMBUILDER_H
#define MTC_COMPILER_PROGRAMBUILDER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mtc {
/// What the programs are built for and with (mtc-compile's output flags).
struct ProgramBuildOptions {
  std::string target = "host";     ///< host (CPU kernels + MPI) or cuda
  std::string hostCompiler = "c++"; ///< name or path, looked up on PATH
  std::string nvcc = "nvcc";        ///< name or path; /usr/local/cuda/bin as a fallback
  std::string cudaArch = "80,90";   ///< comma-separated SM numbers for target cuda
  std::string runtimeInclude;       ///< folder holding main/Main.h
  std::string runtimeLib;           ///< folder holding libmtc_runtime(_cuda).so
};

/// The first problem of `options` the flags' own choices do not catch (a
/// --cuda-arch that is not a list of SM numbers), or nullopt.
std::optional<std::string> checkProgramBuildOptions(const ProgramBuildOptions &options);

/// The source of a program whose only job is to call
/// mtc::runtime::<entry>(argc, argv, plan) from `header` with `planBytes`
/// embedded as an array.
std::string generateProgram(llvm::StringRef entry, llvm::StringRef modelName,
                            llvm::StringRef planBytes, llvm::StringRef header = "main/Main.h");

/// The programs' sources as (file name, contents), in the order they are
/// written: train.cpp and generate.cpp for every target, and for target cuda
/// also train.cu and generate.cu, which call the CUDA entry points.
std::vector<std::pair<std::string, std::string>>
programSources(llvm::StringRef target, llvm::StringRef modelName, llvm::StringRef planBytes);

/// Writes `contents` to `path`; every failure names the file (raw_fd_ostream
/// would otherwise report a full disk as a fatal error that names none).
llvm::Error writeFile(llvm::StringRef path, llvm::StringRef contents);

/// Copies the target's runtime library into DIR/lib and builds DIR/train and
/// DIR/generate from the sources programSources wrote into DIR. The error
/// names the missing tool or library, or the program that failed to build.
llvm::Error buildPrograms(llvm::StringRef outputDir, const ProgramBuildOptions &options);

/// Runs mtc-bundle (`tool`) on DIR, which makes the folder self-contained
/// (docs/bundle.md).
llvm::Error bundleFolder(llvm::StringRef tool, llvm::StringRef outputDir);
} // namespace mtc

#endif // MTC_COMPILER_PROGRAMBUILDER_H
