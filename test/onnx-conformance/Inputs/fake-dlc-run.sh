#!/bin/sh
# Stands in for dlc-run in runner.test: test_abs mismatches, test_add
# cannot be imported, everything else passes.
case "$1" in
*/test_abs/*) echo "output 0: shape=[3, 4, 5] dtype=float32 MISMATCH (1 of 60 differ)"; exit 1 ;;
*/test_add/*) echo "$1:0:0: error: cannot import it" >&2; echo "  node 'x' (Add, opset 14): a reason" >&2; exit 2 ;;
esac
exit 0
