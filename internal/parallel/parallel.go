// Package parallel runs loops on several goroutines with work split by
// weight (nonzeros), not by count.
package parallel

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
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
	n := len(ptr) - 1
	if n <= 0 {
		return []int{0, max(n, 0)}
	}
	parts = max(1, min(parts, n))
	weight := func(i int) uint64 { return ptr[i] - ptr[0] + uint64(i)*rowCost }
	total := weight(n)
	b := make([]int, 1, parts+1)
	for k := 1; k < parts; k++ {
		target := total / uint64(parts) * uint64(k)
		i := sort.Search(n, func(i int) bool { return weight(i) >= target })
		if i > b[len(b)-1] && i < n {
			b = append(b, i)
		}
	}
	return append(b, n)
}

// Run calls fn(k, b[k], b[k+1]) for every range of b, each on its own
// goroutine except the last, which runs on the caller's. It returns when all
// are done; a panic in any part is raised again on the caller then.
func Run(b []int, fn func(part, lo, hi int)) {
	parts := len(b) - 1
	if parts <= 1 {
		if parts == 1 {
			fn(0, b[0], b[1])
		}
		return
	}
	var wg sync.WaitGroup
	var c Caught
	for k := 0; k < parts-1; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer c.Recover()
			fn(k, b[k], b[k+1])
		}()
	}
	func() {
		defer c.Recover()
		fn(parts-1, b[parts-1], b[parts])
	}()
	wg.Wait()
	c.Rethrow()
}

// Share calls fn(g, k, b[k], b[k+1]) for every range k of b on w goroutines
// (the caller's among them; g, 0..w-1, names the goroutine, for its
// scratch), each taking the next range not yet taken when it is done with
// its last: where Run gives each goroutine a fixed share, Share lets a
// goroutine that runs faster take more ranges. On the shared 2-vCPU VMs one
// vCPU at times runs a loop at half the speed of the other (CSF to COO of
// T3u, pinned with taskset: 30 against 15 ms), and with fixed halves the
// faster one then waits for the slower. b should hold several ranges per
// goroutine (Parts). Panics reach the caller as with Run.
func Share(b []int, w int, fn func(g, k, lo, hi int)) {
	parts := len(b) - 1
	w = max(1, min(w, parts))
	var next atomic.Int64
	// w ranges of one item: Run's goroutines and its panic handling, one
	// loop over the shared counter on each.
	Run(Even(w, w), func(g, _, _ int) {
		for {
			k := int(next.Add(1)) - 1
			if k >= parts {
				return
			}
			fn(g, k, b[k], b[k+1])
		}
	})
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
	if n <= 0 {
		return []int{0, 0}
	}
	parts = max(1, min(parts, n))
	b := make([]int, parts+1)
	for k := range b {
		b[k] = n * k / parts
	}
	return b
}

// Caught carries a panic from a parallel part to the goroutine that started
// the parts: a panic on a goroutine of its own would end the process, where
// the same panic on one goroutine reaches the caller's recover. Each part
// defers Recover; the caller, once every part is done, calls Rethrow. The
// first panic wins; the zero value is ready to use.
type Caught struct {
	mu  sync.Mutex
	val any
	set bool
}

// Recover records a panic of the function that defers it (it must be
// deferred directly: defer c.Recover()) and lets that function return.
func (c *Caught) Recover() {
	if r := recover(); r != nil {
		c.mu.Lock()
		if !c.set {
			c.val, c.set = r, true
		}
		c.mu.Unlock()
	}
}

// Rethrow panics with the recorded value, if a part panicked, and clears
// it; call it after every part is done.
func (c *Caught) Rethrow() {
	c.mu.Lock()
	v, set := c.val, c.set
	c.val, c.set = nil, false
	c.mu.Unlock()
	if set {
		panic(v)
	}
}
