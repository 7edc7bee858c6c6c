// The row-group schedule, run by the transform interpreter as any user
// would: a member that cannot be fused (here a fill no op of the group
// reads) stays outside, and the others are still fused; the schedule
// does not fail.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(transform-preload-library{transform-library-paths=%dlc_src/schedules/rows.mlir}, transform-interpreter)' | FileCheck %s
// CHECK-LABEL: func.func @main
// CHECK: linalg.fill {{.*}}outs(%{{.*}} : tensor<7xf32>)
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (12, 8)
// CHECK: linalg.reduce { arith.maximumf } ins(%{{.*}} : tensor<1x16x128xf32>)
// CHECK: math.exp
// CHECK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<1x16x128xf32>)
// CHECK: arith.divf
// CHECK: scf.forall.in_parallel
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%arg0: tensor<12x128x128xf32>) -> (tensor<12x128x128xf32>, tensor<7xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %e9 = tensor.empty() : tensor<7xf32>
    %u = linalg.fill {dlc.codegen.target = 6} ins(%cst : f32) outs(%e9 : tensor<7xf32>) -> tensor<7xf32>
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<12x128xf32>
    %1 = linalg.fill {dlc.codegen.target = 5} ins(%cst_0 : f32) outs(%0 : tensor<12x128xf32>) -> tensor<12x128xf32>
    %reduced = linalg.reduce { arith.maximumf } ins(%arg0 : tensor<12x128x128xf32>) outs(%1 : tensor<12x128xf32>) dimensions = [2]  {dlc.codegen.target = 4}
    %2 = tensor.empty() : tensor<12x128x128xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %reduced : tensor<12x128x128xf32>, tensor<12x128xf32>) outs(%2 : tensor<12x128x128xf32>) attrs = {dlc.codegen.target = 3} {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %6 = arith.subf %in, %in_3 : f32
      %7 = math.exp %6 : f32
      linalg.yield %7 : f32
    } -> tensor<12x128x128xf32>
    %4 = linalg.fill {dlc.codegen.target = 2} ins(%cst : f32) outs(%0 : tensor<12x128xf32>) -> tensor<12x128xf32>
    %reduced_1 = linalg.reduce { arith.addf } ins(%3 : tensor<12x128x128xf32>) outs(%4 : tensor<12x128xf32>) dimensions = [2]  {dlc.codegen.target = 1}
    %5 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %reduced_1 : tensor<12x128x128xf32>, tensor<12x128xf32>) outs(%2 : tensor<12x128x128xf32>) attrs = {dlc.codegen.target = 0} {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %6 = arith.divf %in, %in_3 : f32
      linalg.yield %6 : f32
    } -> tensor<12x128x128xf32>
    return %5, %u : tensor<12x128x128xf32>, tensor<7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence private @dlc_rows_3d(%root: !transform.any_op {transform.consumed},
      %members: !transform.any_op {transform.readonly}, %t0: !transform.param<i64> {transform.readonly},
      %t1: !transform.param<i64> {transform.readonly}, %t2: !transform.param<i64> {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match attributes {dlc.codegen.target = 0 : i64} in %root : (!transform.any_op) -> !transform.any_op
    %p1 = transform.structured.match attributes {dlc.codegen.target = 1 : i64} in %root : (!transform.any_op) -> !transform.any_op
    %p2 = transform.structured.match attributes {dlc.codegen.target = 2 : i64} in %root : (!transform.any_op) -> !transform.any_op
    %p3 = transform.structured.match attributes {dlc.codegen.target = 3 : i64} in %root : (!transform.any_op) -> !transform.any_op
    %p4 = transform.structured.match attributes {dlc.codegen.target = 4 : i64} in %root : (!transform.any_op) -> !transform.any_op
    %p5 = transform.structured.match attributes {dlc.codegen.target = 5 : i64} in %root : (!transform.any_op) -> !transform.any_op
    %p6 = transform.structured.match attributes {dlc.codegen.target = 6 : i64} in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.merge_handles %p1, %p2, %p6, %p3, %p4, %p5 : !transform.any_op
    %t0 = transform.param.constant 1 : i64 -> !transform.param<i64>
    %t1 = transform.param.constant 16 : i64 -> !transform.param<i64>
    %t2 = transform.param.constant 0 : i64 -> !transform.param<i64>
    transform.include @dlc_rows_3d failures(propagate) (%c, %p, %t0, %t1, %t2)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }
}
