package csr

import (
	"sort"
	"sync"
	"sync/atomic"

	"github.com/hurray-format/hurray-go/internal/parallel"

	"github.com/hurray-format/hurray-go/kernels"
)

// The parallel products run their parts on persistent worker goroutines fed
// through a channel, with the per-call state in a pooled job, so that a
// parallel product allocates nothing per call (goroutine starts and
// closures would).

// maxParts caps the parts of one product (and so the workers it uses).
const maxParts = 64

type jobKind uint8

const (
	gatherVec jobKind = iota
	scatterVec
	gatherMat
	scatterMat
)

// job is one parallel product: what every part needs and the boundaries.
type job[T Float] struct {
	kind        jobKind
	a           *Matrix[T]
	y, x, acc   []T
	ldy, ldx, w int
	alpha, beta T
	bounds      [maxParts + 1]int
	wg          sync.WaitGroup
	caught      parallel.Caught // a panic of a part, raised again on the caller
}

type partRunner interface {
	runPart(part, lo, hi int)
	recovered() *parallel.Caught
}

type task struct {
	r            partRunner
	part, lo, hi int
	wg           *sync.WaitGroup
}

func (j *job[T]) recovered() *parallel.Caught { return &j.caught }

var (
	tasks     = make(chan task)
	workersMu sync.Mutex
	nWorkers  atomic.Int64   // persistent workers started
	jobPools  parallel.Pools // one pool per element type
)

// ensureWorkers starts persistent workers until there are at least n: a
// product split into p parts needs p-1 (the caller runs the last). Starting
// GOMAXPROCS-1 of them once, at the first parallel product, left a process
// whose GOMAXPROCS or SetWorkers grew later with too few.
func ensureWorkers(n int) {
	if nWorkers.Load() >= int64(n) {
		return
	}
	workersMu.Lock()
	for nWorkers.Load() < int64(n) {
		go worker()
		nWorkers.Add(1)
	}
	workersMu.Unlock()
}

func worker() {
	for t := range tasks {
		t.do()
	}
}

// do runs the task's part; a panic is kept for the caller (on a worker
// goroutine it would end the process) and the worker goes on.
func (t task) do() {
	defer t.wg.Done()
	defer t.r.recovered().Recover()
	t.r.runPart(t.part, t.lo, t.hi)
}

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
// rows (as parallel.SplitPtr, with a row cost of 2) and returns them.
func (j *job[T]) split(p int) []int {
	ptr := j.a.ptr
	n := len(ptr) - 1
	p = max(1, min(p, n, maxParts))
	weight := func(i int) uint64 { return ptr[i] - ptr[0] + uint64(i)*2 }
	total := weight(n)
	b := append(j.bounds[:0], 0)
	for k := 1; k < p; k++ {
		target := total / uint64(p) * uint64(k)
		i := sort.Search(n, func(i int) bool { return weight(i) >= target })
		if i > b[len(b)-1] && i < n {
			b = append(b, i)
		}
	}
	return append(b, n)
}

// run runs part k of b on a worker for every k but the last, which runs on
// the caller, and waits for all; a panic in any part is raised again on the
// caller then.
func (j *job[T]) run(b []int) {
	n := len(b) - 1
	ensureWorkers(n - 1)
	j.wg.Add(n)
	for k := 0; k < n-1; k++ {
		tasks <- task{j, k, b[k], b[k+1], &j.wg}
	}
	task{j, n - 1, b[n-1], b[n], &j.wg}.do()
	j.wg.Wait()
	j.caught.Rethrow()
}

func (j *job[T]) runPart(part, lo, hi int) {
	a := j.a
	switch j.kind {
	case gatherVec:
		// The kernels are chosen from the whole matrix (ShortRows reads
		// two pointers): the result does not depend on the split.
		kernels.SpMVRows(kernels.ShortRows(a.ptr), j.y[lo:hi], j.x, a.ptr[lo:hi+1], a.idx, a.values, j.alpha, j.beta)
	case scatterVec:
		dst := j.y
		if part > 0 {
			dst = j.acc[(part-1)*len(j.y) : part*len(j.y)]
		}
		kernels.ScatterAdd(dst, j.x[lo:hi], a.ptr[lo:hi+1], a.idx, a.values, j.alpha)
	case gatherMat:
		if lo < hi {
			// The kernels are chosen from the whole matrix: the result
			// does not depend on the split.
			a.spmm(lo, hi, j.y[lo*j.ldy:], j.ldy, j.x, j.ldx, j.w, j.alpha, j.beta)
		}
	case scatterMat:
		if lo == hi {
			return
		}
		if part == 0 {
			a.spmmScatter(lo, hi, j.y, j.ldy, j.x[lo*j.ldx:], j.ldx, j.w, j.alpha)
			return
		}
		n := int(a.minor()) * j.w
		a.spmmScatter(lo, hi, j.acc[(part-1)*n:part*n], j.w, j.x[lo*j.ldx:], j.ldx, j.w, j.alpha)
	}
}
