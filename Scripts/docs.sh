#!/usr/bin/env bash
# `make docs`: the DocC archives of the library products, built with no warnings (docc's, the
# compiler's and the package's), and every public symbol documented (Scripts/doc-coverage.py).
# The archives land in .build/plugins/Swift-DocC/outputs/TARGET.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 Scripts/docc-rules-article.py
status=0
for target in BidiTerm BidiTermTerminal; do
    log=$(mktemp)
    if ! swift package generate-documentation --target "$target" --warnings-as-errors >"$log" 2>&1; then
        cat "$log"; echo "docs: $target failed"; status=1
    elif grep -q "warning:" "$log"; then
        grep -A6 "warning:" "$log"; echo "docs: $target has warnings"; status=1
    fi
    rm -f "$log"
    python3 Scripts/doc-coverage.py .build/*/extracted-symbols/*/"$target"/*.json || status=1
done
exit $status
