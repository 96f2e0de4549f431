//===- MtcPipelineOps.td ------------------------------------------------*- tablegen -*-===//
// Included by MtcOps.td.
#ifndef MTCPIPELINEOPS_TD
#define MTCPIPELINEOPS_TD

#endif // MTCPIPELINEOPS_TD
