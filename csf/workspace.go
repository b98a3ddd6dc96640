package csf

import (
	"runtime"
	"sync"

	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

// Workspace holds the scratch memory and the worker goroutines of the CSF
// products, so that repeated calls allocate nothing. One Workspace serves one
// call at a time (it is not safe for concurrent use); it may be reused across
// tensors, modes and ranks, and grows to the largest seen. The plain product
// methods (MTTKRP, ...) take a Workspace from a sync.Pool, one per element
// type.
//
// Workers parked by a Workspace end when it becomes unreachable. Make one
// with NewWorkspace: the zero value has no state (its use panics), and a
// copy must not be used (go vet's copylocks check reports copies), since the
// original's workers end when the original becomes unreachable.
type Workspace[T Float] struct {
	_ noCopy
	s *wsState[T]
}

// noCopy makes go vet report copies of the struct that holds it.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// state returns ws's state, panicking with a clear message for a Workspace
// that NewWorkspace did not make.
func (ws *Workspace[T]) state() *wsState[T] {
	if ws.s == nil {
		panic("csf: a Workspace that NewWorkspace did not make (the zero value is not usable)")
	}
	return ws.s
}

// NewWorkspace returns a workspace that runs products on up to workers
// goroutines; workers <= 0 means GOMAXPROCS at the time of each call.
func NewWorkspace[T Float](workers int) *Workspace[T] {
	ws := &Workspace[T]{s: &wsState[T]{workers: workers}}
	runtime.AddCleanup(ws, func(s *wsState[T]) { s.stop() }, ws.s)
	return ws
}

// Workers reports how many goroutines the next call may use.
func (ws *Workspace[T]) Workers() int { return ws.state().nworkers() }

// wsState is what the parked workers see (never the Workspace itself, so that
// the cleanup can run).
type wsState[T Float] struct {
	workers int
	started int // parked goroutines 1..started-1 exist
	wake    []chan struct{}
	wg      sync.WaitGroup
	caught  parallel.Caught // a panic of a part, raised again on the caller

	leafPtr []uint64 // first leaf of every root, and nnz
	bounds  []int    // root ranges per worker
	rows    []int    // row ranges per worker for the reduction
	w       []worker[T]
	job     job[T]
	attn    attnJob[T]
	ttv     struct {
		keys, k2 []uint64
		w, w2    []T
		count    []int
		seg      []uint64 // first leaf of each node above the contracted level
		// TTVMatrixTo's level 0 of the result (crd, and level 1's pos)
		crd0, pos1 []uint64
	}
}

// worker is the per-goroutine scratch.
type worker[T Float] struct {
	push []T // rank rows: the Hadamard product of the factor rows above a level
	pull []T // rank rows: accumulators of the levels below the output mode
	priv []T // private output (workers > 0 when outputs may collide)
	ones []T
	walk mttkrpWalk[T]
	idx1 []uint64
}

func (s *wsState[T]) nworkers() int {
	if s.workers > 0 {
		return s.workers
	}
	return runtime.GOMAXPROCS(0)
}

func (s *wsState[T]) stop() {
	for _, c := range s.wake {
		close(c)
	}
}

// ensureWorkers grows the scratch of n workers for levels x r elements.
func (s *wsState[T]) ensureWorkers(n, levels, r int) {
	for len(s.w) < n {
		s.w = append(s.w, worker[T]{})
	}
	for k := 0; k < n; k++ {
		w := &s.w[k]
		w.push = grow(w.push, levels*r)
		w.pull = grow(w.pull, levels*r)
		w.ones = grow(w.ones, r)
		w.idx1 = grow(w.idx1, 1)
		for i := range w.ones {
			w.ones[i] = 1
		}
	}
}

func grow[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	return s[:n]
}

// run calls s.job.fn(k) for k in 0..n-1, k > 0 on parked goroutines, and
// waits; a panic in any part is raised again on the caller then. It
// allocates nothing once the goroutines exist.
func (s *wsState[T]) run(n int) {
	for s.started < n {
		if s.started == 0 {
			s.started = 1
			continue
		}
		c := make(chan struct{}, 1)
		s.wake = append(s.wake, c)
		go parked(s, s.started, c)
		s.started++
	}
	s.wg.Add(n)
	for k := 1; k < n; k++ {
		s.wake[k-1] <- struct{}{}
	}
	s.part(0)
	s.wg.Wait()
	s.caught.Rethrow()
}

func parked[T Float](s *wsState[T], k int, c chan struct{}) {
	for range c {
		s.part(k)
	}
}

// part runs part k of the job; a panic is kept for the caller (on a parked
// goroutine it would end the process) and the goroutine stays parked.
func (s *wsState[T]) part(k int) {
	defer s.wg.Done()
	defer s.caught.Recover()
	s.job.do(s, k)
}

// pools hold the plain calls' workspaces, one pool per element type (a
// pool per element size handed a float64 call a named float64 type's
// workspace, which failed the type assertion, so a program using both in
// turn built a workspace, and a parked goroutine, on every call).
var pools parallel.Pools

func getWorkspace[T Float]() *Workspace[T] {
	if ws, ok := parallel.PoolOf[T](&pools).Get().(*Workspace[T]); ok {
		return ws
	}
	return NewWorkspace[T](0)
}

func putWorkspace[T Float](ws *Workspace[T]) { parallel.PoolOf[T](&pools).Put(ws) }

// splitLeaves fills s.bounds with at most parts root ranges of nearly equal
// leaf counts (as parallel.SplitPtr, without allocating).
func (s *wsState[T]) splitLeaves(parts int) {
	ptr := s.leafPtr
	n := len(ptr) - 1
	parts = max(1, min(parts, n))
	s.bounds = append(s.bounds[:0], 0)
	total := ptr[n]
	for k := 1; k < parts; k++ {
		target := total / uint64(parts) * uint64(k)
		lo, hi := 0, n
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if ptr[m] < target {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo > s.bounds[len(s.bounds)-1] && lo < n {
			s.bounds = append(s.bounds, lo)
		}
	}
	s.bounds = append(s.bounds, n)
}

// computeLeafPtr fills s.leafPtr with the first leaf of every root and nnz.
func (s *wsState[T]) computeLeafPtr(t *Tensor[T]) {
	s.leafPtr = levels.LeafStarts(t.pos, 0, s.leafPtr, 1) // allocates nothing once grown (MTTKRP)
}
