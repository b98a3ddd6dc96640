package csf

import (
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

// Workspace holds the scratch memory of the CSF products and how many
// goroutines they take, so that repeated calls allocate nothing. One
// Workspace serves one call at a time (it is not safe for concurrent use);
// it may be reused across tensors, modes and ranks, and grows to the largest
// seen. The plain product methods (MTTKRP, ...) take a Workspace from a
// sync.Pool, one per element type.
//
// The goroutines are internal/parallel's persistent workers, shared with
// the other packages' products: a Workspace owns none, and dropping one
// leaves nothing running. Make one with NewWorkspace: the zero value has no
// state (its use panics).
type Workspace[T Float] struct {
	s *wsState[T]
}

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
	return &Workspace[T]{s: &wsState[T]{workers: workers, tune: defaultTuning()}}
}

// Workers reports how many goroutines the next call may use.
func (ws *Workspace[T]) Workers() int { return parallel.Workers(ws.state().workers) }

// wsState is a workspace's scratch and settings.
type wsState[T Float] struct {
	workers int
	tune    tuning

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

// options is how a call with this workspace splits its work.
func (s *wsState[T]) options() parallel.Options {
	return parallel.Options{Workers: s.workers, MinWork: s.tune.minNNZ}
}

// goroutines returns how many goroutines a call over nnz entries takes.
func (s *wsState[T]) goroutines(nnz int) int { return s.options().Goroutines(nnz) }

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

// run runs s.job's part k for every range k of b, one goroutine a part
// (the caller's among them), and waits; a panic in any part is raised again
// on the caller then. It allocates nothing.
func (s *wsState[T]) run(b []int) { parallel.Do(b, len(b)-1, s) }

// Part runs part k of the job (a parallel.Body: the job's parts find their
// ranges in the workspace).
func (s *wsState[T]) Part(_, k, _, _ int) { s.job.do(s, k) }

// pools hold the plain calls' workspaces, one pool per element type (a
// pool per element size handed a float64 call a named float64 type's
// workspace, which failed the type assertion, so a program using both in
// turn built a workspace on every call).
var pools parallel.Pools

func getWorkspace[T Float]() *Workspace[T] {
	if ws, ok := parallel.PoolOf[T](&pools).Get().(*Workspace[T]); ok {
		return ws
	}
	return NewWorkspace[T](0)
}

func putWorkspace[T Float](ws *Workspace[T]) { parallel.PoolOf[T](&pools).Put(ws) }

// splitLeaves fills s.bounds with at most parts root ranges of nearly equal
// leaf counts (parallel.SplitPtrTo: no allocation once grown).
func (s *wsState[T]) splitLeaves(parts int) {
	s.bounds = parallel.SplitPtrTo(s.bounds, s.leafPtr, parts, 0)
}

// computeLeafPtr fills s.leafPtr with the first leaf of every root and
// nnz, for the levels' pos arrays pos.
func (s *wsState[T]) computeLeafPtr(pos [][]uint64) {
	s.leafPtr = levels.LeafStarts(pos, 0, s.leafPtr, 1) // allocates nothing once grown (MTTKRP)
}
