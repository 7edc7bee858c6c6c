#!/bin/bash
# Usage: parity.sh <temp prefix> <mlir-opt arguments...>
# Runs mlir-opt and dlc-opt with the same arguments and the same stdin, and
# fails, showing the differences, unless their stdout, stderr and exit
# status are identical. Then prints dlc-opt's stdout, stderr and status for
# FileCheck, so that a test also shows what both produced.
prefix=$1
shift
cat > "$prefix.stdin"
mlir-opt "$@" < "$prefix.stdin" > "$prefix.mlir-opt.out" 2> "$prefix.mlir-opt.err"
mlir_status=$?
dlc-opt "$@" < "$prefix.stdin" > "$prefix.dlc-opt.out" 2> "$prefix.dlc-opt.err"
dlc_status=$?
same=0
diff -u "$prefix.mlir-opt.out" "$prefix.dlc-opt.out" >&2 || same=1
diff -u "$prefix.mlir-opt.err" "$prefix.dlc-opt.err" >&2 || same=1
if [ "$mlir_status" != "$dlc_status" ]; then
  echo "exit status differs: mlir-opt $mlir_status, dlc-opt $dlc_status" >&2
  same=1
fi
echo "== stdout"
cat "$prefix.dlc-opt.out"
echo "== stderr"
cat "$prefix.dlc-opt.err"
echo "== exit $dlc_status"
exit $same
