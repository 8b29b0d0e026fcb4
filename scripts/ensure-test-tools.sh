#!/usr/bin/env bash
# Makes sure the machine has what `npm test` drives: a Chromium for the end-to-end tests
# (PLAYWRIGHT_CHROMIUM_PATH, /usr/bin/chromium, Playwright's own, else installed) and ffmpeg for the
# video poster/transcode path and OpenSSH's server for the replication tests' SFTP replica (installed
# from Debian's packages when running as root).
set -euo pipefail

have_chromium() {
  if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ] && [ -x "$PLAYWRIGHT_CHROMIUM_PATH" ]; then return 0; fi
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$candidate" ] && return 0
  done
  ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium-*/chrome-linux*/chrome >/dev/null 2>&1
}

apt_packages=()
if ! have_chromium; then
  echo "No Chromium found: trying Playwright's download" >&2
  if ! timeout 120 npx --no-install playwright install chromium >/dev/null 2>&1; then
    apt_packages+=(chromium)
  fi
fi
command -v ffmpeg >/dev/null || apt_packages+=(ffmpeg)
[ -x /usr/sbin/sshd ] || apt_packages+=(openssh-server)

if [ ${#apt_packages[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing ${apt_packages[*]} from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${apt_packages[@]}" >/dev/null
  elif [[ " ${apt_packages[*]} " == *" chromium "* ]]; then
    echo "Could not install Chromium: install it (apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_PATH" >&2
    exit 1
  else
    if [[ " ${apt_packages[*]} " == *" ffmpeg "* ]]; then
      echo "ffmpeg is not installed: the tests of the video transcode path will be skipped" >&2
    fi
    if [[ " ${apt_packages[*]} " == *" openssh-server "* ]]; then
      echo "OpenSSH's server is not installed: the replication tests will fail (apt-get install openssh-server)" >&2
    fi
  fi
fi
