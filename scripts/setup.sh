#!/bin/sh
# Installs the Debian packages that DLC's build, tests and examples need.
# Idempotent and quiet when everything is already there; non-interactive;
# runs apt-get as root or through sudo.
set -eu

PACKAGES="cmake ninja-build gcc g++ libmlir-22-dev mlir-22-tools llvm-22-dev
llvm-22-tools clang-22 libomp-22-dev libonnx-dev protobuf-c-compiler
libprotobuf-c-dev python3-numpy python3-onnx python3-pytest python3-pip python3-setuptools pkgconf
libclang-rt-22-dev"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

echo "setup: installing$missing" >&2
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
# A stale package index makes installs fail with 404s: refresh once on failure.
if ! $SUDO apt-get install -y -q --no-install-recommends $missing >/tmp/dlc-setup.log 2>&1; then
  $SUDO apt-get update -q >>/tmp/dlc-setup.log 2>&1
  $SUDO apt-get install -y -q --no-install-recommends $missing >>/tmp/dlc-setup.log 2>&1 || {
    cat /tmp/dlc-setup.log >&2
    echo "setup: apt-get install failed" >&2
    exit 1
  }
fi
