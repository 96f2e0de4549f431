//===- MtcTensorParallelOps.td - tensor/sequence parallel ops -*- tablegen -*-===//
//
// Megatron-LM's conjugate pair (Shoeybi et al. 2019, tensor_parallel/mappings.py)
// as ops, so the communication of a layer is visible, countable IR:
//   f = mtc.tp_copy   identity forward, all-reduce backward (entry of a region)
//   g = mtc.tp_reduce all-reduce forward, identity backward (exit of a region)
// and their sequence-parallel forms (Korthikanti et al. 2022):
//   mtc.tp_gather  all-gather along the sequence forward, reduce-scatter backward
//   mtc.tp_scatter reduce-scatter along the sequence forward, all-gather backward
// --mtc-autodiff swaps the roles: f's gradient is a g, g's gradient an f.
// All of them work over the tensor-parallel group, whose members the runtime
// takes from the rank grid (one program serves every rank of a group).
//
// Included by MtcOps.td.
//===----------------------------------------------------------------------===//
#ifndef MTCTENSORPARALLELOPS_TD
#define MTCTENSORPARALLELOPS_TD

def Mtc_TpCopyOp : Mtc_Op<"tp_copy", [DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, SameOperandsAndResultType]> {
  let summary = "f: identity forward, all-reduce over the tensor group backward";
  let description = [{
    Marks the entry of a tensor-parallel region: every rank reads the same
    replicated input, so each rank's input gradient is a partial sum. It
    lowers to no kernel (its result aliases its operand).
  }];
  let arguments = (ins Mtc_F32Tensor:$input);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Mtc_TpReduceOp : Mtc_Op<"tp_reduce", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, SameOperandsAndResultType]> {
  let summary = "g: all-reduce (sum) over the tensor group forward, identity backward";
  let description = [{
    Marks the exit of a tensor-parallel region: the row-parallel linear's (or
    the vocabulary-parallel embedding's) partial sums become the replicated
    full value. After --mtc-autodiff it is also the backward of `mtc.tp_copy`.
  }];
  let arguments = (ins Mtc_F32Tensor:$input);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Mtc_TpGatherOp : Mtc_Op<"tp_gather", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Sequence-parallel f: all-gather along the sequence (dim 1)";
  let description = [{
    `[b, s/t, h]` shards of the tensor group's `size` ranks become the full
    `[b, s, h]`, ordered by tensor rank. Its gradient is `mtc.tp_scatter`.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, I64Attr:$size);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Mtc_TpScatterOp : Mtc_Op<"tp_scatter", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Sequence-parallel g: reduce-scatter along the sequence (dim 1)";
  let description = [{
    Sums `[b, s, h]` over the tensor group's `size` ranks and keeps this rank's
    chunk `[b, s/t, h]` of the sequence. Its gradient is `mtc.tp_gather`.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, I64Attr:$size);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Mtc_BiasAddOp : Mtc_Op<"bias_add", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "x + bias, added once after a tensor-parallel reduction";
  let description = [{
    A 1-D `bias [h]` is added to every row (the row-parallel linear's bias,
    which must not be summed t times). A 2-D `bias [positions, h]` adds row
    `p` to sequence position `p` (the position embedding, kept out of the
    vocabulary-parallel embedding for the same reason); on a sequence shard
    the runtime offsets `p` by the shard's first position.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$bias);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $bias attr-dict `:` type($input) `,` type($bias) `->` type($result)
  }];
}

def Mtc_BiasAddGradOp : Mtc_Op<"bias_add_grad",
    [Mtc_KernelStep, AccumulatesGrad, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Accumulates mtc.bias_add's bias gradient (sums over rows)";
  let arguments = (ins Mtc_F32Tensor:$grad, FlatSymbolRefAttr:$bias);
  let assemblyFormat = "$grad attr-dict `:` type($grad)";
}

#endif // MTCTENSORPARALLELOPS_TD
