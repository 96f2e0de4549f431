//===- ProgramBuilder.cpp - a plan's train and generate programs ----------===//
//
// The programs carry nothing but the plan: everything they run is in the
// runtime library, so building one is a single compiler call. They find that
// library in their own folder's lib/ (RUNPATH $ORIGIN/lib, which
// LD_LIBRARY_PATH can still override), so the folder runs from anywhere.
//
//===----------------------------------------------------------------------===//
#include "mtc/Compiler/ProgramBuilder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace mtc {
namespace {
constexpr const char *kOriginRunpath = "-Wl,--enable-new-dtags,-rpath,$ORIGIN/lib";

/// --cuda-arch's SM numbers, as given (checked by checkProgramBuildOptions).
SmallVector<StringRef> cudaArchs(StringRef list) {
  SmallVector<StringRef> archs;
  list.split(archs, ',', -1, false);
  for (StringRef &a : archs)
    a = a.trim();
  return archs;
}

/// Runs `args` (args[0] is `program`); the error names what it was building.
Error run(StringRef program, ArrayRef<StringRef> args, const Twine &what) {
  std::string message;
  int rc = sys::ExecuteAndWait(program, args, std::nullopt, {}, 0, 0, &message);
  if (rc != 0)
    return createStringError(inconvertibleErrorCode(),
                             what + " failed (exit " + Twine(rc) + ") " + message);
  return Error::success();
}

/// Puts the runtime library the programs link into DIR/lib.
Error copyRuntime(StringRef runtimeLib, StringRef outputDir, StringRef libName) {
  SmallString<256> from(runtimeLib), dir(outputDir), to;
  sys::path::append(from, libName);
  sys::path::append(dir, "lib");
  if (std::error_code ec = sys::fs::create_directories(dir))
    return createStringError(ec, "cannot create '" + dir + "': " + ec.message());
  to = dir;
  sys::path::append(to, libName);
  if (!sys::fs::exists(from))
    return createStringError(inconvertibleErrorCode(),
                             "no runtime library '" + from + "' (build it, or pass --runtime-lib)");
  if (std::error_code ec = sys::fs::copy_file(from, to))
    return createStringError(ec, "cannot copy '" + from + "' to '" + to + "': " + ec.message());
  return Error::success();
}

Error compileHostProgram(StringRef source, StringRef output, const ProgramBuildOptions &o) {
  auto cxx = sys::findProgramByName(o.hostCompiler);
  if (!cxx)
    return createStringError(cxx.getError(), "host compiler '" + o.hostCompiler + "' not found");
  std::string include = "-I" + o.runtimeInclude,
              libDir = "-L" + sys::path::parent_path(output).str() + "/lib";
  SmallVector<StringRef> args = {*cxx,   "-O1", "-std=c++17", include,      source,
                                 "-o",   output, libDir,      kOriginRunpath, "-lmtc_runtime"};
  return run(*cxx, args, "building '" + output + "'");
}

/// --target=cuda: the program is CUDA C++ built by nvcc for each architecture
/// and linked with libmtc_runtime_cuda (kernels, cuBLASLt, NCCL; docs/gpu.md).
Error compileCudaProgram(StringRef source, StringRef output, const ProgramBuildOptions &o) {
  auto nvcc = sys::findProgramByName(o.nvcc);
  if (!nvcc)
    nvcc = sys::findProgramByName("nvcc", {"/usr/local/cuda/bin"});
  if (!nvcc)
    return createStringError(nvcc.getError(),
                             "CUDA compiler '" + o.nvcc + "' not found (pass --nvcc=PATH)");
  std::vector<std::string> owned = {"-O2", "-std=c++17", "-I" + o.runtimeInclude};
  for (StringRef a : cudaArchs(o.cudaArch))
    owned.push_back("-gencode=arch=compute_" + a.str() + ",code=sm_" + a.str());
  for (std::string extra : {source.str(), std::string("-o"), output.str(),
                            "-L" + sys::path::parent_path(output).str() + "/lib",
                            "-Xlinker=" + std::string(kOriginRunpath).substr(4),
                            std::string("-lmtc_runtime_cuda")})
    owned.push_back(extra);
  SmallVector<StringRef> args = {*nvcc};
  for (const std::string &a : owned)
    args.push_back(a);
  return run(*nvcc, args, "building '" + output + "' with nvcc");
}
} // namespace

std::optional<std::string> checkProgramBuildOptions(const ProgramBuildOptions &options) {
  if (options.target != "cuda")
    return std::nullopt;
  SmallVector<StringRef> archs = cudaArchs(options.cudaArch);
  if (archs.empty())
    return std::string("--cuda-arch needs at least one SM number such as 80 or 90");
  for (StringRef a : archs)
    if (a.empty() || !llvm::all_of(a, [](char c) { return (c >= '0' && c <= '9') || c == 'a'; }))
      return "--cuda-arch: '" + a.str() + "' is not an SM number such as 80 or 90";
  return std::nullopt;
}

std::string generateProgram(StringRef entry, StringRef modelName, StringRef planBytes,
                            StringRef header) {
  std::string s;
  raw_string_ostream os(s);
  os << "// Generated by mtc-compile for model '" << modelName << "'. Do not edit.\n"
     << "#include \"" << header << "\"\n\n"
     << "static const unsigned char kPlan[" << planBytes.size() << "] = {";
  for (size_t i = 0; i < planBytes.size(); ++i) {
    if (i % 24 == 0)
      os << "\n ";
    os << ' ' << static_cast<unsigned>(static_cast<unsigned char>(planBytes[i])) << ',';
  }
  os << "\n};\n\nint main(int argc, char **argv) {\n"
     << "  return mtc::runtime::" << entry << "(argc, argv,\n"
     << "      std::string(reinterpret_cast<const char *>(kPlan), sizeof(kPlan)));\n"
     << "}\n";
  return s;
}

std::vector<std::pair<std::string, std::string>>
programSources(StringRef target, StringRef modelName, StringRef planBytes) {
  std::vector<std::pair<std::string, std::string>> sources = {
      {"train.cpp", generateProgram("trainMain", modelName, planBytes)},
      {"generate.cpp", generateProgram("generateMain", modelName, planBytes)}};
  if (target == "cuda")
    for (auto [name, entry] : {std::pair<const char *, const char *>{"train.cu", "cudaTrainMain"},
                               {"generate.cu", "cudaGenerateMain"}})
      sources.emplace_back(name,
                           generateProgram(entry, modelName, planBytes, "main/CudaMain.h"));
  return sources;
}

Error writeFile(StringRef path, StringRef contents) {
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (ec)
    return createStringError(ec, "cannot write '" + path + "': " + ec.message());
  os << contents;
  os.close();
  if (os.has_error()) {
    ec = os.error();
    os.clear_error();
    return createStringError(ec, "cannot write '" + path + "': " + ec.message());
  }
  return Error::success();
}

Error buildPrograms(StringRef outputDir, const ProgramBuildOptions &options) {
  const bool cuda = options.target == "cuda";
  if (Error err = copyRuntime(options.runtimeLib, outputDir,
                              cuda ? "libmtc_runtime_cuda.so" : "libmtc_runtime.so"))
    return err;
  for (StringRef program : {"train", "generate"}) {
    SmallString<256> source(outputDir), output(outputDir);
    sys::path::append(source, program + (cuda ? ".cu" : ".cpp"));
    sys::path::append(output, program);
    if (Error err = cuda ? compileCudaProgram(source, output, options)
                         : compileHostProgram(source, output, options))
      return err;
  }
  return Error::success();
}

Error bundleFolder(StringRef tool, StringRef outputDir) {
  if (!sys::fs::can_execute(tool))
    return createStringError(inconvertibleErrorCode(),
                             "--bundle needs '" + tool + "' (it is built with mtc-compile)");
  SmallVector<StringRef> args = {tool, outputDir};
  return run(tool, args, "bundling '" + outputDir + "'");
}
} // namespace mtc
