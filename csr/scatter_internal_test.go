package csr

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// scatterMatrix returns a rows x cols CSR matrix with about per random
// entries a row, and an x of rows*k elements.
func scatterMatrix(t *testing.T, rng *rand.Rand, rows, cols, per, k int) (*Matrix[float64], []float64) {
	t.Helper()
	ptr := []uint64{0}
	var idx []uint64
	for range rows {
		c := rng.IntN(cols)
		for range per {
			c += 1 + rng.IntN(2*cols/per)
			if c >= cols {
				break
			}
			idx = append(idx, uint64(c))
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	vals := make([]float64, len(idx))
	for i := range vals {
		vals[i] = rng.NormFloat64()
	}
	a, err := New(uint64(rows), uint64(cols), ptr, idx, vals)
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, rows*k)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	return a, x
}

// allocated returns the bytes f allocates, with sync.Pool's pooled
// accumulators dropped first (two collections), so that f allocates its
// own.
func allocated(f func()) uint64 {
	runtime.GC()
	runtime.GC()
	return testutil.Allocated(f)
}

// TestScatterScratchBound: a scatter product split 64 ways (more than
// GOMAXPROCS) holds private accumulators within the bound its split gives,
// max(scratch, one copy of the output), where 63 copies would be far more,
// and agrees with one goroutine to rounding; a bound below one copy still
// takes two goroutines and one copy.
func TestScatterScratchBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	const rows, cols = 2000, 1 << 15 // y: 256 KiB of float64
	a, x := scatterMatrix(t, rng, rows, cols, 8, 4)
	for _, k := range []int{1, 4} {
		ybytes := uint64(cols * k * 8)
		for _, scratch := range []int{1 << 20, 1 << 10} {
			sp := split{opts: parallel.Options{Workers: 64, MinWork: 2}, scratch: scratch}
			serial := split{opts: parallel.Options{Workers: 1}, scratch: scratch}
			want, got := make([]float64, cols*k), make([]float64, cols*k)
			name := fmt.Sprintf("k=%d scratch=%d", k, scratch)
			var used uint64
			if k == 1 {
				a.mulVecSplit(serial, "MulVecTransTo", true, want, 1, x[:rows], 0)
				used = allocated(func() { a.mulVecSplit(sp, "MulVecTransTo", true, got, 1, x[:rows], 0) })
			} else {
				a.mulMatSplit(serial, true, want, k, 1, x, k, k, 0)
				used = allocated(func() { a.mulMatSplit(sp, true, got, k, 1, x, k, k, 0) })
			}
			// The bound, plus a little for the pooled job and loop state
			// the collections dropped too.
			if bound := max(uint64(scratch), ybytes); used > bound+16<<10 && !testutil.RaceEnabled {
				t.Errorf("%s: %d bytes allocated, bound %d (63 copies: %d)", name, used, bound, 63*ybytes)
			}
			for i := range got {
				if d := math.Abs(got[i] - want[i]); d > 1e-12*(1+math.Abs(want[i])) {
					t.Fatalf("%s: y[%d] = %v, one goroutine %v", name, i, got[i], want[i])
				}
			}
		}
	}
}

// TestScatterNoAllocs: parallel scatter products (and gathers) allocate
// nothing per call once their pooled job and accumulators exist.
func TestScatterNoAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	rng := rand.New(rand.NewPCG(53, 54))
	const rows, cols, k = 300, 200, 4
	a, x := scatterMatrix(t, rng, rows, cols, 6, k)
	sp := split{opts: parallel.Options{Workers: 3, MinWork: 2}, scratch: scatterScratch}
	y, ym := make([]float64, cols), make([]float64, cols*k)
	at := a.T()
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"MulVecTrans", func() { a.mulVecSplit(sp, "MulVecTransTo", true, y, 1, x[:rows], 0.5) }},
		{"MulMatTrans", func() { a.mulMatSplit(sp, true, ym, k, 1, x, k, k, 0.5) }},
		{"MulVec", func() { at.mulVecSplit(sp, "MulVecTo", false, y, 1, x[:rows], 0.5) }},
	} {
		c.f()
		if n := testutil.AllocsPerCall(50, c.f); n > 0 {
			t.Errorf("%s: %v allocations per parallel call", c.name, n)
		}
	}
}
