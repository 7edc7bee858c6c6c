//===- OptMain.cpp - dlc-opt on mlir-opt's driver ---------------*- C++ -*-===//
//
// dlcOptMain (dlc-c/OptMain.h) is MlirOptMain with DLC's dialects, passes
// and pipelines; the C API has no driver. DLC adds three things around
// it: DLC's dialects are loaded into each context (as an IRDL file held in
// memory: the driver loads IRDL files before parsing, and has no other
// hook there), DLC's verifier runs before the first pass (a pass
// instrumentation added by the pipeline set-up hook; the pass dlc-verify
// when the pipeline is empty),
// input and output go through DLC's file helpers (no partial output, no
// truncated symlink target, `-o` onto the input is safe), and
// --dlc-print-docs.
//
//===----------------------------------------------------------------------===//

#include "dlc-c/Dialects.h"
#include "dlc-c/OptMain.h"
#include "dlc-c/Passes.h"

// DLC's internal C headers (no extern "C" of their own).
#include "Bridge/Bridge.h"
extern "C" {
#include "Dialect/CustomForm.h"
#include "Support/File.h"
#include "Support/Str.h"
#include "Tools/Docs.h"
}

#include "mlir-c/RegisterEverything.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Dialect.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

using namespace mlir;

namespace {
// Runs DLC's verifier on the parsed input before the first pass of the
// pipeline, failing that pass if it rejects the IR: what a parse-time
// verifier does, invisible to --mlir-print-ir-before and timing.
class VerifyBeforeFirstPass : public PassInstrumentation {
  void runBeforePass(Pass *pass, Operation *op) override {
    if (verified || op->getParentOp())
      return;
    verified = true;
    if (mlirLogicalResultIsFailure(dlcVerify(wrap(op))))
      signalPassFailure(pass);
  }
  bool verified = false;
};
} // namespace

int dlcOptMain(int argc, char **argv) {
  llvm::cl::opt<std::string> docs(
      "dlc-print-docs", llvm::cl::value_desc("dlc_graph|dlc_tensor|passes"),
      llvm::cl::desc("Print DLC's generated docs: docs/GraphDialect.md, TensorDialect.md or "
                     "Passes.md"));
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "dlc-opt (DLC " << DLC_VERSION_MAJOR << "." << DLC_VERSION_MINOR << ") on MLIR 22\n";
  });
  mlirRegisterAllPasses();
  dlcRegisterAllPasses();
  DialectRegistry registry;
  mlirRegisterAllDialects(wrap(&registry));

  auto [inputName, outputName] = registerAndParseCLIOptions(
      argc, argv, "DLC modular optimizer driver: mlir-opt with DLC's dialects and passes\n",
      registry);
  if (docs.getNumOccurrences()) {
    if (dlcPrintDocs(docs.c_str(), stdout))
      return 0;
    llvm::errs() << argv[0] << ": --dlc-print-docs takes dlc_graph, dlc_tensor or passes, not '"
                 << docs << "'\n";
    return 1;
  }

  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (!config.getIrdlFile().empty()) {
    llvm::errs() << argv[0] << ": DLC's dialects are built in; --irdl-file is for stock "
                               "mlir-opt\n";
    return 1;
  }
  // The driver's one way to load dialects into each context it makes (one
  // per split chunk) before parsing is an IRDL file; DLC's is in memory.
  int irdl = memfd_create("dlc.irdl.mlir", MFD_CLOEXEC);
  MlirStringRef irdlText = dlcGetDialectsIRDL();
  if (irdl < 0 || write(irdl, irdlText.data, irdlText.length) != (ssize_t)irdlText.length) {
    llvm::errs() << argv[0] << ": cannot hold DLC's dialects in memory: " << strerror(errno)
                 << "\n";
    return 1;
  }
  std::string irdlPath = "/proc/self/fd/" + std::to_string(irdl);
  config.setIrdlFile(irdlPath);
  MlirOptMainConfig fromCommandLine = config;
  config.setPassPipelineSetupFn([fromCommandLine](PassManager &pm) -> LogicalResult {
    if (failed(fromCommandLine.setupPassPipeline(pm)))
      return failure();
    // Without passes, nothing would check DLC's rules: dlc-verify does.
    if (pm.size() == 0) {
      MlirPass verify = dlcCreatePassFromString(mlirStringRefCreateFromCString("dlc-verify"),
                                                mlirStringRefCreate("", 0), nullptr, nullptr);
      pm.addPass(std::unique_ptr<Pass>(unwrap(verify)));
    } else {
      pm.addInstrumentation(std::make_unique<VerifyBeforeFirstPass>());
    }
    return success();
  });

  DlcStr error = DLC_STR_INIT;
  size_t size = 0;
  char *text = dlcReadFile(inputName.c_str(), "input file", &size, &error);
  if (!text) {
    llvm::errs() << dlcStrGet(&error) << "\n";
    dlcStrFree(&error);
    return 1;
  }
  std::string bufferName = inputName == "-" ? "<stdin>" : inputName;
  if (!dlcBridgeTextFromUntrusted(&text, &size, bufferName.c_str(), wrap(&registry),
                                  config.shouldAllowUnregisteredDialects(),
                                  wrap(config.inputSplitMarker()), &error)) {
    llvm::errs() << dlcStrGet(&error) << "\n";
    dlcStrFree(&error);
    return 1;
  }
  std::unique_ptr<llvm::MemoryBuffer> input =
      // Not a copy: `text` (NUL-terminated) outlives the driver's use of it.
      llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(text, size), bufferName,
                                       /*RequiresNullTerminator=*/true);

  std::string output;
  llvm::raw_string_ostream os(output);
  bool ok = succeeded(MlirOptMain(os, std::move(input), registry, config));
  // MLIR's parser fails on a DLC op in custom form without a word.
  unsigned line, column;
  DlcStr customForm = DLC_STR_INIT;
  if (!ok && dlcFindCustomFormOp(text, size, &line, &column, &customForm))
    llvm::errs() << bufferName << ":" << line << ":" << column
                 << ": error: " << dlcStrGet(&customForm) << "\n";
  dlcStrFree(&customForm);
  free(text);
  if (outputName == "-") {
    ok = fwrite(output.data(), 1, output.size(), stdout) == output.size() && fflush(stdout) == 0 &&
         ok;
  } else if (ok) {
    const void *chunks[] = {output.data()};
    size_t sizes[] = {output.size()};
    ok = dlcWriteFileAtomically(outputName.c_str(), 1, chunks, sizes, &error);
    if (!ok)
      llvm::errs() << argv[0] << ": " << dlcStrGet(&error) << "\n";
  }
  dlcStrFree(&error);
  close(irdl);
  return ok ? 0 : 1;
}
