#!/usr/bin/env bash
# `npm test`: types, lint, unused code (knip), unit tests, production build, end-to-end tests in a real Chromium.
# Every stage runs even when an earlier one fails; the last line is "N passed, N failed" (", N skipped"):
# under CI a skipped test counts as failed unless the machine could not be given what it needs
# (scripts/test-summary.mjs).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/unit.json reports/e2e.json reports/missing-tools

failed_stages=0
stage() {
  local name=$1; shift
  echo "── $name"
  if ! "$@"; then
    echo "✗ $name failed"
    failed_stages=$((failed_stages + 1))
    return 1
  fi
}

stage "test tools" bash scripts/ensure-test-tools.sh
stage "typecheck" npm run -s typecheck
stage "lint" npm run -s lint
stage "unused code" npm run -s unused
stage "formatting" npm run -s format:check
stage "dockerfile lint" npx dockerfilelint Dockerfile
# The build comes before the unit tests: the demo command's test serves it.
built=0
stage "build" npx react-router build && built=1
stage "unit tests" npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json
if [ $built = 1 ]; then
  stage "end-to-end tests" npx playwright test "$@"
fi

node scripts/test-summary.mjs "$failed_stages"
