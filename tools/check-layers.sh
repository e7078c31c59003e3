#!/usr/bin/env bash
# Checks the floors: every #include of the project's own headers points to the file's own floor or
# one below it (engine <- formats <- eval <- search <- play <- protocol, library <- python, tools), and no source
# file outside tests/ is longer than 500 lines. Prints each breach; exits non-zero if any.
set -uo pipefail
cd "$(dirname "$0")/.."

floors=(engine formats eval search play protocol library python tools)
rank() {
    local i
    for i in "${!floors[@]}"; do [ "${floors[$i]}" = "$1" ] && { echo "$i"; return; }; done
    echo -1
}

breaches=0
while IFS= read -r file; do
    from=$(rank "${file%%/*}")
    while IFS= read -r included; do
        to=$(rank "${included%%/*}")
        if [ "$to" -gt "$from" ]; then
            echo "$file includes $included: ${file%%/*}/ may only include its own floor or those below it"
            breaches=$((breaches + 1))
        fi
    done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file")
done < <(git ls-files 'engine/*' 'formats/*' 'eval/*' 'search/*' 'play/*' 'protocol/*' 'library/*' 'python/*' 'tools/*' | grep -E '\.(hpp|cpp)$')

while read -r lines file; do
    if [ "$lines" -gt 500 ]; then
        echo "$file: $lines lines (more than 500 outside tests/)"
        breaches=$((breaches + 1))
    fi
done < <(git ls-files '*.hpp' '*.cpp' | grep -v '^tests/' | xargs wc -l | grep -v ' total$')

if [ "$breaches" -gt 0 ]; then
    echo "check-layers: $breaches breach(es)"
    exit 1
fi
echo "check-layers: every include points down a floor; no file over 500 lines outside tests/"
