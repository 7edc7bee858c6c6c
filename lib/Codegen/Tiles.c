//===- Tiles.c - Schedule parameters per shape and CPU ----------*- C -*-===//
//
// Register tiles fill the vector registers with accumulators and leave the
// rest for operands; cache tiles keep a packed block of A's rows (tm x tk)
// and the column panel of B's block (tk x tn) being read in L2. Blocks are
// zero-padded to whole tiles, so the tiles are chosen to waste little
// padding: a dim is split into equal parts of at most the nominal tile,
// rounded up to the register tile.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t roundUp(int64_t a, int64_t b) { return ceilDiv(a, b) * b; }

// A multiple of `unit` that covers `size` in nearly equal parts of at most
// `nominal`, padding the least: of the fewest such parts and up to 3 more,
// the count whose tiles (the parts rounded up to `unit`) cover the fewest
// elements, the fewest parts on a tie. 1000 by 256 -> 256; 197 rows by 64
// in 8s -> 40 (200 rows; 4 parts of 56 computed 224, 10% slower for
// 197x768x768). A size above `nominal` is split in tiles of at most its
// largest multiple of `unit`: where `unit` does not divide it (rows of 6
// in blocks of 64), some sizes (3136) had no part count whose tile fit.
static int64_t evenTile(int64_t size, int64_t nominal, int64_t unit) {
  if (size <= nominal)
    return roundUp(size, unit);
  nominal = nominal >= unit ? nominal / unit * unit : unit;
  int64_t first = ceilDiv(size, nominal), best = 0, bestCovered = 0;
  for (int64_t parts = first; parts <= first + 3; ++parts) {
    int64_t tile = roundUp(ceilDiv(size, parts), unit);
    int64_t covered = roundUp(size, tile);
    if (tile <= nominal && (!best || covered < bestCovered)) {
      best = tile;
      bestCovered = covered;
    }
  }
  return best;
}

// With 32 registers, four vectors of B per row: 4 x 4 or 6 x 4 vectors of
// accumulators, each broadcast of A feeding 4 FMAs (8 x 2: 2). A core with
// two FMA ports (Ice Lake, one thread, best of 20 interleaved rounds)
// needs it: 1024^3 18.7 -> 15.7 ms, 197x768x768 2.00 -> 1.65, 784x576 @
// 576x128 0.84 -> 0.70, Winograd's 16 x 784x64 @ 64x64 0.94 -> 0.75. Six
// rows where K is long (6 broadcasts and 4 loads per 24 FMAs: 2-4% ahead
// of four rows from K = 576 up), four where it is short (the 64-step
// Winograd products: 0.75 ms against 1.16 in 6 x 4, 0.94 in 8 x 2; K =
// 128: 7% ahead). Unless the columns then pad more than an eighth beyond
// two-vector tiles (96 or 160 columns).
static bool wideRowsPay(int64_t n, int64_t lanes) {
  return n >= 4 * lanes && roundUp(n, 4 * lanes) * 8 <= roundUp(n, 2 * lanes) * 9;
}

DlcMatmulTiles dlcChooseMatmulTiles(int64_t m, int64_t n, int64_t k, const DlcTargetCPU *cpu) {
  int64_t lanes = cpu->vectorBits / 32;
  DlcMatmulTiles t;
  // Two vectors of B per row of accumulators; rows enough for the FMAs to
  // hide their latency, leaving room for B and a broadcast of A: 8 x 2 of
  // 32 registers, 6 x 2 of 16 (12 accumulators: 4 x 2 ran 5-15% slower on
  // AVX2 for 197x768x768 to 1024^3; three vectors of B per row, 4 x 3,
  // made LLVM shuffle the rows through the stack, 15x slower).
  t.rn = n <= lanes ? lanes : 2 * lanes;
  t.rm = cpu->vectorRegisters >= 32 ? 8 : 6;
  if (cpu->vectorRegisters >= 32 && wideRowsPay(n, lanes)) {
    t.rn = 4 * lanes;
    t.rm = k >= 512 ? 6 : 4;
  }
  if (m < t.rm)
    t.rm = m; // a few rows (matrix-vector): never pad M up to a tile
  // With so few rows, more columns give the FMAs independent accumulators
  // (2 would leave the loop bound by FMA latency): 8 vectors of columns.
  // A power of two of them: LLVM splits a 6-vector row into pieces it then
  // shuffles through the stack (1x120 @ 120x96: 5.7 us against 1.6 us for
  // the larger 1x400 @ 400x128).
  if (m < 4)
    for (t.rn = 8 * lanes; t.rn > lanes && t.rn > roundUp(n, lanes); t.rn /= 2)
      ;
  // One row (a matrix-vector product, memory-bound: each element of B is
  // used once) with 32 registers: up to 32 vectors of columns, where they
  // divide N. B's rows are then a multiple of 2 KB apart, and 8-vector
  // panels read 512 bytes of each row at that stride, rows that fall in
  // the same few cache sets (likely why: without such a stride, N = 1000,
  // 1500, 3000, the wider tile gained nothing). Zen 5, best of 12
  // interleaved rounds, one thread: 1x768 @ 768x3072 0.122 -> 0.089 ms,
  // 1x4096 @ 4096x4096 3.17 -> 1.84 (oneDNN's sgemm 2.5), 1x1024 @
  // 1024x4096 constant 0.25 -> 0.16, 1x784 @ 784x512 0.016 -> 0.014; two
  // threads: 0.063 -> 0.050, 1.67 -> 1.17, 0.105 -> 0.087; 1x2048 @
  // 2048x1000 (8 vectors kept) equal.
  // The accumulators then fill every register: the few that LLVM spills
  // cost less than the memory they wait on.
  if (m == 1 && cpu->vectorRegisters >= 32) {
    int64_t wide = 32 * lanes;
    while (wide > t.rn && wide > roundUp(n, lanes))
      wide /= 2;
    if (wide > t.rn && n % wide == 0)
      t.rn = wide;
  }
  // A product of at most 64 rows (the 7x7 convolutions' 49) is one block
  // of rows, padded as a whole where the register tile does not divide M:
  // the block of the result is then computed in a padded copy, filled,
  // and copied back, beyond its extra FMAs. With 32 registers, a tile as
  // high as a divisor of M computes it in place: of the current width (up
  // to 6 rows of 4 vectors), else of two vectors (up to 8 rows). Zen 5,
  // best of 10 interleaved rounds: 1x1 convolutions at 7x7 (4 x 4 vectors,
  // 52 rows -> 7 x 2, with their epilogues fused as Im2col.c made them
  // products at the same time; 192 -> 1152 on two threads, one run: 0.074
  // ms, fused alone 0.073, fused and 7 x 2 0.059), one thread: 192 -> 1152 channels 0.115 -> 0.099 ms,
  // 1152 -> 192 0.156 -> 0.092, 320 -> 1280 0.207 -> 0.182, 992 -> 128
  // 0.066 -> 0.054; two threads 0.075 -> 0.054, 0.070 -> 0.052, 0.117 ->
  // 0.100, 0.041 -> 0.030. (16 registers keep 6 x 2: there 4 x 2 ran
  // slower on larger products; not measured on small ones.)
  if (cpu->vectorRegisters >= 32 && m >= 4 && m <= 64 && m % t.rm) {
    bool wide = t.rn > 2 * lanes;
    for (int64_t rm = wide ? 6 : 8; rm >= 4 && m % t.rm; --rm)
      if (m % rm == 0)
        t.rm = rm;
    for (int64_t rm = 8; wide && rm >= 4 && m % t.rm; --rm)
      if (m % rm == 0) {
        t.rm = rm;
        t.rn = 2 * lanes;
      }
  }
  t.tm = evenTile(m, 64, t.rm);
  // Blocks of M are padded to whole register tiles: 49 rows (the 7x7
  // im2col convolutions) in tiles of 8 compute 56. One row fewer per tile
  // can pad less; each step of a tile costs its rm * rn / lanes FMAs and
  // rn / lanes loads of B, so the estimate is padded rows * (rm + B
  // loads) / rm (49 rows: 7 x 2 tiles, 1000 rows: 8 x 2, unchanged).
  if (m >= 4 && t.rm > 4) {
    int64_t loads = t.rn / lanes, rm = t.rm - 1, tm = evenTile(m, 64, rm);
    if (roundUp(m, tm) * (rm + loads) * t.rm < roundUp(m, t.tm) * (t.rm + loads) * rm) {
      t.rm = rm;
      t.tm = tm;
    }
  }
  // Blocks of B up to 1024 x 512 (2 MB), read by the register tiles a
  // column panel (up to 1024 x rn, 128 KB) at a time, each panel contiguous
  // (PackPanels.c) and in L2 while the block's rows go by; A's block (64 x
  // up to 1024) in L2 throughout. Against 256 x 256, the product's result is
  // read and written by fewer k tiles and A packed for fewer column blocks:
  // one thread, 1024^3 21.7-23.1 -> 20.1-20.8 ms, 1000^3 20.3-20.8 ->
  // 19.6-19.9, 2048^3 186 -> 172, BERT's 128x768 @ 768x3072 6.42-6.46 ->
  // 6.25-6.27 (run-time B) and its feed-forward layer 5.78-5.86 -> 5.54-5.60
  // (constant B). K up to 1024 in one tile: each register tile loads and
  // stores its accumulators once per K tile, and the fewer and longer its
  // k loops, the less their start costs (a few hundred cycles each, as
  // the streams of A's rows and B's panel are fetched anew). Against two
  // tiles of 384: 197x768x768 2.23 -> 2.18 ms, the feed-forward layer
  // 5.46-5.50 -> 5.35, ResNet-18 26.1-26.2 -> 25.5-25.8 ms (its 3x3 im2col
  // products, K = 576 .. 4608). Against a limit of 768 (Zen 4, one thread,
  // 3 interleaved rounds): 1024^3 20.9-21.3 -> 20.0-20.4 ms (one tile of
  // 1024, not two of 512), 1000^3 20.3-20.6 -> 19.4-19.7, 2048^3 173-183
  // -> 168-177; K of 3072 and 4608 within noise. A limit of 2048 was
  // faster on 2048^3 only.
  t.tn = evenTile(n, 512, t.rn);
  t.tk = evenTile(k, 1024, 1);
  return t;
}

// Rows known only at run time: the register tile of a large M, and cache
// tiles of rows one register tile high, so that the last tile (zero-padded
// to whole) computes fewer than rm extra rows whatever the count (tiles of
// 64 rows computed 64 for a 32-row batch). The packed block of B, the
// tile reused across rows, keeps its size.
DlcMatmulTiles dlcChooseDynamicRowsMatmulTiles(int64_t n, int64_t k, const DlcTargetCPU *cpu) {
  DlcMatmulTiles t = dlcChooseMatmulTiles(1024, n, k, cpu);
  t.tm = t.rm;
  return t;
}

void dlcShareMatmulColumns(DlcMatmulTiles *t, int64_t n, int64_t batch, int64_t threads) {
  // Column blocks are what threads share: with fewer of them than threads
  // (256^3 was one block: 2 threads ran as fast as 1) or a count that
  // leaves one thread idle at the end (3 blocks of 768 on 2 threads), take
  // narrower blocks, down to the register tile. A narrower block of B is
  // still reused by every row of A.
  int64_t blocks = ceilDiv(n, t->tn);
  if (threads < 2 || (batch * blocks) % threads == 0)
    return;
  int64_t wanted = roundUp(batch * blocks, threads) / batch;
  if (wanted * batch < threads)
    wanted = ceilDiv(threads, batch);
  // A one-row tile wider than 8 AVX-512 vectors (see dlcChooseMatmulTiles)
  // may hold every column: halved until each block has a tile of its own
  // (1x8192 @ 8192x512 on 2 threads: 0.158 ms in one 32-vector tile,
  // 0.085 in two of 16 vectors, 0.111 in 8-vector ones).
  while (t->rm == 1 && t->rn > 128 && ceilDiv(n, t->rn) < wanted)
    t->rn /= 2;
  int64_t tn = roundUp(ceilDiv(n, wanted), t->rn);
  if (tn >= t->rn)
    t->tn = tn;
}

bool dlcShareMatmulRows(DlcMatmulTiles *t, int64_t m, int64_t n, int64_t batch, int64_t threads) {
  if (threads < 2 || batch * ceilDiv(n, t->tn) >= threads || m < threads * t->rm)
    return false;
  // Sharing rows, every thread reads all of B; sharing columns, all of A.
  // Where B is the larger (more columns than rows) and its register
  // tiles' columns split evenly among the threads, columns: ResNet-18's
  // 7x7 512-channel im2col products (49 rows, B 9.4 MB from memory) ran
  // 1.21 ms on 2 threads sharing rows, 1.13 sharing columns.
  if (n > m && ceilDiv(n, t->rn) % threads == 0)
    return false;
  // Each thread's rows whole 6-row tiles or 4-row ones, as the rows divide:
  // 512 rows shared as 258 and 254 (the last block padded to whole tiles)
  // ran as slowly as on one thread (Ice Lake, 512^3: 1.9 ms against 0.93
  // in 4-row tiles of 256 and 256; 600 rows, 300 each, scale in 6-row ones).
  if (t->rm == 6 && m % 6 && m % 4 == 0)
    t->rm = 4;
  t->tm = roundUp(ceilDiv(m, threads), t->rm);
  // A block of the parallel loop has a dynamic size where tm does not
  // divide M (49 rows: 28 and 21), so the last is padded whole, its blocks
  // of A and of the result copied, though its rows are whole register
  // tiles. Where M is a few register tiles, blocks of one tile are all
  // whole (7 of 7 rows; Zen 5, 2 threads, best of 10 interleaved rounds:
  // 1x1 convolutions at 7x7, 960 -> 160 channels 0.0435 -> 0.0388 ms,
  // 576 -> 96 0.0177 -> 0.0161).
  if (m % t->rm == 0 && m % t->tm && m / t->rm <= 4 * threads)
    t->tm = t->rm;
  return true;
}

// The largest divisor of n that is at most `limit` (at least 1).
static int64_t largestDivisor(int64_t n, int64_t limit) {
  for (int64_t d = limit < n ? limit : n; d > 1; --d)
    if (n % d == 0)
      return d;
  return 1;
}

// A whole window row per step keeps its weights (kw x C vectors of
// channels, at least) and its row of inputs live with the accumulators.
// Where the weights alone take more than half the registers, LLVM spills
// all around the loop: the 7x7/2 RGB stem on AVX-512 (28 accumulators,
// 21 x 2 weight vectors) had 700 stack accesses for 588 FMAs and ran
// 2.9 ms, against 1.3-1.5 ms with one window column per step.
static bool wholeRowFits(int64_t c, int64_t kw, const DlcTargetCPU *cpu) {
  return kw * c <= cpu->vectorRegisters / 2;
}

// The registers a whole-row step holds: the accumulators, the row's
// weights (kw x C vectors) and, with a stride, the tile's input row (read
// as one vector, below). The RGB 3x3/2 stems of mobile nets (9 weight
// vectors per vector of channels) took tiles of 16 x 16 and 8 x 32 by the
// accumulators alone, 32 and 38 registers with the rest: the loop spilled
// (134 stack accesses for 144 FMAs). At most 4 fewer than the registers
// (Ice Lake, one thread, the layer with its NCHW transposes, AOT builds
// interleaved): 3 -> 16 channels at 224x224 0.385 -> 0.275 ms (8 x 16), 3
// -> 32 0.59 -> 0.40 (4 x 32), 3 -> 64 1.19 -> 0.80; MobileNetV2's stem in
// the model 0.433 -> 0.279 ms, MobileNetV3-Large 6.63 -> 6.33 ms. At most 6
// or 8 fewer, the 32- and 64-channel stems ran as before.
static int64_t wholeRowRegisters(int64_t wt, int64_t vectors, int64_t kw, int64_t c,
                                 int64_t stride, int64_t lanes) {
  int64_t row = stride > 1 ? ceilDiv(((wt - 1) * stride + kw) * c, lanes) : 0;
  return wt * vectors + kw * c * vectors + row;
}

// With a stride, upstream's 1-D convolution vectorizer reads a tile's
// input row ((wt - 1) * stride + 1 pixels of ct channels) as one vector and
// extracts each pixel's channels from it, so that row is live with the
// accumulators (with stride 1 each pixel's channels are read directly).
// The widest tile whose accumulators and input row fit the budget, then
// the row split evenly into tiles of that count (28 wide: 7 x 4 rather
// than 9, 9, 9, 1). On AVX-512 the 3x3/2 64->128 layer (28 wide) in tiles
// of 14 x 32 channels had 148 stack accesses for 224 FMAs and ran 0.98
// ms; 7 x 32: 8 stack accesses, 0.59 ms; 10 x 32: 101 and 0.62-0.72 ms.
static int64_t stridedTileWidth(int64_t ow, int64_t wt, int64_t vectors, int64_t stride,
                                int64_t ct, int64_t budget, int64_t lanes) {
  while (wt > 1 && wt * vectors + ceilDiv(((wt - 1) * stride + 1) * ct, lanes) > budget)
    --wt;
  return ceilDiv(ow, ceilDiv(ow, wt));
}

// The pixels a tile reads at once lie c * stride floats apart. Where that
// is a multiple of 4 KB, they all fall in one set of a 64-set L1 data
// cache (32-48 KB), whose ways (8, the fewest of current x86 cores) hold
// only 8 of them: each channel step then evicts the lines the next steps
// read. ResNet-50's 1x1 1024 -> 256 layers at 14x14 in tiles of 14 pixels
// ran 1.34-1.38 ms, in tiles of 7 1.06-1.07 ms (Zen 4, one thread); 512
// channels (2 sets, 7 pixels each) ran the same in tiles of 7 to 14.
static int64_t pixelsWithoutConflicts(int64_t c, int64_t stride) {
  int64_t bytes = c * stride * (int64_t)sizeof(float);
  if (bytes % 64)
    return INT64_MAX;
  // 64 / gcd(lines apart, 64) sets.
  int64_t lines = bytes / 64, sets = 64;
  while (sets > 1 && lines % 2 == 0) {
    lines /= 2;
    sets /= 2;
  }
  return 8 * sets;
}

// With 32 registers, four vectors of channels (6 pixels) feed 24 FMAs with
// 10 loads (4 of weights, 6 broadcasts) per input channel, where two
// vectors of 12 pixels take 14. A core with two FMA ports gains (Ice Lake,
// one thread, best of 15 interleaved rounds, 7 pixels against two vectors
// of 14, before the budget of 24 accumulators): 3x3/2 64 -> 128 at 56x56
// 1.27 -> 0.93 ms, 3x3 16 -> 64 at 55x55 (SqueezeNet) 1.04 -> 0.86;
// ResNet-18 30.1 -> 28.0 ms, SqueezeNet 8.48 -> 8.26, DenseNet-121 73.1 ->
// 69.8. Only while a channel slice's weights stay in L2 as the rows go by,
// up to 256 KB (ResNet-18's 3x3 512-channel layers, 1.2 MB a slice: 2.8 ->
// 3.7 ms). 1x1 layers gain too, in tiles of 6 pixels and rows split evenly
// (the 7-pixel tiles above, 28 accumulators, spilled, and 1x1 layers ran
// slower in them: ShuffleNetV2 7.0 -> 8.6 ms). Ice Lake, one thread, best
// of 10-15 interleaved rounds, each layer alone: 1x1 512 -> 1000 at 13x13
// (SqueezeNet's classifier) 1.39 -> 1.18 ms, 512 -> 128 at 28x28 0.71 ->
// 0.62, 192 -> 768 at 14x14 0.40 -> 0.34, 96 -> 576 at 14x14 0.18 -> 0.16,
// 64 -> 256 at 56x56 0.80 -> 0.68, 1024 -> 256 at 14x14 0.84 -> 0.80;
// whole models SqueezeNet 6.19 -> 5.97, DenseNet-121 46.3 -> 44.2,
// ShuffleNetV2 3.42 -> 3.31, MobileNetV2 and EfficientNet-B0 within noise;
// with the even split of rows (dlcChooseConvTiles), two threads:
// SqueezeNet 3.81 -> 3.63, DenseNet-121 32.4 -> 32.0, EfficientNet-B0 9.58
// -> 9.46.
static bool fourVectorsPay(int64_t window, int64_t weightsPerTap, bool wholeRow,
                           const DlcTargetCPU *cpu) {
  return cpu->vectorRegisters >= 32 && !wholeRow &&
         window * weightsPerTap * (int64_t)sizeof(float) <= 256 * 1024;
}

// Whether `f` output channels that `ft` does not divide can be slices of
// `ft` and a last one of the rest: the rest must be a whole vector of a
// width LLVM splits cleanly, a power of two of at least 4 lanes (a
// vector<48xf32> accumulator row, three AVX-512
// registers, was widened to 64 lanes and assembled lane by lane: 576
// vinsertps for 96 FMAs, the 1x1 32 -> 48 layer 5x slower). RegNet's 104
// channels took one 8-lane vector per tile, as 16 do not divide them: the
// 1x1 104 -> 104 at 28x28 ran 0.25 ms against 0.135 for 96 -> 96 in 32-lane
// tiles; as 3 slices of 32 and one of 8 (the rows' schedules peel the
// last), 0.18 ms.
static bool channelsSplit(int64_t f, int64_t ft) {
  int64_t rest = f % ft;
  return f > ft && rest >= 4 && (rest & (rest - 1)) == 0;
}

bool dlcChooseConvTiles(int64_t ow, int64_t f, int64_t c, int64_t kh, int64_t kw, int64_t stride,
                        const DlcTargetCPU *cpu, DlcConvTiles *out) {
  // Accumulators: the registers but those for a channel step's weights
  // and the input broadcasts (12 of AVX2's 16, 24 of AVX-512's 32). Of one
  // to four vectors of channels (dividing F, or leaving a rest that
  // channelsSplit allows), take the tile using most registers, the most
  // vectors on a tie; channels that fill no whole wide vector (8 on
  // AVX-512) take narrower ones, down to 128 bits.
  // The schedule peels a row's last tile, so wt need not divide the row:
  // on AVX2, 3x3 convolutions 14 and 28 wide ran 22% and 9% faster in
  // 6 x 16 tiles and a narrower last one than in the dividing 7 x 8 and
  // 4 x 16 (56 wide: the same as 4 x 16, within noise). Whole-window-row steps
  // (below) keep a row of inputs live as well; they keep dividing tiles
  // (6 x 16 on the RGB stem, 112 wide, was no faster than 4 x 16).
  //
  // LLVM loads a channel step's weights (ct x vectors) ahead of its FMAs:
  // with 32 registers, 28 accumulators or 8 channels a step left too few
  // for them, and the loop spilled accumulators to the stack on every
  // step. 24 accumulators and 4 channels a step do not spill (Ice Lake,
  // one thread, best of 10 interleaved rounds, 28 and 8 -> 24 and 4): 3x3
  // 64 -> 64 at 56x56 3.29 -> 1.54 ms (4 x 7 -> 4 x 6 vectors x pixels),
  // 128 -> 32 at 56x56 3.07 -> 1.73 (2 x 14 -> 2 x 12), 16 -> 64 at 55x55
  // 1.03 -> 0.68, 32 -> 128 at 27x27 0.78 -> 0.48; 1x1 256 -> 128 at
  // 56x56 3.38 -> 2.80, 256 -> 64 1.72 -> 1.44; the RGB 7x7/2 stem 2.62
  // -> 2.39.
  bool manyRegisters = cpu->vectorRegisters >= 32;
  int64_t budget = manyRegisters ? 24 : cpu->vectorRegisters - 4;
  bool wholeRow = c < 8 && wholeRowFits(c, kw, cpu);
  int64_t ct = largestDivisor(c, manyRegisters ? 4 : 8);
  // Two steps of 8 (16 channels): LLVM unrolls the channel loop whole, and
  // the 16 channels' weights and broadcasts with the accumulators spilled
  // (SqueezeNet's fire modules, 3x3 16 -> 64 at 55x55: 1.07 -> 0.6 ms;
  // the model 7.6-8.6 -> 6.4-6.9 ms). Four steps of 4 are not unrolled.
  if (c / ct == 2 && ct == 8)
    ct = largestDivisor(c, ct / 2);
  // With a stride and 16 registers, the input row of 8 channels a step
  // (stridedTileWidth) left room for 3 pixels: 6 accumulators, too few to
  // hide the FMAs' latency. One channel a step keeps the row in 2
  // registers; the accumulators then take all the registers but the
  // step's weights (6 x 2 vectors), as the row's lanes are the
  // broadcasts. Zen 5 in AVX2 code (--mcpu=x86-64-v3), one thread: 3x3/2
  // 64 -> 128 at 56x56 1.54 -> 1.09 ms, 128 -> 256 at 28x28 1.52 -> 1.16,
  // 32 -> 64 at 112x112 1.47 -> 1.07, 5x5/2 24 -> 48 at 56x56 0.58 ->
  // 0.39, the RGB 7x7/2 stem 2.50 -> 2.17 and 3x3/2 stem 0.27 -> 0.245;
  // 5 x 2 vectors, within the usual budget, ran 5% slower than 6 x 2.
  bool oneChannelStrided = !manyRegisters && stride > 1 && !wholeRow;
  if (oneChannelStrided)
    ct = 1;
  int64_t best = 0, cachedPixels = pixelsWithoutConflicts(c, stride);
  for (int64_t lanes = cpu->vectorBits / 32; lanes >= 4 && !best; lanes /= 2) {
    // Slices with a rest only where no tile of several vectors divides F:
    // the rest's slice has the main tile's pixels, and fewer accumulators.
    bool severalDivide = false;
    for (int64_t vectors = 4; vectors >= 2; vectors /= 2)
      severalDivide |= f % (vectors * lanes) == 0 &&
                       (vectors < 4 || fourVectorsPay(kh * kw, c * vectors * lanes, wholeRow, cpu));
    for (int64_t vectors = 4; vectors >= 1; vectors /= 2) {
      int64_t ft = vectors * lanes;
      if ((f % ft && (severalDivide || !channelsSplit(f, ft))) ||
          (vectors == 4 && !fourVectorsPay(kh * kw, c * ft, wholeRow, cpu)))
        continue;
      int64_t limit = budget / vectors;
      int64_t wt = wholeRow ? largestDivisor(ow, limit) : limit < ow ? limit : ow;
      while (wholeRow && wt > 1 &&
             wholeRowRegisters(wt, vectors, kw, c, stride, lanes) > cpu->vectorRegisters - 4)
        wt = largestDivisor(ow, wt - 1);
      // Fewer pixels than the registers allow, the row split evenly.
      if (!wholeRow && wt > cachedPixels)
        wt = ceilDiv(ow, ceilDiv(ow, cachedPixels));
      // With 32 registers, a row the tile does not divide is split evenly
      // too: 13 pixels in tiles of 6 left a tile of one, its 4
      // accumulators too few to hide the FMAs' latency (SqueezeNet's 13x13
      // layers in 5, 5 and 3: the model 5.47 -> 5.29 ms on one thread).
      // Measured on AVX-512 only: AVX2's 16 registers keep the peeled
      // narrower tile measured above.
      if (manyRegisters && !wholeRow && stride == 1)
        wt = ceilDiv(ow, ceilDiv(ow, wt));
      if (oneChannelStrided) {
        int64_t rowBudget = cpu->vectorRegisters - vectors;
        wt = stridedTileWidth(ow, rowBudget / vectors < ow ? rowBudget / vectors : ow, vectors,
                              stride, ct, rowBudget, lanes);
      } else if (stride > 1 && !wholeRow) {
        wt = stridedTileWidth(ow, wt, vectors, stride, ct, budget, lanes);
      }
      if (wt * vectors > best) {
        best = wt * vectors;
        out->wt = wt;
        out->ft = ft;
        out->ct = ct;
      }
    }
  }
  if (!best)
    return false;
  // Few input channels whose window row's weights fit the registers
  // (wholeRowFits): a whole window row per step reuses each input pixel
  // across the row; otherwise one column, and `ct` channels per step
  // (above).
  out->kwt = wholeRow ? kw : 1;
  return true;
}

bool dlcChooseDepthwiseTiles(int64_t ow, int64_t f, int64_t kw, int64_t stride,
                             const DlcTargetCPU *cpu, DlcConvTiles *out) {
  // Each channel's window row is its own 1-D convolution: the tile's input
  // row ((wt - 1) * stride + kw pixels) and its kw weights are live in
  // registers with the wt accumulators, one vector of channels each. With
  // the input left out of the budget, 28 pixels at stride 2 needed 88
  // registers and ran 2.5x slower than a tile of 8 (spills).
  int64_t best = 0;
  for (int64_t lanes = cpu->vectorBits / 32; lanes >= 4 && !best; lanes /= 2) {
    if (f % lanes)
      continue;
    for (int64_t wt = ow; wt >= 1 && !best; --wt)
      if (ow % wt == 0 && wt + (wt - 1) * stride + 2 * kw <= cpu->vectorRegisters - 1) {
        best = wt;
        out->wt = wt;
        out->ft = lanes;
      }
  }
  out->kwt = kw;
  out->ct = out->ft;
  return best > 0;
}

// Threads share a convolution's channel slices, each slice's weights then
// staying in one core's cache, unless the slices leave a thread idle more
// than a tenth of the time (3 slices on 2 threads: a third); then its rows.
// One slice is shared by rows anyway (its loop runs once).
bool dlcConvThreadsShareRows(int64_t f, int64_t ft, int64_t threads) {
  int64_t slices = f / ft;
  return threads > 1 && slices > 1 && ceilDiv(slices, threads) * threads * 10 > slices * 11;
}

// Channel slices outside rows keep a slice's weights in cache while every
// pixel uses them, but read the input once per slice and write each
// output row in strips of ft channels, one slice at a time. With weights
// of at most 64 KB, which stay in L1 and L2 through a whole row of every
// slice, rows go outside instead: each input row is read once and each
// output row written whole (MobileNet-V2's 1x1 16->96 at 112x112, 6 KB of
// weights, in the model on 1 thread: 0.64 -> 0.42 ms; the model 6.50 ->
// 6.26 ms summed over its layers, no layer slower by more than 4 us).
// With threads, rows are also what the threads share, as they do in the
// depthwise convolutions between MobileNet's 1x1 layers: sharing channel
// slices instead, each thread read half its input from the other core's
// cache, layer after layer. Up to 256 KB of weights, which both threads
// then read, rows (MobileNet-V2-shaped model on 2 threads, summed over its
// layers: 3.68 -> 3.58 ms, its 14x14 blocks' 1x1 and depthwise layers
// 2-8 us faster each); on one thread 256 KB made the 576-channel layers
// 5% slower.
bool dlcConvPrefersRows(int64_t weightBytes, int64_t threads) {
  return weightBytes <= (threads > 1 ? 256 : 64) * 1024;
}

// With 7x7 outputs and a register tile narrower than the row (AVX2: 6 of
// 7 pixels, the 7th a peeled tile of its own) each weight loaded is used
// for a few pixels only (measured on AVX2: 3x slower than im2col + matmul on
// 512 channels); at 14x14 the window loops are faster again, and the im2col
// copy grows with the pixels. A tile that takes the whole row (AVX-512: 7 x
// 32) uses each weight vector for the row and streams the weights once per
// row, in place: on AVX-512 (Zen 5, ResNet-18's 3x3 512-channel layer, best
// of 3 x 300 runs) 1.46-1.83 ms against 2.08-2.15 ms with im2col on 1
// thread, where the im2col product also packs its 49-row A blocks per k
// tile and reads 32-column strips of B at a 1 KB stride. A 1x1 window
// keeps the product: its im2col is the input itself, copied once, not
// window-size times (MobileNet-V2's 1x1 320->1280 at 7x7: 0.24 ms as a
// product, 0.26-0.30 ms as window loops).
bool dlcConvPrefersIm2col(int64_t pixels, int64_t c, int64_t window, int64_t ow,
                          const DlcConvTiles *tiles) {
  return pixels <= 64 && c >= 64 && (window == 1 || !tiles || tiles->wt < ow);
}

// A row group's loop body reads a block of input rows and writes a block
// of output rows, each swept several times (softmax: max, exp, sum, div),
// with block-sized temporaries besides (layer norm's (x - mean)^2), which
// should all stay in L1 (32-48 KB) between the sweeps. Measured on a Zen 2
// (32 KB L1), 1 thread, blocks of 1024 / 2048 / 4096 / 8192 elements:
// layer norm 128x768 0.028 / 0.027 / 0.031 / 0.035 ms, softmax 12x128x128
// 0.196 / 0.199 / 0.202 / 0.207 ms.
int64_t dlcDefaultRowBlock(const DlcTargetCPU *cpu) {
  (void)cpu;
  return 2048;
}

// The innermost outer dim is tiled first (rows next to each other are
// contiguous); a dim taken whole lets the next one out be tiled too. A
// divisor keeps every block the same static size; where the only divisors
// are far below the budget (a prime row count), a partial last block is
// cheaper than many tiny ones.
void dlcChooseRowTiles(intptr_t rank, const int64_t *dims, intptr_t reduced,
                       int64_t blockElements, int64_t *tiles) {
  int64_t row = 1;
  for (intptr_t i = rank - reduced; i < rank; ++i) {
    row *= dims[i];
    tiles[i] = 0;
  }
  int64_t rows = blockElements / row > 1 ? blockElements / row : 1;
  for (intptr_t i = rank - reduced - 1; i >= 0; --i) {
    if (dims[i] < 0) { // `?` (a batch): blocks of `rows`, the last one partial
      tiles[i] = rows;
      rows = 1;
      continue;
    }
    if (rows >= dims[i]) {
      tiles[i] = dims[i];
      rows /= dims[i];
      continue;
    }
    int64_t t = rows;
    while (t > 1 && dims[i] % t)
      --t;
    tiles[i] = 2 * t >= rows ? t : rows;
    rows = 1;
  }
}

// The products save 20 multiply-adds per tile and channel pair (16 of
// 36); the transforms cost a few adds per tile and channel, and a pass
// over V and M (16 floats per tile and input, resp. output, channel) in
// memory. So Winograd pays where the channels' c f / (c + f) is large,
// less so as V and M outgrow the caches. Measured on Ice Lake (two FMA
// ports, 1.25 MB L2), one thread, 3x3 layers against the direct window
// loops, Winograd's time / direct's for c f / (c + f) and V + M: 16, 3.2
// MB (32 -> 32 at 56x56): 1.29; 25.6, 8 MB (128 -> 32 at 56x56): 1.54;
// 25.6, 2 MB (at 28x28): 1.02; 25.6, 0.5 MB (at 14x14): 0.86; 32, 6.4 MB
// (64 -> 64 at 56x56): 1.09; 32, 1.6 MB: 0.88; 48, 9.6 MB: 1.18; 48,
// 2.4 MB: 0.88; 64, 12.8 MB: 1.03; 64, 3.2 MB: 0.70; 128, 6.4 MB (256 ->
// 256 at 28x28): 0.73. The threshold 20 + 6 per MB of V + M parts all
// 20 layers measured. With few tiles, the transformed weights (16 x C x F
// against 9 x C x F) are read for little work: ResNet-18's 7x7
// 512-channel layers (16 tiles, 16 MB of weights each) ran 1.3x faster
// alone but 1.0x inside the model, where their weights come from memory.
bool dlcConvPrefersWinograd(int64_t tiles, int64_t c, int64_t f) {
  if (tiles < 32 || c < 32 || f < 32)
    return false;
  double transformedMB = 16.0 * (double)tiles * (double)(c + f) * sizeof(float) / (1 << 20);
  return (double)c * (double)f / (double)(c + f) >= 20 + 6 * transformedMB;
}

// A slice of weights over 256 KB used by at most 64 pixels (ResNet-18's
// 512-channel 7x7 layers: 590 KB and 295 KB slices, 49 pixels) is read
// from memory in its first row faster than the FMAs can use it: in the
// model the layers ran 2.5 ms each against 1.6 alone. Blocks of input
// channels whose weights take at most 32 KB stay in L1 for all the rows
// (ResNet-18, one thread, AOT builds interleaved, best of 200 runs:
// 27.2-27.3 -> 25.2-25.6 ms; two threads 13.7-13.9 -> 13.3-13.5). Blocks
// of 64 KB gained half as much, of 16 KB lost 15% (each block's k loop too
// short for its accumulators' loads and stores); slices of 147 KB
// (DenseNet-121's 3x3 128 -> 32 layers at 7x7) gained nothing.
int64_t dlcConvChannelBlock(int64_t pixels, int64_t c, int64_t window, const DlcConvTiles *t) {
  int64_t perChannel = window * t->ft * (int64_t)sizeof(float);
  if (pixels > 64 || c * perChannel <= 256 * 1024)
    return 0;
  for (int64_t cb = 32 * 1024 / perChannel; cb >= t->ct; --cb)
    if (c % cb == 0 && cb % t->ct == 0)
      return cb < c ? cb : 0;
  return 0;
}
