#!/usr/bin/env bash
# Makes sure the machine has what `npm test` drives: a Chromium for the end-to-end tests
# (PLAYWRIGHT_CHROMIUM_PATH, /usr/bin/chromium, Playwright's own, else installed), ffmpeg for the video
# poster/transcode path, OpenSSH's server for the replication tests' SFTP replica, a Java runtime for the
# W3C HTML checker, util-linux's script(1) for the password command's terminal test and Varnish for the
# CDN test's caching proxy (installed from Debian's packages when running as root).
# What it cannot install it names, and lists in reports/missing-tools: a test that needs one of those
# skips, saying "needs <tool>", and scripts/test-summary.mjs excuses only such skips under CI. On CI
# (CI=1) a missing tool fails this step too: a CI run never passes without a test it was meant to run.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports

have_chromium() {
  if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ] && [ -x "$PLAYWRIGHT_CHROMIUM_PATH" ]; then return 0; fi
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$candidate" ] && return 0
  done
  ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium-*/chrome-linux*/chrome >/dev/null 2>&1
}

# Each tool: whether the machine has it, and the Debian package that brings it.
have() {
  case $1 in
    chromium) have_chromium ;;
    ffmpeg) command -v ffmpeg >/dev/null ;;
    sshd) [ -x /usr/sbin/sshd ] ;;
    java) java -version >/dev/null 2>&1 ;;
    script) script --version 2>/dev/null | grep -q util-linux ;;
    varnishd) [ -x /usr/sbin/varnishd ] ;;
  esac
}
package_of() {
  case $1 in
    sshd) echo openssh-server ;;
    java) echo default-jre-headless ;;
    script) echo bsdutils ;;
    varnishd) echo varnish ;;
    *) echo "$1" ;;
  esac
}

if ! have chromium; then
  echo "No Chromium found: trying Playwright's download" >&2
  timeout 120 npx --no-install playwright install chromium >/dev/null 2>&1 || true
fi

wanted=()
for tool in chromium ffmpeg sshd java script varnishd; do
  have "$tool" || wanted+=("$tool")
done

if [ ${#wanted[@]} -gt 0 ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  packages=()
  for tool in "${wanted[@]}"; do packages+=("$(package_of "$tool")"); done
  echo "Installing ${packages[*]} from Debian's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

missing=()
: >reports/missing-tools
for tool in ${wanted[@]+"${wanted[@]}"}; do
  if ! have "$tool"; then
    missing+=("$tool")
    echo "$tool" >>reports/missing-tools
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  packages=()
  for tool in "${missing[@]}"; do packages+=("$(package_of "$tool")"); done
  echo "Missing test tools: ${missing[*]}. Install them as root (apt-get install ${packages[*]}), or run npm test as root to have them installed." >&2
  for tool in "${missing[@]}"; do
    case $tool in
      chromium) echo "  chromium: no end-to-end test can run (or set PLAYWRIGHT_CHROMIUM_PATH)" >&2 ;;
      ffmpeg) echo "  ffmpeg: the video tests will fail" >&2 ;;
      sshd) echo "  sshd: the replication tests will fail" >&2 ;;
      java) echo "  java: the HTML-validity test will be skipped" >&2 ;;
      script) echo "  script: the password command's terminal test will be skipped" >&2 ;;
      varnishd) echo "  varnishd: the CDN test will be skipped" >&2 ;;
    esac
  done
  if [[ " ${missing[*]} " == *" chromium "* ]]; then exit 1; fi
  case ${CI:-} in '' | 0 | false) ;; *) exit 1 ;; esac
fi
