#!/usr/bin/env bash
# scripts/vendor_js.sh: refresh static/vendor/ from the npm registry.
# The browser libraries the offline table uses (Workbox, idb) are pinned in package.json and
# package-lock.json; this installs exactly those versions (npm ci) and copies their builds
# and licences into static/vendor/, which is committed, so that running the app needs no
# Node.js and no page loads anything from another host. Run it after changing a version.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund --ignore-scripts
out=static/vendor
rm -rf "$out"
mkdir -p "$out/workbox" "$out/idb" "$out/workbox-window"
cp node_modules/workbox-sw/build/workbox-sw.js "$out/workbox/"
for m in core routing strategies precaching; do
  cp "node_modules/workbox-$m/build/workbox-$m.prod.js" "$out/workbox/"
done
cp node_modules/workbox-sw/LICENSE "$out/workbox/LICENSE"
cp node_modules/workbox-window/build/workbox-window.prod.umd.js "$out/workbox-window/"
cp node_modules/workbox-window/LICENSE "$out/workbox-window/LICENSE"
cp node_modules/idb/build/umd.js "$out/idb/idb.umd.js"
cp node_modules/idb/LICENSE "$out/idb/LICENSE"
node -e '
const lock = require("./package-lock.json").packages;
const names = Object.keys(require("./package.json").dependencies);
console.log(names.map(n => n + " " + lock["node_modules/" + n].version).join("\n"));
' > "$out/VERSIONS"
# the source maps named at the end of the builds are not shipped
sed -i -e '/^\/\/# sourceMappingURL=/d' "$out"/*/*.js
echo "==> static/vendor/ refreshed:"; cat "$out/VERSIONS"
