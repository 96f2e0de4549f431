//===- MtcAttrs.td - mtc attributes -------------------------*- tablegen -*-===//
#ifndef MTC_ATTRS_TD
#define MTC_ATTRS_TD

include "MtcDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class Mtc_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Mtc_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Mtc_InitKind : I32EnumAttr<"InitKind", "parameter initialization",
    [I32EnumAttrCase<"normal", 0>, I32EnumAttrCase<"zeros", 1>,
     I32EnumAttrCase<"ones", 2>]> {
  let cppNamespace = "::mtc";
}

def Mtc_ModelAttr : Mtc_Attr<"Model", "model"> {
  let summary = "The hyper-parameters a model was built from";
  let description = [{
    Attached to the module as `mtc.model`. `vocab` is the real vocabulary;
    `padded_vocab` the rows of the embedding table (Megatron pads to a multiple
    of 128 x tensor-parallel size). `seq` and `micro_batch` are the shapes the
    activations currently have (see `--mtc-set-shape`).

    `kv_heads` is the number of key/value heads (grouped-query attention,
    LLaMA's `num_key_value_heads`); 0, the default, means one per query head.

    Verified when parsed or built: `arch` is `gpt`, `bert` or `llama`; every size is
    between 1 and 2^31 - 1 (`layers` may be 0); `heads` divides `hidden`;
    `kv_heads` (when not 0) divides `heads`; `vocab <= padded_vocab`;
    `seq <= positions`; and the largest tensors' bytes (activations, logits,
    embedding tables, weights) fit in int64, errors naming the product. On a
    module, the forward `mtc.layer`s of a function with any are exactly
    `layers` many, with the indices 0 to `layers - 1` once each.
  }];
  let parameters = (ins
    StringRefParameter<"model name">:$name,
    StringRefParameter<"gpt, bert or llama">:$arch,
    "int64_t":$layers, "int64_t":$hidden, "int64_t":$heads, "int64_t":$ffn,
    "int64_t":$vocab, "int64_t":$padded_vocab, "int64_t":$positions,
    "int64_t":$seq, "int64_t":$micro_batch,
    DefaultValuedParameter<"int64_t", "0">:$kv_heads);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Key/value heads with the default resolved.
    int64_t getKeyValueHeads() const { return getKvHeads() ? getKvHeads() : getHeads(); }
    /// The same model with activations of `seq` x `microBatch` (verified:
    /// null, with the error emitted, when a size no longer fits).
    ModelAttr withShape(::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
                        int64_t seq, int64_t microBatch) const;
    /// The same model with an embedding table of `paddedVocab` rows.
    ModelAttr withPaddedVocab(int64_t paddedVocab) const;
    /// What keeps a tensor-parallel split by `t` from giving every rank whole
    /// heads, key/value groups and equal hidden and FFN shares (Megatron-LM's
    /// constraints; the vocabulary is padded, not checked here), one message
    /// each. The one place these are checked.
    ::llvm::SmallVector<std::string> tensorParallelProblems(int64_t t) const;
    /// The tensor-parallel sizes tensorParallelProblems has nothing against:
    /// the divisors of heads, key/value heads and FFN size (hidden is a
    /// multiple of heads), ascending.
    ::llvm::SmallVector<int64_t> tensorParallelSizes() const;
  }];
}

def Mtc_ParallelAttr : Mtc_Attr<"Parallel", "parallel"> {
  let summary = "How the model is split: tensor, pipeline, virtual, data, context sizes and batches";
  let description = [{
    Attached to the module as `mtc.parallel` by `--mtc-verify-config` once the
    combination has been checked. `sequence_parallel` is 0 or 1; every other
    field is between 1 and 2^31 - 1, and so is the world size
    tp x cp x pp x dp. `cp` (context parallelism, default 1) splits every
    sequence over cp ranks (`--mtc-context-parallel`). `ep` (expert
    parallelism, default 1) spreads each MoE layer's experts over ep of the
    data (and context) ranks (`--mtc-expert-parallel`, RankGrid's expert
    groups); it divides cp x dp.
  }];
  let parameters = (ins "int64_t":$tp, "int64_t":$pp, "int64_t":$vp,
                        "int64_t":$dp, "int64_t":$micro_batch,
                        "int64_t":$global_batch, "int64_t":$sequence_parallel,
                        DefaultValuedParameter<"int64_t", "1">:$cp,
                        DefaultValuedParameter<"int64_t", "1">:$ep);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // MTC_ATTRS_TD
