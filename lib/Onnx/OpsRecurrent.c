//===- OpsRecurrent.c - RNN, GRU and LSTM unrolled over time -----*- C -*-===//
//
// With the sequence length known at import, a recurrent node becomes its
// time steps written out: the input projection X W^T + biases for every
// step at once (one matmul; it does not depend on the state), then per
// step and direction the recurrent matmul h R^T, the gates' activations
// (clipped first when `clip` is set) and their elementwise combination, as
// ONNX's operator spec writes them. Y stacks the steps' states in
// [seq, num_directions, batch, hidden] ([batch, seq, ...] with layout 1).
//
// The batch may be dynamic (`?`, an exporter's dynamic axis): every op of
// a step works on rows whatever their number, and the zero initial state
// takes its rows from X's shape when the code runs.
//
// Variable sequence lengths mask each step per batch row (t < length):
// past its length a row's state stays as it was and its Y is 0. For the
// reverse direction, walking t down from seq - 1, that also makes a row
// start from the initial state at its own last step, as ONNX wants.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }
static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(typeOf(v)); }

typedef enum Family { RNN, GRU, LSTM } Family;

// The activation functions ONNX lists for recurrent ops; `alphas` and
// `betas` say how many of activation_alpha / activation_beta each takes.
typedef enum ActKind {
  RELU, TANH, SIGMOID, AFFINE, LEAKY_RELU, THRESHOLDED_RELU, SCALED_TANH, HARD_SIGMOID, ELU,
  SOFTSIGN, SOFTPLUS
} ActKind;

static const struct {
  const char *name;
  int alphas, betas;
  double alpha, beta; // defaults, those of the ONNX op of that name
} actDefs[] = {
    [RELU] = {"Relu", 0, 0, 0, 0},
    [TANH] = {"Tanh", 0, 0, 0, 0},
    [SIGMOID] = {"Sigmoid", 0, 0, 0, 0},
    [AFFINE] = {"Affine", 1, 1, 1.0, 0.0},
    [LEAKY_RELU] = {"LeakyRelu", 1, 0, 0.01, 0},
    [THRESHOLDED_RELU] = {"ThresholdedRelu", 1, 0, 1.0, 0},
    [SCALED_TANH] = {"ScaledTanh", 1, 1, 1.0, 1.0},
    [HARD_SIGMOID] = {"HardSigmoid", 1, 1, 0.2, 0.5},
    [ELU] = {"Elu", 1, 0, 1.0, 0},
    [SOFTSIGN] = {"Softsign", 0, 0, 0, 0},
    [SOFTPLUS] = {"Softplus", 0, 0, 0, 0},
};

typedef struct Act {
  ActKind kind;
  double alpha, beta;
} Act;

#define MAX_ACTS 3 // per direction: f (RNN), f g (GRU), f g h (LSTM)

typedef struct Cell {
  Family family;
  int gates;    // blocks of `hidden` rows in W and R: 1, 3 (z r h), 4 (i o f c)
  int numActs;  // activations per direction
  int64_t seq, batch, hidden, numDir;
  bool reverse; // a single direction, walked backwards
  bool layout;  // batch first
  bool hasClip;
  double clip;
  bool linearBeforeReset; // GRU
  bool inputForget;       // LSTM
  Act acts[2][MAX_ACTS];
  MlirType elt;
  MlirValue lens; // sequence_lens when steps must be masked, else null
} Cell;

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

// x[start:end] along `axis`, with that axis removed when `drop`.
static DlcOnnxStatus slice(DlcOnnxNode *n, MlirValue x, int64_t axis, int64_t start, int64_t end,
                           bool drop, MlirValue *out) {
  DLC_ONNX_TRY(dlcOnnxSliceOp(n, x, axis, start, end, 1, out));
  if (!drop)
    return DLC_ONNX_OK;
  DlcOnnxOp sq;
  dlcOnnxOpInit(&sq, "dlc_graph.squeeze");
  sq.operands[0] = *out;
  dlcOnnxOpInts(n, &sq, "axes", &axis, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &sq));
  *out = sq.results[0];
  return DLC_ONNX_OK;
}

// Gate `k` (of `hidden` columns) of a [batch, gates * hidden] tensor.
static DlcOnnxStatus gate(DlcOnnxNode *n, const Cell *c, MlirValue x, int k, MlirValue *out) {
  return slice(n, x, rankOf(x) - 1, k * c->hidden, (k + 1) * c->hidden, false, out);
}

// `acc` concatenated with `x` along `axis`; `x` alone when `acc` is null.
static DlcOnnxStatus append(DlcOnnxNode *n, MlirValue acc, MlirValue x, int64_t axis,
                            MlirValue *out) {
  if (mlirValueIsNull(acc)) {
    *out = x;
    return DLC_ONNX_OK;
  }
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.concat");
  op.operands[0] = acc;
  op.operands[1] = x;
  dlcOnnxOpInt(n, &op, "axis", axis);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

static DlcOnnxStatus scalarOp(DlcOnnxNode *n, const Cell *c, const char *name, MlirValue x,
                              double value, MlirValue *out) {
  MlirValue s;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, c->elt, value, &s));
  return dlcOnnxBinaryOp(n, name, x, s, out);
}

// An op of the activation family with up to two float attributes.
static DlcOnnxStatus paramOp(DlcOnnxNode *n, const char *name, MlirValue x, const char *a,
                             double va, const char *b, double vb, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, name);
  op.operands[0] = x;
  dlcOnnxOpF32(n, &op, a, va);
  if (b)
    dlcOnnxOpF32(n, &op, b, vb);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

// act(clip(x)): ONNX clips the activations' inputs.
static DlcOnnxStatus activate(DlcOnnxNode *n, const Cell *c, Act act, MlirValue x,
                              MlirValue *out) {
  if (c->hasClip) {
    DlcOnnxOp clip;
    dlcOnnxOpInit(&clip, "dlc_graph.clip");
    clip.operands[0] = x;
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, c->elt, -c->clip, &clip.operands[1]));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, c->elt, c->clip, &clip.operands[2]));
    DLC_ONNX_TRY(dlcOnnxBuild(n, &clip));
    x = clip.results[0];
  }
  switch (act.kind) {
  case RELU:
    return dlcOnnxUnaryOp(n, "dlc_graph.relu", x, out);
  case TANH:
    return dlcOnnxUnaryOp(n, "dlc_graph.tanh", x, out);
  case SIGMOID:
    return dlcOnnxUnaryOp(n, "dlc_graph.sigmoid", x, out);
  case SOFTSIGN:
    return dlcOnnxUnaryOp(n, "dlc_graph.softsign", x, out);
  case SOFTPLUS:
    return dlcOnnxUnaryOp(n, "dlc_graph.softplus", x, out);
  case AFFINE: // alpha * x + beta
    DLC_ONNX_TRY(scalarOp(n, c, "dlc_graph.mul", x, act.alpha, &x));
    return scalarOp(n, c, "dlc_graph.add", x, act.beta, out);
  case SCALED_TANH: // alpha * tanh(beta * x)
    DLC_ONNX_TRY(scalarOp(n, c, "dlc_graph.mul", x, act.beta, &x));
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.tanh", x, &x));
    return scalarOp(n, c, "dlc_graph.mul", x, act.alpha, out);
  case LEAKY_RELU:
    return paramOp(n, "dlc_graph.leaky_relu", x, "alpha", act.alpha, NULL, 0, out);
  case THRESHOLDED_RELU:
    return paramOp(n, "dlc_graph.thresholded_relu", x, "alpha", act.alpha, NULL, 0, out);
  case ELU:
    return paramOp(n, "dlc_graph.elu", x, "alpha", act.alpha, NULL, 0, out);
  case HARD_SIGMOID:
    return paramOp(n, "dlc_graph.hard_sigmoid", x, "alpha", act.alpha, "beta", act.beta, out);
  }
  return dlcOnnxError(n, "unknown activation");
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// The activations: the attribute's names (per direction, or once for both),
// each taking the next of activation_alpha / activation_beta it uses, as
// onnxruntime reads them; ONNX's defaults otherwise.
static DlcOnnxStatus readActivations(DlcOnnxNode *n, Cell *c) {
  static const ActKind defaults[3][MAX_ACTS] = {
      [RNN] = {TANH}, [GRU] = {SIGMOID, TANH}, [LSTM] = {SIGMOID, TANH, TANH}};
  const Onnx__AttributeProto *names = dlcOnnxAttr(n, "activations");
  const Onnx__AttributeProto *alphas = dlcOnnxAttr(n, "activation_alpha");
  const Onnx__AttributeProto *betas = dlcOnnxAttr(n, "activation_beta");
  size_t count = names ? names->n_strings : 0, nextAlpha = 0, nextBeta = 0;
  if (names && count != (size_t)c->numActs && count != (size_t)(c->numActs * c->numDir))
    return dlcOnnxError(n, "attribute 'activations' lists %zu functions, but %s takes %d per "
                        "direction", count, n->opType, c->numActs);
  for (int d = 0; d < c->numDir; ++d)
    for (int k = 0; k < c->numActs; ++k) {
      Act *act = &c->acts[d][k];
      act->kind = defaults[c->family][k];
      if (names) {
        const ProtobufCBinaryData *s = &names->strings[(d * c->numActs + k) % count];
        int found = -1;
        for (int i = 0; i < (int)(sizeof actDefs / sizeof *actDefs); ++i)
          if (strlen(actDefs[i].name) == s->len &&
              !strncasecmp(actDefs[i].name, (const char *)s->data, s->len))
            found = i;
        if (found < 0)
          return dlcOnnxError(n, "activation '%.*s' is not supported (ONNX's recurrent "
                              "activations: Relu, Tanh, Sigmoid, Affine, LeakyRelu, "
                              "ThresholdedRelu, ScaledTanh, HardSigmoid, Elu, Softsign, Softplus)",
                              (int)s->len, (const char *)s->data);
        act->kind = (ActKind)found;
      }
      act->alpha = actDefs[act->kind].alpha;
      act->beta = actDefs[act->kind].beta;
      if (actDefs[act->kind].alphas && alphas && nextAlpha < alphas->n_floats)
        act->alpha = alphas->floats[nextAlpha++];
      if (actDefs[act->kind].betas && betas && nextBeta < betas->n_floats)
        act->beta = betas->floats[nextBeta++];
    }
  return DLC_ONNX_OK;
}

// Checks one weight-like input's static shape against `want` (-1: any;
// DLC_DYN, a dynamic batch: any, `?` included).
static DlcOnnxStatus checkShape(DlcOnnxNode *n, MlirValue v, const char *what,
                                const int64_t *want, int64_t rank) {
  bool ok = rankOf(v) == rank;
  for (int64_t i = 0; ok && i < rank; ++i)
    ok = want[i] == DLC_DYN || (dimOf(v, i) != DLC_DYN && (want[i] < 0 || dimOf(v, i) == want[i]));
  if (ok)
    return DLC_ONNX_OK;
  DlcStr s = DLC_STR_INIT;
  for (int64_t i = 0; i < rank; ++i) {
    if (want[i] == DLC_DYN)
      dlcStrPrintf(&s, "%s?", i ? ", " : "");
    else
      dlcStrPrintf(&s, "%s%lld", i ? ", " : "", (long long)want[i]);
  }
  DlcOnnxStatus st = dlcOnnxError(n, "input '%s' must have the static shape [%s]", what,
                                  dlcStrGet(&s));
  dlcStrFree(&s);
  return st;
}

// `sequence_lens`: no masking when it is absent or known to hold `seq`
// everywhere, else the lengths for the steps' masks.
static DlcOnnxStatus readLengths(DlcOnnxNode *n, Cell *c) {
  c->lens = (MlirValue){NULL};
  if (!dlcOnnxHasInput(n, 4))
    return DLC_ONNX_OK;
  const DlcTensor *known = dlcOnnxConstInput(n, 4);
  if (known && c->batch != DLC_DYN && dlcTensorNumElements(known) == c->batch) {
    // (else the shape check fails, or the batch is known only at run time)
    bool full = true;
    for (int64_t k = 0; k < c->batch; ++k)
      full = full && dlcOnnxTensorElement(known, k) == (double)c->seq;
    if (full)
      return DLC_ONNX_OK;
  }
  DLC_ONNX_TRY(dlcOnnxInput(n, 4, &c->lens));
  int64_t want = c->batch;
  return checkShape(n, c->lens, "sequence_lens", &want, 1);
}

//===----------------------------------------------------------------------===//
// One time step
//===----------------------------------------------------------------------===//

// Per direction: the transposed recurrent weights and what the step adds.
typedef struct Dir {
  const Act *act;
  MlirValue xw;       // [seq, batch, gates * hidden]: X W^T plus the biases outside gates
  MlirValue rt;       // [hidden, gates * hidden]; GRU: the z and r gates only
  MlirValue rtHidden; // GRU: R_h^T
  MlirValue rbHidden; // GRU with linear_before_reset and B: R_bh, else null
  MlirValue peep[3];  // LSTM: P_i, P_o, P_f, or null
} Dir;

// xw + h R^T; just xw when h is the zero initial state (no matmul of
// zeros).
static DlcOnnxStatus addRecurrent(DlcOnnxNode *n, MlirValue xw, MlirValue h, MlirValue rt,
                                  bool zero, MlirValue *out) {
  if (zero) {
    *out = xw;
    return DLC_ONNX_OK;
  }
  MlirValue hr;
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", h, rt, &hr));
  return dlcOnnxBinaryOp(n, "dlc_graph.add", xw, hr, out);
}

// The step's new state h (and c for LSTM) from the old one; `zero` when
// the old h is the zero initial state.
static DlcOnnxStatus step(DlcOnnxNode *n, const Cell *c, const Dir *d, int64_t t, bool zero,
                          MlirValue *h, MlirValue *cell) {
  MlirValue xw, pre;
  DLC_ONNX_TRY(slice(n, d->xw, 0, t, t + 1, true, &xw));
  if (c->family == RNN) {
    DLC_ONNX_TRY(addRecurrent(n, xw, *h, d->rt, zero, &pre));
    return activate(n, c, d->act[0], pre, h);
  }
  if (c->family == GRU) {
    // z and r from the first 2 * hidden columns.
    MlirValue xzr, z, r, xh, hh, one, keep, mixed;
    DLC_ONNX_TRY(slice(n, xw, 1, 0, 2 * c->hidden, false, &xzr));
    DLC_ONNX_TRY(addRecurrent(n, xzr, *h, d->rt, zero, &pre));
    DLC_ONNX_TRY(gate(n, c, pre, 0, &z));
    DLC_ONNX_TRY(gate(n, c, pre, 1, &r));
    DLC_ONNX_TRY(activate(n, c, d->act[0], z, &z));
    DLC_ONNX_TRY(activate(n, c, d->act[0], r, &r));
    DLC_ONNX_TRY(gate(n, c, xw, 2, &xh));
    hh = xh;
    if (c->linearBeforeReset) { // r * (h R_h^T + R_bh)
      MlirValue lin = d->rbHidden;
      if (!zero) {
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", *h, d->rtHidden, &lin));
        if (!mlirValueIsNull(d->rbHidden))
          DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", lin, d->rbHidden, &lin));
      }
      if (!mlirValueIsNull(lin)) {
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", r, lin, &lin));
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", xh, lin, &hh));
      }
    } else if (!zero) { // (r * h) R_h^T
      MlirValue rh;
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", r, *h, &rh));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", rh, d->rtHidden, &rh));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", xh, rh, &hh));
    }
    DLC_ONNX_TRY(activate(n, c, d->act[1], hh, &hh));
    // (1 - z) * hh + z * h
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, c->elt, 1, &one));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", one, z, &mixed));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", mixed, hh, &mixed));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", z, *h, &keep));
    return dlcOnnxBinaryOp(n, "dlc_graph.add", mixed, keep, h);
  }
  // LSTM, gates i o f c; peepholes P_i, P_o, P_f.
  MlirValue i, o, f, g, p;
  DLC_ONNX_TRY(addRecurrent(n, xw, *h, d->rt, zero, &pre));
  DLC_ONNX_TRY(gate(n, c, pre, 0, &i));
  DLC_ONNX_TRY(gate(n, c, pre, 1, &o));
  DLC_ONNX_TRY(gate(n, c, pre, 2, &f));
  DLC_ONNX_TRY(gate(n, c, pre, 3, &g));
  if (!mlirValueIsNull(d->peep[0])) {
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", d->peep[0], *cell, &p));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", i, p, &i));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", d->peep[2], *cell, &p));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", f, p, &f));
  }
  DLC_ONNX_TRY(activate(n, c, d->act[0], i, &i));
  if (c->inputForget) { // the forget gate coupled to the input gate
    MlirValue one;
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, c->elt, 1, &one));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", one, i, &f));
  } else {
    DLC_ONNX_TRY(activate(n, c, d->act[0], f, &f));
  }
  DLC_ONNX_TRY(activate(n, c, d->act[1], g, &g));
  MlirValue kept, added;
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", f, *cell, &kept));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", i, g, &added));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", kept, added, cell));
  if (!mlirValueIsNull(d->peep[1])) {
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", d->peep[1], *cell, &p));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", o, p, &o));
  }
  DLC_ONNX_TRY(activate(n, c, d->act[0], o, &o));
  MlirValue hc;
  DLC_ONNX_TRY(activate(n, c, d->act[2], *cell, &hc));
  return dlcOnnxBinaryOp(n, "dlc_graph.mul", o, hc, h);
}

//===----------------------------------------------------------------------===//
// The node
//===----------------------------------------------------------------------===//

// Direction `k`'s [batch, hidden] slice of initial_h / initial_c (`all`,
// already in layout 0), or zeros when `all` is null: of X's batch (`x` in
// layout 0), read from its shape when the code runs if it is dynamic.
static DlcOnnxStatus initialState(DlcOnnxNode *n, const Cell *c, MlirValue all, MlirValue x,
                                  int64_t k, MlirValue *out) {
  if (!mlirValueIsNull(all))
    return slice(n, all, 0, k, k + 1, true, out);
  MlirValue zero;
  int64_t dims[2] = {c->batch, c->hidden};
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, c->elt, 0, &zero));
  if (c->batch != DLC_DYN)
    return dlcOnnxShapeOp(n, "dlc_graph.expand", zero, dims, 2, out);
  DlcOnnxOp shape, hidden, expand;
  dlcOnnxOpInit(&shape, "dlc_graph.shape");
  shape.operands[0] = x;
  dlcOnnxOpInt(n, &shape, "start", 1);
  dlcOnnxOpInt(n, &shape, "end", 2);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &shape));
  int64_t one = 1;
  MlirType row = mlirRankedTensorTypeGet(1, &one, mlirIntegerTypeGet(n->ctx, 64),
                                         mlirAttributeGetNull());
  dlcOnnxOpInit(&hidden, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &hidden, "value", mlirDenseElementsAttrInt64Get(row, 1, &c->hidden));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &hidden));
  dlcOnnxOpInit(&expand, "dlc_graph.expand");
  expand.operands[0] = zero;
  DLC_ONNX_TRY(dlcOnnxConcatOp(n, shape.results[0], hidden.results[0], 0, &expand.operands[1]));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &expand));
  *out = expand.results[0];
  return DLC_ONNX_OK;
}

// initial_h / initial_c (input `i`) in layout 0, or null when absent.
static DlcOnnxStatus readState(DlcOnnxNode *n, const Cell *c, int i, const char *what,
                               MlirValue *out) {
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, i, out));
  if (mlirValueIsNull(*out))
    return DLC_ONNX_OK;
  int64_t want[3] = {c->numDir, c->batch, c->hidden};
  if (c->layout)
    want[0] = c->batch, want[1] = c->numDir;
  DLC_ONNX_TRY(checkShape(n, *out, what, want, 3));
  static const int64_t swap[3] = {1, 0, 2};
  return c->layout ? dlcOnnxShapeOp(n, "dlc_graph.transpose", *out, swap, 3, out) : DLC_ONNX_OK;
}

static DlcOnnxStatus translateRecurrent(DlcOnnxNode *n, Family family) {
  static const int gates[] = {[RNN] = 1, [GRU] = 3, [LSTM] = 4};
  static const int numActs[] = {[RNN] = 1, [GRU] = 2, [LSTM] = 3};
  Cell c = {.family = family, .gates = gates[family], .numActs = numActs[family]};
  MlirValue x, w, r, b, h0, c0, peep;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &w));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &r));
  c.layout = dlcOnnxAttrInt(n, "layout", 0) != 0;
  if (rankOf(x) != 3 || dimOf(x, c.layout ? 1 : 0) == DLC_DYN || dimOf(x, 2) == DLC_DYN)
    return dlcOnnxUnsupported(n, "X must be 3-D with a static number of steps and input size "
                                 "(the steps are unrolled; the batch may be dynamic)");
  c.seq = dimOf(x, c.layout ? 1 : 0);
  if (c.seq < 1) // Y would be empty and Y_h the initial state; not worth a path of its own
    return dlcOnnxUnsupported(n, "a sequence of no steps is not supported");
  c.batch = dimOf(x, c.layout ? 0 : 1);
  c.elt = eltOf(x);
  int64_t inputSize = dimOf(x, 2);
  MlirStringRef direction = dlcOnnxAttrString(n, "direction", "forward");
  if (mlirStringRefEqual(direction, mlirStringRefCreateFromCString("bidirectional")))
    c.numDir = 2;
  else if (mlirStringRefEqual(direction, mlirStringRefCreateFromCString("reverse")))
    c.numDir = 1, c.reverse = true;
  else if (mlirStringRefEqual(direction, mlirStringRefCreateFromCString("forward")))
    c.numDir = 1;
  else
    return dlcOnnxError(n, "attribute 'direction' must be forward, reverse or bidirectional, "
                        "but is '%.*s'", (int)direction.length, direction.data);
  if (rankOf(r) != 3 || dimOf(r, 2) < 1)
    return dlcOnnxError(n, "input 'R' must be 3-D with a static hidden size");
  c.hidden = dimOf(r, 2);
  int64_t attrHidden = dlcOnnxAttrInt(n, "hidden_size", c.hidden);
  if (attrHidden != c.hidden)
    return dlcOnnxError(n, "attribute 'hidden_size' is %lld, but R's hidden size is %lld",
                        (long long)attrHidden, (long long)c.hidden);
  int64_t rows = c.gates * c.hidden;
  int64_t wantW[3] = {c.numDir, rows, inputSize}, wantR[3] = {c.numDir, rows, c.hidden};
  DLC_ONNX_TRY(checkShape(n, w, "W", wantW, 3));
  DLC_ONNX_TRY(checkShape(n, r, "R", wantR, 3));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 3, &b));
  if (!mlirValueIsNull(b)) {
    int64_t want[2] = {c.numDir, 2 * rows};
    DLC_ONNX_TRY(checkShape(n, b, "B", want, 2));
  }
  DLC_ONNX_TRY(readLengths(n, &c));
  DLC_ONNX_TRY(readState(n, &c, 5, "initial_h", &h0));
  c0 = peep = (MlirValue){NULL};
  if (family == LSTM) {
    DLC_ONNX_TRY(readState(n, &c, 6, "initial_c", &c0));
    DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 7, &peep));
    if (!mlirValueIsNull(peep)) {
      int64_t want[2] = {c.numDir, 3 * c.hidden};
      DLC_ONNX_TRY(checkShape(n, peep, "P", want, 2));
    }
    c.inputForget = dlcOnnxAttrInt(n, "input_forget", 0) != 0;
  }
  c.linearBeforeReset = family == GRU && dlcOnnxAttrInt(n, "linear_before_reset", 0) != 0;
  c.hasClip = dlcOnnxAttr(n, "clip") != NULL;
  c.clip = dlcOnnxAttrFloat(n, "clip", 0);
  DLC_ONNX_TRY(readActivations(n, &c));
  if (c.layout) { // the steps walk dim 0
    static const int64_t swap[3] = {1, 0, 2};
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", x, swap, 3, &x));
  }

  MlirValue *ys = dlcOnnxScratch(n, (size_t)(c.seq * c.numDir + 1) * sizeof *ys);
  if (!ys)
    return dlcOnnxError(n, "out of memory");
  MlirValue yh = {NULL}, yc = {NULL}, zero = {NULL};
  if (!mlirValueIsNull(c.lens))
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, c.elt, 0, &zero));
  static const int64_t transpose2[2] = {1, 0};
  for (int64_t k = 0; k < c.numDir; ++k) {
    Dir d = {.act = c.acts[k]};
    MlirValue wt, rt, bias;
    DLC_ONNX_TRY(slice(n, w, 0, k, k + 1, true, &wt));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", wt, transpose2, 2, &wt));
    DLC_ONNX_TRY(slice(n, r, 0, k, k + 1, true, &rt));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", rt, transpose2, 2, &rt));
    d.rt = rt;
    if (family == GRU) { // h R_h^T is computed apart (after the reset gate)
      DLC_ONNX_TRY(slice(n, rt, 1, 0, 2 * c.hidden, false, &d.rt));
      DLC_ONNX_TRY(gate(n, &c, rt, 2, &d.rtHidden));
    }
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", x, wt, &d.xw));
    if (!mlirValueIsNull(b)) {
      // W_b + R_b, except R_bh with linear_before_reset (it goes inside r * (...)).
      MlirValue wb, rb;
      DLC_ONNX_TRY(slice(n, b, 0, k, k + 1, true, &bias));
      DLC_ONNX_TRY(slice(n, bias, 0, 0, rows, false, &wb));
      DLC_ONNX_TRY(slice(n, bias, 0, rows, 2 * rows, false, &rb));
      if (c.linearBeforeReset) {
        MlirValue rzr, wh;
        DLC_ONNX_TRY(gate(n, &c, rb, 2, &d.rbHidden));
        DLC_ONNX_TRY(slice(n, rb, 0, 0, 2 * c.hidden, false, &rzr));
        DLC_ONNX_TRY(gate(n, &c, wb, 2, &wh));
        DLC_ONNX_TRY(slice(n, wb, 0, 0, 2 * c.hidden, false, &wb));
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", wb, rzr, &bias));
        DLC_ONNX_TRY(append(n, bias, wh, 0, &bias));
      } else {
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", wb, rb, &bias));
      }
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", d.xw, bias, &d.xw));
    }
    if (!mlirValueIsNull(peep)) {
      MlirValue pk;
      DLC_ONNX_TRY(slice(n, peep, 0, k, k + 1, true, &pk));
      for (int g = 0; g < 3; ++g)
        DLC_ONNX_TRY(gate(n, &c, pk, g, &d.peep[g]));
    }
    MlirValue h, cell = {NULL};
    bool fromZero = mlirValueIsNull(h0);
    DLC_ONNX_TRY(initialState(n, &c, h0, x, k, &h));
    if (family == LSTM)
      DLC_ONNX_TRY(initialState(n, &c, c0, x, k, &cell));
    bool backwards = c.reverse || k == 1;
    for (int64_t s = 0; s < c.seq; ++s) {
      int64_t t = backwards ? c.seq - 1 - s : s;
      MlirValue hNew = h, cNew = cell, y;
      DLC_ONNX_TRY(step(n, &c, &d, t, fromZero, &hNew, &cNew));
      fromZero = false;
      y = hNew;
      if (!mlirValueIsNull(c.lens)) { // rows past their length: state kept, Y 0
        MlirValue tc, live;
        int64_t axis = 1;
        DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(c.lens), (double)t, &tc));
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", tc, c.lens, &live));
        DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", live, &axis, 1, &live));
        DLC_ONNX_TRY(dlcOnnxWhereOp(n, live, hNew, h, &hNew));
        if (family == LSTM)
          DLC_ONNX_TRY(dlcOnnxWhereOp(n, live, cNew, cell, &cNew));
        DLC_ONNX_TRY(dlcOnnxWhereOp(n, live, hNew, zero, &y));
      }
      h = hNew, cell = cNew;
      ys[k * c.seq + t] = y;
    }
    int64_t first = 0;
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", h, &first, 1, &h));
    DLC_ONNX_TRY(append(n, yh, h, 0, &yh));
    if (family == LSTM) {
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", cell, &first, 1, &cell));
      DLC_ONNX_TRY(append(n, yc, cell, 0, &yc));
    }
  }

  static const int64_t swap[3] = {1, 0, 2};
  if (dlcOnnxHasOutput(n, 0)) { // [seq, num_directions, batch, hidden]
    MlirValue y = {NULL};
    int64_t axes[2] = {0, 1};
    for (int64_t t = 0; t < c.seq; ++t) {
      MlirValue row = {NULL};
      for (int64_t k = 0; k < c.numDir; ++k) {
        MlirValue yk;
        DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", ys[k * c.seq + t], axes, 2, &yk));
        DLC_ONNX_TRY(append(n, row, yk, 1, &row));
      }
      DLC_ONNX_TRY(append(n, y, row, 0, &y));
    }
    if (c.layout) { // [batch, seq, num_directions, hidden]
      static const int64_t perm[4] = {2, 0, 1, 3};
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", y, perm, 4, &y));
    }
    DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, y));
  }
  if (dlcOnnxHasOutput(n, 1)) {
    if (c.layout)
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", yh, swap, 3, &yh));
    DLC_ONNX_TRY(dlcOnnxSetOutput(n, 1, yh));
  }
  if (family == LSTM && dlcOnnxHasOutput(n, 2)) {
    if (c.layout)
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", yc, swap, 3, &yc));
    DLC_ONNX_TRY(dlcOnnxSetOutput(n, 2, yc));
  }
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateRNN(DlcOnnxNode *n) { return translateRecurrent(n, RNN); }
static DlcOnnxStatus translateGRU(DlcOnnxNode *n) { return translateRecurrent(n, GRU); }
static DlcOnnxStatus translateLSTM(DlcOnnxNode *n) { return translateRecurrent(n, LSTM); }

#define COMMON_ATTRS                                                                               \
  A_FLOATS("activation_alpha"), A_FLOATS("activation_beta"), A_STRINGS("activations"),             \
      A_FLOAT("clip"), A_STRING("direction"), A_INT("hidden_size")
#define LIMITS                                                                                     \
  "X needs a static number of steps, at least one, and a static input size (the time steps are "  \
  "unrolled at import); the batch may be dynamic."

static const DlcOnnxOpEntry ops[] = {
    {"GRU", 7, translateGRU, {COMMON_ATTRS, A_INT("linear_before_reset")}, "dlc_graph.sigmoid",
     LIMITS},
    {"GRU", 14, translateGRU, {COMMON_ATTRS, A_INT("layout"), A_INT("linear_before_reset")},
     "dlc_graph.sigmoid", LIMITS},
    {"LSTM", 7, translateLSTM, {COMMON_ATTRS, A_INT("input_forget")}, "dlc_graph.sigmoid",
     LIMITS},
    {"LSTM", 14, translateLSTM, {COMMON_ATTRS, A_INT("input_forget"), A_INT("layout")},
     "dlc_graph.sigmoid", LIMITS},
    {"RNN", 7, translateRNN, {COMMON_ATTRS}, "dlc_graph.tanh", LIMITS},
    {"RNN", 14, translateRNN, {COMMON_ATTRS, A_INT("layout")}, "dlc_graph.tanh", LIMITS},
};

const DlcOnnxOpEntry *dlcOnnxRecurrentOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
