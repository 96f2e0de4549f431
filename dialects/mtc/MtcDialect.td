//===- MtcDialect.td - the mtc dialect ---------------------*- tablegen -*-===//
#ifndef MTC_DIALECT_TD
#define MTC_DIALECT_TD

include "mlir/IR/OpBase.td"

def Mtc_Dialect : Dialect {
  let name = "mtc";
  let cppNamespace = "::mtc";
  let summary = "Transformer training graphs at the level Megatron-LM works at";
  let description = [{
    A model is a module of `mtc.param` symbols (shape, element type and an
    initialization spec) and a `@forward` function from token ids and targets to
    the loss. Each transformer layer is an isolated `mtc.layer` region, so
    passes can move, partition and differentiate whole layers. Tensors are
    values; parameters and their gradients are named by symbol.
  }];
  let useDefaultAttributePrinterParser = 1;
  // Checks the `mtc.*` attributes passes leave on modules and ops.
  let hasOperationAttrVerify = 1;
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

class Mtc_Op<string mnemonic, list<Trait> traits = []>
    : Op<Mtc_Dialect, mnemonic, traits>;

#endif // MTC_DIALECT_TD
