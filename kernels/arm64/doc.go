// Package arm64 holds the NEON assembly kernels and the flag that gates them.
// It builds on every GOARCH: where the assembly is not built (another
// architecture, the purego or noasm tags, or a compiler other than gc) HasNEON
// is constant false and the kernel functions are stubs that panic, so package
// kernels can refer to them unconditionally and never call them.
//
// Go's arm64 assembler lacks some NEON instructions (CMHI, CMHS, CMGT, FADD,
// FMUL, by-element FMLA); those are WORD lines produced by asm2plan9s from the
// mnemonic kept in a comment on each line: go generate runs asm2plan9s.sh,
// which re-encodes every "WORD $0x... // mnemonic" line, and check_words.sh
// (for CI) fails when a WORD differs from its mnemonic. Both need the GNU
// aarch64 assembler (binutils-aarch64-linux-gnu) and, off arm64, qemu-user.
// Comments in the .s files use spaces, not tabs, because the tool rewrites
// tabs.
//
// The kernels check nothing: package kernels validates every length and
// bound before calling them.
package arm64

//go:generate sh asm2plan9s.sh
