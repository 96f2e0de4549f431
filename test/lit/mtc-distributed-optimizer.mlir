// RUN: %mtc-import --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 -o %t.model.mlir
// RUN: %mtc-opt %t.model.mlir --mtc-verify-config=dp=1 --mtc-data-parallel=precision=bf16 --mtc-distributed-optimizer=report=true -o /dev/null | FileCheck %s --check-prefix=D1
// RUN: %mtc-opt %t.model.mlir --mtc-verify-config=dp=2 --mtc-data-parallel=precision=bf16 --mtc-distributed-optimizer=report=true -o /dev/null | FileCheck %s --check-prefix=D2
// RUN: %mtc-opt %t.model.mlir --mtc-verify-config=dp=4 --mtc-data-parallel=precision=bf16 --mtc-distributed-optimizer=report=true -o /dev/null | FileCheck %s --check-prefix=D4
// RUN: %mtc-opt %t.model.mlir --mtc-verify-config=dp=8 --mtc-data-parallel=precision=bf16 --mtc-distributed-optimizer=report=true -o /dev/null | FileCheck %s --check-prefix=D8
// RUN: %mtc-opt %t.model.mlir --mtc-verify-config=dp=2 --mtc-data-parallel=precision=bf16 --mtc-distributed-optimizer | FileCheck %s --check-prefix=ATTR
// RUN: %mtc-opt %t.model.mlir --mtc-verify-config=dp=2 --mtc-distributed-optimizer=report=true -o /dev/null | FileCheck %s --check-prefix=FP32
//
// 107520 parameter elements (GPT, 2 layers, hidden 64, vocabulary 100,
// positions 16). bf16 compute copy 2 B, fp32 gradient 4 B, and the fp32
// master weights (4 B) and AdamW moments (8 B) sharded over d data ranks:
// 6 + 12/d bytes per parameter, against 18 with the replicated optimizer.
// D1: distributed optimizer over 1 data ranks
// D1-NEXT: bytes per parameter: 18 (params 2 + grads 4 + master 4 + optimizer 8)
// D1-NEXT: per rank: params 215040 B, grads 430080 B, master 430080 B, optimizer 860160 B
// D2: bytes per parameter: 12 (params 2 + grads 4 + master 2 + optimizer 4)
// D2-NEXT: per rank: params 215040 B, grads 430080 B, master 215040 B, optimizer 430080 B
// D4: bytes per parameter: 9 (params 2 + grads 4 + master 1 + optimizer 2)
// D4-NEXT: per rank: params 215040 B, grads 430080 B, master 107520 B, optimizer 215040 B
// D8: bytes per parameter: 7.5 (params 2 + grads 4 + master 0.5 + optimizer 1)
// D8-NEXT: per rank: params 215040 B, grads 430080 B, master 53760 B, optimizer 107520 B
// ATTR: mtc.training_state = {bucket_bytes = 4194304 : i64, bytes_per_param = 1.200000e+01 : f64, data_parallel = 2 : i64, distributed_optimizer = true, grad_bytes = 430080 : i64, master_bytes = 215040 : i64, optimizer_bytes = 430080 : i64, param_bytes = 215040 : i64, precision = "bf16"}
// In fp32 the parameters are the master weights: 4 + 4 + 8/d.
// FP32: fp32 parameters, fp32 gradients, distributed optimizer over 2 data ranks
// FP32-NEXT: bytes per parameter: 12 (params 4 + grads 4 + master 0 + optimizer 4)
