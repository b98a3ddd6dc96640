// Package mem holds what hurray-go's packages share about memory: views of
// little-endian byte buffers as typed slices and back (view.go), how much
// memory an allocation can plausibly get (limit.go), the advice that backs
// large new slices with huge pages (hugepage.go), and how errors write a
// byte count (size.go).
//
// It imports nothing of hurray-go's, so that every package may use it,
// package quant (which kernels imports) among them.
package mem
