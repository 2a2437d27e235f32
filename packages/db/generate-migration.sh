#!/usr/bin/env bash
# drizzle-kit imports drizzle-orm from its own (hoisted) location, while npm keeps drizzle-orm
# nested under this package; link it for the duration of the generation.
set -euo pipefail
cd "$(dirname "$0")"
root=../../node_modules
linked=0
if [ ! -e "$root/drizzle-orm" ]; then ln -s ../packages/db/node_modules/drizzle-orm "$root/drizzle-orm"; linked=1; fi
trap '[ $linked = 1 ] && rm -f "$root/drizzle-orm"' EXIT
npx drizzle-kit generate "$@"
