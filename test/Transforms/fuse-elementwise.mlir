// RUN: dlc-opt %s -split-input-file --dlc-fuse-elementwise | FileCheck %s

#id = affine_map<(i, j) -> (i, j)>
#t = affine_map<(i, j) -> (j, i)>

// A chain (a transpose, an add, a relu) becomes one generic: the
// transpose's input read through the composed map, the bodies inlined in
// order.
// CHECK-DAG: #[[$T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$T]], #[[$ID]], #[[$ID]]]
// CHECK-SAME: ins(%[[X]], %[[Y]] : tensor<3x2xf32>, tensor<2x3xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK: %[[M:.*]] = arith.maximumf %[[S]], %{{.*}} : f32
// CHECK: linalg.yield %[[M]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @chain(%x: tensor<3x2xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %t = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3x2xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t, %y : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %0 = arith.maximumf %a, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// A unit dim read at index 0 (how broadcasts are lowered) still reads each
// element once: fused, the producer's loop for that dim becomes 0.
// CHECK-DAG: #[[$BCAST:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @unit_dim
// CHECK: linalg.generic {indexing_maps = [#[[$BCAST]], #{{.*}}]
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
func.func @unit_dim(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %e = tensor.empty() : tensor<1x4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (0, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x4xf32>
  return %b : tensor<1x4xf32>
}

// -----

// Not fused: a producer with two uses, a consumer that broadcasts the
// producer (it would be recomputed per row), and a reduction consumer.
// CHECK-LABEL: func.func @not_fused
// CHECK-COUNT-5: linalg.generic
func.func @not_fused(%x: tensor<4xf32>, %m: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>, tensor<f32>) {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %twice = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %0 = arith.addf %p, %q : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<3x4xf32>
  %rows = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%b, %m : tensor<4xf32>, tensor<3x4xf32>) outs(%e2 : tensor<3x4xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %0 = arith.mulf %p, %q : f32
    linalg.yield %0 : f32
  } -> tensor<3x4xf32>
  %z = arith.constant dense<0.0> : tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%twice : tensor<4xf32>) outs(%z : tensor<f32>) {
  ^bb0(%p: f32, %acc: f32):
    %0 = arith.addf %p, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  return %twice, %rows, %sum : tensor<4xf32>, tensor<3x4xf32>, tensor<f32>
}

// -----

// A producer of a few arithmetic ops with several elementwise consumers
// is computed again in each (a coordinate that feeds its floor and its
// fraction): no loop nest of its own is left, and the input both copies
// read is one operand of the fused op.
// CHECK-LABEL: func.func @cheap_repeated
// CHECK-SAME: (%[[X:.*]]: tensor<4xf64>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf64>)
// CHECK: %[[C1:.*]] = arith.addf
// CHECK: %[[F:.*]] = math.floor %[[C1]]
// CHECK: %[[C2:.*]] = arith.addf
// CHECK: arith.subf %[[C2]], %[[F]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @cheap_repeated(%x: tensor<4xf64>) -> tensor<4xf64> {
  %half = arith.constant 0.5 : f64
  %e = tensor.empty() : tensor<4xf64>
  %c = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf64>) outs(%e : tensor<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    %0 = arith.addf %in, %half : f64
    linalg.yield %0 : f64
  } -> tensor<4xf64>
  %f = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c : tensor<4xf64>) outs(%e : tensor<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    %0 = math.floor %in : f64
    linalg.yield %0 : f64
  } -> tensor<4xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c, %f : tensor<4xf64>, tensor<4xf64>) outs(%e : tensor<4xf64>) {
  ^bb0(%p: f64, %q: f64, %out: f64):
    %0 = arith.subf %p, %q : f64
    linalg.yield %0 : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// A convolution's activation read by two elementwise ops (a squeeze-
// excitation's pooling input and its scaling) is not computed again in
// them, cheap as it is: it stays the convolution's only reader, an
// epilogue dlc-codegen computes in the convolution's tiles.
// CHECK-LABEL: func.func @epilogue_not_repeated
// CHECK: %[[C:.*]] = linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: %[[A:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<1x4x4x16xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[A]], %{{.*}} : tensor<1x4x4x16xf32>, tensor<16xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[A]] : tensor<1x4x4x16xf32>)
#id4 = affine_map<(n, h, w, c) -> (n, h, w, c)>
#c4 = affine_map<(n, h, w, c) -> (c)>
func.func @epilogue_not_repeated(%x: tensor<1x6x6x16xf32>, %k: tensor<3x3x16xf32>, %s: tensor<16xf32>)
    -> (tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %k : tensor<1x6x6x16xf32>, tensor<3x3x16xf32>) outs(%f : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %a = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c : tensor<1x4x4x16xf32>) outs(%e : tensor<1x4x4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x16xf32>
  %scaled = linalg.generic {indexing_maps = [#id4, #c4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %s : tensor<1x4x4x16xf32>, tensor<16xf32>) outs(%e : tensor<1x4x4x16xf32>) {
  ^bb0(%in: f32, %t: f32, %out: f32):
    %m = arith.mulf %in, %t : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x16xf32>
  %neg = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<1x4x4x16xf32>) outs(%e : tensor<1x4x4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.negf %in : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x16xf32>
  return %scaled, %neg : tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>
}

// -----

// A producer that reads two tensors of its size (a residual sum) is not
// computed again in its readers, cheap as its body is: each would read
// both tensors, and along a chain of residual blocks each block's sum
// would read every earlier block's output. It stays one loop nest, whose
// result the next block's sum reads (with its other tensor).
// CHECK-LABEL: func.func @residual_not_repeated
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<4xf32>)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[S]], %[[C]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<4xf32>)
// CHECK: return %[[T]], %[[N]]
func.func @residual_not_repeated(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %0 = arith.addf %p, %q : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%s, %c : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %0 = arith.addf %p, %q : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%s : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%p: f32, %out: f32):
    %0 = arith.negf %p : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  return %t, %n : tensor<4xf32>, tensor<4xf32>
}

// -----

// A constant broadcast along unit dims (a bias of C x 1 x 1 read at
// (c, 0, 0) in NHWC loops) is read as a 1-D tensor of C at (c), which the
// vectorizer loads whole; the full-sized operand keeps its shape.
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @bias_vector
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x2x4xf32>)
// CHECK: %[[B:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : tensor<4x1x1xf32> into tensor<4xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[$C]], #{{.*}}]{{.*}} ins(%[[X]], %[[B]] : tensor<1x2x2x4xf32>, tensor<4xf32>)
func.func @bias_vector(%x: tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32> {
  %b = arith.constant dense<[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]> : tensor<4x1x1xf32>
  %e = tensor.empty() : tensor<1x2x2x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (0, h, w, c)>, affine_map<(n, h, w, c) -> (c, 0, 0)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %b : tensor<1x2x2x4xf32>, tensor<4x1x1xf32>) outs(%e : tensor<1x2x2x4xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %0 = arith.addf %in, %bias : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x2x4xf32>
  return %r : tensor<1x2x2x4xf32>
}

// -----

// A computed broadcast (a row statistic, which dlc-codegen's row groups
// match in this form) keeps its unit dim.
// CHECK-LABEL: func.func @computed_broadcast
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<4x1xf32>)
func.func @computed_broadcast(%x: tensor<4x8xf32>, %m: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, 0)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x8xf32>, tensor<4x1xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.subf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A producer that reads its loop indices (a gather's coordinates) fused
// into a transpose: its indices become the consumer's loops through the
// transpose (loop 2 of the gather is loop 3 of the transpose), and a unit
// dim the consumer reads at 0 is index 0. (Swin-T's k.transpose(-2, -1)
// of a Gather read the gathered rows untransposed.)
// CHECK-LABEL: func.func @indices_through_transpose
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : tensor<2xi64>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[A:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[B:.*]] = linalg.index 2 : index
// CHECK-DAG: %[[C:.*]] = linalg.index 1 : index
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %[[A]], %[[B]], %[[C]], %[[ZERO]]] : tensor<3x4x5x6x1xf32>
// CHECK-NOT: linalg.generic
func.func @indices_through_transpose(%src: tensor<3x4x5x6x1xf32>, %idx: tensor<2xi64>) -> tensor<4x6x5xf32> {
  %e = tensor.empty() : tensor<4x5x6x1xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (0)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%idx : tensor<2xi64>) outs(%e : tensor<4x5x6x1xf32>) {
  ^bb0(%i: i64, %o: f32):
    %k = arith.index_cast %i : i64 to index
    %a = linalg.index 0 : index
    %b = linalg.index 1 : index
    %c = linalg.index 2 : index
    %d = linalg.index 3 : index
    %v = tensor.extract %src[%k, %a, %b, %c, %d] : tensor<3x4x5x6x1xf32>
    linalg.yield %v : f32
  } -> tensor<4x5x6x1xf32>
  %e2 = tensor.empty() : tensor<4x6x5xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(a, c, b) -> (a, b, c, 0)>, affine_map<(a, c, b) -> (a, c, b)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g : tensor<4x5x6x1xf32>) outs(%e2 : tensor<4x6x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x6x5xf32>
  return %t : tensor<4x6x5xf32>
}

// -----

// A result with several elementwise readers that all read it transposed
// (an SE block's activations: the pooling's transpose to NHWC and the
// scaling before the next convolution) is computed transposed: the
// producer reads its input through the transposed map and the readers
// read its result in place.
// CHECK-DAG: #[[$T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @shared_relayout
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK: %[[A:.*]] = linalg.generic {indexing_maps = [#[[$T]], #[[$ID]]]
// CHECK-SAME: ins(%[[X]] : tensor<3x2xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: math.exp
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]]
// CHECK-SAME: ins(%[[A]] : tensor<2x3xf32>)
// CHECK: %[[M:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]]
// CHECK-SAME: ins(%[[A]], %[[Y]] : tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK: return %[[P]], %[[M]]
func.func @shared_relayout(%x: tensor<3x2xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<3x2xf32>
  %et = tensor.empty() : tensor<2x3xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3x2xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<3x2xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x2xf32>) outs(%et : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %y : tensor<3x2xf32>, tensor<2x3xf32>) outs(%et : tensor<2x3xf32>) {
  ^bb0(%p0: f32, %q: f32, %out: f32):
    %0 = arith.mulf %p0, %q : f32
    linalg.yield %0 : f32
  } -> tensor<2x3xf32>
  return %p, %m : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Readers in different layouts (one transposed, one not) leave the shared
// result as it is.
// CHECK-DAG: #[[$T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @readers_disagree
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32>)
// CHECK: %[[A:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]]
// CHECK-SAME: ins(%[[X]] : tensor<3x2xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$T]], #[[$ID]]]
// CHECK-SAME: ins(%[[A]] : tensor<3x2xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]]
// CHECK-SAME: ins(%[[A]] : tensor<3x2xf32>)
func.func @readers_disagree(%x: tensor<3x2xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
  %e = tensor.empty() : tensor<3x2xf32>
  %et = tensor.empty() : tensor<2x3xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3x2xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<3x2xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x2xf32>) outs(%et : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x2xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.sqrt %in : f32
    linalg.yield %0 : f32
  } -> tensor<3x2xf32>
  return %p, %n : tensor<2x3xf32>, tensor<3x2xf32>
}
