#!/usr/bin/env bash
# CI: the unit and API tests (vitest, PGlite; not the browser tests) again on Node 24, the current LTS.
# Node comes from the npm registry's `node` package, installed into .ci/node24 (ignored by git): no global
# change. Its preinstall script fetches the platform's binary, so that folder's own package.json allows it.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=.ci/node24
mkdir -p "$dir"
echo '{ "private": true, "allowScripts": { "node": true } }' >"$dir/package.json"
if [ "$("$dir/node_modules/.bin/node" --version 2>/dev/null | cut -d. -f1)" != v24 ]; then
  echo "▸ installing Node 24 (npm package node@24) into $dir"
  npm install --prefix "$dir" node@24 --no-save --no-audit --no-fund --loglevel=error
fi
# PGlite only; every `node` the tests start (vitest's workers, spawned servers and scripts) is Node 24 too.
unset TEST_DATABASE_URL
export PATH="$PWD/$dir/node_modules/.bin:$PATH"
echo "▸ unit and API tests on PGlite, Node $(node --version)"
begin=$(date +%s)
node node_modules/vitest/vitest.mjs run "$@"
echo "✓ unit and API tests on Node $(node --version) ($(($(date +%s) - begin)) s)"
