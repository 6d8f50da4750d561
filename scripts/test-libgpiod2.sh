#!/usr/bin/env bash
# Builds the package against libgpiod 2.x (Debian 13's, unpacked locally by
# scripts/libgpiod2.sh) and runs its tests, in the same .build as the system's
# (libgpiod 1.6) build: only CGPIOD and what depends on it recompile, not swift-nio,
# hummingbird or TOMLKit again. The gpio-sim rig runs both generations' real binaries, so
# each build's `lane`, `gpio-sim-drive` and test bundle are first copied aside, into
# .build/gpio-sim/libgpiod1 and .build/gpio-sim/libgpiod2.
#
#   scripts/test-libgpiod2.sh [extra `swift test` arguments]
#   scripts/test-libgpiod2.sh --build-only   (build both generations and copy their
#                                             binaries aside; run no tests)
#   scripts/test-libgpiod2.sh --tests-only [extra `swift test` arguments]
#                                            (test what --build-only built: scripts/test
#                                             runs the tests with TMPDIR checked, and
#                                             compiling leaves files there)
#
# The tests run are those whose result can depend on the libgpiod generation
# ($generation_tests): the suites that import GPIO, GPIOPinSensor, GPIOLineSensor or
# LaneHardware (GPIOTests, GPIOPinSensorTests, LaneHardwareTests, CalibrationTests,
# GPIOSimRigTests) and
# the `lane` command tests of the commands that open a chip (run, record, calibrate, and
# run --config). The rest (scoring, journal, broker, browser, replays) never calls libgpiod,
# so a second run of them against 2.x proves nothing the system's run did not. Give
# `--filter` yourself to choose others; LANEBRIDGE_LIBGPIOD2_ALL_TESTS=1 runs every test.
#
# Afterwards .build holds the 2.x build: the next plain `swift build` recompiles CGPIOD and
# its dependents for the system's libgpiod again.
# Fails if a build's binaries do not load their generation's libgpiod (libgpiod.so.3 from
# the unpacked folder, through LD_LIBRARY_PATH, for 2.x).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

build_only=false tests_only=false
case "${1:-}" in
  --build-only) build_only=true; shift ;;
  --tests-only) tests_only=true; shift ;;
esac

products=(lane gpio-sim-drive LaneBridgePackageTests.xctest)
kept="$root/.build/gpio-sim"

# loads LIBRARY PATTERN FILE: FILE's ldd output has a line matching the fixed PATTERN.
# Captured first: `ldd | grep -q` fails at random under pipefail (ldd dies of SIGPIPE).
loads() {
  local libraries
  libraries="$(ldd "$2")"
  if ! grep -F "$1" <<<"$libraries" >/dev/null; then
    echo "libgpiod2: $2 does not load $1:" >&2
    grep gpiod <<<"$libraries" >&2 || true
    return 1
  fi
  echo "libgpiod2: $(basename "$2"): $(grep libgpiod <<<"$libraries")" >&2
}

# keep NAME: copies the rig's binaries of the build in .build/debug to $kept/NAME.
keep() {
  local product
  rm -rf "${kept:?}/$1"
  mkdir -p "$kept/$1"
  for product in "${products[@]}"; do
    if [[ ! -e .build/debug/$product ]]; then
      echo "libgpiod2: the build made no .build/debug/$product" >&2
      return 1
    fi
    cp -a ".build/debug/$product" "$kept/$1/"
  done
}

if ! $tests_only; then
  system="$(pkg-config --modversion libgpiod)"
  echo "libgpiod2: building against the system's libgpiod $system and keeping the rig's binaries" >&2
  swift build --build-tests
  # libgpiod 1.x is libgpiod.so.2, 2.x libgpiod.so.3.
  loads "libgpiod.so.$((${system%%.*} + 1)) => /" .build/debug/LaneBridgePackageTests.xctest
  keep "libgpiod${system%%.*}"
fi

folder="$(scripts/libgpiod2.sh)"
export PKG_CONFIG_PATH="$folder/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
libdir="$(pkg-config --variable=libdir libgpiod)"
echo "libgpiod2: building against libgpiod $(pkg-config --modversion libgpiod) in $libdir" >&2

# The binaries find libgpiod.so.3 through LD_LIBRARY_PATH, not an rpath: SwiftPM drops rpath
# flags that come from pkg-config, and `-Xlinker -rpath` on the command line would change
# every Swift module's compile command, so hummingbird and the rest would recompile each
# time the build switches generation. The kept copy of the rig's binaries says where its
# library is, in ld-library-path beside them (guest-checks.sh reads it).
export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

if ! $tests_only; then
  swift build --build-tests
fi
loads "libgpiod.so.3 => $libdir/" .build/debug/LaneBridgePackageTests.xctest
if $build_only; then
  keep libgpiod2
  printf '%s\n' "$libdir" >"$kept/libgpiod2/ld-library-path"
  exit 0
fi

generation_tests='^(GPIOTests|GPIOPinSensorTests|LaneHardwareTests|CalibrationTests|GPIOSimRigTests)\.'
generation_tests+='|^LaneCommandTests\.(HardwareCommandTests|CalibrateCommandTests|WiringInputCommandTests|ConfigCommandTests)/'
# A test target that starts to import a GPIO module must join the list, or its 2.x run would
# silently stop.
for target in Tests/*/; do
  target=$(basename "$target")
  if grep -rlE '^(@testable )?import (GPIO|GPIOPinSensor|GPIOLineSensor|CGPIOD|LaneHardware)$' "Tests/$target" >/dev/null &&
    [[ $generation_tests != *"$target"* ]]; then
    echo "libgpiod2: Tests/$target imports a GPIO module but is not in generation_tests in $0" >&2
    exit 1
  fi
done
filter=(--filter "$generation_tests")
if [[ ${LANEBRIDGE_LIBGPIOD2_ALL_TESTS:-} == 1 || " $* " == *" --filter "* ]]; then
  filter=()
fi
LANEBRIDGE_EXPECT_LIBGPIOD=2 swift test --skip-build "${filter[@]}" "$@"
