// Package parallel runs the loops of the sparse products and conversions on
// a set of persistent worker goroutines, with work split by weight
// (nonzeros), not by count.
//
// # Runtime
//
// A loop is a list of ranges (boundaries b, as SplitPtr, Even and Pieces
// return them) and a body that runs one range. Do runs it on up to w
// goroutines, the caller's among them: each takes the next range not yet
// taken until none is left, so a goroutine that runs faster takes more.
// Run is Do with one goroutine a range; Share is Do with many ranges a
// goroutine (Parts). The helpers are worker goroutines the package starts
// on demand, up to the largest number one loop has asked for (less one, for
// the caller), and parks when idle; they live for the life of the process.
// A loop that finds them all busy with other loops runs on fewer (at least
// the caller's), so a part must never wait for another part.
//
// A panic in a part is kept, the other parts still run, and the first
// panic is raised again on the caller once every part is done (on a
// goroutine of its own it would end the process). With one goroutine the
// parts run in order on the caller and a panic propagates at once.
//
// Do with a Body (a pointer to state the caller reuses) allocates nothing
// per call once the workers exist; Run and Share allocate their closure.
//
// # Options
//
// Options says how many goroutines a loop takes: a worker count (0 is
// GOMAXPROCS) and the least work that pays for a second goroutine. Setting
// holds a package's Options behind its SetWorkers-style knobs, safe to
// change while products run.
package parallel

import (
	"runtime"
	"sort"
)

// Workers returns how many goroutines to use: n if n > 0, else GOMAXPROCS.
func Workers(n int) int {
	if n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}

// SplitPtr splits the segments of a pointer array (row_ptr, pos) into at
// most parts contiguous ranges of nearly equal weight, where the weight of
// segment i is ptr[i+1]-ptr[i] plus rowCost (the fixed cost of a segment,
// in nonzero units). It returns the boundaries b with b[0] = 0 and
// b[len(b)-1] = len(ptr)-1; range k is segments b[k]..b[k+1]-1. ptr must be
// non-decreasing.
func SplitPtr(ptr []uint64, parts int, rowCost uint64) []int {
	return SplitPtrTo(make([]int, 0, max(1, min(parts, len(ptr)-1))+1), ptr, parts, rowCost)
}

// SplitPtrTo is SplitPtr appending the boundaries to dst[:0]: it allocates
// nothing when dst holds parts+1 ints.
func SplitPtrTo(dst []int, ptr []uint64, parts int, rowCost uint64) []int {
	n := len(ptr) - 1
	if n <= 0 {
		return append(dst[:0], 0, max(n, 0))
	}
	parts = max(1, min(parts, n))
	weight := func(i int) uint64 { return ptr[i] - ptr[0] + uint64(i)*rowCost }
	total := weight(n)
	b := append(dst[:0], 0)
	for k := 1; k < parts; k++ {
		target := total / uint64(parts) * uint64(k)
		i := sort.Search(n, func(i int) bool { return weight(i) >= target })
		if i > b[len(b)-1] && i < n {
			b = append(b, i)
		}
	}
	return append(b, n)
}

// Parts is how many ranges to split work into for Share on w goroutines:
// 16 a goroutine, so that one running at half speed delays the end by a
// sixteenth of a share at most; one range for one goroutine.
func Parts(w int) int {
	if w <= 1 {
		return 1
	}
	return 16 * w
}

// Pieces splits n items into ranges of at most size items (at least one
// range when n > 0), returning boundaries as Even does.
func Pieces(n, size int) []int {
	size = max(size, 1)
	return Even(n, (n+size-1)/size)
}

// Even splits n items into at most parts contiguous ranges of nearly equal
// count, returning boundaries as SplitPtr does.
func Even(n, parts int) []int {
	return EvenTo(nil, n, parts)
}

// EvenTo is Even appending the boundaries to dst[:0]: it allocates nothing
// when dst holds parts+1 ints.
func EvenTo(dst []int, n, parts int) []int {
	if n <= 0 {
		return append(dst[:0], 0, 0)
	}
	parts = max(1, min(parts, n))
	b := dst[:0]
	for k := range parts + 1 {
		b = append(b, n*k/parts)
	}
	return b
}
