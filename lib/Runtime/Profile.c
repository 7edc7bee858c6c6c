//===- Profile.c - Per-node times of instrumented executables ---*- C -*-===//
//
// An instrumented entry calls dlcProfileMark(row) where each row's code
// starts and dlcProfileMark(-1) at its end. A mark charges the time since
// the previous one to the row that was running: the profile of the calling
// thread's current run (marks are top-level calls of the entry, on the
// thread that called it; OpenMP teams run inside a row).
//
//===----------------------------------------------------------------------===//

#include "Runtime/Profile.h"

#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Profile {
  const DlcProfileRows *rows;
  intptr_t numRuns, capacity;
  int64_t *times;     ///< ns, numRuns x rows
  int64_t *starts;    ///< ns from the run's start; -1 for a row not entered
  int64_t *runTimes;  ///< ns
  int64_t *runStarts; ///< ns, CLOCK_MONOTONIC
  // The run being recorded.
  int64_t runStart, last;
  intptr_t current;
} Profile;

static _Thread_local Profile *active;

static int64_t nowNs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void dlcProfileMark(int64_t row) {
  Profile *p = active;
  if (!p)
    return;
  int64_t t = nowNs();
  intptr_t n = p->rows->count, run = p->numRuns;
  if (p->current >= 0)
    p->times[run * n + p->current] += t - p->last;
  p->current = row >= 0 && row < n ? (intptr_t)row : -1;
  if (p->current >= 0 && p->starts[run * n + p->current] < 0)
    p->starts[run * n + p->current] = t - p->runStart;
  p->last = t;
}

static void *grow(void *items, intptr_t count, size_t size) {
  void *grown = realloc(items, (size_t)count * size);
  if (!grown)
    abort(); // out of memory: DLC's policy (docs/Embedding.md)
  return grown;
}

void dlcProfileRunBegin(DlcProfile profile) {
  Profile *p = profile.ptr;
  intptr_t n = p->rows->count;
  if (p->numRuns == p->capacity) {
    p->capacity = p->capacity ? 2 * p->capacity : 16;
    p->times = grow(p->times, p->capacity * (n ? n : 1), sizeof(int64_t));
    p->starts = grow(p->starts, p->capacity * (n ? n : 1), sizeof(int64_t));
    p->runTimes = grow(p->runTimes, p->capacity, sizeof(int64_t));
    p->runStarts = grow(p->runStarts, p->capacity, sizeof(int64_t));
  }
  for (intptr_t i = 0; i < n; ++i) {
    p->times[p->numRuns * n + i] = 0;
    p->starts[p->numRuns * n + i] = -1;
  }
  p->current = -1;
  active = p;
  p->runStart = p->last = nowNs();
}

void dlcProfileRunEnd(DlcProfile profile) {
  Profile *p = profile.ptr;
  int64_t end = nowNs();
  active = NULL;
  p->runTimes[p->numRuns] = end - p->runStart;
  p->runStarts[p->numRuns] = p->runStart;
  ++p->numRuns;
}

//===----------------------------------------------------------------------===//
// Rows
//===----------------------------------------------------------------------===//

static char *stringField(MlirAttribute dict, const char *name) {
  MlirAttribute a = mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return NULL;
  MlirStringRef s = mlirStringAttrGetValue(a);
  return dlcStrndup(s.data, s.length);
}

static bool readRow(MlirAttribute dict, DlcProfileRow *row) {
  memset(row, 0, sizeof *row);
  if (!mlirAttributeIsADictionary(dict))
    return false;
  MlirAttribute nodes = mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString("nodes"));
  MlirAttribute flops = mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString("flops"));
  row->opType = stringField(dict, "op");
  row->shape = stringField(dict, "shape");
  if (mlirAttributeIsNull(nodes) || !mlirAttributeIsAArray(nodes) ||
      mlirArrayAttrGetNumElements(nodes) < 1 || !row->opType || !row->shape)
    return false;
  row->flops = !mlirAttributeIsNull(flops) && mlirAttributeIsAFloat(flops)
                   ? mlirFloatAttrGetValueDouble(flops)
                   : 0;
  intptr_t n = mlirArrayAttrGetNumElements(nodes);
  row->nodes = calloc((size_t)n, sizeof(char *));
  if (!row->nodes)
    abort();
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute name = mlirArrayAttrGetElement(nodes, i);
    if (!mlirAttributeIsAString(name))
      return false;
    MlirStringRef s = mlirStringAttrGetValue(name);
    row->nodes[row->numNodes++] = dlcStrndup(s.data, s.length);
  }
  row->name = row->nodes[0];
  return true;
}

static void freeRow(DlcProfileRow *row) {
  for (intptr_t i = 0; i < row->numNodes; ++i)
    free(row->nodes[i]);
  free(row->nodes);
  free(row->opType);
  free(row->shape);
}

bool dlcProfileRowsRead(MlirAttribute profile, DlcProfileRows *rows) {
  memset(rows, 0, sizeof *rows);
  if (mlirAttributeIsNull(profile) || !mlirAttributeIsAArray(profile))
    return false;
  intptr_t n = mlirArrayAttrGetNumElements(profile);
  rows->items = calloc((size_t)(n ? n : 1), sizeof *rows->items);
  if (!rows->items)
    abort();
  for (intptr_t i = 0; i < n; ++i) {
    bool ok = readRow(mlirArrayAttrGetElement(profile, i), &rows->items[i]);
    rows->count = i + 1;
    if (!ok) {
      dlcProfileRowsDestroy(rows);
      return false;
    }
  }
  return true;
}

void dlcProfileRowsDestroy(DlcProfileRows *rows) {
  for (intptr_t i = 0; i < rows->count; ++i)
    freeRow(&rows->items[i]);
  free(rows->items);
  memset(rows, 0, sizeof *rows);
}

//===----------------------------------------------------------------------===//
// The C API
//===----------------------------------------------------------------------===//

DlcProfile dlcProfileCreate(DlcExecutable executable) {
  const DlcProfileRows *rows = dlcExecutableIsNull(executable)
                                   ? NULL
                                   : dlcExecutableGetProfileRows(executable);
  if (!rows)
    return (DlcProfile){NULL};
  Profile *p = calloc(1, sizeof *p);
  if (!p)
    abort();
  p->rows = rows;
  return (DlcProfile){p};
}

void dlcProfileDestroy(DlcProfile profile) {
  Profile *p = profile.ptr;
  if (!p)
    return;
  free(p->times);
  free(p->starts);
  free(p->runTimes);
  free(p->runStarts);
  free(p);
}

const DlcProfileRows *dlcProfileGetRows(DlcProfile profile) {
  return ((Profile *)profile.ptr)->rows;
}

void dlcProfileClear(DlcProfile profile) { ((Profile *)profile.ptr)->numRuns = 0; }

intptr_t dlcProfileGetNumRows(DlcProfile profile) {
  return ((Profile *)profile.ptr)->rows->count;
}

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

DlcProfileRowInfo dlcProfileGetRowInfo(DlcProfile profile, intptr_t row) {
  const DlcProfileRow *r = &((Profile *)profile.ptr)->rows->items[row];
  return (DlcProfileRowInfo){ref(r->name), ref(r->opType), ref(r->shape), r->flops, r->numNodes};
}

MlirStringRef dlcProfileGetRowNode(DlcProfile profile, intptr_t row, intptr_t node) {
  return ref(((Profile *)profile.ptr)->rows->items[row].nodes[node]);
}

intptr_t dlcProfileGetNumRuns(DlcProfile profile) { return ((Profile *)profile.ptr)->numRuns; }

double dlcProfileGetTime(DlcProfile profile, intptr_t run, intptr_t row) {
  const Profile *p = profile.ptr;
  return (double)p->times[run * p->rows->count + row] * 1e-9;
}

double dlcProfileGetStart(DlcProfile profile, intptr_t run, intptr_t row) {
  const Profile *p = profile.ptr;
  int64_t start = p->starts[run * p->rows->count + row];
  return start < 0 ? 0 : (double)start * 1e-9;
}

double dlcProfileGetRunTime(DlcProfile profile, intptr_t run) {
  return (double)((Profile *)profile.ptr)->runTimes[run] * 1e-9;
}

//===----------------------------------------------------------------------===//
// The table and the trace
//===----------------------------------------------------------------------===//

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

// The min and median of `n` values (sorted in place).
static void minMedian(double *v, intptr_t n, double *min, double *median) {
  qsort(v, (size_t)n, sizeof *v, compareDoubles);
  *min = n ? v[0] : 0;
  *median = !n ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void emit(MlirStringCallback cb, void *userData, DlcStr *s) {
  cb(mlirStringRefCreate(dlcStrGet(s), s->len), userData);
  dlcStrClear(s);
}

void dlcProfilePrint(DlcProfile profile, MlirStringCallback callback, void *userData) {
  const Profile *p = profile.ptr;
  intptr_t rows = p->rows->count, runs = p->numRuns;
  double *v = malloc(sizeof(double) * (size_t)(runs ? runs : 1));
  double *mins = calloc((size_t)(rows + 2), sizeof(double));
  double *medians = calloc((size_t)(rows + 2), sizeof(double));
  if (!v || !mins || !medians)
    abort();
  // Rows, then the time outside them, then whole runs.
  for (intptr_t r = 0; r < rows + 2; ++r) {
    for (intptr_t k = 0; k < runs; ++k) {
      double inRows = 0;
      for (intptr_t i = 0; r >= rows && i < rows; ++i)
        inRows += dlcProfileGetTime(profile, k, i);
      v[k] = r < rows ? dlcProfileGetTime(profile, k, r)
             : r == rows ? dlcProfileGetRunTime(profile, k) - inRows
                         : dlcProfileGetRunTime(profile, k);
    }
    minMedian(v, runs, &mins[r], &medians[r]);
  }
  double sum = 0;
  for (intptr_t r = 0; r <= rows; ++r)
    sum += medians[r];
  DlcStr s = DLC_STR_INIT;
  dlcStrPrintf(&s, "profile: %ld rows, %ld runs; times in ms\n", (long)rows, (long)runs);
  dlcStrPrintf(&s, "%10s %10s %7s %8s  %-20s %-20s %s\n", "min", "median", "share", "GFLOP/s", "op",
               "shape", "node");
  emit(callback, userData, &s);
  for (intptr_t r = 0; r < rows; ++r) {
    const DlcProfileRow *row = &p->rows->items[r];
    dlcStrPrintf(&s, "%10.4f %10.4f %6.1f%% ", mins[r] * 1e3, medians[r] * 1e3,
                 sum > 0 ? 100 * medians[r] / sum : 0.0);
    if (row->flops > 0 && medians[r] > 0)
      dlcStrPrintf(&s, "%8.1f  ", row->flops / medians[r] * 1e-9);
    else
      dlcStrPrintf(&s, "%8s  ", "");
    dlcStrPrintf(&s, "%-20s %-20s %s", row->opType, row->shape, row->name);
    for (intptr_t i = 1; i < row->numNodes; ++i)
      dlcStrPrintf(&s, " + %s", row->nodes[i]);
    dlcStrPuts(&s, "\n");
    emit(callback, userData, &s);
  }
  dlcStrPrintf(&s, "%10.4f %10.4f %6.1f%%           (outside the rows: the entry's prologue, "
                   "allocations)\n",
               mins[rows] * 1e3, medians[rows] * 1e3, sum > 0 ? 100 * medians[rows] / sum : 0.0);
  dlcStrPrintf(&s, "%10.4f %10.4f                    whole run, timed around the call; the "
                   "medians above add up to %.4f\n",
               mins[rows + 1] * 1e3, medians[rows + 1] * 1e3, sum * 1e3);
  emit(callback, userData, &s);
  dlcStrFree(&s);
  free(v);
  free(mins);
  free(medians);
}

static void appendJsonString(DlcStr *s, const char *text) {
  dlcStrPuts(s, "\"");
  for (const unsigned char *c = (const unsigned char *)text; *c; ++c) {
    if (*c == '"' || *c == '\\')
      dlcStrPrintf(s, "\\%c", *c);
    else if (*c < 0x20)
      dlcStrPrintf(s, "\\u%04x", *c);
    else
      dlcStrAppend(s, (const char *)c, 1);
  }
  dlcStrPuts(s, "\"");
}

void dlcProfilePrintTrace(DlcProfile profile, MlirStringCallback callback, void *userData) {
  const Profile *p = profile.ptr;
  DlcStr s = DLC_STR_INIT;
  dlcStrPuts(&s, "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [");
  emit(callback, userData, &s);
  bool first = true;
  for (intptr_t k = 0; k < p->numRuns; ++k) {
    double runStart = (double)(p->runStarts[k] - p->runStarts[0]) * 1e-3;
    for (intptr_t r = 0; r < p->rows->count; ++r) {
      const DlcProfileRow *row = &p->rows->items[r];
      if (p->starts[k * p->rows->count + r] < 0)
        continue;
      dlcStrPuts(&s, first ? "\n" : ",\n");
      first = false;
      dlcStrPuts(&s, "{\"name\": ");
      appendJsonString(&s, row->name);
      dlcStrPrintf(&s, ", \"cat\": \"node\", \"ph\": \"X\", \"pid\": 0, \"tid\": 0, \"ts\": %.3f, "
                       "\"dur\": %.3f, \"args\": {\"run\": %ld, \"op\": ",
                   runStart + dlcProfileGetStart(profile, k, r) * 1e6,
                   dlcProfileGetTime(profile, k, r) * 1e6, (long)k);
      appendJsonString(&s, row->opType);
      dlcStrPuts(&s, ", \"shape\": ");
      appendJsonString(&s, row->shape);
      if (row->flops > 0)
        dlcStrPrintf(&s, ", \"flops\": %.0f", row->flops);
      if (row->numNodes > 1) {
        dlcStrPuts(&s, ", \"fused\": [");
        for (intptr_t i = 1; i < row->numNodes; ++i) {
          dlcStrPuts(&s, i > 1 ? ", " : "");
          appendJsonString(&s, row->nodes[i]);
        }
        dlcStrPuts(&s, "]");
      }
      dlcStrPuts(&s, "}}");
      emit(callback, userData, &s);
    }
  }
  dlcStrPuts(&s, "\n]}\n");
  emit(callback, userData, &s);
  dlcStrFree(&s);
}
