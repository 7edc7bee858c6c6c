//===- Bridge.cpp - What LLVM 22's C API cannot do --------------*- C++ -*-===//
//
// DLC is C11 on the MLIR C API; this file is the single exception, kept to
// the functions declared in Bridge.h.
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

MlirOperation dlcBridgeParseSource(MlirContext ctx, MlirStringRef source, MlirStringRef bufferName) {
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(source), unwrap(bufferName)), llvm::SMLoc());
  ParserConfig config(unwrap(ctx));
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  return wrap(module.release().getOperation());
}

MlirOperation dlcBridgeParseFile(MlirContext ctx, MlirStringRef path) {
  std::string name = unwrap(path).str();
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(name, /*IsText=*/false,
                                                   /*RequiresNullTerminator=*/true);
  if (std::error_code error = buffer.getError()) {
    emitError(UnknownLoc::get(unwrap(ctx)))
        << "cannot open '" << name << "': " << error.message();
    return MlirOperation{nullptr};
  }
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  ParserConfig config(unwrap(ctx));
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  return wrap(module.release().getOperation());
}

MlirPassManager dlcBridgePassManagerCreate(MlirContext ctx, MlirStringRef anchor) {
  return wrap(new PassManager(unwrap(ctx), unwrap(anchor), PassManager::Nesting::Implicit));
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
