//===- MtcMoeOps.td - mixture-of-experts ops ----------------*- tablegen -*-===//
//
// A Mixtral / Megatron-Core MoE MLP is a chain of these ops (docs/moe.md):
//
//   logits = linear(x, router)              [b, s, E]
//   probs, experts, weights = moe_route(logits)
//   routed, kept, row_of, entry_of = moe_dispatch(experts, weights)
//   moe_aux_loss(probs, routed)             (the load-balancing term)
//   xp = moe_permute(x, row_of, entry_of)   [rows, h], expert by expert
//   gate, up = grouped_linear(xp, kept, w1), grouped_linear(xp, kept, w3)
//   yp = grouped_linear(swiglu(gate, up), kept, w2)
//   y = moe_combine(yp, row_of, entry_of, weights)   [b, s, h]
//
// `rows` is static: N k for N tokens without a capacity, min(N k, E capacity)
// with one, so the memory planner sizes every tensor as it sizes the rest;
// only the split of the rows among the experts (`kept`) is data.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_MOE_OPS_TD
#define MTC_MOE_OPS_TD

def Mtc_MoeRouteOp : Mtc_Op<"moe_route", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Top-k routing: softmax probabilities, the k experts and their weights";
  let description = [{
    `logits` is `[..., E]`, one row per token. `probs` is the row's softmax
    (kept in fp32 for the auxiliary loss and the backward), `experts` the k
    largest logits' experts, a tie going to the lower expert, and `weights`
    their probabilities renormalised to sum to 1: Megatron-Core's default
    router (softmax, then top-k) and Mixtral's.
  }];
  let arguments = (ins Mtc_F32Tensor:$logits, I64Attr:$topk);
  let results = (outs Mtc_F32Tensor:$probs, Mtc_I32Tensor:$experts, Mtc_F32Tensor:$weights);
  let assemblyFormat = [{
    $logits attr-dict `:` type($logits) `->` type($probs) `,` type($experts) `,` type($weights)
  }];
}

def Mtc_MoeDispatchOp : Mtc_Op<"moe_dispatch", [Mtc_KernelStep, Pure, InferTypeOpAdaptor]> {
  let summary = "Sorts the (token, pick) entries by expert";
  let description = [{
    `routed[E]` counts each expert's entries before dropping (the auxiliary
    loss reads it), `kept[E]` those it keeps, `row_of` (shaped as `experts`)
    the permuted row of each entry (-1: dropped) and `entry_of[rows]` the
    entry of each permuted row (-1: unused). With `capacity_factor` f > 0
    (Megatron's --moe-expert-capacity-factor) each expert keeps at most
    `ceil(N k / E * f)` entries (Megatron's get_capacity, for the N tokens
    of this op): the largest weights first (the "probs" drop policy), or
    with `drop_by_position` the earliest tokens.
  }];
  let arguments = (ins Mtc_I32Tensor:$experts, Mtc_F32Tensor:$weights, I64Attr:$num_experts,
                       DefaultValuedAttr<F64Attr, "0.0">:$capacity_factor,
                       UnitAttr:$drop_by_position);
  let extraClassDeclaration = [{
    /// Entries each expert keeps (0: all), from the capacity factor.
    int64_t getCapacity();
  }];
  let results = (outs Mtc_I32Tensor:$routed, Mtc_I32Tensor:$kept, Mtc_I32Tensor:$row_of,
                      Mtc_I32Tensor:$entry_of);
  let assemblyFormat = [{
    $experts `,` $weights attr-dict `:` type($experts) `,` type($weights) `->` type($routed)
    `,` type($kept) `,` type($row_of) `,` type($entry_of)
  }];
}

def Mtc_MoeAuxLossOp : Mtc_Op<"moe_aux_loss", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface, ["seedsGradient"]>]> {
  let summary = "The load-balancing loss of one MoE layer, a term of the objective";
  let description = [{
    Megatron-Core's switch_load_balancing_loss_func: `coeff * E * sum_e f_e
    P_e`, `f_e = routed_e / (T k)`, `P_e` expert e's mean probability over
    the T tokens. As Megatron's MoEAuxLossAutoScaler it adds its gradient to
    the router's (scaled like the language-model loss: 1 / micro-batches
    times the loss scale) and is reported on its own, not in the LM loss.
    It also reports the layer's routed entries per expert (the expert load),
    which is all it does with `coeff` 0 (no loss, no gradient).
  }];
  let arguments = (ins Mtc_F32Tensor:$probs, Mtc_I32Tensor:$routed, I64Attr:$topk, F64Attr:$coeff);
  let assemblyFormat = "$probs `,` $routed attr-dict `:` type($probs) `,` type($routed)";
  let hasVerifier = 1;
}

def Mtc_MoePermuteOp : Mtc_Op<"moe_permute", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Gathers each kept entry's token into the expert-sorted rows";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_I32Tensor:$row_of, Mtc_I32Tensor:$entry_of);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $row_of `,` $entry_of attr-dict `:` type($input) `,` type($row_of) `,`
    type($entry_of) `->` type($result)
  }];
}

def Mtc_GroupedLinearOp : Mtc_Op<"grouped_linear", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_CostOpInterface, ["getForwardFlops"]>,
    DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>, Pure, InferTypeOpAdaptor]> {
  let summary = "One linear layer per expert over its block of the permuted rows";
  let description = [{
    `weight` is `[E, in, out]`; expert e's rows are `[kept[0] + ... +
    kept[e-1], + kept[e])` of `input` `[rows, in]`. Rows past the kept total
    are unused and come out zero. One GEMM per expert on both backends (the
    counts are read on the host, as Megatron's alltoall dispatcher does).
  }];
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_I32Tensor:$kept, Mtc_F32Tensor:$weight);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $kept `,` $weight attr-dict `:` type($input) `,` type($kept) `,` type($weight)
    `->` type($result)
  }];
}

def Mtc_MoeCombineOp : Mtc_Op<"moe_combine", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Each token's experts' outputs, weighted and summed, in pick order";
  let description = [{
    `result` has `row_of`'s leading dimensions and `input`'s width. A token
    whose every entry was dropped gets 0: the residual connection carries it.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_I32Tensor:$row_of, Mtc_I32Tensor:$entry_of,
                       Mtc_F32Tensor:$weights);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $row_of `,` $entry_of `,` $weights attr-dict `:` type($input) `,` type($row_of)
    `,` type($entry_of) `,` type($weights) `->` type($result)
  }];
}

// ---- expert parallelism (--mtc-expert-parallel) ----

def Mtc_EpCountsOp : Mtc_Op<"ep_counts", [Mtc_KernelStep, Pure, InferTypeOpAdaptor]> {
  let summary = "Every expert-parallel rank's per-expert row counts, and this rank's experts' totals";
  let description = [{
    `kept` `[E]` is this rank's rows per expert (moe_dispatch's). `all_kept`
    `[ep, E]` gathers every rank of the expert group's; `local_kept` `[E/ep]`
    sums, for each of this rank's E/ep experts, the rows all ranks send it.
    Megatron's alltoall dispatcher exchanges the counts first the same way.
  }];
  let arguments = (ins Mtc_I32Tensor:$kept, I64Attr:$ep);
  let results = (outs Mtc_I32Tensor:$all_kept, Mtc_I32Tensor:$local_kept);
  let assemblyFormat = "$kept attr-dict `:` type($kept) `->` type($all_kept) `,` type($local_kept)";
}

def Mtc_EpDispatchOp : Mtc_Op<"ep_dispatch", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "All-to-all over the expert group: each rank's rows to their experts' ranks";
  let description = [{
    `input` `[R, w]` is this rank's rows sorted by expert (moe_permute's);
    rank r of the expert group owns experts `[r E/ep, (r+1) E/ep)`. The
    result `[ep R, w]` holds the rows every rank sent this rank's experts,
    sorted by local expert and within one by sending rank, so each expert's
    rows are one block (`local_kept`); rows past them are zero. Its gradient
    is `mtc.ep_combine` of the result's gradient.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_I32Tensor:$all_kept, I64Attr:$ep);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $all_kept attr-dict `:` type($input) `,` type($all_kept) `->` type($result)
  }];
}

def Mtc_EpCombineOp : Mtc_Op<"ep_combine", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "The reverse all-to-all: the experts' output rows back to the ranks of their tokens";
  let description = [{
    `input` `[ep R, w]` is laid out as `mtc.ep_dispatch`'s result; the result
    `[R, w]` is this rank's rows sorted by expert again (rows past its kept
    total are zero). Its gradient is `mtc.ep_dispatch` of the result's
    gradient.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_I32Tensor:$all_kept, I64Attr:$ep);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $all_kept attr-dict `:` type($input) `,` type($all_kept) `->` type($result)
  }];
}

// ---- gradients ----

def Mtc_MoeRouteGradOp : Mtc_Op<"moe_route_grad", [Mtc_KernelStep, Pure,
    AllTypesMatch<["probs", "result"]>, AttrSizedOperandSegments]> {
  let summary = "The router logits' gradient";
  let description = [{
    Through the weights (a softmax over the picked logits) from
    `weights_grad`, and through the full softmax from `probs_grad`, the
    auxiliary loss's gradient, when present.
  }];
  let arguments = (ins Mtc_F32Tensor:$probs, Mtc_I32Tensor:$experts, Mtc_F32Tensor:$weights,
                       Optional<Mtc_F32Tensor>:$weights_grad, Optional<Mtc_F32Tensor>:$probs_grad);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $probs `,` $experts `,` $weights (`weights_grad` `(` $weights_grad^ `:` type($weights_grad) `)`)?
    (`probs_grad` `(` $probs_grad^ `:` type($probs_grad) `)`)? attr-dict `:` type($probs) `,`
    type($experts) `,` type($weights)
  }];
  let hasVerifier = 1;
}

def Mtc_MoeAuxLossGradOp : Mtc_Op<"moe_aux_loss_grad", [Mtc_KernelStep, Pure]> {
  let summary = "The load-balancing loss's gradient with respect to the probabilities";
  let description = [{
    `coeff E routed_e / (k T^2)` for every token's `probs[t, e]` (the counts
    are constants), times the runtime's gradient scale.
  }];
  let arguments = (ins Mtc_I32Tensor:$routed, I64Attr:$topk, F64Attr:$coeff);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$routed attr-dict `:` type($routed) `->` type($result)";
  let hasVerifier = 1;
}

def Mtc_MoePermuteGradOp : Mtc_Op<"moe_permute_grad", [Mtc_KernelStep, Pure]> {
  let summary = "Sums each token's permuted rows' gradients, in pick order";
  let arguments = (ins Mtc_F32Tensor:$grad, Mtc_I32Tensor:$row_of);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$grad `,` $row_of attr-dict `:` type($grad) `,` type($row_of) `->` type($result)";
  let hasVerifier = 1;
}

def Mtc_GroupedLinearGradInputOp : Mtc_Op<"grouped_linear_dx", [Mtc_KernelStep, Pure]> {
  let summary = "dX = dY W_e^T on each expert's rows";
  let arguments = (ins Mtc_F32Tensor:$grad, Mtc_I32Tensor:$kept, Mtc_F32Tensor:$weight);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $grad `,` $kept `,` $weight attr-dict `:` type($grad) `,` type($kept) `,` type($weight)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mtc_GroupedLinearGradWeightOp : Mtc_Op<"grouped_linear_dw",
    [Mtc_KernelStep, AccumulatesGrad, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Accumulates dW_e = X_e^T dY_e for each expert";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$grad, Mtc_I32Tensor:$kept,
                       FlatSymbolRefAttr:$weight);
  let assemblyFormat = [{
    $input `,` $grad `,` $kept attr-dict `:` type($input) `,` type($grad) `,` type($kept)
  }];
}

def Mtc_MoeCombineGradOp : Mtc_Op<"moe_combine_grad", [Mtc_KernelStep, Pure,
    AllTypesMatch<["input", "input_grad"]>, AllTypesMatch<["weights", "weights_grad"]>]> {
  let summary = "The combine's gradients: the permuted rows' and the weights'";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_I32Tensor:$row_of, Mtc_I32Tensor:$entry_of,
                       Mtc_F32Tensor:$weights, Mtc_F32Tensor:$grad);
  let results = (outs Mtc_F32Tensor:$input_grad, Mtc_F32Tensor:$weights_grad);
  let assemblyFormat = [{
    $input `,` $row_of `,` $entry_of `,` $weights `,` $grad attr-dict `:` type($input) `,`
    type($row_of) `,` type($entry_of) `,` type($weights) `,` type($grad)
  }];
  let hasVerifier = 1;
}

#endif // MTC_MOE_OPS_TD
