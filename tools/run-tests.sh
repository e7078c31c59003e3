#!/usr/bin/env bash
# The whole test suite, as CI runs it (README's test command calls this after tools/install-deps.sh):
#   0. the floors: every include points down (tools/check-layers.sh);
#   1. Release build (the default compiler) and every unit test, then its install and Debian package
#      (tests/install/check_install.sh);
#   2. clang build under AddressSanitizer + UndefinedBehaviorSanitizer with libFuzzer hooks (-O1):
#      every unit test again, then each fuzz target for a bounded time (tools/fuzz-all.sh);
#   3. clang build under ThreadSanitizer (-O1): the tests labelled `threaded` (threads, stops, cancels:
#      tests/CMakeLists.txt lists them);
#   4. the protocol stress test, short: self-play through `tempo nboard` / `tempo gtp` over pipes,
#      with the Release engine, then with the ASan and TSan engines (2 games each);
#   5. tempo.exe cross-compiled with MinGW-w64 and zipped, then checked under Wine, its speed beside
#      the Release build's (tests/windows/check_windows.sh).
# Each step is timed; a summary table ends the output, then the last lines of each failed step. Every
# step runs even when one fails; the exit code is non-zero if any failed.
#
# Options: --release-only (step 1 only), --fuzz-seconds N (per target, default 12),
#          --stress-games N (default 6), --build-dir DIR (default build; the sanitizer builds go to
#          DIR-asan and DIR-tsan).
set -uo pipefail
cd "$(dirname "$0")/.."

fuzz_seconds=12
stress_games=6
release_only=0
build=build
while [ $# -gt 0 ]; do
    case "$1" in
        --release-only) release_only=1 ;;
        --fuzz-seconds) fuzz_seconds="$2"; shift ;;
        --stress-games) stress_games="$2"; shift ;;
        --build-dir) build="$2"; shift ;;
        *) echo "run-tests.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

jobs=2
summary=()
failures=()
failed=0

# Runs one named step ("$1") as the rest of the arguments, timing it and recording the outcome. A
# failed step's last lines are printed again under the summary: a CI log is often read from its
# tail, where the later steps' output would have buried them.
step() {
    local name="$1"; shift
    echo
    echo "==== $name"
    local start=$SECONDS log
    log=$(mktemp)
    if "$@" 2>&1 | tee "$log"; then  # pipefail: the step's own status
        summary+=("$(printf '%-34s %5ds  ok' "$name" $((SECONDS - start)))")
    else
        summary+=("$(printf '%-34s %5ds  FAILED' "$name" $((SECONDS - start)))")
        failures+=("---- $name, its last 40 lines:" "$(tail -n 40 "$log")")
        failed=1
    fi
    rm -f "$log"
}

# Sanitizer builds: clang, -O1 with debug info and assertions on, AVX2 code paths (any x86-64-v3 CPU:
# the same code CI machines run), no benchmarks. A UBSan finding stops the test like an ASan one.
sanitizer_configure() {
    local dir="$1"; shift
    cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER=clang++ -DTEMPO_ARCH=avx2 -DTEMPO_BENCH=OFF \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
        -DCMAKE_CXX_FLAGS="-fno-sanitize-recover=undefined" "$@" >/dev/null
}

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"

release_build() { cmake -S . -B "$build" >/dev/null && cmake --build "$build" -j$jobs; }
asan_build() { sanitizer_configure "$build-asan" -DTEMPO_FUZZ=ON && cmake --build "$build-asan" -j$jobs; }
# ThreadSanitizer: only the test programs that hold threaded tests, and the engine for the stress run.
tsan_targets="tempo_search_tests tempo_endgame_tests tempo_protocol_tests tempo_library_tests tempo protocol_stress"
tsan_build() {
    sanitizer_configure "$build-tsan" -DTEMPO_SANITIZE=thread || return 1
    local available targets=""
    available=$(cmake --build "$build-tsan" --target help | sed -n 's/^\.\.\. \([^ ]*\).*/\1/p')
    for target in $tsan_targets; do
        if printf '%s\n' "$available" | grep -qx "$target"; then targets="$targets $target"; fi
    done
    cmake --build "$build-tsan" -j$jobs --target $targets
}

# The Windows zip (cmake/mingw-w64.cmake), only the `tempo` target in it; built for this CPU, as the
# Release build is, so that the speed comparison is of Wine alone.
windows_check() {
    cmake -S . -B "$build-mingw" --toolchain cmake/mingw-w64.cmake -DTEMPO_ARCH=native >/dev/null &&
        cmake --build "$build-mingw" -j$jobs --target windows-zip &&
        tests/windows/check_windows.sh "$build-mingw"/tempo-*-windows-native.zip "$build"/tools/tempo
}

step "floors: includes point down, files <= 500 lines" tools/check-layers.sh
step "release: configure+build" release_build
step "release: unit tests" ctest --test-dir "$build" --output-on-failure -j$jobs
step "install: prefix and Debian package" tests/install/check_install.sh "$build"

if [ "$release_only" -eq 0 ]; then
    step "asan+ubsan: configure+build" asan_build
    step "asan+ubsan: unit tests" ctest --test-dir "$build-asan" --output-on-failure -j$jobs
    step "fuzz: ${fuzz_seconds}s per target" tools/fuzz-all.sh "$build-asan" "$fuzz_seconds"

    step "tsan: configure+build" tsan_build
    step "tsan: threaded tests (-L threaded)" ctest --test-dir "$build-tsan" --output-on-failure -j$jobs -L threaded
fi

stress="$build"/tests/stress/protocol_stress
if [ -x "$stress" ] && [ -x "$build"/tools/tempo ]; then
    step "stress: $stress_games games" "$stress" --tempo "$build"/tools/tempo --games "$stress_games"
    # The engine under the sanitizers: slower, so longer clocks; the sanitizers' own memory raises RSS.
    if [ -x "$build-asan"/tools/tempo ]; then
        step "stress under asan+ubsan: 2 games" "$stress" --tempo "$build-asan"/tools/tempo --games 2 --clock 6 \
            --max-rss 1024 --seed 2
    fi
    if [ -x "$build-tsan"/tools/tempo ]; then
        step "stress under tsan: 2 games" "$stress" --tempo "$build-tsan"/tools/tempo --games 2 \
            --clock 10 --max-rss 2048 --seed 3 --hang-seconds 30
    fi
fi

if [ "$release_only" -eq 0 ]; then
    step "windows: cross build, checks under wine" windows_check
fi

echo
echo "==== summary (wall-clock seconds, $(nproc) cores)"
printf '%s\n' "${summary[@]}"
if [ ${#failures[@]} -gt 0 ]; then
    echo
    echo "==== what the failed steps printed last"
    printf '%s\n' "${failures[@]}"
fi
exit $failed
