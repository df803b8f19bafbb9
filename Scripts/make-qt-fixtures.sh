#!/bin/sh
# Compiles the Qt Linguist fixtures (Tests/BidiTermTests/Fixtures/catalogs/qt/*.ts) into .qm files
# with Qt's own lrelease (Debian: qttools5-dev-tools). The .qm files are committed; run this again
# after editing a .ts file.
set -e
cd "$(dirname "$0")/../Tests/BidiTermTests/Fixtures"
for ts in catalogs/qt/*.ts plurals/*.ts; do
    lrelease -silent "$ts" -qm "${ts%.ts}.qm"
done
