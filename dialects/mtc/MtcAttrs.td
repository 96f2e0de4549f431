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

    Verified when parsed or built: `arch` is `gpt` or `bert`; every size is
    between 1 and 2^31 - 1 (`layers` may be 0); `heads` divides `hidden`; `vocab <= padded_vocab`;
    `seq <= positions`; and the largest tensors' bytes (activations, logits,
    embedding tables, weights) fit in int64, errors naming the product. On a
    module, the forward `mtc.layer`s of a function with any are exactly
    `layers` many, with the indices 0 to `layers - 1` once each.
  }];
  let parameters = (ins
    StringRefParameter<"model name">:$name,
    StringRefParameter<"gpt or bert">:$arch,
    "int64_t":$layers, "int64_t":$hidden, "int64_t":$heads, "int64_t":$ffn,
    "int64_t":$vocab, "int64_t":$padded_vocab, "int64_t":$positions,
    "int64_t":$seq, "int64_t":$micro_batch);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Mtc_ParallelAttr : Mtc_Attr<"Parallel", "parallel"> {
  let summary = "How the model is split: tensor, pipeline, virtual, data sizes and batches";
  let description = [{
    Attached to the module as `mtc.parallel` by `--mtc-verify-config` once the
    combination has been checked. `sequence_parallel` is 0 or 1; every other
    field is between 1 and 2^31 - 1, and so is the world size tp x pp x dp.
  }];
  let parameters = (ins "int64_t":$tp, "int64_t":$pp, "int64_t":$vp,
                        "int64_t":$dp, "int64_t":$micro_batch,
                        "int64_t":$global_batch, "int64_t":$sequence_parallel);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // MTC_ATTRS_TD
