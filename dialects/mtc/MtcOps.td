//===- MtcOps.td - mtc operations ---------------------------*- tablegen -*-===//
//
// Forward ops carry InferTypeOpAdaptor: their inferReturnTypes both computes the
// result types and checks operand shapes, with messages that name the numbers.
// That single hook also lets --mtc-set-shape re-shape a whole model.
//
// Gradient ops come in pairs where Megatron-LM needs them apart: the input
// gradient (dX) is a value, the weight gradient (dW) is accumulated into the
// gradient of a named parameter, so schedules can place them separately.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_OPS_TD
#define MTC_OPS_TD

include "MtcDialect.td"
include "MtcAttrs.td"
include "MtcInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def Mtc_F32Tensor : RankedTensorOf<[F32]>;
def Mtc_I32Tensor : RankedTensorOf<[I32]>;

// Ops that add into the gradient of a parameter.
def AccumulatesGrad : MemoryEffects<[MemRead, MemWrite]>;

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

def Mtc_ParamOp : Mtc_Op<"param", [Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "A trainable parameter: shape, element type, initialization";
  let description = [{
    ```mlir
    mtc.param @"h.0.attn.c_proj.weight" : tensor<768x768xf32> init(normal, 0.0028)
    mtc.param @"h.0.ln_1.bias" : tensor<768xf32> init(zeros) {no_decay}
    ```
    `std` is required for `normal` (0.02, or 0.02/sqrt(2L) for the output
    projections of each layer) and absent otherwise. `no_decay` exempts it from
    AdamW's weight decay (biases, layer norms). The type is this rank's slice;
    after tensor parallelism `full_shape` and `slice_offset` say where the slice
    sits in the unsharded tensor, which is what initialization is keyed on.
    --mtc-tensor-parallel sets `full_shape` and `split_dim` instead of
    `slice_offset`: one program serves every rank of a tensor group, so the
    offset (tensor rank * the slice's `split_dim` extent) is the runtime's.
    `tensor_grad_reduce` marks a replicated parameter whose gradient is a
    partial sum per tensor rank (sequence parallelism), all-reduced over the
    tensor group before the optimizer. `expert_split` (--mtc-expert-parallel)
    marks a slice of a mixture's experts along `split_dim` 0 at offset expert
    rank * extent; its gradient is reduced over the expert-data-parallel
    group.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<Mtc_F32Tensor>:$type,
                       Mtc_InitKind:$init,
                       OptionalAttr<F64Attr>:$std,
                       UnitAttr:$no_decay,
                       OptionalAttr<DenseI64ArrayAttr>:$full_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$slice_offset,
                       OptionalAttr<I64Attr>:$split_dim,
                       UnitAttr:$tensor_grad_reduce,
                       UnitAttr:$expert_split);
  let assemblyFormat = [{
    $sym_name `:` $type `init` `(` $init (`,` $std^)? `)` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getTensorType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getType());
    }
    /// Elements of this rank's slice.
    int64_t getNumElements() { return getTensorType().getNumElements(); }
  }];
}

def Mtc_ParamRefOp : Mtc_Op<"param_ref",
    [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Reads a parameter's current value";
  let arguments = (ins FlatSymbolRefAttr:$param);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$param attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Forward ops
//===----------------------------------------------------------------------===//

def Mtc_EmbeddingOp : Mtc_Op<"embedding", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Token embedding plus learned position embedding";
  let description = [{
    `out[b, s] = wte[tokens[b, s] - vocab_start] + wpe[s]`. Tokens outside this
    shard's rows `[vocab_start, vocab_start + rows(wte))` contribute zero (the
    vocabulary-parallel embedding all-reduces the shards' sums).
  }];
  let arguments = (ins Mtc_I32Tensor:$tokens, Mtc_F32Tensor:$wte,
                       Optional<Mtc_F32Tensor>:$wpe,
                       DefaultValuedAttr<I64Attr, "0">:$vocab_start);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $tokens `,` $wte (`,` $wpe^)? attr-dict `:` type($tokens) `,` type($wte)
    (`,` type($wpe)^)? `->` type($result)
  }];
}

def Mtc_LayerNormOp : Mtc_Op<"layer_norm", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Layer normalization over the last dimension";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$weight, Mtc_F32Tensor:$bias,
                       DefaultValuedAttr<F64Attr, "1e-5">:$eps);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $weight `,` $bias attr-dict `:` type($input) `,` type($weight)
    `,` type($bias) `->` type($result)
  }];
}

def Mtc_LinearOp : Mtc_Op<"linear", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_CostOpInterface, ["getForwardFlops"]>, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "y = x W + b over the last dimension";
  let description = [{
    `weight` is `[in, out]` (GPT-2's Conv1D layout) or, with
    `transpose_weight`, `[out, in]`: the tied output layer reads the
    `[vocab, hidden]` embedding table that way.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$weight,
                       Optional<Mtc_F32Tensor>:$bias, UnitAttr:$transpose_weight);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? attr-dict `:` type($input) `,`
    type($weight) (`,` type($bias)^)? `->` type($result)
  }];
}

def Mtc_GeluOp : Mtc_Op<"gelu", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>, DeclareOpInterfaceMethods<Mtc_TensorParallelOpInterface, ["getColumnInputs"]>,
    Pure, SameOperandsAndResultType]> {
  let summary = "GeLU: the tanh approximation, or with `exact` x * Phi(x)";
  let description = [{
    Without `exact`, `0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))` (GPT-2's
    "gelu_new", Megatron-LM's --openai-gelu); with it, `0.5 x (1 + erf(x /
    sqrt(2)))` (PyTorch's and BERT's "gelu").
  }];
  let arguments = (ins Mtc_F32Tensor:$input, UnitAttr:$exact);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Mtc_SquaredReluOp : Mtc_Op<"squared_relu", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>, DeclareOpInterfaceMethods<Mtc_TensorParallelOpInterface, ["getColumnInputs"]>,
    Pure, SameOperandsAndResultType]> {
  let summary = "Squared ReLU: max(x, 0)^2";
  let description = [{
    The MLP activation of Primer (So et al. 2021): Hugging Face's "relu2",
    Megatron-LM's --squared-relu. Element-wise like `mtc.gelu`, so it anchors
    the MLP's tensor-parallel region the same way, and its backward
    (`mtc.squared_relu_grad`) reads its input.
  }];
  let arguments = (ins Mtc_F32Tensor:$input);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  // Every rule of the op is here: it needs no other compiler source.
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::buildGradient(::mtc::GradientBuilder &g) {
      g.addGrad(getInput(), SquaredReluGradOp::create(g.builder(), getLoc(), g.save(getInput()),
                                                      g.gradOf(getResult())));
      return ::mlir::success();
    }
    ::llvm::SmallVector<::mlir::Value> $cppClass::getColumnInputs() { return {getInput()}; }
    ::mlir::LogicalResult $cppClass::emitStep(const ::mtc::StepOperands &operands,
                                              ::mtc::pb::Step &step) {
      auto *k = step.mutable_squared_relu();
      k->set_x(operands.buffer(getInput()));
      k->set_y(operands.buffer(getResult()));
      return ::mlir::success();
    }
  }];
}

def Mtc_DropoutOp : Mtc_Op<"dropout", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, SameOperandsAndResultType]> {
  let summary = "Dropout with a counter-based mask";
  let description = [{
    The mask is drawn from Philox keyed by (run seed, `stream`) at the element's
    position, so it can be regenerated: applied to the output gradient with the
    same stream it is its own backward.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, F64Attr:$rate, I64Attr:$stream);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Mtc_AddOp : Mtc_Op<"add", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "Element-wise sum (residual connections, gradient fan-in)";
  let arguments = (ins Mtc_F32Tensor:$lhs, Mtc_F32Tensor:$rhs);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Mtc_AttentionOp : Mtc_Op<"attention", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_CostOpInterface, ["getForwardFlops"]>, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>, DeclareOpInterfaceMethods<Mtc_TensorParallelOpInterface, ["getColumnInputs", "shardHeads"]>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Core attention on a packed QKV tensor";
  let description = [{
    `qkv` is `[b, s, heads * 3 * head_dim]` in Megatron-LM's layout (each head's
    q, k and v adjacent), so splitting by whole heads is a contiguous slice.
    Results: the context `[b, s, heads * head_dim]` and the log-sum-exp of each
    query's scores `[b, heads, s]`, kept for the backward pass.

    With `lengths` (`[b]`, BERT's padding), sample `i` attends only to keys at
    positions below `lengths[i]`: padding is a suffix of every sample.

    Grouped-query attention (`kv_heads` < `heads`, LLaMA's
    `num_key_value_heads`): `qkv` is `[b, s, (heads + 2 * kv_heads) *
    head_dim]` in Megatron-LM's grouped layout, `kv_heads` groups of the
    group's `heads / kv_heads` query heads, then its key head, then its value
    head; with `kv_heads` = 0 (or `heads`) that is the per-head layout above.
    Splitting by whole groups is again a contiguous slice.

    With `context_parallel` = c > 1 (`--mtc-context-parallel`) every sequence
    is split over c ranks: `qkv` holds this rank's s = seq / c tokens of each
    sample (mtc/Plan/ContextSplit.h says which positions), and the op is
    attention over the whole sequence, key/value blocks passed around the
    ring of the c ranks; results hold the local rows.
  }];
  let arguments = (ins Mtc_F32Tensor:$qkv, Optional<Mtc_I32Tensor>:$lengths,
                       I64Attr:$heads, I64Attr:$head_dim,
                       BoolAttr:$causal, F64Attr:$scale,
                       DefaultValuedAttr<F64Attr, "0.0">:$dropout,
                       DefaultValuedAttr<I64Attr, "0">:$stream,
                       DefaultValuedAttr<I64Attr, "0">:$kv_heads,
                       DefaultValuedAttr<I64Attr, "1">:$context_parallel);
  let results = (outs Mtc_F32Tensor:$result, Mtc_F32Tensor:$lse);
  let assemblyFormat = [{
    $qkv (`,` $lengths^)? attr-dict `:` type($qkv) (`,` type($lengths)^)? `->`
    type($result) `,` type($lse)
  }];
}

def Mtc_TokenTypeAddOp : Mtc_Op<"token_type_add", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Adds BERT's token-type (segment) embedding";
  let description = [{
    `out[b, s] = input[b, s] + table[types[b, offset + s]]`. `types` covers the
    whole sequence; on a sequence-parallel shard (`input` has fewer positions
    than `types`) the offset is the shard's first position, which the runtime
    takes from the rank's place in its tensor group.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_I32Tensor:$types,
                       Mtc_F32Tensor:$table);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $types `,` $table attr-dict `:` type($input) `,` type($types) `,`
    type($table) `->` type($result)
  }];
}

def Mtc_FirstTokenOp : Mtc_Op<"first_token", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "The hidden state of each sample's first position ([CLS])";
  let description = [{
    `[b, s, h] -> [b, 1, h]`, BERT's pooler input. With `sequence_shard` the
    input is a sequence-parallel shard: the rank holding position 0 copies it,
    the others write zeros, and a following tensor all-reduce gives every rank
    the value.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, UnitAttr:$sequence_shard);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Mtc_TanhOp : Mtc_Op<"tanh", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, SameOperandsAndResultType]> {
  let summary = "Element-wise tanh (BERT's pooler)";
  let arguments = (ins Mtc_F32Tensor:$input);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Mtc_RmsNormOp : Mtc_Op<"rms_norm", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "RMS normalization over the last dimension (LLaMA's RMSNorm)";
  let description = [{
    `y = x / sqrt(mean(x^2) + eps) * weight`: no centring and no bias.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$weight,
                       DefaultValuedAttr<F64Attr, "1e-5">:$eps);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $weight attr-dict `:` type($input) `,` type($weight) `->` type($result)
  }];
}

def Mtc_RotaryOp : Mtc_Op<"rotary", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>, DeclareOpInterfaceMethods<Mtc_TensorParallelOpInterface, ["shardHeads"]>,
    Pure, SameOperandsAndResultType]> {
  let summary = "Rotary position embedding of the query and key heads";
  let description = [{
    Rotates every query and key head of a packed QKV tensor (the layout of
    `mtc.attention`, grouped when `kv_heads` < `heads`; value heads pass
    through) by the angle `position * theta^(-2i / head_dim)` of each pair
    `(i, i + head_dim / 2)` (Hugging Face's `rotate_half` layout). Positions
    are the sequence index. With `inverse` the rotation is by the negative
    angle: rotations are orthogonal, so that is the gradient.
  }];
  let arguments = (ins Mtc_F32Tensor:$input, I64Attr:$heads, I64Attr:$kv_heads,
                       I64Attr:$head_dim, F64Attr:$theta, UnitAttr:$inverse);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Mtc_SwigluOp : Mtc_Op<"swiglu", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface>, DeclareOpInterfaceMethods<Mtc_TensorParallelOpInterface, ["getColumnInputs"]>,
    Pure, SameOperandsAndResultType]> {
  let summary = "SwiGLU's gate: silu(gate) * up";
  let description = [{
    LLaMA's MLP is `down(swiglu(gate(x), up(x)))`; `gate` and `up` are the
    outputs of two column-parallel linears, so under tensor parallelism each
    rank holds matching slices of both.
  }];
  let arguments = (ins Mtc_F32Tensor:$gate, Mtc_F32Tensor:$up);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$gate `,` $up attr-dict `:` type($gate)";
}

def Mtc_CrossEntropyOp : Mtc_Op<"cross_entropy", [Mtc_KernelStep, DeclareOpInterfaceMethods<Mtc_DifferentiableOpInterface, ["seedsGradient"]>,
    Pure, InferTypeOpAdaptor]> {
  let summary = "Mean token cross-entropy of logits against targets";
  let description = [{
    Columns at or past `valid_vocab - vocab_start` are vocabulary padding and
    take no part. Targets below zero are not counted (BERT's unmasked tokens).
    With a vocabulary-split `logits` (`vocab_parallel`, set by
    --mtc-tensor-parallel), each tensor rank holds a shard of the columns and
    `vocab_start` is the shard's first id; without it the logits are whole on
    every rank (BERT's sentence-order head).
  }];
  let arguments = (ins Mtc_F32Tensor:$logits, Mtc_I32Tensor:$targets,
                       I64Attr:$valid_vocab,
                       DefaultValuedAttr<I64Attr, "0">:$vocab_start,
                       UnitAttr:$vocab_parallel);
  let results = (outs 0DTensorOf<[F32]>:$loss);
  let assemblyFormat = [{
    $logits `,` $targets attr-dict `:` type($logits) `,` type($targets) `->` type($loss)
  }];
}

//===----------------------------------------------------------------------===//
// Transformer layers
//===----------------------------------------------------------------------===//

def Mtc_LayerOp : Mtc_Op<"layer", [IsolatedFromAbove, SingleBlock,
                                   RecursiveMemoryEffects]> {
  let summary = "One transformer layer (or its backward) as an isolated region";
  let description = [{
    ```mlir
    %y = mtc.layer "h.0" (%x) : (tensor<1x64x128xf32>) -> tensor<1x64x128xf32> {
    ^bb0(%in: tensor<1x64x128xf32>):
      ...
      mtc.yield %out : tensor<1x64x128xf32>
    }
    ```
    Isolated from above: parameters are read by symbol inside, activations come
    in as operands. `index` is the layer's position in the model, used by
    pipeline partitioning; `backward` marks the region autodiff built for it.
  }];
  let arguments = (ins StrAttr:$layer_name, I64Attr:$index,
                       UnitAttr:$backward, Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $layer_name `(` $inputs `)` attr-dict `:` functional-type($inputs, results) $body
  }];
  let hasVerifier = 1;
}

def Mtc_YieldOp : Mtc_Op<"yield", [Pure, Terminator, ReturnLike,
                                   HasParent<"LayerOp">]> {
  let summary = "Returns a layer's results";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Gradient ops (built by --mtc-autodiff)
//===----------------------------------------------------------------------===//

def Mtc_EmbeddingGradOp : Mtc_Op<"embedding_grad",
    [Mtc_KernelStep, AccumulatesGrad, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Accumulates the embedding tables' gradients";
  let arguments = (ins Mtc_I32Tensor:$tokens, Mtc_F32Tensor:$grad,
                       FlatSymbolRefAttr:$wte, OptionalAttr<FlatSymbolRefAttr>:$wpe,
                       DefaultValuedAttr<I64Attr, "0">:$vocab_start);
  let assemblyFormat = "$tokens `,` $grad attr-dict `:` type($tokens) `,` type($grad)";
}

def Mtc_LayerNormGradInputOp : Mtc_Op<"layer_norm_dx", [Mtc_KernelStep, Pure]> {
  let summary = "Layer norm's input gradient (statistics recomputed from x)";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$weight, Mtc_F32Tensor:$grad,
                       DefaultValuedAttr<F64Attr, "1e-5">:$eps);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $weight `,` $grad attr-dict `:` type($input) `,` type($weight)
    `,` type($grad) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mtc_LayerNormGradWeightOp : Mtc_Op<"layer_norm_dw",
    [Mtc_KernelStep, AccumulatesGrad, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Accumulates layer norm's weight and bias gradients";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$grad,
                       FlatSymbolRefAttr:$weight, FlatSymbolRefAttr:$bias,
                       DefaultValuedAttr<F64Attr, "1e-5">:$eps);
  let assemblyFormat = "$input `,` $grad attr-dict `:` type($input) `,` type($grad)";
}

def Mtc_LinearGradInputOp : Mtc_Op<"linear_dx", [Mtc_KernelStep, Pure]> {
  let summary = "dX = dY W^T";
  let arguments = (ins Mtc_F32Tensor:$grad, Mtc_F32Tensor:$weight, UnitAttr:$transpose_weight);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $grad `,` $weight attr-dict `:` type($grad) `,` type($weight) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mtc_LinearGradWeightOp : Mtc_Op<"linear_dw",
    [Mtc_KernelStep, AccumulatesGrad, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Accumulates dW = X^T dY and db = sum(dY)";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$grad,
                       FlatSymbolRefAttr:$weight, OptionalAttr<FlatSymbolRefAttr>:$bias,
                       UnitAttr:$transpose_weight);
  let assemblyFormat = "$input `,` $grad attr-dict `:` type($input) `,` type($grad)";
}

def Mtc_GeluGradOp : Mtc_Op<"gelu_grad", [Mtc_KernelStep, Pure, AllTypesMatch<["input", "grad", "result"]>]> {
  let summary = "GeLU's input gradient";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$grad, UnitAttr:$exact);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input `,` $grad attr-dict `:` type($input)";
}

def Mtc_SquaredReluGradOp : Mtc_Op<"squared_relu_grad",
    [Mtc_KernelStep, Pure, AllTypesMatch<["input", "grad", "result"]>]> {
  let summary = "Squared ReLU's input gradient: 2 max(x, 0) dy";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$grad);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$input `,` $grad attr-dict `:` type($input)";
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::emitStep(const ::mtc::StepOperands &operands,
                                              ::mtc::pb::Step &step) {
      auto *k = step.mutable_squared_relu_backward();
      k->set_x(operands.buffer(getInput()));
      k->set_dy(operands.buffer(getGrad()));
      k->set_dx(operands.buffer(getResult()));
      return ::mlir::success();
    }
  }];
}

def Mtc_AttentionGradOp : Mtc_Op<"attention_grad", [Mtc_KernelStep, Pure]> {
  let summary = "Core attention's gradient with respect to the packed QKV";
  let arguments = (ins Mtc_F32Tensor:$qkv, Mtc_F32Tensor:$out, Mtc_F32Tensor:$lse,
                       Mtc_F32Tensor:$grad, Optional<Mtc_I32Tensor>:$lengths,
                       I64Attr:$heads, I64Attr:$head_dim,
                       BoolAttr:$causal, F64Attr:$scale,
                       DefaultValuedAttr<F64Attr, "0.0">:$dropout,
                       DefaultValuedAttr<I64Attr, "0">:$stream,
                       DefaultValuedAttr<I64Attr, "0">:$kv_heads,
                       DefaultValuedAttr<I64Attr, "1">:$context_parallel);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $qkv `,` $out `,` $lse `,` $grad (`,` $lengths^)? attr-dict `:` type($qkv) `,`
    type($out) `,` type($lse) `,` type($grad) (`,` type($lengths)^)? `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mtc_TokenTypeAddGradOp : Mtc_Op<"token_type_add_grad",
    [Mtc_KernelStep, AccumulatesGrad, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Accumulates the token-type table's gradient";
  let arguments = (ins Mtc_I32Tensor:$types, Mtc_F32Tensor:$grad,
                       FlatSymbolRefAttr:$table);
  let assemblyFormat = "$types `,` $grad attr-dict `:` type($types) `,` type($grad)";
}

def Mtc_FirstTokenGradOp : Mtc_Op<"first_token_grad", [Mtc_KernelStep, Pure]> {
  let summary = "Scatters the pooled gradient back to position 0";
  let arguments = (ins Mtc_F32Tensor:$grad, UnitAttr:$sequence_shard);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$grad attr-dict `:` type($grad) `->` type($result)";
  let hasVerifier = 1;
}

def Mtc_TanhGradOp : Mtc_Op<"tanh_grad", [Mtc_KernelStep, Pure, AllTypesMatch<["output", "grad", "result"]>]> {
  let summary = "tanh's input gradient from its output: dy * (1 - y^2)";
  let arguments = (ins Mtc_F32Tensor:$output, Mtc_F32Tensor:$grad);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = "$output `,` $grad attr-dict `:` type($output)";
}

def Mtc_RmsNormGradInputOp : Mtc_Op<"rms_norm_dx", [Mtc_KernelStep, Pure]> {
  let summary = "RMS norm's input gradient (statistics recomputed from x)";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$weight, Mtc_F32Tensor:$grad,
                       DefaultValuedAttr<F64Attr, "1e-5">:$eps);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $input `,` $weight `,` $grad attr-dict `:` type($input) `,` type($weight)
    `,` type($grad) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mtc_RmsNormGradWeightOp : Mtc_Op<"rms_norm_dw",
    [Mtc_KernelStep, AccumulatesGrad, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Accumulates RMS norm's weight gradient";
  let arguments = (ins Mtc_F32Tensor:$input, Mtc_F32Tensor:$grad,
                       FlatSymbolRefAttr:$weight,
                       DefaultValuedAttr<F64Attr, "1e-5">:$eps);
  let assemblyFormat = "$input `,` $grad attr-dict `:` type($input) `,` type($grad)";
}

def Mtc_SwigluGradOp : Mtc_Op<"swiglu_grad",
    [Mtc_KernelStep, Pure, AllTypesMatch<["gate", "up", "grad", "gate_grad", "up_grad"]>]> {
  let summary = "SwiGLU's gradients with respect to gate and up";
  let arguments = (ins Mtc_F32Tensor:$gate, Mtc_F32Tensor:$up, Mtc_F32Tensor:$grad);
  let results = (outs Mtc_F32Tensor:$gate_grad, Mtc_F32Tensor:$up_grad);
  let assemblyFormat = "$gate `,` $up `,` $grad attr-dict `:` type($gate)";
}

def Mtc_CrossEntropyGradOp : Mtc_Op<"cross_entropy_grad", [Mtc_KernelStep, Pure]> {
  let summary = "The gradient of the mean loss with respect to the logits";
  let description = [{
    Seeds the backward pass: the runtime scales it by 1 / (micro-batches per
    step) and the loss scale.
  }];
  let arguments = (ins Mtc_F32Tensor:$logits, Mtc_I32Tensor:$targets,
                       I64Attr:$valid_vocab,
                       DefaultValuedAttr<I64Attr, "0">:$vocab_start,
                       UnitAttr:$vocab_parallel);
  let results = (outs Mtc_F32Tensor:$result);
  let assemblyFormat = [{
    $logits `,` $targets attr-dict `:` type($logits) `,` type($targets) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Optimizer
//===----------------------------------------------------------------------===//

def Mtc_AdamWOp : Mtc_Op<"adamw", [HasParent<"::mlir::ModuleOp">]> {
  let summary = "The optimizer every parameter is trained with";
  let description = [{
    AdamW with decoupled weight decay (not applied to `no_decay` parameters),
    global-norm gradient clipping, and a learning rate that warms up linearly
    and then follows `decay_style` to `min_lr` over `decay_steps` (warm-up
    included; 0: the run's iterations), as Megatron-LM's --lr-decay-style:
    `constant`, `linear`, `cosine` (the default, Megatron's GPT recipes),
    `inverse-square-root` or `WSD` (warmup-stable-decay: constant until the
    last `wsd_decay_steps`, which decay along `wsd_decay_style`: `linear`,
    `cosine`, `exponential` or `minus_sqrt`).
  }];
  let arguments = (ins F64Attr:$lr, F64Attr:$min_lr, I64Attr:$warmup_steps,
                       I64Attr:$decay_steps, F64Attr:$beta1, F64Attr:$beta2,
                       F64Attr:$eps, F64Attr:$weight_decay, F64Attr:$clip_grad,
                       DefaultValuedAttr<StrAttr, "\"cosine\"">:$decay_style,
                       DefaultValuedAttr<I64Attr, "0">:$wsd_decay_steps,
                       DefaultValuedAttr<StrAttr, "\"exponential\"">:$wsd_decay_style);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

// Communication ops of the parallel layouts, kept in their own files.
include "MtcTensorParallelOps.td"
include "MtcPipelineOps.td"
include "MtcMoeOps.td"

#endif // MTC_OPS_TD
