#!/usr/bin/env bash
# The GPU solver on a borrowed GPU machine (an NVIDIA H200 through the device tool): run from
# the repository root with .gl and .gpudeps carried (made by scripts/gpu-device-prep.sh).
# Configures and builds pbd-sim and the gpu tests (no app), runs the tests, then
#   pbd-sim bench --solver gpu at 300x300, 1000x1000, 2048x2048, 4096x4096
# with 2 and 20 iterations in float and double, and the colored CPU solver for comparison.
# Everything lands in $OUT (default ./gpu-device-out): log.txt (all output), gpu.txt
# (nvidia-smi), gpu_tests.txt, cli_gpu.txt, bench.jsonl (one JSON row per size, precision and
# iteration count), bench_err.txt, colored.jsonl. About 3 to 5 minutes.
set -uo pipefail
OUT="${OUT:-$PWD/gpu-device-out}"
mkdir -p "$OUT"
exec > >(tee "$OUT/log.txt") 2>&1
start=$SECONDS
phase() { echo "== [$((SECONDS - start)) s] $*"; }

phase "unpack the EGL/GL loaders into / and the build dependencies into /tmp/pbd-deps"
if [[ "${PBD_DEVICE_SKIP_ROOT_UNPACK:-0}" != 1 ]]; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
mkdir -p /tmp/pbd-deps
for f in .gpudeps/*.deb; do dpkg -x "$f" /tmp/pbd-deps; done
# NVIDIA's EGL vendor file lives with the mounted driver on these machines.
nvidia_json=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
if ! ls /usr/share/glvnd/egl_vendor.d/*nvidia* >/dev/null 2>&1 && [[ -f $nvidia_json ]]; then
  export __EGL_VENDOR_LIBRARY_FILENAMES=$nvidia_json
fi
echo "__EGL_VENDOR_LIBRARY_FILENAMES=${__EGL_VENDOR_LIBRARY_FILENAMES:-}"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv \
  >"$OUT/gpu.txt" 2>&1 || echo "no nvidia-smi" >"$OUT/gpu.txt"
cat "$OUT/gpu.txt"
g++ --version | head -1
cmake --version | head -1

phase "configure"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S . -B build-device "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DPBD_BUILD_APP=OFF \
  -DPBD_BUILD_TESTS=ON -DPBD_BUILD_GPU=ON -DPBD_WERROR=OFF \
  -DCMAKE_PREFIX_PATH=/tmp/pbd-deps/usr || { echo "configure failed"; exit 1; }
grep -E '^(glm|CLI11|Catch2)_DIR' build-device/CMakeCache.txt

phase "build"
cmake --build build-device -j "$(nproc)" --target pbd-sim pbd_gpu_tests ||
  { echo "build failed"; exit 1; }

phase "gpu tests"
timeout 150 build-device/pbd_gpu_tests >"$OUT/gpu_tests.txt" 2>&1
echo "pbd_gpu_tests exit status $?" | tee -a "$OUT/gpu_tests.txt"
grep -E '^(GPU tests|double|float)|FAILED|test cases|passed' "$OUT/gpu_tests.txt"
timeout 90 bash tests/cli/pbd_sim_test.sh gpu build-device/pbd-sim tests/reference/cases \
  >"$OUT/cli_gpu.txt" 2>&1
echo "pbd-sim gpu check exit status $?" | tee -a "$OUT/cli_gpu.txt"
grep -vE '^\{' "$OUT/cli_gpu.txt"

phase "bench --solver gpu"
for precision in float double; do
  for iterations in 2 20; do
    timeout 120 build-device/pbd-sim bench --solver gpu --gpu-precision "$precision" \
      --iterations "$iterations" --sizes "${PBD_DEVICE_SIZES:-300x300,1000x1000,2048x2048,4096x4096}" --settle 100 \
      --json >>"$OUT/bench.jsonl" 2>>"$OUT/bench_err.txt"
    echo "bench $precision $iterations: exit status $?" | tee -a "$OUT/bench_err.txt"
    phase "after $precision, $iterations iterations"
  done
done
cat "$OUT/bench.jsonl"

phase "bench --solver colored (CPU, $(nproc) threads) for comparison"
timeout 60 build-device/pbd-sim bench --solver colored --sizes "${PBD_DEVICE_COLORED_SIZES:-300x300,1000x1000}" --json \
  >"$OUT/colored.jsonl" 2>&1
cat "$OUT/colored.jsonl"
phase "done"
