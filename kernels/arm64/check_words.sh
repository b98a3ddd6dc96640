#!/bin/sh
# check_words.sh fails when a "WORD $0x... // mnemonic" line in the arm64
# assembly does not hold the encoding of its mnemonic. CI runs it; it needs
# binutils-aarch64-linux-gnu and, off arm64 hosts, qemu-user.
exec sh "$(dirname "$0")/asm2plan9s.sh" -check "$@"
