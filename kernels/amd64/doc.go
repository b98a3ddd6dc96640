// Package amd64 holds the x86-64 assembly kernels (AVX2+FMA, AVX-512) and the
// CPU feature flags that gate them. It builds on every GOARCH: where the
// assembly is not built (another architecture, or the purego or noasm tags,
// or a compiler other than gc) the flags are constant false and the kernel
// functions are stubs that panic, so package kernels can refer to them
// unconditionally and never call them.
//
// The kernels check nothing: package kernels validates every length and
// bound before calling them, and each declaration states what it assumes.
// One primitive is called from elsewhere: StoreLines (non-temporal line
// copies), by internal/radix's write-combined scatter, which checks its
// alignment and length.
//
// # Files
//
// One operation per stem: <op>_amd64.go declares the kernels (build
// constraint !purego && !noasm && gc), <op>_amd64.s implements them under the
// same constraint, and <op>_other.go (the exact negation) holds the stubs.
// Each .s file opens with the algorithm, names its registers by role and
// carries Go pseudo-code per block; every TEXT uses named arguments so that
// go vet's asmdecl check covers it.
//
// # Generation
//
// The assembly is handwritten Plan 9 for now. DESIGN.md prefers generating
// it with avo v0.6.0 from a _gen module; that port is still to do (avo was
// not at hand when these kernels were written, and the time box did not
// cover it).
package amd64
