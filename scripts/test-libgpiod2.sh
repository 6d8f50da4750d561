#!/usr/bin/env bash
# Builds the package against libgpiod 2.x (Debian 13's, unpacked locally by
# scripts/libgpiod2.sh) and runs its tests, in a separate scratch folder so the
# system (libgpiod 1.6) build in .build stays as it is.
#
#   scripts/test-libgpiod2.sh [extra `swift test` arguments]
#   scripts/test-libgpiod2.sh --build-only   (build and check, run no tests:
#                                             the gpio-sim rig runs .build-v2's lane)
#   scripts/test-libgpiod2.sh --tests-only [extra `swift test` arguments]
#                                            (check and test what --build-only built:
#                                             scripts/test runs the tests with TMPDIR
#                                             checked, and compiling leaves files there)
#
# Fails if the test binary does not load libgpiod.so.3 from that folder.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

build_only=false tests_only=false
case "${1:-}" in
  --build-only) build_only=true; shift ;;
  --tests-only) tests_only=true; shift ;;
esac

folder="$(scripts/libgpiod2.sh)"
export PKG_CONFIG_PATH="$folder/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
libdir="$(pkg-config --variable=libdir libgpiod)"
echo "libgpiod2: building against libgpiod $(pkg-config --modversion libgpiod) in $libdir" >&2

# SwiftPM drops rpath flags that come from pkg-config, so pass it here: the
# binaries then find libgpiod.so.3 without LD_LIBRARY_PATH.
scratch=(--scratch-path "$root/.build-v2" -Xlinker -rpath -Xlinker "$libdir")

if ! $tests_only; then swift build "${scratch[@]}" --build-tests; fi

bundles=("$root"/.build-v2/debug/*PackageTests.xctest)
tests=${bundles[0]}
if [ ! -e "$tests" ]; then
  echo "libgpiod2: the build made no test bundle .build-v2/debug/*PackageTests.xctest" >&2
  exit 1
fi
# Captured first: `ldd | grep -q` fails at random under pipefail (ldd dies of SIGPIPE).
libraries="$(ldd "$tests")"
if ! grep -F "libgpiod.so.3 => $libdir/" <<<"$libraries" >/dev/null; then
  echo "libgpiod2: $tests does not load libgpiod.so.3 from $libdir:" >&2
  grep gpiod <<<"$libraries" >&2 || true
  exit 1
fi
echo "libgpiod2: $(grep libgpiod <<<"$libraries")" >&2
if $build_only; then exit 0; fi

LANEBRIDGE_EXPECT_LIBGPIOD=2 swift test "${scratch[@]}" --skip-build "$@"
