//===- PassAdaptor.cpp - DLC's passes as mlir::Pass -------------*- C++ -*-===//
//
// One mlir::Pass class runs every DLC pass: its argument, summary, anchor,
// dependent dialects and options come from the pass's DlcPassDef, its work
// from the def's C run function. Options are upstream pass options built
// from the table entry, so upstream's pipeline parser, --help, textual
// pipelines and pass cloning handle them like any pass's. The C API cannot
// create such a pass (mlirCreateExternalPass takes no options) nor register
// one by name; everything else about DLC's passes is C (Pass/PassDef.h).
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"

#include "dlc-c/Dialects.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>

using namespace mlir;

struct DlcPassRun {
  bool failed = false;
};

void dlcPassRunSignalFailure(DlcPassRun *run) { run->failed = true; }

namespace {

// The typed options of one def, in table order, registered where `make`
// puts them: a pass's own options (Pass::Option, the only way to reach
// them) or a pipeline's PassOptions.
class OptionSet {
public:
  template <template <typename> class Make, typename Parent>
  void add(Parent &parent, const DlcPassDef *def) {
    this->def = def;
    for (intptr_t i = 0; def && i < def->numOptions; ++i) {
      const DlcPassOptionInfo &info = def->options[i];
      auto desc = llvm::cl::desc(describe(info));
      if (!std::strcmp(info.type, "string"))
        strings[i] = std::make_unique<Make<std::string>>(
            parent, info.name, desc, llvm::cl::init(std::string(info.defaultValue)));
      else if (!std::strcmp(info.type, "bool"))
        bools[i] = std::make_unique<Make<bool>>(parent, info.name, desc,
                                                llvm::cl::init(!std::strcmp(info.defaultValue, "true")));
      else
        ints[i] = std::make_unique<Make<int64_t>>(
            parent, info.name, desc,
            llvm::cl::init((int64_t)std::strtoll(info.defaultValue, nullptr, 0)));
    }
  }

  // The current values, as the C run and build functions read them.
  DlcPassOptions values() const {
    DlcPassOptions o = {def, {0}, {nullptr}};
    for (intptr_t i = 0; def && i < def->numOptions; ++i) {
      if (strings[i])
        o.strings[i] = strings[i]->getValue().c_str();
      else if (bools[i])
        o.ints[i] = bools[i]->getValue();
      else
        o.ints[i] = ints[i]->getValue();
    }
    return o;
  }

private:
  // "<description> (default <value>)": --help prints descriptions only.
  // cl::desc keeps a reference, so each text lives as long as the process.
  static llvm::StringRef describe(const DlcPassOptionInfo &info) {
    static std::mutex mutex;
    static std::map<const DlcPassOptionInfo *, std::string> texts;
    std::lock_guard<std::mutex> lock(mutex);
    std::string &text = texts[&info];
    if (text.empty())
      text = std::string(info.description) + " (default " +
             (*info.defaultValue ? info.defaultValue : "''") + ")";
    return text;
  }

  template <typename T> using Option = std::unique_ptr<detail::PassOptions::Option<T>>;
  const DlcPassDef *def = nullptr;
  Option<std::string> strings[DLC_MAX_PASS_OPTIONS];
  Option<bool> bools[DLC_MAX_PASS_OPTIONS];
  Option<int64_t> ints[DLC_MAX_PASS_OPTIONS];
};

template <typename T> using PassOption = Pass::Option<T>;
template <typename T> using PipelineOption = detail::PassOptions::Option<T>;

// Upstream's parser says "<Pass-Options-Parser>: no such option foo";
// DLC names the pass and what it takes instead. Empty when every
// `name=value` element of `text` names an option of `def`.
std::string unknownOption(const DlcPassDef *def, StringRef text, const char *kind) {
  while (!(text = text.ltrim()).empty()) {
    size_t end = 0;
    int depth = 0;
    char quote = 0;
    for (; end < text.size(); ++end) {
      char c = text[end];
      if (quote) {
        quote = c == quote ? 0 : quote;
        continue;
      }
      if (c == '"' || c == '\'')
        quote = c;
      else if (c == '{')
        ++depth;
      else if (c == '}')
        --depth;
      else if (c == ' ' && depth == 0)
        break;
    }
    StringRef name = text.take_front(end).split('=').first;
    text = text.drop_front(end);
    bool known = false;
    std::string names;
    for (intptr_t i = 0; def && i < def->numOptions; ++i) {
      known |= name == def->options[i].name;
      names += (i ? ", " : "") + std::string(def->options[i].name);
    }
    if (!known)
      return "unknown option '" + name.str() + "' for " + kind + " '" +
             (def ? def->argument : "") + "'" +
             (names.empty() ? " (it takes no options)" : " (options: " + names + ")");
  }
  return "";
}

class DlcPass : public Pass {
public:
  // Op-agnostic even when the def has an anchor: canScheduleOn refuses
  // other ops with an error, where an anchored pass nested in the wrong
  // pass manager is a fatal error (an abort) in upstream's addPass.
  explicit DlcPass(const DlcPassDef *def)
      // The def's address is unique and 8-byte aligned: a valid TypeID.
      : Pass(TypeID::getFromOpaquePointer(def)), def(def) {
    options.add<PassOption>(*this, def);
  }

  LogicalResult
  initializeOptions(StringRef text,
                    llvm::function_ref<LogicalResult(const llvm::Twine &)> error) override {
    std::string unknown = unknownOption(def, text, "pass");
    if (!unknown.empty())
      return error(unknown);
    return Pass::initializeOptions(text, error);
  }

  StringRef getArgument() const override { return def->argument; }
  StringRef getName() const override { return def->name; }
  StringRef getDescription() const override { return def->summary; }

  void getDependentDialects(DialectRegistry &registry) const override {
    dlcPassDefInsertDependentDialects(def, wrap(&registry));
  }

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return !*def->anchor || opName.getStringRef() == def->anchor;
  }

  std::unique_ptr<Pass> clonePass() const override {
    auto copy = std::make_unique<DlcPass>(def);
    copy->copyOptionValuesFrom(this);
    return copy;
  }

  // DLC's verifier runs on entry (stock mlir-opt has no hook to run it
  // after parsing) and after the run (a DLC pass must leave valid DLC IR;
  // upstream's verifier knows nothing of DLC's rules).
  void runOnOperation() override {
    MlirOperation op = wrap(getOperation());
    if (mlirLogicalResultIsFailure(dlcVerify(op)))
      return signalPassFailure();
    DlcPassOptions values = options.values();
    DlcPassRun run;
    def->run(op, &run, &values);
    if (run.failed)
      return signalPassFailure();
    if (mlirLogicalResultIsFailure(dlcVerify(op))) {
      getOperation()->emitError() << "DLC internal error: DLC's verifier rejects the IR that '"
                                  << def->argument << "' produced";
      signalPassFailure();
    }
  }

private:
  const DlcPassDef *def;
  OptionSet options;
};

// A pipeline's options, parsed with the same rules as a pass's.
class PipelineOptions : public detail::PassOptions {
public:
  explicit PipelineOptions(const DlcPassDef *def) { options.add<PipelineOption>(*this, def); }
  DlcPassOptions values() const { return options.values(); }

private:
  OptionSet options;
};

// Collects what C callbacks report, to hand it on in one piece.
void appendTo(MlirStringRef text, void *userData) {
  static_cast<std::string *>(userData)->append(text.data, text.length);
}

} // namespace

MlirPass dlcCreatePassFromDef(const DlcPassDef *def, MlirStringRef options,
                              MlirStringCallback error, void *userData) {
  auto report = [&](const llvm::Twine &message) {
    if (error) {
      std::string text = message.str();
      error(mlirStringRefCreate(text.data(), text.size()), userData);
    }
    return failure();
  };
  if (const char *dialect = dlcPassDefUnknownDialect(def)) {
    (void)report(llvm::Twine("DLC internal error: pass '") + def->argument + "' depends on dialect '" +
           dialect + "', which lib/Pass/PassDef.c does not know");
    return MlirPass{nullptr};
  }
  auto pass = std::make_unique<DlcPass>(def);
  if (failed(pass->initializeOptions(unwrap(options), report)))
    return MlirPass{nullptr};
  return wrap(static_cast<Pass *>(pass.release()));
}

void dlcRegisterPassDef(const DlcPassDef *def) {
  registerPass([def]() -> std::unique_ptr<Pass> { return std::make_unique<DlcPass>(def); });
}

void dlcRegisterPipelineDef(const DlcPipelineDef *p) {
  auto build = [p](OpPassManager &pm, StringRef text,
                   llvm::function_ref<LogicalResult(const llvm::Twine &)> error) -> LogicalResult {
    std::string message;
    auto fail = [&]() {
      return error(message.empty() ? llvm::Twine("cannot build pipeline '") + p->argument + "'"
                                   : llvm::Twine(message));
    };
    StringRef anchor = pm.getOpAnchorName();
    if (anchor != "builtin.module" && anchor != OpPassManager::getAnyOpAnchorName())
      return error(llvm::Twine("pipeline '") + p->argument +
                   "' runs on builtin.module, not nested in '" + anchor + "'");
    if (!p->options) {
      if (!text.trim().empty())
        return error(llvm::Twine("pipeline '") + p->argument + "' takes no options");
      return unwrap(p->build(wrap(&pm), nullptr, appendTo, &message)).succeeded() ? success()
                                                                                 : fail();
    }
    message = unknownOption(p->options, text, "pipeline");
    if (!message.empty())
      return error(message);
    PipelineOptions options(p->options);
    llvm::raw_string_ostream os(message);
    if (failed(options.parseFromString(text, os)))
      return error(llvm::Twine("invalid options for pipeline '") + p->argument + "': " + message);
    DlcPassOptions values = options.values();
    return unwrap(p->build(wrap(&pm), &values, appendTo, &message)).succeeded() ? success() : fail();
  };
  auto describeOptions = [p](llvm::function_ref<void(const detail::PassOptions &)> handler) {
    if (p->options)
      handler(PipelineOptions(p->options));
  };
  registerPassPipeline(p->argument, p->summary, build, describeOptions);
}
