// MTC_HD marks the per-element math that both the host kernels and the CUDA
// kernels compile, so the two backends run the same arithmetic.
#pragma once

#ifdef __CUDACC__
#define MTC_HD __host__ __device__
#else
#define MTC_HD
#endif
