//===- MtcPipelineOps.td - pipeline parallelism --------------*- tablegen -*-===//
//
// Included by MtcOps.td. --mtc-pipeline-partition cuts @train_step into
// virtual chunks and joins them with these point-to-point ops: a value defined
// in one chunk and read in another leaves through `pipeline_send` and arrives
// through `pipeline_recv`. Sends and receives pair by `tag`; the schedule pass
// checks the pairs (types, neighbours) before any code is emitted.
//
//===----------------------------------------------------------------------===//
#ifndef MTCPIPELINEOPS_TD
#define MTCPIPELINEOPS_TD

def Mtc_PipelineSendOp : Mtc_Op<"pipeline_send", [MemoryEffects<[MemWrite]>]> {
  let summary = "Sends a value to the neighbouring pipeline chunk";
  let description = [{
    ```mlir
    mtc.pipeline_send %x {chunk = 0 : i64, peer = 1 : i64, tag = 0 : i64} : tensor<1x32x64xf32>
    ```
    `chunk` is the sender's virtual chunk, `peer` the receiver's: `chunk + 1`
    for forward activations, `chunk - 1` for gradients (`gradient`). The
    runtime posts it asynchronously after the chunk's forward (or backward)
    steps of a micro-batch; `tag` pairs it with its `pipeline_recv`.
  }];
  let arguments = (ins Mtc_F32Tensor:$value, I64Attr:$chunk, I64Attr:$peer,
                       I64Attr:$tag, UnitAttr:$gradient);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Mtc_PipelineRecvOp : Mtc_Op<"pipeline_recv", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Receives a value from the neighbouring pipeline chunk";
  let description = [{
    ```mlir
    %x = mtc.pipeline_recv {chunk = 1 : i64, peer = 0 : i64, tag = 0 : i64} : tensor<1x32x64xf32>
    ```
    The receiving side of a `pipeline_send` with the same `tag`. The runtime
    posts the receive early (before the step that needs it) so the transfer
    overlaps compute.
  }];
  let arguments = (ins I64Attr:$chunk, I64Attr:$peer, I64Attr:$tag,
                       UnitAttr:$gradient);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif // MTCPIPELINEOPS_TD
