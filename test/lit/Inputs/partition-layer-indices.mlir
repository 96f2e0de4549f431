// Inputs of mtc-pipeline-partition.mlir: @train_step without an mtc.model,
// whose layer indices the partition pass checks itself.

func.func @train_step(%x: tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  %a = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  ^bb0(%in: tensor<1x4x4xf32>):
    mtc.yield %in : tensor<1x4x4xf32>
  }
  // expected-error @+1 {{'mtc.layer' op --mtc-pipeline-partition: index 5 is not one of the 2 forward layers' indices 0 to 1}}
  %b = mtc.layer "h.5"(%a) {index = 5 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  ^bb0(%in: tensor<1x4x4xf32>):
    mtc.yield %in : tensor<1x4x4xf32>
  }
  return %b : tensor<1x4x4xf32>
}

// -----

func.func @train_step(%x: tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  %a = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  ^bb0(%in: tensor<1x4x4xf32>):
    mtc.yield %in : tensor<1x4x4xf32>
  }
  // expected-error @+1 {{'mtc.layer' op --mtc-pipeline-partition: index 0 is used by two forward layers}}
  %b = mtc.layer "h.1"(%a) {index = 0 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  ^bb0(%in: tensor<1x4x4xf32>):
    mtc.yield %in : tensor<1x4x4xf32>
  }
  return %b : tensor<1x4x4xf32>
}

// -----

// A backward layer naming a forward layer that does not exist.
func.func @train_step(%x: tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  %a = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  ^bb0(%in: tensor<1x4x4xf32>):
    mtc.yield %in : tensor<1x4x4xf32>
  }
  // expected-error @+1 {{'mtc.layer' op --mtc-pipeline-partition: index 7 is not one of the 1 forward layers' indices 0 to 0}}
  %b = mtc.layer "h.7"(%a) {backward, index = 7 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  ^bb0(%in: tensor<1x4x4xf32>):
    mtc.yield %in : tensor<1x4x4xf32>
  }
  return %b : tensor<1x4x4xf32>
}
