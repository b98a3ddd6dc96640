//go:build !amd64 || purego || noasm || !gc

package amd64

// DescendLevelAVX2 is not built here; it panics.
func DescendLevelAVX2(node []int, n int, pos, crd, coords []uint64, stride, off int) { panic(noAsm) }

// DescendLevelAVX512 is not built here; it panics.
func DescendLevelAVX512(node []int, n int, pos, crd, coords []uint64, stride, off int) { panic(noAsm) }
