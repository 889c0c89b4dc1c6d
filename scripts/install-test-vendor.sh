#!/usr/bin/env bash
# Installs test/vendor/vue2 (Vue 2 and the widget libraries on it, apart from the project's Vue 3) when
# it is missing or its lock changed since the last install. npm test runs this first; so does .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../test/vendor/vue2"
if ! cmp -s package-lock.json node_modules/.installed-lock 2>/dev/null; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.installed-lock
fi
