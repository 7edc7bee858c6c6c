// RUN: dlc-opt %s -split-input-file -verify-diagnostics --dlc-codegen='matmul-tiles=8,16' 
// RUN: not dlc-opt %s --dlc-codegen='schedules=%t.missing' 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo 'module attributes {transform.with_named_sequence} {}' > %t.empty.mlir
// RUN: dlc-opt %s --dlc-codegen='schedules=%t.empty.mlir' | FileCheck %s --check-prefix=EMPTY

// MISSING: cannot open '{{.*}}.missing'
// MISSING: cannot read the schedules in '{{.*}}.missing'
// An empty user library leaves DLC's schedules in place.
// EMPTY: vector.outerproduct

func.func @bad_tiles(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{'linalg.matmul' op matmul-tiles must be five positive integers tm,tn,tk,rm,rn, got '8,16'}}
  %y = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}
