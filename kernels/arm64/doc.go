// Package arm64 holds the NEON assembly kernels and the flag that gates them.
// It builds on every GOARCH: where the assembly is not built (another
// architecture, the purego or noasm tags, or a compiler other than gc) HasNEON
// is constant false and the kernel functions are stubs that panic, so package
// kernels can refer to them unconditionally and never call them.
//
// Go's arm64 assembler lacks some NEON instructions (CMHI, CMHS, CMGT, FADD,
// FMUL, by-element FMLA); those are WORD lines produced by asm2plan9s from the
// mnemonic kept in a comment on each line (see the go:generate lines).
//
// The kernels check nothing: package kernels validates every length and
// bound before calling them.
package arm64
