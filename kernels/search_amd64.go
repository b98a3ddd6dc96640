package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

var _ = registerSearchAMD64()

func registerSearchAMD64() bool {
	if amd64.HasAVX2 {
		// The assembly handles every length itself, so it is registered
		// without a Go wrapper: short searches pay one call only.
		lowerBound.set(tierAVX2, amd64.LowerBoundAVX2)
		descendLevel.set(tierAVX2, descendLevelAVX2)
	}
	if amd64.HasAVX512 {
		lowerBound.set(tierAVX512, amd64.LowerBoundAVX512)
		descendLevel.set(tierAVX512, descendLevelAVX512)
	}
	return true
}

// descendChunk is how many queries one assembly call advances: with cache
// misses a query costs up to a microsecond, and assembly is not preemptible.
const descendChunk = 1024

func descendLevelAVX2(node []int, pos, crd, coords []uint64, stride, off int) {
	n := len(node) &^ 3
	if len(crd) >= 1<<62 {
		n = 0
	}
	for q := 0; q < n; q += descendChunk {
		e := min(q+descendChunk, n)
		amd64.DescendLevelAVX2(node[q:], e-q, pos, crd, coords[q*stride:], stride, off)
	}
	if n < len(node) {
		descendLevelGeneric(node[n:], pos, crd, coords[n*stride:], stride, off)
	}
}

func descendLevelAVX512(node []int, pos, crd, coords []uint64, stride, off int) {
	n := len(node) &^ 7
	if len(crd) >= 1<<62 {
		n = 0
	}
	for q := 0; q < n; q += descendChunk {
		e := min(q+descendChunk, n)
		amd64.DescendLevelAVX512(node[q:], e-q, pos, crd, coords[q*stride:], stride, off)
	}
	if n < len(node) {
		descendLevelGeneric(node[n:], pos, crd, coords[n*stride:], stride, off)
	}
}
