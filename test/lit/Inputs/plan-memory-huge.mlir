// Input of mtc-plan-memory.mlir: a buffer whose bytes overflow int64 (its
// size used to wrap around into the arena's offsets and the report).
// expected-error @+1 {{buffer 'targets' is larger than 281474976710656 bytes (or its size overflows int64)}}
func.func @train_step(%t: tensor<1x4xi32>, %x: tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  %y = mtc.add %x, %x : tensor<4294967296x4294967296xf32>
  return %y : tensor<4294967296x4294967296xf32>
}
