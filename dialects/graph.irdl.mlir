// The dlc_graph dialect: model-level operators, what a frontend produces.
//
// Structure only: IRDL checks operand and result counts and the kinds of the
// required attributes. Everything IRDL cannot say (element types, shapes that
// agree, attribute ranges, optional attributes and their defaults, unknown
// attribute names) is checked by DLC's C verifier; docs/GraphDialect.md lists
// every op with its attributes and defaults. Ops are written in generic form:
//   %y = "dlc_graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
// Optional operands and results follow MLIR's segment convention: an op with
// more than one of them carries operandSegmentSizes / resultSegmentSizes.

irdl.dialect @dlc_graph {
  // A constant tensor: `value` is a dense<> or dense_resource<> elements attribute.
  irdl.operation @constant {
    %output = irdl.base "!builtin.tensor"
    %value_dense = irdl.base "#builtin.dense_int_or_fp_elements"
    %value_resource = irdl.base "#builtin.dense_resource_elements"
    %value = irdl.any_of(%value_dense, %value_resource)
    irdl.results(output: %output)
    irdl.attributes {"value" = %value}
  }

  // Elementwise lhs + rhs with numpy broadcasting.
  irdl.operation @add {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise lhs - rhs with numpy broadcasting.
  irdl.operation @sub {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise lhs * rhs with numpy broadcasting.
  irdl.operation @mul {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise lhs / rhs (integer division truncates toward zero) with numpy broadcasting.
  irdl.operation @div {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise base ** exponent with numpy broadcasting; the result has the element type of base.
  irdl.operation @pow {
    %base = irdl.base "!builtin.tensor"
    %exponent = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(base: %base, exponent: %exponent)
    irdl.results(output: %output)
  }

  // Elementwise comparison lhs == rhs with numpy broadcasting; the result is i1.
  irdl.operation @equal {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise comparison lhs > rhs with numpy broadcasting; the result is i1.
  irdl.operation @greater {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise comparison lhs < rhs with numpy broadcasting; the result is i1.
  irdl.operation @less {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise comparison lhs >= rhs with numpy broadcasting; the result is i1.
  irdl.operation @greater_equal {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise comparison lhs <= rhs with numpy broadcasting; the result is i1.
  irdl.operation @less_equal {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise max(lhs, rhs) with numpy broadcasting.
  irdl.operation @max {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise min(lhs, rhs) with numpy broadcasting.
  irdl.operation @min {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise remainder (fmod: C's, else Python's) with numpy broadcasting.
  irdl.operation @mod {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise lhs & rhs with numpy broadcasting.
  irdl.operation @bitwise_and {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise lhs | rhs with numpy broadcasting.
  irdl.operation @bitwise_or {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise lhs ^ rhs with numpy broadcasting.
  irdl.operation @bitwise_xor {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise lhs << rhs or lhs >> rhs (`direction`) of unsigned integers.
  irdl.operation @bit_shift {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %direction = irdl.base "#builtin.string"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
    irdl.attributes {"direction" = %direction}
  }

  // Elementwise logical lhs && rhs with numpy broadcasting.
  irdl.operation @and {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise logical lhs || rhs with numpy broadcasting.
  irdl.operation @or {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise logical lhs != rhs with numpy broadcasting.
  irdl.operation @xor {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // Elementwise input < 0 ? slope * input : input; slope broadcasts to input.
  irdl.operation @prelu {
    %input = irdl.base "!builtin.tensor"
    %slope = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, slope: %slope)
    irdl.results(output: %output)
  }

  // Elementwise max(x, 0).
  irdl.operation @relu {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise x if x >= 0 else alpha * x.
  irdl.operation @leaky_relu {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise 1 / (1 + exp(-x)).
  irdl.operation @sigmoid {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise tanh(x).
  irdl.operation @tanh {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise x * Phi(x), exact or tanh-approximated.
  irdl.operation @gelu {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise erf(x).
  irdl.operation @erf {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise exp(x).
  irdl.operation @exp {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise log(x).
  irdl.operation @log {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise sqrt(x).
  irdl.operation @sqrt {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise -x.
  irdl.operation @neg {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise |x|.
  irdl.operation @abs {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise sin(x).
  irdl.operation @sin {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise cos(x).
  irdl.operation @cos {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise tan(x).
  irdl.operation @tan {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise asin(x).
  irdl.operation @asin {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise acos(x).
  irdl.operation @acos {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise atan(x).
  irdl.operation @atan {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise sinh(x).
  irdl.operation @sinh {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise cosh(x).
  irdl.operation @cosh {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise asinh(x).
  irdl.operation @asinh {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise acosh(x).
  irdl.operation @acosh {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise atanh(x).
  irdl.operation @atanh {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise floor(x).
  irdl.operation @floor {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise ceil(x).
  irdl.operation @ceil {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise round half to even.
  irdl.operation @round {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise sign: 1, -1 or 0.
  irdl.operation @sign {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise logical not.
  irdl.operation @not {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise ~x.
  irdl.operation @bitwise_not {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise isnan(x) as i1.
  irdl.operation @is_nan {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise isinf(x) as i1 (detect_positive, detect_negative).
  irdl.operation @is_inf {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise x < 0 ? alpha * (exp(x) - 1) : x.
  irdl.operation @elu {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise scaled ELU (alpha, gamma).
  irdl.operation @selu {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
  irdl.operation @celu {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise max(0, min(1, alpha * x + beta)).
  irdl.operation @hard_sigmoid {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise x * max(0, min(1, x / 6 + 0.5)).
  irdl.operation @hard_swish {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise log(exp(x) + 1).
  irdl.operation @softplus {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise x / (1 + |x|).
  irdl.operation @softsign {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise x * tanh(softplus(x)).
  irdl.operation @mish {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise x * sigmoid(alpha * x).
  irdl.operation @swish {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise x > alpha ? x : 0.
  irdl.operation @thresholded_relu {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise shrinkage toward 0 (bias, lambd).
  irdl.operation @shrink {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise min(max(input, min), max); min and max are optional scalars.
  irdl.operation @clip {
    %input = irdl.base "!builtin.tensor"
    %min = irdl.base "!builtin.tensor"
    %max = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, min: optional %min, max: optional %max)
    irdl.results(output: %output)
  }

  // Elementwise conversion of input to the element type `to`.
  irdl.operation @cast {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %to = irdl.base "#builtin.type"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"to" = %to}
  }

  // Reinterprets each element's bits as type `to` (the same width).
  irdl.operation @bitcast {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %to = irdl.base "#builtin.type"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"to" = %to}
  }

  // Returns its input.
  irdl.operation @identity {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Inference-mode dropout: output is input; the optional mask is all true.
  irdl.operation @dropout {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %mask = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output, mask: optional %mask)
  }

  // Batched matrix product with numpy semantics (1-D operands promoted, batch dims broadcast).
  irdl.operation @matmul {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
  }

  // alpha * op(a) @ op(b) + beta * c, op transposing when trans_a / trans_b; c broadcasts.
  irdl.operation @gemm {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %c = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b, c: optional %c)
    irdl.results(output: %output)
  }

  // N-D convolution (1-3 spatial dims), NCHW layout, with groups, strides, pads and dilations.
  irdl.operation @conv {
    %input = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, weight: %weight, bias: optional %bias)
    irdl.results(output: %output)
  }

  // N-D transposed convolution (1-3 spatial dims), NCHW layout.
  irdl.operation @conv_transpose {
    %input = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, weight: %weight, bias: optional %bias)
    irdl.results(output: %output)
  }

  // N-D max pooling; the optional indices result holds flat input offsets (row- or column-major spatial order, per storage_order).
  irdl.operation @max_pool {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %kernel_shape = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output, indices: optional %indices)
    irdl.attributes {"kernel_shape" = %kernel_shape}
  }

  // N-D average pooling (ceil mode, count_include_pad).
  irdl.operation @avg_pool {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %kernel_shape = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"kernel_shape" = %kernel_shape}
  }

  // Average over all spatial dims, keeping them as size 1.
  irdl.operation @global_avg_pool {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Inference batch normalization over dim 1 with running mean and variance.
  irdl.operation @batch_norm {
    %input = irdl.base "!builtin.tensor"
    %scale = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %mean = irdl.base "!builtin.tensor"
    %var = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, scale: %scale, bias: %bias, mean: %mean, var: %var)
    irdl.results(output: %output)
  }

  // Layer normalization over dims [axis, rank); optional mean and inv_std_dev results.
  irdl.operation @layer_norm {
    %input = irdl.base "!builtin.tensor"
    %scale = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %mean = irdl.base "!builtin.tensor"
    %inv_std_dev = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, scale: %scale, bias: optional %bias)
    irdl.results(output: %output, mean: optional %mean, inv_std_dev: optional %inv_std_dev)
  }

  // Softmax along `axis`.
  irdl.operation @softmax {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Log of softmax along `axis`.
  irdl.operation @log_softmax {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Sum over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_sum {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Mean over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_mean {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Maximum over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_max {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Minimum over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_min {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Product over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_prod {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Sum of absolute values over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_l1 {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Square root of the sum of squares over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_l2 {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Sum of squares over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_sum_square {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Log of the sum over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_log_sum {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Log of the sum of exponentials over `axes` or the run-time `axes_tensor` (all when absent), keeping reduced dims as size 1 when keepdims.
  irdl.operation @reduce_log_sum_exp {
    %input = irdl.base "!builtin.tensor"
    %axes_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, axes_tensor: optional %axes_tensor)
    irdl.results(output: %output)
  }

  // Reshape to `shape` (0 copies the input dim unless allowzero, -1 is inferred). The shape is the
  // `shape` attribute or, as exporters compute it, the 1-D `shape_tensor` operand.
  irdl.operation @reshape {
    %input = irdl.base "!builtin.tensor"
    %shape_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, shape_tensor: optional %shape_tensor)
    irdl.results(output: %output)
  }

  // Flatten to 2-D: dims before `axis` and from `axis` on.
  irdl.operation @flatten {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Permute dims by `perm` (reversed when absent).
  irdl.operation @transpose {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Concatenate lhs and rhs along `axis`. N inputs are a chain of concats.
  irdl.operation @concat {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
    irdl.attributes {"axis" = %axis}
  }

  // Strided slice with `starts`, `ends`, optional `axes` and `steps` (negative indices and steps allowed).
  // starts and ends are the attributes, or the rows of the 2 x n operand
  // bounds_tensor when computed at run time.
  irdl.operation @slice {
    %input = irdl.base "!builtin.tensor"
    %bounds_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, bounds_tensor: optional %bounds_tensor)
    irdl.results(output: %output)
  }

  // Remove size-1 dims listed in `axes` (all size-1 dims when absent).
  irdl.operation @squeeze {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Insert size-1 dims at `axes` of the result.
  irdl.operation @unsqueeze {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"axes" = %axes}
  }

  // Gather slices of input along `axis` at indices (negative indices count from the end).
  irdl.operation @gather {
    %input = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, indices: %indices)
    irdl.results(output: %output)
  }

  // Gathers elements along `axis` (numpy's take_along_axis); the output is shaped like indices.
  irdl.operation @gather_elements {
    %input = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, indices: %indices)
    irdl.results(output: %output)
  }

  // Pad by `pads` (begins then ends) in mode constant, reflect, edge or wrap; constant_value is an optional scalar.
  // The pads are the attribute, or the operand pads_tensor when computed or fed at run time.
  irdl.operation @pad {
    %input = irdl.base "!builtin.tensor"
    %constant_value = irdl.base "!builtin.tensor"
    %pads_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, constant_value: optional %constant_value, pads_tensor: optional %pads_tensor)
    irdl.results(output: %output)
  }

  // Broadcast input to `shape` with numpy rules. The shape is the
  // `shape` attribute or, as exporters compute it, the 1-D `shape_tensor` operand.
  irdl.operation @expand {
    %input = irdl.base "!builtin.tensor"
    %shape_tensor = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, shape_tensor: optional %shape_tensor)
    irdl.results(output: %output)
  }

  // A tensor of shape `shape` (a 1-D integer tensor) filled with `value`.
  irdl.operation @constant_of_shape {
    %shape = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %dtype = irdl.base "#builtin.type"
    irdl.operands(shape: %shape)
    irdl.results(output: %output)
    irdl.attributes {"dtype" = %dtype}
  }

  // The shape of input as a 1-D i64 tensor, optionally sliced by start and end.
  irdl.operation @shape {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Elementwise select: on_true where condition else on_false, with numpy broadcasting.
  irdl.operation @where {
    %condition = irdl.base "!builtin.tensor"
    %on_true = irdl.base "!builtin.tensor"
    %on_false = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(condition: %condition, on_true: %on_true, on_false: %on_false)
    irdl.results(output: %output)
  }

  // Indices of the non-zero elements, [rank, ?] i64: the result size depends on the data.
  irdl.operation @nonzero {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // numpy's compress along `axis` (flattened without it): the selected dim is `?`.
  irdl.operation @compress {
    %input = irdl.base "!builtin.tensor"
    %condition = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, condition: %condition)
    irdl.results(output: %output)
  }

  // numpy's unique of the flattened input with first indices, inverse indices and counts.
  irdl.operation @unique {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %inverse_indices = irdl.base "!builtin.tensor"
    %counts = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output, indices: %indices, inverse_indices: %inverse_indices, counts: %counts)
  }

  // ONNX NonMaxSuppression: [batch, class, box] rows of the boxes selected per batch and class.
  irdl.operation @non_max_suppression {
    %boxes = irdl.base "!builtin.tensor"
    %scores = irdl.base "!builtin.tensor"
    %max_output = irdl.base "!builtin.tensor"
    %iou_threshold = irdl.base "!builtin.tensor"
    %score_threshold = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(boxes: %boxes, scores: %scores, max_output: optional %max_output, iou_threshold: optional %iou_threshold, score_threshold: optional %score_threshold)
    irdl.results(output: %output)
  }
}
