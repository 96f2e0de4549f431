// OpenMPI inside a program folder made by mtc-bundle (docs/bundle.md).
//
// OpenMPI finds its plugin components, help texts and parameter file at the
// paths it was installed to, which a bundle on another machine does not have;
// and a one-rank run without mpirun (a "singleton") starts an orted daemon
// from that install too. When the running code sits in a bundle (an
// `openmpi3` folder beside the library or executable holding it, or in
// ../lib), this points OpenMPI at the bundle's copies through its environment
// variables and keeps a singleton to itself. A variable the user set wins.
#pragma once
#include <string>

namespace mtc::comm {

// The bundle's lib/ folder holding `openmpi3`, found from `codePath` (the
// file of the running runtime code); "" when the code is not in a bundle.
std::string bundledMpiLibDir(const std::string &codePath);

// Sets OMPI_MCA_mca_base_component_path, OPAL_PKGDATADIR, OPAL_SYSCONFDIR,
// PMIx's PMIX_MCA_mca_base_component_path and PMIX_PKGDATADIR, and
// OMPI_MCA_ess_singleton_isolated (each only if unset) when the runtime runs
// from a bundle; nothing otherwise. Call before MPI_Init.
void useBundledOpenMpi();

} // namespace mtc::comm
