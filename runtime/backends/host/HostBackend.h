// The CPU backend (backends/Backend.h over kernels/kernels.h and MPI).
#pragma once
#include "backends/Backend.h"

namespace mtc::runtime {

// The CPU backend: kernels/kernels.h over host memory, MPI for every group.
Backend &hostBackend();
// The CPU backend with device memory kept apart from host memory:
// hostAddressable() is false, so HostView copies and toHost/toDevice are
// real copies. Tests train with it to prove the shared runtime moves data
// between host and device wherever a GPU needs it. It also keeps Backend's
// default kernels on bf16/fp16 operands (widened into fp32 scratch around
// the fp32 kernels), as a device backend without 16-bit kernels of its own.
Backend &stagedHostBackend();

} // namespace mtc::runtime
