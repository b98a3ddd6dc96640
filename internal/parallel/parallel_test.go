package parallel

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

func TestSplitPtr(t *testing.T) {
	// One heavy row among light ones: the split isolates it.
	ptr := []uint64{0, 1, 2, 1002, 1003, 1004, 1005}
	b := SplitPtr(ptr, 2, 0)
	if b[0] != 0 || b[len(b)-1] != 6 || len(b) > 3 {
		t.Fatalf("SplitPtr = %v", b)
	}
	if !slices.IsSorted(b) {
		t.Fatalf("not sorted: %v", b)
	}
	for _, parts := range []int{1, 2, 3, 8, 100} {
		for _, ptr := range [][]uint64{{0}, {0, 0}, {0, 5}, {0, 0, 0, 0}, {0, 3, 3, 9, 20, 20, 21}} {
			b := SplitPtr(ptr, parts, 1)
			if b[0] != 0 || b[len(b)-1] != len(ptr)-1 || len(b)-1 > max(parts, 1) {
				t.Fatalf("parts=%d ptr=%v: %v", parts, ptr, b)
			}
			for k := 1; k < len(b); k++ {
				if b[k] < b[k-1] || (len(ptr) > 1 && b[k] == b[k-1]) {
					t.Fatalf("parts=%d ptr=%v: bad boundaries %v", parts, ptr, b)
				}
			}
		}
	}
}

func TestRunCoversAll(t *testing.T) {
	for _, n := range []int{0, 1, 5, 1000} {
		for _, parts := range []int{1, 2, 7, 64} {
			var sum atomic.Int64
			Run(Even(n, parts), func(_, lo, hi int) {
				for i := lo; i < hi; i++ {
					sum.Add(int64(i))
				}
			})
			if want := int64(n * (n - 1) / 2); sum.Load() != want {
				t.Fatalf("n=%d parts=%d: sum %d, want %d", n, parts, sum.Load(), want)
			}
		}
	}
}

// TestShareCoversAll: every item is visited once, whatever the pieces and
// goroutines, and the pieces are no longer than asked.
func TestShareCoversAll(t *testing.T) {
	for _, n := range []int{0, 1, 5, 1000} {
		for _, size := range []int{0, 1, 3, 64, 5000} {
			b := Pieces(n, size)
			for k := 1; k < len(b); k++ {
				if b[k]-b[k-1] > max(size, 1) || b[k] < b[k-1] {
					t.Fatalf("Pieces(%d, %d) = %v", n, size, b)
				}
			}
			if b[0] != 0 || b[len(b)-1] != n {
				t.Fatalf("Pieces(%d, %d) = %v", n, size, b)
			}
			for _, w := range []int{1, 2, 7, 64} {
				seen := make([]atomic.Int32, n)
				busy := make([]atomic.Bool, w)
				Share(b, w, func(g, k, lo, hi int) {
					if lo != b[k] || hi != b[k+1] {
						t.Errorf("range %d is %d..%d, want %d..%d", k, lo, hi, b[k], b[k+1])
					}
					if busy[g].Swap(true) {
						t.Errorf("goroutine %d runs two pieces at once", g)
					}
					defer busy[g].Store(false)
					for i := lo; i < hi; i++ {
						seen[i].Add(1)
					}
				})
				for i := range seen {
					if c := seen[i].Load(); c != 1 {
						t.Fatalf("n=%d size=%d w=%d: item %d visited %d times", n, size, w, i, c)
					}
				}
			}
		}
	}
}

// TestShareBalances: a goroutine that is held up does not hold up the
// pieces it has not taken: with one piece blocked until every other piece
// is done, the others still all run.
func TestShareBalances(t *testing.T) {
	b := Pieces(100, 1)
	var done atomic.Int64
	release := make(chan struct{})
	Share(b, 2, func(_, _, lo, _ int) {
		if lo == 0 {
			<-release
			return
		}
		if done.Add(1) == 99 {
			close(release)
		}
	})
	if done.Load() != 99 {
		t.Fatalf("%d pieces done, want 99", done.Load())
	}
}

// TestSharePanicReachesCaller: a panic in a piece reaches the caller.
func TestSharePanicReachesCaller(t *testing.T) {
	defer func() {
		if r := recover(); r != 17 {
			t.Errorf("recovered %v, want 17", r)
		}
	}()
	Share(Pieces(40, 1), 2, func(_, _, lo, _ int) {
		if lo == 17 {
			panic(lo)
		}
	})
}

// TestRunPanicReachesCaller: a panic in a part on a helper goroutine
// reaches the caller's recover once every part is done (left on the
// helper, it would end the process), whichever part panics; the first
// panic wins.
func TestRunPanicReachesCaller(t *testing.T) {
	for bad := range 4 {
		var done atomic.Int64
		func() {
			defer func() {
				if r := recover(); r != bad {
					t.Errorf("part %d panicked: recovered %v", bad, r)
				}
				if done.Load() != 3 {
					t.Errorf("part %d panicked: %d other parts done before the caller resumed, want 3", bad, done.Load())
				}
			}()
			Run(Even(4, 4), func(part, _, _ int) {
				if part == bad {
					panic(part)
				}
				done.Add(1)
			})
		}()
	}
}

// counter is a Body that counts the visits of every item and checks that no
// goroutine index runs two parts at once.
type counter struct {
	t    *testing.T
	seen []atomic.Int32
	busy []atomic.Bool
}

func (c *counter) Part(g, _, lo, hi int) {
	if c.busy[g].Swap(true) {
		c.t.Errorf("goroutine %d runs two parts at once", g)
	}
	for i := lo; i < hi; i++ {
		c.seen[i].Add(1)
	}
	c.busy[g].Store(false)
}

// TestDoCoversAll: Do visits every item once for every size, split and
// goroutine count, and hands out goroutine indices below the count.
func TestDoCoversAll(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 100, 1000} {
		for _, parts := range []int{1, 2, 3, 16, 100} {
			b := Even(n, parts)
			for _, w := range []int{0, 1, 2, 3, 8, 65} {
				c := &counter{t: t, seen: make([]atomic.Int32, n), busy: make([]atomic.Bool, max(w, 1))}
				Do(b, w, c)
				for i := range c.seen {
					if v := c.seen[i].Load(); v != 1 {
						t.Fatalf("n=%d parts=%d w=%d: item %d visited %d times", n, parts, w, i, v)
					}
				}
			}
		}
	}
}

// TestDoConcurrentAndNested: loops started from many goroutines at once,
// and loops inside the parts of a loop, all finish and visit every item
// once, whether or not a helper is free for them.
func TestDoConcurrentAndNested(t *testing.T) {
	const callers, n = 8, 200
	var wg sync.WaitGroup
	for range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				var total atomic.Int64
				Run(Even(n, 4), func(_, lo, hi int) {
					Share(Pieces(hi-lo, 7), 3, func(_, _, a, z int) {
						total.Add(int64(z - a))
					})
				})
				if total.Load() != n {
					t.Errorf("nested loops visited %d items, want %d", total.Load(), n)
				}
			}
		}()
	}
	wg.Wait()
}

// TestDoNoAllocs: a loop with a reused Body allocates nothing once the
// helpers exist.
func TestDoNoAllocs(t *testing.T) {
	b := Even(1000, 4)
	c := &counter{t: t, seen: make([]atomic.Int32, 1000), busy: make([]atomic.Bool, 4)}
	Do(b, 4, c)
	if a := testing.AllocsPerRun(100, func() { Do(b, 4, c) }); a != 0 {
		t.Errorf("Do allocates %v times a call", a)
	}
	dst := make([]int, 0, 5)
	ptr := []uint64{0, 3, 3, 9, 20, 20, 21}
	if a := testing.AllocsPerRun(100, func() { SplitPtrTo(dst, ptr, 4, 1); EvenTo(dst, 100, 4) }); a != 0 {
		t.Errorf("SplitPtrTo and EvenTo allocate %v times a call", a)
	}
}

// TestDoPanicThenReuse: after a part panics, the helpers serve later loops
// (a panicking part leaves its worker parked, not gone or stuck).
func TestDoPanicThenReuse(t *testing.T) {
	for range 3 {
		func() {
			defer func() {
				if r := recover(); r != "boom" {
					t.Errorf("recovered %v, want boom", r)
				}
			}()
			Run(Even(8, 8), func(k, _, _ int) {
				if k%2 == 1 {
					panic("boom")
				}
			})
		}()
	}
	var sum atomic.Int64
	Run(Even(8, 8), func(k, _, _ int) { sum.Add(int64(k)) })
	if sum.Load() != 28 {
		t.Errorf("after panics, parts summed to %d, want 28", sum.Load())
	}
}

// TestHelpersBounded: the helpers started are as many as the largest loop
// has asked for, however many loops run, and parked ones serve the next.
func TestHelpersBounded(t *testing.T) {
	for range 50 {
		Run(Even(100, 3), func(_, _, _ int) {})
	}
	helpers.mu.Lock()
	started, limit := helpers.started, helpers.limit
	helpers.mu.Unlock()
	if started > limit {
		t.Errorf("%d helpers started for loops asking for at most %d", started, limit)
	}
	before := runtime.NumGoroutine()
	for range 50 {
		Run(Even(100, 3), func(_, _, _ int) {})
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("goroutines grew from %d to %d over loops of the same size", before, after)
	}
}

func TestOptionsGoroutines(t *testing.T) {
	for _, c := range []struct{ workers, minWork, work, want int }{
		{4, 100, 99, 1},    // below MinWork: one
		{4, 100, 100, 2},   // at MinWork: one per 50
		{4, 100, 149, 2},   // ...
		{4, 100, 150, 3},   // ...
		{4, 100, 10000, 4}, // at most Workers
		{1, 100, 10000, 1},
		{3, 0, 2, 2}, // no minimum: one per unit of work
		{3, 0, 0, 1},
		{3, 1, 5, 3},
	} {
		o := Options{Workers: c.workers, MinWork: c.minWork}
		if got := o.Goroutines(c.work); got != c.want {
			t.Errorf("%+v.Goroutines(%d) = %d, want %d", o, c.work, got, c.want)
		}
	}
	if got, want := (Options{MinWork: 2}).Goroutines(1<<40), runtime.GOMAXPROCS(0); got != want {
		t.Errorf("Workers 0: %d goroutines, want GOMAXPROCS = %d", got, want)
	}
}

func TestSetting(t *testing.T) {
	var s Setting
	if o := s.Options(77); o != (Options{0, 77}) {
		t.Errorf("zero Setting: %+v, want {0 77}", o)
	}
	if prev := s.SetWorkers(3); prev != 0 {
		t.Errorf("SetWorkers: previous %d, want 0", prev)
	}
	if prev := s.SetMinWork(-5); prev != 0 {
		t.Errorf("SetMinWork: previous %d, want 0", prev)
	}
	s.SetMinWork(9)
	if o := s.Options(77); o != (Options{3, 9}) {
		t.Errorf("Setting: %+v, want {3 9}", o)
	}
	if prev := s.SetWorkers(-1); prev != 3 {
		t.Errorf("SetWorkers: previous %d, want 3", prev)
	}
}
