package csf_test

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// ttvDense returns the dense result over the remaining modes (row-major)
// and the scale of each entry.
func ttvDense(d *dense, mode int, v []float64) (shape []uint64, want, scale []float64) {
	shape = slices.Delete(slices.Clone(d.shape), mode, mode+1)
	size := 1
	for _, s := range shape {
		size *= int(s)
	}
	want = make([]float64, size)
	scale = make([]float64, size)
	d.each(func(c []uint64, x float64) {
		i := 0
		for m, s := range d.shape {
			if m != mode {
				i = i*int(s) + int(c[m])
			}
		}
		want[i] += x * v[c[mode]]
		scale[i] += abs(x * v[c[mode]])
	})
	return shape, want, scale
}

// remainingTuples is the set of distinct remaining coordinates of t's
// stored entries.
func remainingTuples[T csf.Float](t *csf.Tensor[T], mode int) map[string]bool {
	set := map[string]bool{}
	for c := range t.All() {
		set[fmt.Sprint(slices.Delete(slices.Clone(c), mode, mode+1))] = true
	}
	return set
}

func testTTV[T csf.Float](t *testing.T) { testTTVWith[T](nil)(t) }

// testTTVWith checks TTV, TTVMatrix and TTVValues against the dense
// oracle, each split as ws says (nil: the plain calls, a pooled workspace).
func testTTVWith[T csf.Float](ws *csf.Workspace[T]) func(*testing.T) {
	return func(t *testing.T) { checkTTV(t, ws) }
}

func checkTTV[T csf.Float](t *testing.T, ws *csf.Workspace[T]) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, shape := range testShapes {
		for _, density := range []float64{0.1, 0.5} {
			x, d := randTensor[T](t, rng, shape, density)
			if x.NNZ() == 0 {
				continue
			}
			for _, mo := range modeOrders(rng, len(shape)) {
				ct := mustCSF(t, x, mo)
				for mode := range shape {
					v := randMat[T](rng, int(shape[mode]))
					rshape, want, scale := ttvDense(d, mode, testutil.Convert[float64](v))
					tuples := remainingTuples(ct, mode)
					what := name(shape, mo) + fmt.Sprintf("/mode=%d", mode)
					var got []T
					var gotWant, gotScale []float64
					if len(shape) == 3 {
						m := ct.TTVMatrixTo(nil, mode, v, ws)
						if m.NNZ() != len(tuples) {
							t.Fatalf("%s: %d stored, want %d", what, m.NNZ(), len(tuples))
						}
						for i := range rshape[0] {
							for j := range rshape[1] {
								got = append(got, m.At(i, j))
								k := int(i*rshape[1] + j)
								gotWant = append(gotWant, want[k])
								gotScale = append(gotScale, scale[k])
							}
						}
					} else {
						r := ct.TTVTo(nil, mode, v, ws)
						if r.NNZ() != len(tuples) {
							t.Fatalf("%s: %d stored, want %d", what, r.NNZ(), len(tuples))
						}
						wantMO := []uint32{}
						for _, m := range mo {
							if int(m) != mode {
								wantMO = append(wantMO, m-uint32(min(1, max(0, int(m)-mode))))
							}
						}
						if !slices.Equal(r.ModeOrder(), wantMO) {
							t.Fatalf("%s: mode order %v, want %v", what, r.ModeOrder(), wantMO)
						}
						for c, val := range r.All() {
							k := 0
							for m, s := range rshape {
								k = k*int(s) + int(c[m])
							}
							got = append(got, val)
							gotWant = append(gotWant, want[k])
							gotScale = append(gotScale, scale[k])
							want[k] = 0
						}
						for k, w := range want {
							if w != 0 {
								t.Fatalf("%s: dense entry %d = %v not stored", what, k, w)
							}
						}
					}
					closeTo(t, what, got, gotWant, gotScale, tol[T]())
					if int(mo[len(mo)-1]) == mode {
						n := len(shape)
						dst := make([]T, len(ct.Crd(n-2)))
						if ws == nil {
							ct.TTVValues(dst, mode, v)
						} else {
							ct.TTVValuesWith(ws, dst, mode, v)
						}
						if len(shape) > 3 {
							if !slices.Equal(dst, ct.TTV(mode, v).Values()) {
								t.Fatalf("%s: TTVValues differs from TTV", what)
							}
						}
					}
				}
			}
		}
	}
}

func TestTTV(t *testing.T) {
	pathsAndTypes(t, testTTV[float64], testTTV[float32])
	// Every split parallel.
	t.Run("parallel", testTTVWith(csf.NewTunedWorkspace[float64](3, csf.Parallel(1<<24))))
}

// TestTTVRegroup runs the TTV tests with the packed-key path off, so that
// every off-leaf mode takes the regrouping path that keys wider than 64
// bits need.
func TestTTVRegroup(t *testing.T) {
	t.Run("f64", testTTVWith(csf.NewTunedWorkspace[float64](0, *regroup())))
	t.Run("f32", testTTVWith(csf.NewTunedWorkspace[float32](0, *regroup())))
}

func testTTM[T csf.Float](t *testing.T) { checkTTM[T](t, nil) }

// checkTTM checks TTM against the dense oracle, split as ws says (nil: the
// plain call).
func checkTTM[T csf.Float](t *testing.T, ws *csf.Workspace[T]) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, shape := range testShapes {
		x, d := randTensor[T](t, rng, shape, 0.3)
		if x.NNZ() == 0 {
			continue
		}
		for _, mo := range modeOrders(rng, len(shape)) {
			ct := mustCSF(t, x, mo)
			leaf := int(mo[len(mo)-1])
			for _, r := range []int{1, 5, 16, 33} {
				u := randMat[T](rng, int(shape[leaf])*r)
				u64 := testutil.Convert[float64](u)
				var s *csf.SemiSparse[T]
				if ws == nil {
					s = ct.TTM(u, r)
				} else {
					s = ct.TTMWith(ws, u, r)
				}
				// Dense oracle: y(i with i_leaf -> k) = Σ_{i_leaf} x(i) u[i_leaf, k].
				want := map[string][]float64{}
				scale := map[string][]float64{}
				d.each(func(c []uint64, v float64) {
					key := fmt.Sprint(slices.Delete(slices.Clone(c), leaf, leaf+1))
					if want[key] == nil {
						want[key] = make([]float64, r)
						scale[key] = make([]float64, r)
					}
					for k := range r {
						want[key][k] += v * u64[int(c[leaf])*r+k]
						scale[key][k] += abs(v * u64[int(c[leaf])*r+k])
					}
				})
				seen := 0
				coord := make([]uint64, len(shape))
				for c := range ct.All() {
					copy(coord, c)
					f, ok := s.Find(coord)
					if !ok {
						t.Fatalf("fiber of %v missing", c)
					}
					key := fmt.Sprint(slices.Delete(slices.Clone(c), leaf, leaf+1))
					closeTo(t, name(shape, mo)+"/ttm", s.Row(f), want[key], scale[key], tol[T]())
					coord[leaf] = uint64(r - 1)
					if s.At(coord...) != s.Row(f)[r-1] {
						t.Fatalf("At differs from Row")
					}
					seen++
				}
				if s.Fibers() != len(ct.Crd(len(shape)-2)) || s.Shape()[leaf] != uint64(r) || s.DenseMode() != leaf || seen == 0 {
					t.Fatalf("%s: bad accessors", name(shape, mo))
				}
			}
		}
	}
}

func TestTTM(t *testing.T) {
	pathsAndTypes(t, testTTM[float64], testTTM[float32])
	// Every split parallel.
	t.Run("parallel", func(t *testing.T) {
		checkTTM(t, csf.NewTunedWorkspace[float64](3, csf.Parallel(1<<24)))
	})
}

func TestTTVPanics(t *testing.T) {
	ct := seededCSF(t, 15, []uint64{3, 4, 5}, 0.5)
	testutil.WantPanicContaining(t, "csf: TTV: rank 3", func() { ct.TTV(0, make([]float64, 3)) })
	testutil.WantPanicContaining(t, "csf: TTV: len(v) = 2", func() { ct.TTVMatrix(0, make([]float64, 2)) })
	testutil.WantPanicContaining(t, "csf: TTVValues: mode 0 is not stored at the leaf", func() { ct.TTVValues(nil, 0, make([]float64, 3)) })
	testutil.WantPanicContaining(t, "csf: TTM: len(u) = 3", func() { ct.TTM(make([]float64, 3), 1) })
}

// snapshot copies every array of t.
func snapshot[T csf.Float](t *csf.Tensor[T]) (pos, crd [][]uint64, vals []T) {
	for l := range t.Rank() {
		pos = append(pos, slices.Clone(t.Pos(l)))
		crd = append(crd, slices.Clone(t.Crd(l)))
	}
	return pos, crd, slices.Clone(t.Values())
}

// checkTTVTo checks ct.TTVTo(dst, mode, v, ws) against want for each dst
// in turn (a result to reuse, nil, or ct itself: TTVTo must not read a
// destination it overwrites) and returns the last result.
func checkTTVTo[T csf.Float](t *testing.T, what string, ct *csf.Tensor[T], mode int, v []T, ws *csf.Workspace[T], want *csf.Tensor[T], dsts ...*csf.Tensor[T]) (got *csf.Tensor[T]) {
	t.Helper()
	for _, dst := range dsts {
		got = ct.TTVTo(dst, mode, v, ws)
		if !sameTensor(got, want) {
			t.Fatalf("%s: TTVTo differs from TTV", what)
		}
	}
	return got
}

func sameTensor[T csf.Float](a, b *csf.Tensor[T]) bool {
	if a.Rank() != b.Rank() || !slices.Equal(a.ModeOrder(), b.ModeOrder()) || !slices.Equal(a.Values(), b.Values()) {
		return false
	}
	for l := range a.Rank() {
		if !slices.Equal(a.Pos(l), b.Pos(l)) || !slices.Equal(a.Crd(l), b.Crd(l)) {
			return false
		}
	}
	return true
}

// TestTTVTo chains TTVTo and TTVMatrixTo through every mode, each call
// writing into the previous result, into t itself (whose memory must not
// be reused) and into a leaf-mode result (which shares t's upper levels),
// and checks each result against a fresh TTV and t against a copy.
func TestTTVTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for i, shape := range [][]uint64{{7, 5, 6}, {9, 8, 7}, {6, 5, 4, 3}, {4, 3, 5, 2, 3}} {
		density := 0.4
		if i == 1 {
			density = 0.03 // empty rows: a reused row pointer must be cleared
		}
		x, _ := randTensor[float64](t, rng, shape, density)
		for _, mo := range modeOrders(rng, len(shape)) {
			ct := mustCSF(t, x, mo)
			pos, crd, vals := snapshot(ct)
			ws := csf.NewWorkspace[float64](0)
			var prev *csf.Tensor[float64]
			var prevM *csr.Matrix[float64]
			leaf := int(mo[len(mo)-1])
			for round := range 2 {
				for mode := range shape {
					v := randMat[float64](rng, int(shape[mode]))
					vl := randMat[float64](rng, int(shape[leaf]))
					what := name(shape, mo) + fmt.Sprintf("/mode=%d/round=%d", mode, round)
					if len(shape) == 3 {
						want := ct.TTVMatrix(mode, v)
						for _, dst := range []*csr.Matrix[float64]{prevM, ct.TTVMatrix(leaf, vl)} {
							got := ct.TTVMatrixTo(dst, mode, v, ws)
							if !slices.Equal(got.Ptr(), want.Ptr()) || !slices.Equal(got.Idx(), want.Idx()) || !slices.Equal(got.Values(), want.Values()) || got.IsCSC() != want.IsCSC() {
								t.Fatalf("%s: TTVMatrixTo differs from TTVMatrix", what)
							}
							prevM = got
						}
					} else {
						want := ct.TTV(mode, v)
						prev = checkTTVTo(t, what, ct, mode, v, ws, want, prev, ct, ct.TTV(leaf, vl))
					}
					p2, c2, v2 := snapshot(ct)
					if !slices.EqualFunc(pos, p2, slices.Equal) || !slices.EqualFunc(crd, c2, slices.Equal) || !slices.Equal(vals, v2) {
						t.Fatalf("%s: t changed", what)
					}
				}
			}
		}
	}
}

// TestTTVToReuses checks that a repeated TTVTo into its last result and
// workspace allocates much less than the result's size.
func TestTTVToReuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	x, _ := randTensor[float64](t, rng, []uint64{40, 30, 20, 10}, 0.2)
	ct, err := convert.COOToCSF(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := randMat[float64](rng, 40)
	ws := csf.NewWorkspace[float64](0)
	y := ct.TTVTo(nil, 0, v, ws)
	size := 8 * (len(y.Values()) + len(y.Crd(2)) + len(y.Pos(2)))
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	y2 := ct.TTVTo(y, 0, v, ws)
	runtime.ReadMemStats(&m1)
	if got := m1.TotalAlloc - m0.TotalAlloc; got > uint64(size)/4 {
		t.Fatalf("TTVTo into its last result allocated %d bytes; the result has %d", got, size)
	}
	if !sameTensor(y2, ct.TTV(0, v)) {
		t.Fatal("reused result differs")
	}
}

// TestTTVEmpty: TTV of a tensor with no entries, every mode, fresh and
// into the previous result, is an empty valid result.
func TestTTVEmpty(t *testing.T) {
	for _, shape := range [][]uint64{{3, 4, 5}, {3, 4, 5, 2}} {
		x, err := coo.New[float64](shape, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		ct, err := convert.COOToCSF(x, nil)
		if err != nil {
			t.Fatal(err)
		}
		for mode := range shape {
			v := make([]float64, shape[mode])
			if len(shape) == 3 {
				m := ct.TTVMatrixTo(ct.TTVMatrix(mode, v), mode, v, nil)
				if err := m.Validate(); err != nil || m.NNZ() != 0 || m.Rows()*m.Cols() != shape[(mode+1)%3]*shape[(mode+2)%3] {
					t.Fatalf("shape %v mode %d: %d entries, %v", shape, mode, m.NNZ(), err)
				}
			} else {
				y := ct.TTVTo(ct.TTV(mode, v), mode, v, nil)
				if err := y.Validate(); err != nil || y.NNZ() != 0 || y.Rank() != 3 {
					t.Fatalf("shape %v mode %d: %d entries, %v", shape, mode, y.NNZ(), err)
				}
			}
		}
	}
}

// TestTTVToWorkers: the result is the same bit for bit whatever the
// workspace's worker count (each run of equal keys is summed by one
// goroutine, in order), with the parallel threshold at zero so that every
// count splits the work.
func TestTTVToWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	x, _ := randTensor[float64](t, rng, []uint64{9, 7, 8, 6}, 0.3)
	ct, err := convert.COOToCSF(x, []uint32{2, 0, 3, 1})
	if err != nil {
		t.Fatal(err)
	}
	for mode := range 4 {
		v := randMat[float64](rng, int(ct.Shape()[mode]))
		want := ct.TTV(mode, v)
		for _, w := range []int{1, 2, 3, 5} {
			ws := csf.NewTunedWorkspace[float64](w, csf.Parallel(1<<24))
			if got := ct.TTVTo(nil, mode, v, ws); !sameTensor(got, want) {
				t.Fatalf("mode %d, %d workers: result differs", mode, w)
			}
		}
	}
}

// TestTTVSegments runs the TTV tests with the subtree sorts (a contracted
// level below the root whose subtrees are small) forced on, most of them by
// radix, and forced off.
func TestTTVSegments(t *testing.T) {
	t.Run("on", testTTVWith(csf.NewTunedWorkspace[float64](0, csf.Segments(true))))
	t.Run("off", testTTVWith(csf.NewTunedWorkspace[float32](0, csf.Segments(false))))
}

// TestTTVLeafWorkersBitIdentical: TTV along the leaf mode gives the same bits
// for any worker count on fibers that average under two leaves with a few
// long ones (one leaf eight times, then six), where a part holding only
// the long fibers would otherwise take SpMV's other kernels.
func TestTTVLeafWorkersBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	pattern := []int{1, 1, 1, 1, 1, 1, 1, 1, 6}
	var coords []uint64
	var vals []float64
	for j := range 45 {
		for _, k := range rng.Perm(50)[:pattern[j%len(pattern)]] {
			coords = append(coords, 0, uint64(j), uint64(k))
			vals = append(vals, rng.NormFloat64())
		}
	}
	x, err := coo.New([]uint64{1, 45, 50}, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := convert.COOToCSF(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := randMat[float64](rng, 50)
	want := ct.TTVMatrixTo(nil, 2, v, csf.NewTunedWorkspace[float64](1, csf.Parallel(1<<24))).Values()
	for _, w := range []int{2, 3, 4, 5} {
		got := ct.TTVMatrixTo(nil, 2, v, csf.NewTunedWorkspace[float64](w, csf.Parallel(1<<24))).Values()
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Fatalf("%d workers: value %d = %v, one worker %v", w, i, got[i], want[i])
			}
		}
	}
}

// TestTTVRegroupWideModes: the regroup path (remaining coordinates wider
// than 64 bits) sorts a level whose extent is far above the entries by
// comparison: counting over the extent took 400 MB for three entries of
// 2^24-wide modes, and panicked in makeslice near 2^62. The result matches
// a map of the entries, and the call allocates little.
func TestTTVRegroupWideModes(t *testing.T) {
	for _, shape := range [][]uint64{{1 << 24, 1 << 24, 1 << 24, 8}, {1 << 62, 1 << 62, 4, 8}, {5, 6, 7, 8}} {
		coords := []uint64{1, 2, 3, 4, 1, 2, 3, 1, 5, 1, 3, 2, 0, 2, 0, 7}
		for i := range coords {
			coords[i] %= shape[i%4]
		}
		x, err := coo.New(shape, coords, []float64{1, 2, 3, 4})
		if err != nil {
			t.Fatal(err)
		}
		for _, packBits := range []uint{0, 64} {
			tu := csf.Defaults()
			tu.PackBits = packBits
			ws := csf.NewTunedWorkspace[float64](0, tu)
			f, err := convert.COOToCSF(x, []uint32{3, 0, 1, 2})
			if err != nil {
				t.Fatal(err)
			}
			v := []float64{1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7}
			want := map[[3]uint64]float64{}
			for k := range 4 {
				c := x.Coord(k)
				want[[3]uint64{c[0], c[1], c[2]}] += x.Values()[k] * v[c[3]]
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r := f.TTVTo(nil, 3, v, ws)
			runtime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
				t.Errorf("shape %v: TTV of 4 entries allocated %d bytes", shape, got)
			}
			got := map[[3]uint64]float64{}
			for c, val := range r.All() {
				got[[3]uint64{c[0], c[1], c[2]}] = val
			}
			if !maps.Equal(got, want) {
				t.Errorf("shape %v pack %d: %v, want %v", shape, packBits, got, want)
			}
		}
	}
}

// TestTTVZeroSign: a sum of -0 products is +0 (a sum from +0, as the
// leaf-mode SpMV and the reference's), whatever the mode order and the
// contracted mode: the walk that regroups sums started from the first
// product, so the sign of a zero result depended on the mode order.
func TestTTVZeroSign(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for _, shape := range [][]uint64{{3, 4, 5}, {3, 4, 5, 2}, {1 << 30, 1 << 30, 1 << 30, 3}} {
		r := len(shape)
		perm := make([]uint32, r)
		for i := range perm {
			perm[i] = uint32(i)
		}
		for range 4 {
			rng.Shuffle(r, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			x := sparseCSF(t, rng, shape, 40, slices.Clone(perm))
			for i, v := range x.Values() {
				x.Values()[i] = math.Copysign(1, v) // products +-1 * -0
			}
			for mode := range r {
				v := make([]float64, min(shape[mode], 8))
				if uint64(len(v)) < shape[mode] {
					continue
				}
				for i := range v {
					v[i] = math.Copysign(0, -1)
				}
				var got []float64
				if r == 3 {
					got = x.TTVMatrix(mode, v).Values()
				} else {
					got = x.TTV(mode, v).Values()
				}
				for i, g := range got {
					if math.Float64bits(g) != 0 {
						t.Fatalf("shape %v order %v mode %d: value %d = %v (bits %#x), want +0", shape, perm, mode, i, g, math.Float64bits(g))
					}
				}
			}
		}
	}
}
