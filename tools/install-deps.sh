#!/bin/sh
# Installs the Debian packages Tempo needs that are missing (nothing when all are present).
set -e
packages="cmake g++ make pkg-config dpkg-dev file libgtest-dev libgmock-dev libbenchmark-dev libxxhash-dev libcli11-dev zlib1g-dev grhino clang libclang-rt-dev parallel libxml2-dev python3-dev python3-numpy python3-pytest pybind11-dev g++-mingw-w64-x86-64-posix libz-mingw-w64-dev wine wine64"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing" >&2
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
