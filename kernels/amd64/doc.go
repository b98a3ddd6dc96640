// Package amd64 holds the x86-64 assembly kernels (AVX2+FMA, AVX-512) and the
// CPU feature flags that gate them. It builds on every GOARCH: where the
// assembly is not built (another architecture, or the purego or noasm tags,
// or a compiler other than gc) the flags are constant false and the kernel
// functions are stubs that panic, so package kernels can refer to them
// unconditionally and never call them.
//
// The kernels check nothing: package kernels validates every length and
// bound before calling them.
package amd64
