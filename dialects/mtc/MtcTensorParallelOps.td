//===- MtcTensorParallelOps.td ------------------------------------------------*- tablegen -*-===//
// Included by MtcOps.td.
#ifndef MTCTENSORPARALLELOPS_TD
#define MTCTENSORPARALLELOPS_TD

#endif // MTCTENSORPARALLELOPS_TD
