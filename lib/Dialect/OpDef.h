//===- OpDef.h - Self-describing definitions of DLC ops ---------*- C -*-===//
//
// IRDL defines the structure of each op (dialects/*.irdl.mlir). A DlcOpDef
// adds what IRDL cannot say: allowed element types per operand and result,
// optional attributes with their defaults, documentation, and the infer
// function that checks shapes and computes result types. The verifier, the
// shape-inference pass, attribute accessors and docs/*Dialect.md all read
// these tables; dlcContextLoadDialects checks that they agree with the IRDL.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_DIALECT_OPDEF_H
#define DLC_DIALECT_OPDEF_H

#include "Support/Types.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DLC_MAX_OPERANDS 6
#define DLC_MAX_RESULTS 4
#define DLC_MAX_ATTRS 10

typedef enum DlcAttrKind {
  DLC_ATTR_INT,      ///< `axis = 1 : i64`
  DLC_ATTR_BOOL,     ///< `keepdims = true`
  DLC_ATTR_FLOAT,    ///< `alpha = 0.01 : f32`
  DLC_ATTR_STRING,   ///< `auto_pad = "SAME_UPPER"`
  DLC_ATTR_INTS,     ///< `pads = array<i64: 1, 1, 1, 1>`
  DLC_ATTR_TYPE,     ///< `to = f32`
  DLC_ATTR_ELEMENTS, ///< `value = dense<...> : tensor<...>` or dense_resource<>
  DLC_ATTR_SYMBOL,   ///< `fn = @body`
} DlcAttrKind;

typedef struct DlcAttrDef {
  const char *name;
  DlcAttrKind kind;
  bool required;
  /// The default as an MLIR attribute in text ("1 : i64", "false"), or NULL
  /// when it depends on the operands (say so in `doc`).
  const char *defaultValue;
  const char *doc;
} DlcAttrDef;

typedef struct DlcValueDef {
  const char *name; ///< as in the IRDL
  uint32_t types;   ///< allowed element types (DLC_T_*)
  bool optional;
  const char *doc;
} DlcValueDef;

struct DlcInfer;
/// Checks an op's operands and attributes (beyond kinds and element types,
/// which the generic verifier checks) and computes its result types into
/// `in->results` (a null type means "no opinion"). Emits a located error and
/// fails on inconsistent IR.
typedef MlirLogicalResult (*DlcInferFn)(struct DlcInfer *in);

typedef struct DlcOpDef {
  const char *name; ///< "dlc_graph.conv"
  const char *summary;
  const char *description; ///< markdown: semantics, formulas, limits
  DlcValueDef operands[DLC_MAX_OPERANDS];
  DlcValueDef results[DLC_MAX_RESULTS];
  DlcAttrDef attrs[DLC_MAX_ATTRS];
  DlcInferFn infer;
} DlcOpDef;

/// What an infer function sees. Operands and results are indexed by their
/// position in the def (absent optional ones are null).
typedef struct DlcInfer {
  MlirOperation op;
  const DlcOpDef *def;
  MlirContext ctx;
  int numOperands; ///< entries of the def
  int numResults;
  MlirValue operands[DLC_MAX_OPERANDS];
  MlirType types[DLC_MAX_OPERANDS];   ///< operand types (null when absent)
  DlcShape shapes[DLC_MAX_OPERANDS];  ///< operand shapes
  MlirType elts[DLC_MAX_OPERANDS];    ///< operand element types
  bool hasResult[DLC_MAX_RESULTS];
  MlirType declared[DLC_MAX_RESULTS]; ///< the op's current result types
  MlirType results[DLC_MAX_RESULTS];  ///< out: inferred result types
} DlcInfer;

//===--------------------------------------------------------------------===//
// The tables.
//===--------------------------------------------------------------------===//

/// The def of a dlc_graph or dlc_tensor op, NULL for other ops.
const DlcOpDef *dlcLookupOpDef(MlirOperation op);
const DlcOpDef *dlcLookupOpDefByName(const char *name, size_t len);
/// The tables of each dialect (Graph/GraphOps.c, Tensor/TensorOps.c).
const DlcOpDef *dlcGraphOpDefs(size_t *count);
const DlcOpDef *dlcTensorOpDefs(size_t *count);
/// All defs of one dialect ("dlc_graph" or "dlc_tensor"), and their count.
const DlcOpDef *dlcDialectOpDefs(const char *dialect, size_t *count);
/// Number of operands / results / attributes in a def.
int dlcDefNumOperands(const DlcOpDef *def);
int dlcDefNumResults(const DlcOpDef *def);
int dlcDefNumAttrs(const DlcOpDef *def);
const DlcAttrDef *dlcDefFindAttr(const DlcOpDef *def, const char *name);

//===--------------------------------------------------------------------===//
// Reading ops. Accessors return the attribute when present, else the def's
// default; they never fail on verified IR.
//===--------------------------------------------------------------------===//

/// The operand at def position `i`, or a null value when the optional operand
/// is absent. Handles operandSegmentSizes.
MlirValue dlcOpOperand(MlirOperation op, int i);
/// The result at def position `i`, or null when absent.
MlirValue dlcOpResult(MlirOperation op, int i);
bool dlcOpHasAttr(MlirOperation op, const char *name);
/// The attribute if present, else the parsed default, else a null attribute.
MlirAttribute dlcOpAttr(MlirOperation op, const char *name);
int64_t dlcOpInt(MlirOperation op, const char *name);
bool dlcOpBool(MlirOperation op, const char *name);
double dlcOpFloat(MlirOperation op, const char *name);
/// The string; valid as long as the context.
MlirStringRef dlcOpString(MlirOperation op, const char *name);
/// Copies up to `cap` values into `out`; returns the count, or -1 when the
/// attribute is absent and has no static default.
int64_t dlcOpInts(MlirOperation op, const char *name, int64_t *out, int64_t cap);

/// Fills `in` for `op` (operands, shapes, declared results) without running
/// the infer function.
void dlcInferInit(DlcInfer *in, MlirOperation op, const DlcOpDef *def);
/// Runs the def's infer function; on success in->results holds the inferred
/// types (or null where it has no opinion).
MlirLogicalResult dlcInferRun(DlcInfer *in);

/// Verifies one dlc op: attributes, element types, then its infer function
/// against the declared result types. Emits located errors.
MlirLogicalResult dlcVerifyOp(MlirOperation op, const DlcOpDef *def);

#endif // DLC_DIALECT_OPDEF_H
