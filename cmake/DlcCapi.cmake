# The MLIR C API ships only as static archives. Link them by file and let
# libMLIR.so / libLLVM.so provide everything underneath: linking the imported
# targets would drag in ~300 static MLIR archives (a second copy of MLIR's
# global state next to libMLIR.so).
set(DLC_MLIR_CAPI_COMPONENTS
  IR IRDL RegisterEverything Transforms Conversion ExecutionEngine Target
  Interfaces Linalg Func Arith Tensor Math MemRef SCF Affine Bufferization
  ControlFlow LLVM Vector TransformDialect TransformDialectTransforms)
set(DLC_MLIR_CAPI_ARCHIVES)
foreach(component ${DLC_MLIR_CAPI_COMPONENTS})
  list(APPEND DLC_MLIR_CAPI_ARCHIVES $<TARGET_FILE:MLIRCAPI${component}>)
endforeach()
