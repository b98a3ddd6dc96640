package parallel

import (
	"slices"
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
		for _, parts := range []int{1, 2, 7} {
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
			for _, w := range []int{1, 2, 7} {
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

// TestRunPanicReachesCaller: a panic in a part on a goroutine of its own
// reaches the caller's recover once every part is done (it ended the
// process), whichever part panics; the first panic wins.
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
	var c Caught
	c.Rethrow() // nothing recorded: no panic
}
