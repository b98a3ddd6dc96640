// Package amd64 holds the x86-64 assembly kernels (AVX2+FMA, AVX-512) and the
// CPU feature flags that gate them. It builds on every GOARCH: where the
// assembly is not built (another architecture, or the purego or noasm tags,
// or a compiler other than gc) the flags are constant false and the kernel
// functions are stubs that panic, so package kernels can refer to them
// unconditionally and never call them.
//
// The kernels check nothing: package kernels validates every length and
// bound before calling them, and each declaration states what it assumes.
// They are exported only so that package kernels can reach them (DESIGN.md
// places them here); other code should call package kernels, whose checked
// wrappers choose among them.
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
// The product kernels are generated (the files say so in their first line):
// spmv, spmv1 and spmm by the Python scripts in _gen, hadamard, axpy and dot
// by the Go templates in _genproducts, which says why they are not avo
// programs (DESIGN.md's preference). The other files are handwritten Plan 9.
package amd64
