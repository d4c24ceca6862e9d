#!/usr/bin/env bash
# Prepares what scripts/gpu-device-run.sh needs on a borrowed GPU machine that has no package
# registry: run once here, from the repository root of the checkout that travels. Downloads
# (does not install) amd64 Debian packages into two folders that git ignores:
#   .gl/       the EGL/GL loaders (glvnd), unpacked into / there (the device README's recipe)
#   .gpudeps/  the header-only build dependencies (GLM, CLI11, Catch2 2, nlohmann-json), unpacked elsewhere
# Then call the device with carry [".gl", ".gpudeps"] (see scripts/gpu-device-run.sh).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
exclude="$(git rev-parse --git-path info/exclude)"
for folder in /.gl/ /.gpudeps/; do
  grep -qxF "$folder" "$exclude" 2>/dev/null || echo "$folder" >>"$exclude"
done
mkdir -p .gl .gpudeps /tmp/amd64/partial
apt=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64)
apt-get "${apt[@]}" update >/dev/null
(cd .gl && apt-get "${apt[@]}" download libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
(cd .gpudeps && apt-get "${apt[@]}" download libglm-dev libcli11-dev catch2 nlohmann-json3-dev)
du -sh .gl .gpudeps
