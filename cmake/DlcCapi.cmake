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

# dlc_link_mlir(target): link the C API archives and the MLIR/LLVM shared
# libraries into an executable or shared library.
function(dlc_link_mlir target)
  target_link_libraries(${target} PRIVATE
    -Wl,--start-group ${DLC_MLIR_CAPI_ARCHIVES} -Wl,--end-group MLIR LLVM)
  # /usr/lib/llvm-22/lib is not on the loader's path: built and installed
  # binaries carry it.
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX
    BUILD_RPATH "${LLVM_LIBRARY_DIR}" INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
endfunction()
