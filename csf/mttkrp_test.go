package csf_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

// mttkrpDense is the brute-force oracle: every dense entry, every r.
func mttkrpDense(d *dense, mode int, factors [][]float64, r int) (want, scale []float64) {
	want = make([]float64, int(d.shape[mode])*r)
	scale = make([]float64, len(want))
	d.each(func(c []uint64, v float64) {
		if v == 0 {
			return
		}
		for k := 0; k < r; k++ {
			p := v
			for n, f := range factors {
				if n != mode {
					p *= f[int(c[n])*r+k]
				}
			}
			want[int(c[mode])*r+k] += p
			scale[int(c[mode])*r+k] += abs(p)
		}
	})
	return want, scale
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func testMTTKRP[T csf.Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, shape := range testShapes {
		for _, density := range []float64{0.05, 0.3, 1} {
			x, d := randTensor[T](t, rng, shape, density)
			if x.NNZ() == 0 {
				continue
			}
			for _, mo := range modeOrders(rng, len(shape)) {
				ct := mustCSF(t, x, mo)
				for _, r := range []int{1, 3, 8, 17} {
					factors := make([][]T, len(shape))
					f64 := make([][]float64, len(shape))
					for n, s := range shape {
						factors[n] = randMat[T](rng, int(s)*r)
						f64[n] = testutil.Convert[float64](factors[n])
					}
					for mode := range shape {
						want, scale := mttkrpDense(d, mode, f64, r)
						out := make([]T, int(shape[mode])*r)
						for i := range out {
							out[i] = 99 // overwritten
						}
						ct.MTTKRP(mode, factors, r, out)
						closeTo(t, name(shape, mo)+"/mttkrp", out, want, scale, tol[T]())
						for _, maxPriv := range []int{1 << 24, 0} {
							ws := csf.NewTunedWorkspace[T](3, csf.Parallel(maxPriv))
							ct.MTTKRPWith(ws, mode, factors, r, out)
							closeTo(t, name(shape, mo)+"/mttkrp-ws3", out, want, scale, tol[T]())
						}
					}
				}
			}
		}
	}
}

func TestMTTKRP(t *testing.T) {
	pathsAndTypes(t, testMTTKRP[float64], testMTTKRP[float32])
}

func TestMTTKRPUnvalidated(t *testing.T) {
	ct := seededCSF(t, 5, []uint64{3, 4, 5}, 0.5)
	p, err := csf.FromBuffers[float64](ct.Shape(), ct.ModeOrder(), ct.Buffers(), layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	f := [][]float64{make([]float64, 6), make([]float64, 8), make([]float64, 10)}
	testutil.WantPanicContaining(t, "csf:", func() { p.MTTKRP(0, f, 2, make([]float64, 6)) })
}

func TestMTTKRPAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	x, _ := randTensor[float64](t, rng, []uint64{30, 40, 50}, 0.1)
	ct, err := convert.COOToCSF(x, []uint32{1, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	r := 16
	f := [][]float64{randMat[float64](rng, 30*r), randMat[float64](rng, 40*r), randMat[float64](rng, 50*r)}
	for _, workers := range []int{1, 2} {
		ws := csf.NewTunedWorkspace[float64](workers, csf.Parallel(1<<24))
		for mode := range 3 {
			out := make([]float64, int(ct.Shape()[mode])*r)
			ct.MTTKRPWith(ws, mode, f, r, out)
			if a := testing.AllocsPerRun(10, func() { ct.MTTKRPWith(ws, mode, f, r, out) }); a != 0 {
				t.Errorf("workers=%d mode=%d: %v allocations per call", workers, mode, a)
			}
		}
	}
}

func TestMTTKRPPanics(t *testing.T) {
	ct := seededCSF(t, 3, []uint64{3, 4, 5}, 0.5)
	f := [][]float64{make([]float64, 6), make([]float64, 8), make([]float64, 10)}
	testutil.WantPanicContaining(t, "csf: MTTKRP: mode 3", func() { ct.MTTKRP(3, f, 2, make([]float64, 6)) })
	testutil.WantPanicContaining(t, "csf: MTTKRP: 0 factor columns", func() { ct.MTTKRP(0, f, 0, nil) })
	testutil.WantPanicContaining(t, "csf: MTTKRP: 2 factors", func() { ct.MTTKRP(0, f[:2], 2, make([]float64, 6)) })
	testutil.WantPanicContaining(t, "csf: MTTKRP: factor 1 has 8", func() { ct.MTTKRP(0, f, 3, make([]float64, 9)) })
	testutil.WantPanicContaining(t, "csf: MTTKRP: out has 5", func() { ct.MTTKRP(0, f, 2, make([]float64, 5)) })
	ct.MTTKRP(0, [][]float64{nil, f[1], f[2]}, 2, make([]float64, 6)) // factors[mode] ignored
}

// TestMTTKRPEmptyFiber: a rank-4 tensor whose level-1 node 0 has no
// children and node 1 has two, so that a block has as many children as
// nodes without every node having one; every mode against the sum over
// its four entries.
func TestMTTKRPEmptyFiber(t *testing.T) {
	shape := []uint64{2, 3, 3, 2}
	pos := [][]uint64{{0, 2}, {0, 2, 3}, {0, 0, 2, 3}, {0, 1, 3, 4}}
	crd := [][]uint64{{0, 1}, {0, 2, 1}, {0, 2, 1}, {1, 0, 1, 0}}
	vals := []float64{1, 2, 3, 4}
	entries := [][]uint64{{0, 2, 0, 1}, {0, 2, 2, 0}, {0, 2, 2, 1}, {1, 1, 1, 0}}
	ct, err := csf.New(shape, []uint32{0, 1, 2, 3}, pos, crd, vals)
	if err != nil {
		t.Fatal(err)
	}
	const r = 3
	rng := rand.New(rand.NewPCG(3, 4))
	factors := make([][]float64, len(shape))
	for n, s := range shape {
		factors[n] = randMat[float64](rng, int(s)*r)
	}
	for mode := range shape {
		want := make([]float64, int(shape[mode])*r)
		scale := make([]float64, len(want))
		for e, c := range entries {
			for k := range r {
				p := vals[e]
				for n, f := range factors {
					if n != mode {
						p *= f[int(c[n])*r+k]
					}
				}
				want[int(c[mode])*r+k] += p
				scale[int(c[mode])*r+k] += abs(p)
			}
		}
		out := make([]float64, len(want))
		ct.MTTKRP(mode, factors, r, out)
		closeTo(t, "empty fiber", out, want, scale, tol[float64]())
	}
}

// TestMTTKRPRootWorkersBitIdentical: along the mode stored at the root, every
// output row is summed by one worker in the same order, so MTTKRP gives the
// same bits for any worker count (the other modes sum private copies and
// agree to rounding).
func TestMTTKRPRootWorkersBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	for _, shape := range [][]uint64{{23, 9, 17}, {11, 7, 6, 13}} {
		x, _ := randTensor[float64](t, rng, shape, 0.3)
		mo := make([]uint32, len(shape))
		for l := range mo {
			mo[l] = uint32(len(shape) - 1 - l) // the last mode at the root
		}
		ct := mustCSF(t, x, mo)
		root := int(mo[0])
		for _, r := range []int{1, 5, 16, 17} {
			f := make([][]float64, len(shape))
			for m := range f {
				f[m] = randMat[float64](rng, int(shape[m])*r)
			}
			testutil.ForEachPath(t, func(t *testing.T) {
				want := make([]float64, int(shape[root])*r)
				ct.MTTKRPWith(csf.NewTunedWorkspace[float64](1, csf.Parallel(1<<24)), root, f, r, want)
				for _, w := range []int{2, 3, 5} {
					got := make([]float64, len(want))
					ct.MTTKRPWith(csf.NewTunedWorkspace[float64](w, csf.Parallel(1<<24)), root, f, r, got)
					for i := range got {
						if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
							t.Fatalf("shape %v r %d, %d workers: out[%d] = %v, one worker %v", shape, r, w, i, got[i], want[i])
						}
					}
				}
			})
		}
	}
}
