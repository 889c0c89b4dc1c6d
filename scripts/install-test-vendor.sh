#!/usr/bin/env bash
# Installs the test libraries that live apart from the project's own node_modules, each when missing or
# changed since the last install. npm test runs this first; so does .ci/run.
#  - test/vendor/vue2: Vue 2 and the widget libraries on it (their peer is Vue 2; npm installs one vue).
#  - test/vendor/extjs: Ext JS 6.2 classic (GPL), from npm's extjs-gpl: the prebuilt ext-all.js and the
#    Triton theme are taken out of its 120 MB package (40,000 files of sources and examples).
set -euo pipefail
vendor="$(cd "$(dirname "$0")/../test/vendor" && pwd)"

cd "$vendor/vue2"
if ! cmp -s package-lock.json node_modules/.installed-lock 2>/dev/null; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.installed-lock
fi

EXTJS=extjs-gpl@6.2.0
EXTJS_INTEGRITY='sha512-A/l4PKXE89dojDoWkNKqr+2jryF9jX3KuuaXb3NWEKYAKipNyP4CZyVGj7HBJIZF9h/ioxaBm3YJdCklo+XDpQ=='
if [ "$(cat "$vendor/extjs/.installed" 2>/dev/null)" != "$EXTJS" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack "$EXTJS" --silent >/dev/null)
  tarball="$(ls "$tmp"/*.tgz)"
  got="$(node -e "const c=require('crypto');console.log('sha512-'+c.createHash('sha512').update(require('fs').readFileSync(process.argv[1])).digest('base64'))" "$tarball")"
  if [ "$got" != "$EXTJS_INTEGRITY" ]; then
    echo "$EXTJS: the package's checksum is $got, not the pinned $EXTJS_INTEGRITY" >&2
    exit 1
  fi
  rm -rf "$vendor/extjs"
  mkdir -p "$vendor/extjs"
  tar xzf "$tarball" -C "$vendor/extjs" --strip-components=2 package/build/ext-all.js package/build/classic/theme-triton
  echo "$EXTJS" >"$vendor/extjs/.installed"
fi
