#!/bin/sh
# asm2plan9s.sh re-encodes every "WORD $0x... // mnemonic" line of the given
# Plan 9 assembly files (default: *_arm64.s here) from its mnemonic comment,
# with github.com/minio/asm2plan9s driving the GNU aarch64 assembler
# (Debian package binutils-aarch64-linux-gnu).
#
#	sh asm2plan9s.sh [-check] [file.s ...]
#
# Without -check it rewrites the files in place (go generate runs it so).
# With -check it rewrites copies and fails, printing a diff, when any WORD
# differs from what its mnemonic assembles to (check_words.sh; CI).
#
# asm2plan9s picks its assembler back end by the GOARCH it was built for: only
# its arm64 build emits arm64 WORDs, and it calls "as". So the tool is built
# for arm64, run natively on arm64 hosts or under qemu-aarch64 elsewhere, with
# "as" on PATH pointing at aarch64-linux-gnu-as.
#
# To add an instruction Go lacks, write "\tWORD $0x00000000 // <mnemonic>"
# (tab, WORD, one space, the comment) and run go generate.
set -eu

version=v0.0.0-20200509001527-cdd76441f9d8 # github.com/minio/asm2plan9s, pinned
check=0
if [ "${1:-}" = "-check" ]; then
	check=1
	shift
fi
if [ $# -eq 0 ]; then
	set -- "$(dirname "$0")"/*_arm64.s
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The tool, built for arm64 from the pinned module.
src=$(GOFLAGS=-mod=mod go mod download -json "github.com/minio/asm2plan9s@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
if [ -z "$src" ]; then
	echo "asm2plan9s.sh: cannot download github.com/minio/asm2plan9s@$version" >&2
	exit 1
fi
mkdir "$tmp/src" "$tmp/bin"
cp "$src"/*.go "$tmp/src/"
(cd "$tmp/src" && go mod init github.com/minio/asm2plan9s >/dev/null 2>&1 && GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -o "$tmp/asm2plan9s" .)

# "as" is the GNU assembler for aarch64.
gas=$(command -v aarch64-linux-gnu-as || true)
if [ -z "$gas" ]; then
	if [ "$(uname -m)" = aarch64 ]; then
		gas=$(command -v as)
	else
		echo "asm2plan9s.sh: aarch64-linux-gnu-as not found (apt-get install binutils-aarch64-linux-gnu)" >&2
		exit 1
	fi
fi
printf '#!/bin/sh\nexec "%s" "$@"\n' "$gas" >"$tmp/bin/as"
chmod +x "$tmp/bin/as"

run=""
if [ "$(uname -m)" != aarch64 ]; then
	run=qemu-aarch64
	command -v qemu-aarch64 >/dev/null || { echo "asm2plan9s.sh: qemu-aarch64 not found (apt-get install qemu-user)" >&2; exit 1; }
fi

status=0
for f in "$@"; do
	# asm2plan9s only sees WORD lines of exactly this shape; any other
	# would go unchecked.
	if grep -n -E '^[[:space:]]*WORD' "$f" | grep -v -E '^[0-9]+:	WORD \$0x[0-9a-f]{8} // [a-z]'; then
		echo "asm2plan9s.sh: $f: WORD lines above are not \"<tab>WORD \$0x<8 hex> // <mnemonic>\"" >&2
		status=1
	fi
	cp "$f" "$tmp/work.s"
	PATH="$tmp/bin:$PATH" $run "$tmp/asm2plan9s" "$tmp/work.s" >"$tmp/log" 2>&1 || {
		cat "$tmp/log" >&2
		echo "asm2plan9s.sh: $f: encoding failed" >&2
		exit 1
	}
	if [ "$check" = 1 ]; then
		if ! diff -u "$f" "$tmp/work.s"; then
			echo "asm2plan9s.sh: $f: WORD lines differ from their mnemonics (run go generate ./kernels/arm64)" >&2
			status=1
		fi
	elif ! cmp -s "$f" "$tmp/work.s"; then
		cp "$tmp/work.s" "$f"
		echo "asm2plan9s.sh: re-encoded $f"
	fi
done
exit $status
