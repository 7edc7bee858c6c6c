//===- Bridge.cpp - What LLVM 22's C API cannot do --------------*- C++ -*-===//
//
// DLC is C11 on the MLIR C API; lib/Bridge's C++ files are the exception.
// This one is kept to the functions declared in Bridge.h.
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"

extern "C" {
#include "Dialect/Bytecode.h"
#include "Dialect/CustomForm.h"
#include "Support/File.h"
#include "Support/Sandbox.h"
#include "dlc-c/Dialects.h"
}

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <string.h>
#include <string>
#include <vector>

#include <unistd.h>

using namespace mlir;

// Parses the one buffer of `sourceMgr`. MLIR's parser fails on a DLC op in
// custom form without a diagnostic: then DLC says where and why.
static MlirOperation parse(MLIRContext *ctx, const std::shared_ptr<llvm::SourceMgr> &sourceMgr) {
  int diagnostics = 0;
  OwningOpRef<ModuleOp> module;
  {
    ScopedDiagnosticHandler counter(ctx, [&](Diagnostic &) {
      ++diagnostics;
      return failure(); // and on to the handlers before this one
    });
    ParserConfig config(ctx);
    module = parseSourceFile<ModuleOp>(sourceMgr, config);
  }
  const llvm::MemoryBuffer *buffer = sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  unsigned line, column;
  DlcStr message = DLC_STR_INIT;
  if (!module && !diagnostics &&
      dlcFindCustomFormOp(buffer->getBufferStart(), buffer->getBufferSize(), &line, &column,
                          &message))
    emitError(FileLineColLoc::get(ctx, buffer->getBufferIdentifier(), line, column))
        << dlcStrGet(&message);
  dlcStrFree(&message);
  return wrap(module.release().getOperation());
}

namespace {
struct ParseTrial {
  const DialectRegistry *registry;
  bool allowUnregistered;
  llvm::StringRef text;
  const char *name;
  llvm::StringRef splitMarker;
};
} // namespace

// In the child: a context like the caller's, single-threaded (the caller's
// thread pool did not come along), parses and verifies each chunk; whether
// they are valid is the caller's parse's to say.
static void tryParse(int fd, void *userData) {
  const ParseTrial &trial = *static_cast<ParseTrial *>(userData);
  MLIRContext ctx(*trial.registry, MLIRContext::Threading::DISABLED);
  ctx.allowUnregisteredDialects(trial.allowUnregistered);
  // Each error as a line: the parent quotes the last one before a crash.
  unsigned chunkLine = 0; // of the file, where the chunk parsed starts
  ctx.getDiagEngine().registerHandler([fd, &chunkLine](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return success();
    std::string line;
    llvm::raw_string_ostream os(line);
    if (auto loc = llvm::dyn_cast<FileLineColLoc>(diag.getLocation()))
      os << chunkLine + loc.getLine() << ":" << loc.getColumn() << ": ";
    os << diag.str();
    std::replace(line.begin(), line.end(), '\n', ' ');
    line += '\n';
    dlcSandboxWrite(fd, line.data(), line.size());
    return success();
  });
  if (mlirLogicalResultIsFailure(dlcContextLoadDialects(wrap(&ctx))))
    _exit(0);
  llvm::SmallVector<llvm::StringRef> chunks;
  if (trial.splitMarker.empty())
    chunks.push_back(trial.text);
  else
    trial.text.split(chunks, trial.splitMarker);
  for (llvm::StringRef chunk : chunks) {
    chunkLine = trial.text.take_front(chunk.data() - trial.text.data()).count('\n');
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(chunk, trial.name, false),
                                  llvm::SMLoc());
    Block block;
    (void)parseSourceFile(sourceMgr, &block, ParserConfig(&ctx));
  }
  _exit(0);
}

// Whether `trial` parses in a child without crashing; why not, in `error`.
static bool parsesSafely(ParseTrial *trial, DlcStr *error) {
  DlcStr output = DLC_STR_INIT, why = DLC_STR_INIT;
  DlcSandboxEnd end;
  // Without a child the parse goes ahead unguarded: a file is not refused
  // for the machine's lack of processes.
  bool crashed = dlcSandboxRun(tryParse, trial, &output, &end, &why) && dlcSandboxCrashed(&end);
  if (crashed) {
    dlcStrPrintf(error, "cannot parse '%s': MLIR's parser or verifier crashed on it (%s)",
                 trial->name,
                 end.exited ? "a sanitizer's report" : strsignal(end.signal));
    // What it said last is where it was.
    llvm::StringRef said = llvm::StringRef(dlcStrGet(&output), output.len).rtrim('\n');
    if (!said.empty())
      dlcStrPrintf(error, " after reporting %s",
                   said.substr(said.rfind('\n') + 1).str().c_str());
  }
  dlcStrFree(&output);
  dlcStrFree(&why);
  return !crashed;
}

bool dlcBridgeTextFromUntrusted(char **text, size_t *size, const char *name,
                                MlirDialectRegistry registry, bool allowUnregistered,
                                MlirStringRef splitMarker, DlcStr *error) {
  if (dlcIsBytecode(*text, *size)) {
    // The reader's child parsed and verified it; the text is its print.
    char *converted = dlcBytecodeToText(*text, *size, name, size, error);
    free(*text);
    *text = converted;
    return converted != nullptr;
  }
  ParseTrial trial{unwrap(registry), allowUnregistered, llvm::StringRef(*text, *size), name,
                   unwrap(splitMarker)};
  if (parsesSafely(&trial, error))
    return true;
  free(*text);
  *text = nullptr;
  return false;
}

// Parses `text` (malloc'ed, taken) named `name`.
static MlirOperation parseOwnedBuffer(MlirContext ctx, char *text, size_t size,
                                      const std::string &name) {
  DlcStr error = DLC_STR_INIT;
  MLIRContext *context = unwrap(ctx);
  if (!dlcBridgeTextFromUntrusted(
          &text, &size, name.c_str(),
          wrap(&const_cast<DialectRegistry &>(context->getDialectRegistry())),
          context->allowsUnregisteredDialects(), mlirStringRefCreate(nullptr, 0), &error)) {
    emitError(FileLineColLoc::get(context, name, 0, 0)) << dlcStrGet(&error);
    dlcStrFree(&error);
    return MlirOperation{nullptr};
  }
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(text, size), name), llvm::SMLoc());
  free(text);
  return parse(context, sourceMgr);
}

MlirOperation dlcBridgeParseFile(MlirContext ctx, MlirStringRef path) {
  std::string name = unwrap(path).str();
  // DLC's reader, which refuses FIFOs and devices instead of blocking.
  DlcStr error = DLC_STR_INIT;
  size_t size = 0;
  char *text = dlcReadFile(name.c_str(), NULL, &size, &error);
  if (!text) {
    emitError(FileLineColLoc::get(unwrap(ctx), name, 0, 0)) << dlcStrGet(&error);
    dlcStrFree(&error);
    return MlirOperation{nullptr};
  }
  return parseOwnedBuffer(ctx, text, size, name == "-" ? "<stdin>" : name);
}

MlirOperation dlcBridgeParseBuffer(MlirContext ctx, MlirStringRef buffer, MlirStringRef name) {
  char *text = static_cast<char *>(malloc(buffer.length + 1));
  if (!text)
    abort(); // out of memory: DLC's policy
  memcpy(text, buffer.data, buffer.length);
  text[buffer.length] = 0;
  return parseOwnedBuffer(ctx, text, buffer.length, unwrap(name).str());
}

MlirPassManager dlcBridgePassManagerCreate(MlirContext ctx, MlirStringRef anchor) {
  return wrap(new PassManager(unwrap(ctx), unwrap(anchor), PassManager::Nesting::Implicit));
}

void dlcBridgePassManagerEnableReproducer(MlirPassManager pm, MlirStringRef path) {
  unwrap(pm)->enableCrashReproducerGeneration(unwrap(path), /*genLocalReproducer=*/false);
}

MlirLogicalResult dlcBridgeDenseResourceData(MlirAttribute attr, const void **data, size_t *size,
                                             size_t *alignment) {
  auto resource = llvm::dyn_cast<DenseResourceElementsAttr>(unwrap(attr));
  AsmResourceBlob *blob = resource ? resource.getRawHandle().getBlob() : nullptr;
  if (!blob)
    return mlirLogicalResultFailure();
  *data = blob->getData().data();
  *size = blob->getData().size();
  *alignment = blob->getDataAlignment();
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcBridgeApproximateMath(MlirOperation op,
                                           bool (*isApproximated)(MlirStringRef, void *),
                                           void *userData) {
  Operation *root = unwrap(op);
  RewritePatternSet patterns(root->getContext());
  populateMathPolynomialApproximationPatterns(
      patterns, [&](StringRef name) { return isApproximated(wrap(name), userData); });
  return wrap(applyPatternsGreedily(root, std::move(patterns)));
}

char *dlcBridgeCPUFeatures(const char *cpu) {
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  // Asked of the target's default CPU, which knows every name; creating
  // the named CPU's subtarget first would warn of an unknown one.
  std::unique_ptr<llvm::MCSubtargetInfo> known(target->createMCSubtargetInfo(triple, "", ""));
  if (!known || !known->isCPUStringValid(cpu))
    return nullptr;
  std::unique_ptr<llvm::MCSubtargetInfo> info(target->createMCSubtargetInfo(triple, cpu, ""));
  std::string list;
  for (const llvm::SubtargetFeatureKV &feature : info->getEnabledProcessorFeatures())
    list += (list.empty() ? "+" : ",+") + std::string(feature.Key);
  return strdup(list.c_str());
}

struct DlcBridgeBlobs {
  std::vector<AsmResourceBlob> blobs;
};

DlcBridgeBlobs *dlcBridgeResourceBlobsTake(MlirContext ctx, intptr_t n, const void *const *data,
                                           const size_t *sizes, bool *owned) {
  struct Held {
    std::string name;
    const char *begin, *end;
    bool hasDeleter;
  };
  DialectResourceBlobManager &manager =
      DenseResourceElementsHandle::getManagerInterface(unwrap(ctx)).getBlobManager();
  // Names first: the map is locked while it is listed.
  std::vector<Held> held;
  manager.getBlobMap([&](const llvm::StringMap<DialectResourceBlobManager::BlobEntry> &map) {
    for (const auto &entry : map) {
      const AsmResourceBlob *blob = entry.second.getBlob();
      if (!blob || blob->getData().empty())
        continue;
      ArrayRef<char> bytes = blob->getData();
      held.push_back({entry.first().str(), bytes.data(), bytes.data() + bytes.size(),
                      static_cast<bool>(blob->getDeleter())});
    }
  });
  for (intptr_t i = 0; i < n; ++i) {
    const char *begin = static_cast<const char *>(data[i]), *end = begin + sizes[i];
    bool withDeleter = false, borrowed = false;
    for (const Held &h : held) {
      if (h.begin <= begin && end <= h.end) {
        withDeleter |= h.hasDeleter;
        borrowed |= !h.hasDeleter;
      }
    }
    owned[i] = withDeleter && !borrowed;
  }
  auto *taken = new DlcBridgeBlobs;
  for (const Held &h : held) {
    bool overlaps = false;
    for (intptr_t i = 0; i < n && !overlaps; ++i) {
      const char *begin = static_cast<const char *>(data[i]);
      overlaps = owned[i] && begin < h.end && h.begin < begin + sizes[i];
    }
    DialectResourceBlobManager::BlobEntry *entry = overlaps ? manager.lookup(h.name) : nullptr;
    if (!entry || !entry->getBlob())
      continue;
    // The moved-from blob has no deleter left; the empty one replaces it.
    taken->blobs.push_back(std::move(*entry->getBlob()));
    entry->setBlob(AsmResourceBlob());
  }
  if (taken->blobs.empty()) {
    delete taken;
    return nullptr;
  }
  return taken;
}

void dlcBridgeResourceBlobsDestroy(DlcBridgeBlobs *blobs) { delete blobs; }

bool dlcBridgeDenseResourceRelease(MlirAttribute attr) {
  auto resource = llvm::dyn_cast<DenseResourceElementsAttr>(unwrap(attr));
  DialectResourceBlobManager::BlobEntry *entry =
      resource ? resource.getRawHandle().getResource() : nullptr;
  if (!entry || !entry->getBlob() || entry->getBlob()->getData().empty() ||
      !entry->getBlob()->getDeleter())
    return false;
  entry->setBlob(AsmResourceBlob()); // runs the old blob's deleter
  return true;
}

intptr_t dlcBridgeResourceBlobsReleaseExcept(MlirContext ctx, intptr_t n,
                                             const void *const *data, const size_t *sizes) {
  DialectResourceBlobManager &manager =
      DenseResourceElementsHandle::getManagerInterface(unwrap(ctx)).getBlobManager();
  // Names first: the map is locked while it is listed, and a deleter runs
  // when its blob is replaced.
  std::vector<std::string> dead;
  manager.getBlobMap([&](const llvm::StringMap<DialectResourceBlobManager::BlobEntry> &map) {
    for (const auto &entry : map) {
      const AsmResourceBlob *blob = entry.second.getBlob();
      // A blob without a deleter is borrowed: emptying it frees nothing.
      if (!blob || blob->getData().empty() || !blob->getDeleter())
        continue;
      const char *begin = blob->getData().data(), *end = begin + blob->getData().size();
      bool live = false;
      for (intptr_t i = 0; i < n && !live; ++i) {
        const char *b = static_cast<const char *>(data[i]);
        live = b < end && begin < b + sizes[i];
      }
      if (!live)
        dead.push_back(entry.first().str());
    }
  });
  intptr_t released = 0;
  for (const std::string &name : dead) {
    DialectResourceBlobManager::BlobEntry *entry = manager.lookup(name);
    if (entry && entry->getBlob()) {
      entry->setBlob(AsmResourceBlob()); // runs the old blob's deleter
      ++released;
    }
  }
  return released;
}
