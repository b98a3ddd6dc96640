package bench

import (
	"slices"
	"testing"
	"time"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/kernels"
)

const (
	fbNNZ     = 5_000_000
	fbQueryN  = 1_000_000
	fbSmallNZ = 20_000
)

// fbData is the FindBatch benchmark input, built once per process inside the
// first benchmark that needs it (never in plain go test).
type fbData struct {
	t      *csf.Tensor[float64]
	coords []uint64
	want   []int
	out    []int
}

var fbCache *fbData

func fbLoad(b *testing.B) *fbData {
	if fbCache == nil {
		start := time.Now()
		t := fbTensor(fbNNZ)
		coords, want := fbQueries(t, fbQueryN)
		fbCache = &fbData{t: t, coords: coords, want: want, out: make([]int, fbQueryN)}
		b.Logf("generated %v and %d queries in %v", t, fbQueryN, time.Since(start))
	}
	return fbCache
}

// fbPaths runs fn once per kernel path under kernels.Use, restoring the
// automatic choice afterwards. The ref path (the oracle's linear scans: a
// minute per op here) is included only when withRef is set.
func fbPaths(b *testing.B, withRef bool, fn func(b *testing.B)) {
	for _, p := range kernels.Available() {
		if p == "ref" && !withRef {
			continue
		}
		b.Run("impl="+p, func(b *testing.B) {
			if err := kernels.Use(p); err != nil {
				b.Fatal(err)
			}
			defer kernels.Use("")
			fn(b)
		})
	}
}

// fbReport adds queries/s and checks the answers once.
func fbReport(b *testing.B, d *fbData) {
	b.ReportMetric(float64(b.N)*fbQueryN/b.Elapsed().Seconds(), "queries/s")
	if !slices.Equal(d.out, d.want) {
		b.Fatal("wrong answers")
	}
}

// BenchmarkFBFindBatch: one op is FindBatch of 1M queries (half present).
func BenchmarkFBFindBatch(b *testing.B) {
	d := fbLoad(b)
	fbPaths(b, false, func(b *testing.B) {
		// bytes = 1M * (3*8 coords read + 8 out written); the probes into the
		// tensor are random accesses and not counted.
		b.SetBytes(fbQueryN * 32)
		b.ReportAllocs()
		fill(d.out, -2) // fbReport must see this path's answers, not an earlier one's
		for b.Loop() {
			d.t.FindBatch(d.coords, d.out)
		}
		fbReport(b, d)
	})
}

// BenchmarkFBFind: one op is a loop of 1M single Find calls.
func BenchmarkFBFind(b *testing.B) {
	d := fbLoad(b)
	fbPaths(b, false, func(b *testing.B) {
		b.SetBytes(fbQueryN * 32) // as BenchmarkFBFindBatch
		b.ReportAllocs()
		fill(d.out, -2) // fbReport must see this path's answers, not an earlier one's
		for b.Loop() {
			for q := range d.out {
				leaf, ok := d.t.Find(d.coords[3*q : 3*q+3])
				if !ok {
					leaf = -1
				}
				d.out[q] = leaf
			}
		}
		fbReport(b, d)
	})
}

// fbSlicesFind is the baseline: the per-level descent of one query with
// slices.BinarySearch on each level's segment.
func fbSlicesFind(pos, crd [][]uint64, c []uint64) int {
	lo, hi := 0, len(crd[0])
	for l := range crd {
		i, ok := slices.BinarySearch(crd[l][lo:hi], c[l])
		if !ok {
			return -1
		}
		i += lo
		if l+1 == len(crd) {
			return i
		}
		lo, hi = int(pos[l+1][i]), int(pos[l+1][i+1])
	}
	return -1
}

// BenchmarkFBSlices: one op is 1M single descents with slices.BinarySearch
// (mode_order is [0 1 2], so levels are modes).
func BenchmarkFBSlices(b *testing.B) {
	d := fbLoad(b)
	pos := [][]uint64{d.t.Pos(0), d.t.Pos(1), d.t.Pos(2)}
	crd := [][]uint64{d.t.Crd(0), d.t.Crd(1), d.t.Crd(2)}
	b.Run("impl=slices", func(b *testing.B) {
		b.SetBytes(fbQueryN * 32) // as BenchmarkFBFindBatch
		b.ReportAllocs()
		fill(d.out, -2) // fbReport must see this path's answers, not an earlier one's
		for b.Loop() {
			for q := range d.out {
				d.out[q] = fbSlicesFind(pos, crd, d.coords[3*q:3*q+3])
			}
		}
		fbReport(b, d)
	})
}

// BenchmarkFBValidate: one op is Validate of the 5M tensor.
func BenchmarkFBValidate(b *testing.B) {
	d := fbLoad(b)
	// bytes = every pos and crd byte, counted once (the checks scan them;
	// values are only length-checked, so they are not counted).
	var bytes int64
	for l := range d.t.Rank() {
		bytes += 8 * int64(len(d.t.Pos(l))+len(d.t.Crd(l)))
	}
	fbPaths(b, true, func(b *testing.B) {
		b.SetBytes(bytes)
		b.ReportAllocs()
		fill(d.out, -2) // fbReport must see this path's answers, not an earlier one's
		TriadBytesPerSec(1)
		for b.Loop() {
			if err := d.t.Validate(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)*fbNNZ/b.Elapsed().Seconds(), "nnz/s")
		reportTriad(b, bytes, 1)
	})
}

// TestFBGenerator checks the generator on a small tensor: the queries'
// expected answers agree with FindBatch, Find and the slices descent, and
// half are present.
func TestFBGenerator(t *testing.T) {
	x := fbTensor(fbSmallNZ)
	if x.NNZ() != fbSmallNZ {
		t.Fatalf("nnz %d, want %d", x.NNZ(), fbSmallNZ)
	}
	const nq = 5000
	coords, want := fbQueries(x, nq)
	out := make([]int, nq)
	x.FindBatch(coords, out)
	if !slices.Equal(out, want) {
		t.Fatal("FindBatch disagrees with the generator")
	}
	pos := [][]uint64{x.Pos(0), x.Pos(1), x.Pos(2)}
	crd := [][]uint64{x.Crd(0), x.Crd(1), x.Crd(2)}
	present := 0
	for q := range nq {
		c := coords[3*q : 3*q+3]
		if got := fbSlicesFind(pos, crd, c); got != want[q] {
			t.Fatalf("query %d %v: slices descent %d, want %d", q, c, got, want[q])
		}
		if want[q] >= 0 {
			present++
		}
	}
	if present != nq/2 {
		t.Fatalf("%d present, want %d", present, nq/2)
	}
}
