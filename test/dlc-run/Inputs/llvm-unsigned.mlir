// LLVM dialect without dlc.inputs / dlc.outputs: no signature to run it by.
llvm.func @main(%arg0: !llvm.ptr, %arg1: !llvm.ptr) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
