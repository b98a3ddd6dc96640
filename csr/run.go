package csr

import (
	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/kernels"
)

// A parallel product is a job: what every part needs and the boundaries,
// pooled per element type and run as a parallel.Body on the shared
// workers, so that it allocates nothing per call (a closure would).

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
	a           *Matrix[T]
	y, x, acc   []T
	ldy, ldx, w int
	copies      int // private accumulators (reduceVec, reduceMat)
	alpha, beta T
	bounds      [maxParts + 1]int
}

var jobPools parallel.Pools // one pool per element type

// getJob returns a cleared job from T's pool.
func getJob[T Float](kind jobKind, a *Matrix[T]) *job[T] {
	j, ok := parallel.PoolOf[T](&jobPools).Get().(*job[T])
	if !ok {
		j = new(job[T])
	}
	j.kind, j.a = kind, a
	return j
}

func putJob[T Float](j *job[T]) {
	j.a, j.y, j.x, j.acc = nil, nil, nil, nil
	parallel.PoolOf[T](&jobPools).Put(j)
}

// split fills j.bounds with at most p nnz-balanced ranges of the compressed
// rows (a row costs as much as 2 entries) and returns them.
func (j *job[T]) split(p int) []int {
	return parallel.SplitPtrTo(j.bounds[:0], j.a.ptr, min(p, maxParts), 2)
}

// run runs every part of b, one goroutine a part, and waits for all; a
// panic in any part is raised again on the caller then.
func (j *job[T]) run(b []int) { parallel.Do(b, len(b)-1, j) }

// Part runs part k, the compressed rows lo..hi-1.
func (j *job[T]) Part(_, part, lo, hi int) {
	a := j.a
	switch j.kind {
	case gatherVec:
		// The kernels are chosen from the whole matrix (ShortRows reads
		// two pointers): the result does not depend on the split.
		kernels.SpMVRows(kernels.ShortRows(a.ptr), j.y[lo:hi], j.x, a.ptr[lo:hi+1], a.idx, a.values, j.alpha, j.beta)
	case scatterVec:
		dst := j.y
		if part > 0 {
			// Cleared here, on the goroutine that uses it.
			dst = j.acc[(part-1)*len(j.y) : part*len(j.y)]
			clear(dst)
		}
		kernels.ScatterAdd(dst, j.x[lo:hi], a.ptr[lo:hi+1], a.idx, a.values, j.alpha)
	case gatherMat:
		if lo < hi {
			// The kernels are chosen from the whole matrix: the result
			// does not depend on the split.
			a.spmm(lo, hi, j.y[lo*j.ldy:], j.ldy, j.x, j.ldx, j.w, j.alpha, j.beta)
		}
	case scatterMat:
		if part == 0 {
			if lo < hi {
				a.spmmScatter(lo, hi, j.y, j.ldy, j.x[lo*j.ldx:], j.ldx, j.w, j.alpha)
			}
			return
		}
		n := int(a.minor()) * j.w
		acc := j.acc[(part-1)*n : part*n]
		clear(acc)
		if lo < hi {
			a.spmmScatter(lo, hi, acc, j.w, j.x[lo*j.ldx:], j.ldx, j.w, j.alpha)
		}
	case reduceVec:
		dense.Reduce(j.y[lo:hi], j.acc[lo:], len(j.y), j.copies)
	case reduceMat:
		n := int(a.minor()) * j.w
		for i := lo; i < hi; i++ {
			dense.Reduce(j.y[i*j.ldy:i*j.ldy+j.w], j.acc[i*j.w:], n, j.copies)
		}
	}
}
