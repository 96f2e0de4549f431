#include "comm/BundledMpi.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cstdlib>

namespace mtc::comm {
namespace {

bool isFolder(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string parentOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

} // namespace

std::string bundledMpiLibDir(const std::string &codePath) {
  if (codePath.empty())
    return "";
  const std::string dir = parentOf(codePath);
  // The runtime library lives in lib/; an executable linking it statically
  // (the test programs of a GPU bundle) in bin/ or the bundle's top.
  for (const std::string &lib : {dir, dir + "/../lib", dir + "/lib"})
    if (isFolder(lib + "/openmpi3"))
      return lib;
  return "";
}

void useBundledOpenMpi() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void *>(&useBundledOpenMpi), &info) || !info.dli_fname)
    return;
  const std::string lib = bundledMpiLibDir(info.dli_fname);
  if (lib.empty())
    return;
  const std::string top = lib + "/..";
  setenv("OMPI_MCA_mca_base_component_path", (lib + "/openmpi3").c_str(), /*overwrite=*/0);
  setenv("OPAL_PKGDATADIR", (top + "/share/openmpi").c_str(), 0);
  setenv("OPAL_SYSCONFDIR", (top + "/etc/openmpi").c_str(), 0);
  setenv("PMIX_MCA_mca_base_component_path", (lib + "/pmix").c_str(), 0);
  setenv("PMIX_PKGDATADIR", (top + "/share/pmix").c_str(), 0);
  // Only read by a singleton: one rank with no launcher needs no daemon.
  setenv("OMPI_MCA_ess_singleton_isolated", "1", 0);
}

} // namespace mtc::comm
