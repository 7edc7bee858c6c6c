// The dlc_tensor dialect: the few primitive computations that graph ops
// decompose into. Each op lowers to exactly one linalg or tensor form (see
// docs/TensorDialect.md). Unlike dlc_graph, every attribute is required:
// the tensor level is explicit, with no defaults.
//
// Elementwise scalar computations cannot live in a region of an IRDL op (IRDL
// ops cannot be terminators, so no block of ours could end), so `map` names
// its scalar body: a `func.func` over the element types, inlined into a
// linalg.generic when lowering.

irdl.dialect @dlc_tensor {
  // Elementwise map of up to four inputs with numpy broadcasting to the result shape.
  // `fn` names a func.func taking one scalar per input and returning the result
  // element; its scalars are signless (ui8 inputs pass i8). operandSegmentSizes
  // says which of x0..x3 are present (x0 always is).
  irdl.operation @map {
    %x0 = irdl.base "!builtin.tensor"
    %x1 = irdl.base "!builtin.tensor"
    %x2 = irdl.base "!builtin.tensor"
    %x3 = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %fn = irdl.base "#builtin.symbol_ref"
    irdl.operands(x0: %x0, x1: optional %x1, x2: optional %x2, x3: optional %x3)
    irdl.results(output: %output)
    irdl.attributes {"fn" = %fn}
  }

  // Einsum-like contraction: `spec` such as "bmk,bkn->bmn" names the dims of lhs,
  // rhs and output; dims missing from the output are summed (in the output type).
  irdl.operation @contract {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %spec = irdl.base "#builtin.string"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
    irdl.attributes {"spec" = %spec}
  }

  // Windowed contraction over N-D NC... input and F C/groups ... weight (no padding:
  // pad first): out[n,f,o..] = sum input[n,g*C/g+c,o*stride+k*dilation] * weight[f,c,k..].
  irdl.operation @conv {
    %input = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %strides = irdl.base "#builtin.dense_array"
    %dilations = irdl.base "#builtin.dense_array"
    %groups = irdl.base "#builtin.integer"
    irdl.operands(input: %input, weight: %weight)
    irdl.results(output: %output)
    irdl.attributes {"strides" = %strides, "dilations" = %dilations, "groups" = %groups}
  }

  // Windowed reduction over the trailing dims of input: `kind` is "max" or "sum".
  // The optional indices result (max only) holds the flat row-major offset in input
  // of each maximum.
  irdl.operation @pool {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %kind = irdl.base "#builtin.string"
    %window = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    %dilations = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output, indices: optional %indices)
    irdl.attributes {"kind" = %kind, "window" = %window, "strides" = %strides, "dilations" = %dilations}
  }

  // Reduction over `dims` (removed from the result): `kind` is "sum", "max", "min"
  // or "prod".
  irdl.operation @reduce {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %kind = irdl.base "#builtin.string"
    %dims = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"kind" = %kind, "dims" = %dims}
  }

  // Permutes dims: output dim i is input dim perm[i].
  irdl.operation @transpose {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %perm = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"perm" = %perm}
  }

  // Reinterprets input (row-major) with the result shape; element counts match.
  irdl.operation @reshape {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Broadcasts input to the result shape with numpy rules.
  irdl.operation @broadcast {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Strided window: output[i..] = input[offsets + i * strides] (strides may be
  // negative), sizes from the result type.
  irdl.operation @slice {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %offsets = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"offsets" = %offsets, "strides" = %strides}
  }

  // Concatenates lhs and rhs along `dim`.
  irdl.operation @concat {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(output: %output)
    irdl.attributes {"dim" = %dim}
  }

  // Pads input with the 0-d `value`: `low` / `high` elements before and after each
  // dim and `interior` elements between neighbours.
  irdl.operation @pad {
    %input = irdl.base "!builtin.tensor"
    %value = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %low = irdl.base "#builtin.dense_array"
    %high = irdl.base "#builtin.dense_array"
    %interior = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input, value: %value)
    irdl.results(output: %output)
    irdl.attributes {"low" = %low, "high" = %high, "interior" = %interior}
  }

  // Gathers along `dim`: output = input[.., indices[..], ..] with indices in
  // [0, size) (i32 or i64).
  irdl.operation @gather {
    %input = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input, indices: %indices)
    irdl.results(output: %output)
    irdl.attributes {"dim" = %dim}
  }

  // Gathers elements along `dim`: output[p] = input[p with p[dim] = indices[p]],
  // the output shaped like indices, indices in [0, size) (i32 or i64).
  irdl.operation @gather_elements {
    %input = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input, indices: %indices)
    irdl.results(output: %output)
    irdl.attributes {"dim" = %dim}
  }

  // Reports run-time errors: the largest of `codes` (i32 status codes, 0 for
  // none) becomes the status of the entry that computes it.
  irdl.operation @check {
    %codes = irdl.base "!builtin.tensor"
    irdl.operands(codes: %codes)
  }
}
