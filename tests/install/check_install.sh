#!/usr/bin/env bash
# The installed engine, as a user gets it: `cmake --install` into a temporary prefix, then the
# installed `tempo` run from another folder answers perft 9 and solves FFO #40 (+38, a2) with the
# data installed beside it; a C program built against the installed libtempo through pkg-config
# solves it too, and so does a CMake project's (find_package(Tempo), shared and static); the
# installed Python module solves it, with the weights of the prefix it was installed in; without its
# data folder the installed tempo says where it looked; `cpack -G DEB` makes a package holding
# bin/tempo, the weights and the Python module.
# Usage: tests/install/check_install.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/share/tempo/weights/standard-8x8.tew"
test -f "$work/prefix/share/tempo/book/standard-8x8.tbk"

head -n 1 "$source_dir/tests/data/fforum-40-59.obf" > "$work/ffo40.obf"
mkdir "$work/elsewhere"
cd "$work/elsewhere"
perft=$("$work/prefix/bin/tempo" perft 9)
echo "$perft"
grep -q "3005288 leaves" <<<"$perft"
solve=$("$work/prefix/bin/tempo" solve "$work/ffo40.obf")
echo "$solve"
grep -qE '^1 +20 +\+38 +a2 .* ok$' <<<"$solve"

# A C program built against the installed library through pkg-config (examples/c/).
libdir=$(dirname "$(find "$work/prefix" -name tempo.pc)")
cc "$source_dir/examples/c/solve_position.c" $(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs tempo) \
    -Wl,-rpath,"$(dirname "$libdir")" -o "$work/solve_position"
example=$("$work/solve_position")
echo "$example"
grep -q "best a2, score +38" <<<"$example"

# A CMake project's, through find_package(Tempo): libtempo.so and libtempo.a (tests/install/find_package).
cmake -S "$source_dir/tests/install/find_package" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
    -DCMAKE_BUILD_RPATH="$(dirname "$libdir")" -DTEMPO_EXAMPLE="$source_dir/examples/c/solve_position.c" >/dev/null
cmake --build "$work/consumer" >/dev/null
# The static one has no library of its own to find the prefix by: TEMPO_DATA_DIR names the data.
for linked in shared static; do
    example=$(TEMPO_DATA_DIR="$work/prefix/share/tempo" "$work/consumer/solve_$linked")
    echo "find_package, $linked: $example"
    grep -q "best a2, score +38" <<<"$example"
done

# The Python module (python/) from the prefix's site-packages, run by the Python it was built for.
module=$(find "$work/prefix" -name 'tempo.cpython-*.so')
python=$(sed -n 's/^_\{0,1\}Python3_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt" | head -n 1)
solved=$(PYTHONPATH=$(dirname "$module") "$python" -c \
    "import tempo; e = tempo.Engine(); e.set_position('$(cut -d';' -f1 "$work/ffo40.obf")'); print(e.solve())")
echo "python: $solved"
grep -q "move='a2', score=38" <<<"$solved"
# libtempo reads the data of its own prefix, whatever program loads it (here Python, from /usr/bin):
# the prefix's weights, corrupted, are an error naming them, not replaced by the source tree's.
cp "$work/prefix/share/tempo/weights/standard-8x8.tew" "$work/weights.tew"
echo corrupt > "$work/prefix/share/tempo/weights/standard-8x8.tew"
if failed=$(PYTHONPATH=$(dirname "$module") "$python" -c "import tempo; tempo.Engine()" 2>&1); then
    echo "the library did not read its prefix's weights"; exit 1
fi
grep -q "OSError: weights file $work/prefix/share/tempo/weights/standard-8x8.tew" <<<"$failed"
cp "$work/weights.tew" "$work/prefix/share/tempo/weights/standard-8x8.tew"

# The installed tempo without its data folder: a clear error naming where it looked (its prefix,
# never the source tree it was built from), and nothing played.
mv "$work/prefix/share/tempo" "$work/data-aside"
if failed=$("$work/prefix/bin/tempo" gtp </dev/null 2>&1); then
    echo "the installed tempo ran without its data folder"; exit 1
fi
echo "no data folder: $failed"
grep -q "standard-8x8.tew for 8x8 not found (tried .*$work/prefix/share/tempo/weights/standard-8x8.tew" <<<"$failed"
if grep -q "$source_dir/data" <<<"$failed"; then echo "the installed tempo looked in the source tree"; exit 1; fi
mv "$work/data-aside" "$work/prefix/share/tempo"

(cd "$build" && cpack -G DEB -B "$work/package" >/dev/null)
contents=$(dpkg-deb -c "$work"/package/tempo_*.deb)
grep -q '\./usr/bin/tempo$' <<<"$contents"
grep -q '\./usr/share/tempo/weights/standard-8x8.tew$' <<<"$contents"
grep -q '\./usr/lib/python3/dist-packages/tempo\.cpython-.*\.so$' <<<"$contents"
echo "install: perft 9 and FFO #40 from the installed tempo, C, CMake and Python programs; a missing data folder named; the package holds bin/tempo, the weights and the Python module"
