// RUN: %mtc-import --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 -o %t.model.mlir
// RUN: %mtc-opt %t.model.mlir --mtc-verify-config=dp=2 --mtc-data-parallel="precision=bf16 bucket-mb=0.25 report=true" | FileCheck %s
// RUN: %mtc-opt %t.model.mlir --mtc-verify-config=dp=2 --mtc-data-parallel=report=true -o /dev/null | FileCheck %s --check-prefix=FP32
// RUN: not %mtc-opt %t.model.mlir --mtc-data-parallel=precision=fp8 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADPREC
// RUN: not %mtc-opt %t.model.mlir --mtc-data-parallel=bucket-mb=-1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADBUCKET
// NaN and sizes past int64 bytes used to be cast to int64 as they were.
// RUN: not %mtc-opt %t.model.mlir --mtc-data-parallel=bucket-mb=nan -o /dev/null 2>&1 | FileCheck %s --check-prefix=NANBUCKET
// NANBUCKET: error: --mtc-data-parallel: bucket-mb must be between 0 and 8.000000e+12 (got nan)
// RUN: not %mtc-opt %t.model.mlir --mtc-data-parallel=bucket-mb=1e300 -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGEBUCKET
// HUGEBUCKET: error: --mtc-data-parallel: bucket-mb must be between 0 and 8.000000e+12 (got 1.000000e+300)
//
// Data parallelism keeps the per-rank program: the pass records the precision
// and the gradient bucket size (0.25 MiB = 262144 B) for the plan, and the
// replicated optimizer's 18 bytes per parameter in bf16 (16 in fp32).
// CHECK: training state: bf16 parameters, fp32 gradients, replicated optimizer, data-parallel 2
// CHECK-NEXT: bytes per parameter: 18 (params 2 + grads 4 + master 4 + optimizer 8)
// CHECK-NEXT: per rank: params 215040 B, grads 430080 B, master 430080 B, optimizer 860160 B
// CHECK: module attributes {
// CHECK-SAME: mtc.training_state = {bucket_bytes = 262144 : i64, bytes_per_param = 1.800000e+01 : f64, data_parallel = 2 : i64, distributed_optimizer = false
// CHECK-SAME: precision = "bf16"}
// FP32: bytes per parameter: 16 (params 4 + grads 4 + master 0 + optimizer 8)
// BADPREC: error: --mtc-data-parallel: precision 'fp8' is unknown (fp32, bf16 or fp16)
// BADBUCKET: error: --mtc-data-parallel: bucket-mb must be between 0 and 8.000000e+12 (got -1
