// Package dense holds what the sparse-times-dense products of packages csr,
// coo and csf share about their dense operands: the checks of their sizes
// and overlaps, y = beta y, and the pooled private accumulators of a
// parallel scatter product with their reduction. How a product is split
// over goroutines is package parallel's.
package dense

import (
	"math"
	"math/bits"
	"sync"
	"unsafe"
)

// Float is the element types of the products.
type Float interface{ ~float32 | ~float64 }

// Size returns the length of a dense operand of rows rows of k elements,
// and false when k is negative or the length does not fit an int (a check
// that multiplies in uint64 or int would wrap, and accept a short operand
// for a dimension near 2^64).
func Size(rows uint64, k int) (int, bool) {
	if k < 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(rows, uint64(k))
	if hi != 0 || lo > math.MaxInt {
		return 0, false
	}
	return int(lo), true
}

// Is reports whether n is the length of a dense operand of rows rows of k
// elements (Size without the wrap).
func Is(n int, rows uint64, k int) bool {
	want, ok := Size(rows, k)
	return ok && n == want
}

// Overlap reports whether two slices share an element: a product whose
// output overlaps an input would read elements it has already written.
func Overlap[T, U any](a []T, b []U) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	a0 := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	b0 := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	a1 := a0 + uintptr(len(a))*unsafe.Sizeof(a[0])
	b1 := b0 + uintptr(len(b))*unsafe.Sizeof(b[0])
	return a0 < b1 && b0 < a1
}

// OverlapAny reports whether a shares an element with any of bs (index
// arrays, say: a product's output over them would change them while the
// kernels, which trust validated indices, read them).
func OverlapAny[T any](a []T, bs ...[]uint64) bool {
	for _, b := range bs {
		if Overlap(a, b) {
			return true
		}
	}
	return false
}

// OverlapStrided reports whether two row-major views of T share an element:
// a holds rows of ca elements, sa apart, and spans exactly its view (its
// length is (rows-1)*sa + ca), and b the same with cb and sb. Views with the
// same stride are compared exactly, so two column blocks of one matrix that
// interleave in memory do not overlap; with different strides it is
// Overlap of the spans.
func OverlapStrided[T any](a []T, ca, sa int, b []T, cb, sb int) bool {
	if !Overlap(a, b) {
		return false
	}
	if sa != sb || ca > sa || cb > sb || ca <= 0 || cb <= 0 {
		return true
	}
	size := unsafe.Sizeof(a[0])
	a0 := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	b0 := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if a0 > b0 {
		a, b, a0, b0, ca, cb = b, a, b0, a0, cb, ca
	}
	if (b0-a0)%size != 0 {
		return true // not on an element boundary of a: no common grid
	}
	s := sa
	rows := (len(a)-ca)/s + 1
	// b's row k starts at column r of a's row k+q (d = q*s + r elements
	// after a's start): it meets that row's columns [0, ca) when r < ca,
	// and the next row's when it runs past the end of the stride.
	d := int((b0 - a0) / size)
	q, r := d/s, d%s
	return q < rows && r < ca || q+1 < rows && r+cb > s
}

// Scale sets y = beta y, and clears y when beta is 0 (not reading it, so a
// NaN or Inf in y does not propagate).
func Scale[T Float](y []T, beta T) {
	switch beta {
	case 0:
		clear(y)
	case 1:
	default:
		for i := range y {
			y[i] *= beta
		}
	}
}

// Reduce adds n accumulators into y, accumulator q from acc[q*stride],
// len(y) elements each, in order q = 0, 1, ...: the same sums whatever
// part of the output a call covers (a range of y with acc from the range's
// start).
func Reduce[T Float](y, acc []T, stride, n int) {
	for q := range n {
		a := acc[q*stride:][:len(y)]
		for i := range y {
			y[i] += a[i]
		}
	}
}

// ScatterGoroutines returns how many goroutines, at most p, a parallel
// scatter product takes when every goroutine but the first accumulates
// into a private copy of an output of n elements of size bytes: as many as
// keep the copies within maxBytes, and two (one copy) when one copy alone
// is larger. The copies then hold at most max(maxBytes, n*size) bytes,
// whatever p is.
func ScatterGoroutines(p, n, size, maxBytes int) int {
	if p <= 1 {
		return max(p, 1)
	}
	return min(p, 1+max(1, maxBytes/max(1, n*size)))
}

// Acc is a pooled accumulator buffer; S holds its elements.
type Acc[T Float] struct {
	buf *[]float64
	S   []T
}

var pool sync.Pool // of *[]float64

// GetAcc returns a buffer of n elements of T (contents undefined); give it
// back with Put.
func GetAcc[T Float](n int) Acc[T] {
	var zero T
	words := (n*int(unsafe.Sizeof(zero)) + 7) / 8
	bp, _ := pool.Get().(*[]float64)
	if bp == nil || cap(*bp) < words {
		b := make([]float64, words)
		bp = &b
	}
	*bp = (*bp)[:words]
	var s []T
	if n > 0 {
		s = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(*bp))), n)
	}
	return Acc[T]{bp, s}
}

// Put returns the buffer to the pool; a.S must not be used after.
func (a Acc[T]) Put() { pool.Put(a.buf) }
