#!/usr/bin/env bash
# Installs Debian packages (as root, or through sudo): the set-up scripts call it only for
# what is missing.
set -euo pipefail
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
