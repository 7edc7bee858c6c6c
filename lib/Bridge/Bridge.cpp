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
}

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

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

bool dlcBridgeBytecodeAsText(char **text, size_t *size, const char *name, DlcStr *error) {
  if (!dlcIsBytecode(*text, *size))
    return true;
  char *converted = dlcBytecodeToText(*text, *size, name, size, error);
  free(*text);
  *text = converted;
  return converted != nullptr;
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
  if (!dlcBridgeBytecodeAsText(&text, &size, name.c_str(), &error)) {
    emitError(FileLineColLoc::get(unwrap(ctx), name, 0, 0)) << dlcStrGet(&error);
    dlcStrFree(&error);
    return MlirOperation{nullptr};
  }
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(text, size), name == "-" ? "<stdin>" : name),
      llvm::SMLoc());
  free(text);
  return parse(unwrap(ctx), sourceMgr);
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
