package csr

import (
	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

// A parallel product is a job: what every part needs and the boundaries,
// pooled per element type and run as a parallel.Body on the shared
// workers, so that it allocates nothing per call (a closure would).

// rowOps is what a product runs on the compressed rows (rows of CSR,
// columns of CSC): the kernels over the values, Matrix's float kernels or
// Quantized's fused-dequantize ones. The split, the private accumulators
// and their reduction are the same for both (mulVecRows, mulMatRows).
type rowOps[T Float] interface {
	// spmvRows gathers one output element per row of ptr, a sub-slice of
	// the whole pointer array: y = alpha A x + beta y over those rows.
	spmvRows(short bool, y, x []T, ptr []uint64, alpha, beta T)
	// scatterAdd scatters the rows of ptr (x[i] for row i of the sub-slice)
	// into y: y += alpha Aᵀ x over those rows.
	scatterAdd(y, x []T, ptr []uint64, alpha T)
	// spmm gathers rows lo..hi-1 into Y, which starts at row lo.
	spmm(lo, hi int, y []T, ldy int, x []T, ldx, w int, alpha, beta T)
	// spmmScatter scatters rows lo..hi-1, X starting at row lo, into Y.
	spmmScatter(lo, hi int, y []T, ldy int, x []T, ldx, w int, alpha T)
}

// jobKind is what a part of a product does. It is a deliberate twin of
// package prepared's jobKind (mul.go): each package's jobs hold its own
// operand.
type jobKind uint8

const (
	gatherVec jobKind = iota
	scatterVec
	gatherMat
	scatterMat
	reduceVec // add the private accumulators into y, split by elements
	reduceMat // the same by rows of Y
)

// job is one parallel product.
type job[T Float] struct {
	kind        jobKind
	ops         rowOps[T]
	ptr         []uint64 // the whole pointer array
	minor       int      // the indexed dimension: the rows of a scatter's output
	y, x, acc   []T
	ldy, ldx, w int
	copies      int // private accumulators (reduceVec, reduceMat)
	alpha, beta T
	bounds      [maxParts + 1]int
}

var jobPools parallel.Pools // one pool per element type

// getJob returns a cleared job from T's pool for a product over the index
// x with the kernels ops.
func getJob[T Float](kind jobKind, x *index, ops rowOps[T]) *job[T] {
	j, ok := parallel.PoolOf[T](&jobPools).Get().(*job[T])
	if !ok {
		j = new(job[T])
	}
	j.kind, j.ops, j.ptr, j.minor = kind, ops, x.ptr, int(x.minor())
	return j
}

func putJob[T Float](j *job[T]) {
	j.ops, j.ptr, j.y, j.x, j.acc = nil, nil, nil, nil, nil
	parallel.PoolOf[T](&jobPools).Put(j)
}

// split fills j.bounds with at most p nnz-balanced ranges of the compressed
// rows (a row costs as much as 2 entries) and returns them.
func (j *job[T]) split(p int) []int {
	return parallel.SplitPtrTo(j.bounds[:0], j.ptr, min(p, maxParts), 2)
}

// run runs every part of b, one goroutine a part, and waits for all; a
// panic in any part is raised again on the caller then.
func (j *job[T]) run(b []int) { parallel.Do(b, len(b)-1, j) }

// Part runs part k, the compressed rows lo..hi-1.
func (j *job[T]) Part(_, part, lo, hi int) {
	switch j.kind {
	case gatherVec:
		// The kernels are chosen from the whole matrix (ShortRows reads
		// two pointers): the result does not depend on the split.
		j.ops.spmvRows(engine.ShortRows(j.ptr), j.y[lo:hi], j.x, j.ptr[lo:hi+1], j.alpha, j.beta)
	case scatterVec:
		dst := j.y
		if part > 0 {
			// Cleared here, on the goroutine that uses it.
			dst = j.acc[(part-1)*len(j.y) : part*len(j.y)]
			clear(dst)
		}
		j.ops.scatterAdd(dst, j.x[lo:hi], j.ptr[lo:hi+1], j.alpha)
	case gatherMat:
		if lo < hi {
			// The kernels are chosen from the whole matrix: the result
			// does not depend on the split.
			j.ops.spmm(lo, hi, j.y[lo*j.ldy:], j.ldy, j.x, j.ldx, j.w, j.alpha, j.beta)
		}
	case scatterMat:
		if part == 0 {
			if lo < hi {
				j.ops.spmmScatter(lo, hi, j.y, j.ldy, j.x[lo*j.ldx:], j.ldx, j.w, j.alpha)
			}
			return
		}
		n := j.minor * j.w
		acc := j.acc[(part-1)*n : part*n]
		clear(acc)
		if lo < hi {
			j.ops.spmmScatter(lo, hi, acc, j.w, j.x[lo*j.ldx:], j.ldx, j.w, j.alpha)
		}
	case reduceVec:
		dense.Reduce(j.y[lo:hi], j.acc[lo:], len(j.y), j.copies)
	case reduceMat:
		n := j.minor * j.w
		for i := lo; i < hi; i++ {
			dense.Reduce(j.y[i*j.ldy:i*j.ldy+j.w], j.acc[i*j.w:], n, j.copies)
		}
	}
}
