#!/usr/bin/env bash
# Compiles every sample kernel (samples/*.c and samples/folded/*.c) with
#   cc -std=c99 -Wall -Wextra -Werror -O1 -fsanitize=address,undefined
# runs it twice and checks that it exits 0, prints a "checksum ..." line and
# prints the same output both times; a folded sample must also print exactly
# the output of the original of the same name.
# Usage: scripts/validate-samples.sh [sample.c ...]   (default: all)
# Environment: CC (default cc), EXTRA_CFLAGS (e.g. "-DN=20").
set -u
cd "$(dirname "$0")/.."
CC=${CC:-cc}
CFLAGS="-std=c99 -Wall -Wextra -Werror -O1 -fsanitize=address,undefined ${EXTRA_CFLAGS:-}"
if ! command -v "$CC" >/dev/null 2>&1; then
  echo "validate-samples: no C compiler '$CC' found (set CC)" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ $# -gt 0 ]; then files=("$@"); else files=(samples/*.c samples/folded/*.c); fi

fail=0
run_one() {
  local src=$1 exe out1 out2
  exe="$tmp/$(echo "$src" | tr '/.' '__')"
  if ! $CC $CFLAGS "$src" -o "$exe" 2>"$exe.cc"; then
    echo "FAIL $src: does not compile"; sed 's/^/    /' "$exe.cc"; return 1
  fi
  if ! out1=$("$exe" 2>"$exe.err1"); then
    echo "FAIL $src: run exits non-zero"; sed 's/^/    /' "$exe.err1"; return 1
  fi
  out2=$("$exe" 2>/dev/null)
  if ! grep -Eq '^checksum -?[0-9]' <<<"$out1"; then
    echo "FAIL $src: no checksum line in: $out1"; return 1
  fi
  if [ -s "$exe.err1" ]; then
    echo "FAIL $src: wrote to stderr:"; sed 's/^/    /' "$exe.err1"; return 1
  fi
  if [ "$out1" != "$out2" ]; then
    echo "FAIL $src: two runs differ ($out1 / $out2)"; return 1
  fi
  echo "$out1" >"$exe.out"
  echo "ok   $src: $out1"
}

for f in "${files[@]}"; do run_one "$f" || fail=1; done

# folded versions must reproduce the original's output exactly
for f in "${files[@]}"; do
  case "$f" in
    samples/folded/*.c)
      orig="samples/$(basename "$f")"
      fo="$tmp/$(echo "$f" | tr '/.' '__').out"
      oo="$tmp/$(echo "$orig" | tr '/.' '__').out"
      if [ ! -f "$oo" ]; then run_one "$orig" >/dev/null || fail=1; fi
      if [ -f "$fo" ] && [ -f "$oo" ] && ! cmp -s "$fo" "$oo"; then
        echo "FAIL $f: output differs from $orig ($(cat "$fo") vs $(cat "$oo"))"; fail=1
      fi;;
  esac
done

if [ $fail -ne 0 ]; then echo "validate-samples: FAILED"; exit 1; fi
echo "validate-samples: all ok"
