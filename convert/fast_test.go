package convert

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/kernels"
)

var testWorkers = []int{1, 2, 3, 7}

// workersUnderTest is testWorkers, or under -short (the race run) the two
// counts that still split the work unevenly.
func workersUnderTest() []int {
	if testing.Short() {
		return []int{2, 3}
	}
	return testWorkers
}

// permsUnderTest is every mode order of rank r, or under -short (the race
// run) every fifth one, the identity and the reversal among them.
func permsUnderTest(r int) [][]uint32 {
	all := allPerms(r)
	if !testing.Short() || len(all) <= 6 {
		return all
	}
	var out [][]uint32
	for i := 0; i < len(all); i += 5 {
		out = append(out, all[i])
	}
	return append(out, all[len(all)-1])
}

// smallTuning is the conversions' tuning for the tests: every step
// parallel on small inputs, blocks of a few leaves so that the expansion
// crosses block edges, the transpose's groups of a few columns so that
// there are many and its one-scatter size at zero so that it takes two,
// Reorder's chunk small so that it sorts the subtrees under kept levels a
// few at a time, the expansion's pieces small so that the goroutines
// share many, the level builds' blocks of a few keys so that they cross
// block edges, and the sorts' sizes small so that small inputs split on
// the top digit and sort subtrees by radix in runs.
func smallTuning() *tuning {
	rt := defaults.radix
	rt.BucketMax = 8
	rt.InsertionMax, rt.SegmentAverageMax = 2, 1<<30
	rt.RunMin, rt.RunSegmentMin = 5, 2
	return &tuning{
		minParallel: 0, expandBlock: 3, viaLeavesPerNode: defaults.viaLeavesPerNode, expandPiece: 4,
		scatterMax: 0, groupEntries: 8, reorderChunk: 6,
		radix: rt, levels: levels.Tuning{Block: 5},
	}
}

// small returns o with the tests' tuning.
func small(o Options) Options {
	o.tune = smallTuning()
	return o
}

// staged returns small(o) with every sort and the transpose's first
// scatter going through the radix sort's staging buffers (on), or none of
// them (off).
func staged(o Options, on bool) Options {
	o = small(o)
	o.tune.radix.StagingMin = 1 << 62
	if on {
		o.tune.radix.StagingMin = 0
	}
	return o
}

// withVia returns small(o) with viaLeavesPerNode at pl (see viaSettings).
func withVia(o Options, pl int) Options {
	o = small(o)
	o.tune.viaLeavesPerNode = pl
	return o
}

type genKind int

const (
	genShuffled genKind = iota
	genSorted           // sorted row-major (identity order)
	genDups             // shuffled with many duplicates
	genEdges            // coordinates at 0 and shape-1 only
)

// genCOO builds n entries of the given shape: values are non-integers (so
// the order of a sum shows in its bits) or zero.
func genCOO[T Float](rng *rand.Rand, shape []uint64, n int, kind genKind) *coo.Tensor[T] {
	r := len(shape)
	coords := make([]uint64, 0, n*r)
	vals := make([]T, 0, n)
	for i := range n {
		c := make([]uint64, r)
		switch {
		case kind == genDups && i > 0 && rng.IntN(3) == 0:
			j := rng.IntN(i)
			copy(c, coords[j*r:j*r+r])
		case kind == genEdges:
			for m := range c {
				if rng.IntN(2) == 0 {
					c[m] = shape[m] - 1
				}
			}
		default:
			for m := range c {
				c[m] = rng.Uint64N(shape[m])
			}
		}
		coords = append(coords, c...)
		v := T(rng.NormFloat64())
		if rng.IntN(6) == 0 {
			v = 0
		}
		vals = append(vals, v)
	}
	x, err := coo.New(shape, coords, vals)
	if err != nil {
		panic(err)
	}
	if kind == genSorted {
		if err := x.Sort(nil); err != nil {
			panic(err)
		}
	}
	return x
}

func allPerms(r int) [][]uint32 {
	if r == 1 {
		return [][]uint32{{0}}
	}
	var out [][]uint32
	for _, p := range allPerms(r - 1) {
		for i := 0; i <= len(p); i++ {
			out = append(out, slices.Insert(slices.Clone(p), i, uint32(r-1)))
		}
	}
	return out
}

func bitsEqual[T Float](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(float64(a[i])) != math.Float64bits(float64(b[i])) {
			return false
		}
	}
	return true
}

func sameCSF[T Float](a, b *csf.Tensor[T]) error {
	if a.Rank() != b.Rank() || !slices.Equal(a.ModeOrder(), b.ModeOrder()) || !slices.Equal(a.Shape(), b.Shape()) {
		return fmt.Errorf("header %v vs %v", a, b)
	}
	for L := range a.Rank() {
		if !slices.Equal(a.Pos(L), b.Pos(L)) {
			return fmt.Errorf("pos %d: %v, want %v", L, a.Pos(L), b.Pos(L))
		}
		if !slices.Equal(a.Crd(L), b.Crd(L)) {
			return fmt.Errorf("crd %d: %v, want %v", L, a.Crd(L), b.Crd(L))
		}
	}
	if !bitsEqual(a.Values(), b.Values()) {
		return fmt.Errorf("values %v, want %v", a.Values(), b.Values())
	}
	return a.Validate()
}

func sameMatrix[T Float](a, b *csr.Matrix[T]) error {
	if a.IsCSC() != b.IsCSC() || a.Rows() != b.Rows() || a.Cols() != b.Cols() {
		return fmt.Errorf("header %v vs %v", a, b)
	}
	if !slices.Equal(a.Ptr(), b.Ptr()) || !slices.Equal(a.Idx(), b.Idx()) || !bitsEqual(a.Values(), b.Values()) {
		return fmt.Errorf("got %v %v %v, want %v %v %v", a.Ptr(), a.Idx(), a.Values(), b.Ptr(), b.Idx(), b.Values())
	}
	return a.Validate()
}

func sameCOO[T Float](a, b *coo.Tensor[T]) error {
	if !slices.Equal(a.Shape(), b.Shape()) || !slices.Equal(a.Coords(), b.Coords()) || !bitsEqual(a.Values(), b.Values()) {
		return fmt.Errorf("got %v, want %v", a, b)
	}
	return a.Validate()
}

// sameErr checks that two results agree: both errors with the same text, or
// neither.
func sameErr(got, want error) error {
	if (got == nil) != (want == nil) {
		return fmt.Errorf("error %v, want %v", got, want)
	}
	if got != nil && got.Error() != want.Error() {
		return fmt.Errorf("error %q, want %q", got, want)
	}
	if got != nil && errors.Is(want, ErrDuplicate) && !errors.Is(got, ErrDuplicate) {
		return fmt.Errorf("error %v does not match ErrDuplicate", got)
	}
	return nil
}

// shortList trims a test list under -short (used for the -race run).
func shortList[E any](s []E, keep ...int) []E {
	if !testing.Short() {
		return s
	}
	var out []E
	for _, i := range keep {
		out = append(out, s[i])
	}
	return out
}

var tensorShapes = [][]uint64{
	{3, 4, 5},
	{2, 3, 2, 4},
	{1, 1, 1},
	{7, 1, 300},
	{1000, 50, 2000},
	{1 << 63, 3, 1<<62 + 7},                   // keys do not fit 64 bits
	{math.MaxUint64, 2, 5, 1 << 40},           // a 64-bit level
	{1<<40 + 1, 1<<30 - 1, 17, 9},             // 85 bits: two groups
	{1 << 21, 1 << 21, 1 << 22},               // exactly 64 bits
	{1<<63 + 1, 1<<63 + 1, 1<<63 + 1, 1 << 2}, // one group per level
}

func checkCOOToCSF[T Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(7, uint64(len(fmt.Sprint(T(0))))))
	ws := new(Workspace)
	for _, shape := range shortList(tensorShapes, 1, 4, 5, 7) {
		for _, n := range shortList([]int{0, 1, 2, 57, 600}, 1, 3) {
			for kind := range genEdges + 1 {
				x := genCOO[T](rng, shape, n, kind)
				for _, mo := range permsUnderTest(len(shape)) {
					for _, d := range []Duplicates{Sum, KeepLast, Reject} {
						opts := small(Options{Duplicates: d})
						want, werr := cooToCSFRef(x, mo, opts)
						for _, w := range workersUnderTest() {
							opts.Workers = w
							got, err := COOToCSFTo(nil, x, mo, ws, opts)
							if e := sameErr(err, werr); e != nil {
								t.Fatalf("shape %v n %d kind %d mo %v dup %d workers %d: %v", shape, n, kind, mo, d, w, e)
							}
							if err != nil {
								continue
							}
							if e := sameCSF(got, want); e != nil {
								t.Fatalf("shape %v n %d kind %d mo %v dup %d workers %d: %v", shape, n, kind, mo, d, w, e)
							}
							if d != Sum {
								continue
							}
							// CSF -> COO, with and without level r-3's
							// leaf pointers, and round trip.
							for _, pl := range viaSettings {
								back := CSFToCOOTo(nil, got, ws, withVia(Options{Workers: w}, pl))
								if e := sameCOO(back, csfToCOORef(want)); e != nil {
									t.Fatalf("CSFToCOO shape %v n %d mo %v workers %d viaLeavesPerNode %d: %v", shape, n, mo, w, pl, e)
								}
								if e := sameCOO(back, dedupSorted(x, mo)); e != nil {
									t.Fatalf("round trip shape %v n %d mo %v workers %d: %v", shape, n, mo, w, e)
								}
							}
						}
					}
				}
			}
		}
	}
}

// viaSettings are the values of tuning.viaLeavesPerNode the CSF to COO tests take: level
// r-3 always walked through its child pointers (fillVia), and never.
var viaSettings = []int{0, 1 << 30}

// dedupSorted is the deduplicated (summed) input in level order mo, built
// from the reference sort.
func dedupSorted[T Float](x *coo.Tensor[T], mo []uint32) *coo.Tensor[T] {
	perm, groups, vals, err := sortedUnique(x, mo, Options{})
	if err != nil {
		panic(err)
	}
	r := x.Rank()
	c := x.Coords()
	coords := make([]uint64, 0, len(vals)*r)
	for g := range vals {
		p := perm[groups[g]]
		coords = append(coords, c[p*r:p*r+r]...)
	}
	out, err := coo.New(x.Shape(), coords, vals)
	if err != nil {
		panic(err)
	}
	return out
}

func TestCOOToCSFFast(t *testing.T) {
	t.Run("float64", checkCOOToCSF[float64])
	t.Run("float32", checkCOOToCSF[float32])
}

func checkReorder[T Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	ws := new(Workspace)
	var dst *csf.Tensor[T]
	for _, shape := range shortList(tensorShapes, 0, 5, 7) {
		for _, n := range shortList([]int{0, 1, 300}, 2) {
			x := genCOO[T](rng, shape, n, genDups)
			for _, from := range permsUnderTest(len(shape)) {
				a, err := cooToCSFRef(x, from, Options{})
				if err != nil {
					t.Fatal(err)
				}
				for _, to := range permsUnderTest(len(shape)) {
					want, err := reorderRef(a, to)
					if err != nil {
						t.Fatal(err)
					}
					for _, w := range workersUnderTest() {
						got, err := ReorderTo(dst, a, to, ws, small(Options{Workers: w}))
						if err != nil {
							t.Fatal(err)
						}
						if e := sameCSF(got, want); e != nil {
							t.Fatalf("shape %v n %d %v -> %v workers %d: %v", shape, n, from, to, w, e)
						}
						dst = got
					}
				}
			}
		}
	}
}

func TestReorder(t *testing.T) {
	t.Run("float64", checkReorder[float64])
	t.Run("float32", checkReorder[float32])
}

var matrixShapes = [][]uint64{
	{1, 1}, {5, 7}, {40, 3}, {3, 40}, {50, 1 << 20}, {1 << 20, 50}, {300, 1 << 32}, {1 << 32, 200}, {100, 1 << 40}, {1 << 40, 100}, {2000, 3000},
}

// checkMatrix checks the conversions between COO, CSR and CSC against the
// references, with the sorts and the transpose's first scatter staged or
// not (wc; see staged).
func checkMatrix[T Float](t *testing.T, wc bool) {
	rng := rand.New(rand.NewPCG(5, 5))
	ws := new(Workspace)
	var dst, dst2 *csr.Matrix[T]
	for _, shape := range shortList(matrixShapes, 1, 3, 7, 10) {
		// A shape with a million-entry pointer array (either way) costs
		// milliseconds a conversion, and these two would take most of the
		// test's time: they take fewer sizes, duplicate policies and
		// worker counts. Every policy and count still runs on the other
		// shapes; of the two counts here, 3 meets the limit on per-worker
		// counts.
		long := slices.Contains(shape, 1<<20)
		sizes, dups, workers := shortList([]int{0, 1, 2, 33, 700}, 1, 4), []Duplicates{Sum, KeepLast, Reject}, workersUnderTest()
		if long {
			sizes, dups, workers = []int{0, 2, 700}, []Duplicates{Sum, Reject}, []int{1, 3}
		}
		for _, n := range sizes {
			for kind := range genEdges + 1 {
				x := genCOO[T](rng, shape, n, kind)
				for _, csc := range []bool{false, true} {
					if csc && shape[1] > 1<<20 || !csc && shape[0] > 1<<20 {
						continue // a pointer array that large is not a test
					}
					for _, d := range dups {
						opts := staged(Options{Duplicates: d}, wc)
						want, werr := cooToCompressedRef(x, csc, opts)
						for _, w := range workers {
							opts.Workers = w
							var got *csr.Matrix[T]
							var err error
							if csc {
								got, err = COOToCSCTo(dst, x, ws, opts)
							} else {
								got, err = COOToCSRTo(dst, x, ws, opts)
							}
							if e := sameErr(err, werr); e != nil {
								t.Fatalf("shape %v n %d kind %d csc %v dup %d workers %d: %v", shape, n, kind, csc, d, w, e)
							}
							if err != nil {
								continue
							}
							if e := sameMatrix(got, want); e != nil {
								t.Fatalf("shape %v n %d kind %d csc %v dup %d workers %d: %v", shape, n, kind, csc, d, w, e)
							}
							dst = got
							if d != Sum {
								continue
							}
							minor := shape[1]
							if csc {
								minor = shape[0]
							}
							if minor > 1<<20 {
								continue
							}
							tr := TransposeTo(dst2, got, ws, staged(Options{Workers: w}, wc))
							if e := sameMatrix(tr, transposeRef(want)); e != nil {
								t.Fatalf("transpose shape %v n %d csc %v workers %d: %v", shape, n, csc, w, e)
							}
							dst2 = tr
							// Round trips: COO -> CSR -> CSC -> COO gives the
							// deduplicated input in column-major order.
							back := MatrixToCOOTo(nil, tr, ws, staged(Options{Workers: w}, wc))
							if e := sameCOO(back, matrixToCOORef(tr)); e != nil {
								t.Fatalf("to COO shape %v n %d workers %d: %v", shape, n, w, e)
							}
							order := []uint32{1, 0}
							if csc {
								order = []uint32{0, 1}
							}
							if e := sameCOO(back, dedupSorted(x, order)); e != nil {
								t.Fatalf("round trip shape %v n %d csc %v workers %d: %v", shape, n, csc, w, e)
							}
						}
					}
				}
			}
		}
	}
}

func TestMatrixFast(t *testing.T) {
	// wc: every sort and the transpose's first scatter through the
	// write-combining staging (radix.ScatterRows), whose full lines
	// may overwrite, until the flush, slots of the part before.
	for _, wc := range []bool{false, true} {
		t.Run(fmt.Sprintf("wc=%v/float64", wc), func(t *testing.T) { checkMatrix[float64](t, wc) })
		t.Run(fmt.Sprintf("wc=%v/float32", wc), func(t *testing.T) { checkMatrix[float32](t, wc) })
	}
}

// TestWorkspaceReuse checks that the ...To forms allocate nothing per
// nonzero once dst and the workspace are large enough.
func TestWorkspaceReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	x := genCOO[float64](rng, []uint64{200, 300, 400}, 20000, genShuffled)
	m := genCOO[float64](rng, []uint64{3000, 2000}, 20000, genDups)
	ws := new(Workspace)
	opts := Options{Workers: 2}
	y, err := COOToCSFTo(nil, x, []uint32{2, 0, 1}, ws, opts)
	if err != nil {
		t.Fatal(err)
	}
	a, err := COOToCSRTo(nil, m, ws, opts)
	if err != nil {
		t.Fatal(err)
	}
	tr := TransposeTo(nil, a, ws, opts)
	z, err := ReorderTo(nil, y, nil, ws, opts)
	if err != nil {
		t.Fatal(err)
	}
	back := CSFToCOOTo(nil, y, ws, opts)
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"COOToCSFTo", func() { y, _ = COOToCSFTo(y, x, []uint32{2, 0, 1}, ws, opts) }},
		{"COOToCSRTo", func() { a, _ = COOToCSRTo(a, m, ws, opts) }},
		{"TransposeTo", func() { tr = TransposeTo(tr, a, ws, opts) }},
		{"ReorderTo", func() { z, _ = ReorderTo(z, y, nil, ws, opts) }},
		{"CSFToCOOTo", func() { back = CSFToCOOTo(back, z, ws, opts) }},
	} {
		allocs := testing.AllocsPerRun(5, tc.f)
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		tc.f()
		runtime.ReadMemStats(&m1)
		// Headers, goroutines and per-part counters only: nothing per
		// nonzero (the inputs have 20000).
		if bytes := m1.TotalAlloc - m0.TotalAlloc; allocs > 80 || bytes > 40<<10 {
			t.Errorf("%s: %v allocations, %d bytes per call, want a small constant", tc.name, allocs, bytes)
		}
	}
	want, _ := cooToCSFRef(x, []uint32{2, 0, 1}, Options{})
	if e := sameCSF(y, want); e != nil {
		t.Fatal(e)
	}
}

// presortedVariants returns x sorted in level order mo (duplicates stay
// adjacent, in input order) and copies of it with one entry moved out of
// place: the last to the front, the first to the middle, the middle to the
// end (the middle is a part boundary for two workers).
func presortedVariants[T Float](x *coo.Tensor[T], mo []uint32) map[string]*coo.Tensor[T] {
	r := x.Rank()
	s, err := coo.New(x.Shape(), slices.Clone(x.Coords()), slices.Clone(x.Values()))
	if err != nil {
		panic(err)
	}
	if err := s.Sort(mo); err != nil {
		panic(err)
	}
	out := map[string]*coo.Tensor[T]{"sorted": s}
	n := s.NNZ()
	if n < 2 {
		return out
	}
	move := func(from, to int) *coo.Tensor[T] {
		c := slices.Clone(s.Coords())
		v := slices.Clone(s.Values())
		tc := slices.Clone(c[from*r : from*r+r])
		tv := v[from]
		c = slices.Insert(slices.Delete(c, from*r, from*r+r), to*r, tc...)
		v = slices.Insert(slices.Delete(v, from, from+1), to, tv)
		y, err := coo.New(x.Shape(), c, v)
		if err != nil {
			panic(err)
		}
		return y
	}
	out["last-to-front"] = move(n-1, 0)
	out["first-to-middle"] = move(0, n/2)
	out["middle-to-end"] = move(n/2, n-1)
	return out
}

// checkPresorted checks a conversion (conv) of the variants of x sorted in
// mode order mo (presortedVariants) against its reference (ref) for every
// duplicate policy and worker count under test: the same error, or the same
// result.
func checkPresorted[R any](t *testing.T, desc string, x *coo.Tensor[float64], mo []uint32, ref, conv func(*coo.Tensor[float64], Options) (R, error), same func(got, want R) error) {
	t.Helper()
	for name, y := range presortedVariants(x, mo) {
		for _, d := range []Duplicates{Sum, KeepLast, Reject} {
			want, werr := ref(y, Options{Duplicates: d})
			for _, w := range workersUnderTest() {
				got, err := conv(y, small(Options{Duplicates: d, Workers: w}))
				if e := sameErr(err, werr); e != nil {
					t.Fatalf("%s %s dup %d workers %d: %v", desc, name, d, w, e)
				}
				if err == nil {
					if e := same(got, want); e != nil {
						t.Fatalf("%s %s dup %d workers %d: %v", desc, name, d, w, e)
					}
				}
			}
		}
	}
}

// TestPresorted checks the conversions of input already in the target
// order (whether or not coo.IsSorted says so, with duplicates adjacent)
// and of input with one entry out of place against the reference.
func TestPresorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 17))
	for _, shape := range shortList(tensorShapes, 0, 4, 7) {
		for _, n := range []int{0, 1, 2, 57, 600} {
			x := genCOO[float64](rng, shape, n, genDups)
			rev := identity(len(shape))
			slices.Reverse(rev)
			for _, mo := range [][]uint32{identity(len(shape)), rev} {
				checkPresorted(t, fmt.Sprintf("shape %v n %d mo %v", shape, n, mo), x, mo,
					func(y *coo.Tensor[float64], o Options) (*csf.Tensor[float64], error) { return cooToCSFRef(y, mo, o) },
					func(y *coo.Tensor[float64], o Options) (*csf.Tensor[float64], error) {
						return COOToCSFTo(nil, y, mo, nil, o)
					}, sameCSF)
			}
		}
	}
	for _, shape := range shortList(matrixShapes, 1, 4, 10) {
		for _, n := range []int{0, 1, 2, 33, 700} {
			// With few duplicates (shuffled, on the larger shapes none)
			// as well: sorted input without them keeps its positions.
			for _, kind := range []genKind{genDups, genShuffled} {
				x := genCOO[float64](rng, shape, n, kind)
				for _, csc := range []bool{false, true} {
					if csc && shape[1] > 1<<20 || !csc && shape[0] > 1<<20 {
						continue
					}
					mo := []uint32{0, 1}
					if csc {
						mo = []uint32{1, 0}
					}
					checkPresorted(t, fmt.Sprintf("shape %v n %d csc %v", shape, n, csc), x, mo,
						func(y *coo.Tensor[float64], o Options) (*csr.Matrix[float64], error) {
							return cooToCompressedRef(y, csc, o)
						},
						func(y *coo.Tensor[float64], o Options) (*csr.Matrix[float64], error) {
							return cooToMatrix(nil, y, csc, nil, o)
						}, sameMatrix)
				}
			}
		}
	}
}

// TestCOOToCSFPaths builds one-word-key CSFs on every kernel path
// (CountStarts and CompressStarts run in levels.Count and levels.Filler) with key
// blocks from a few keys to several vector groups and parts that end
// inside a block, against the reference.
func TestCOOToCSFPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 19))
	shapes := [][]uint64{{1000, 50, 2000}, {2, 3, 2, 4}, {7, 1, 300}, {1 << 21, 1 << 21, 1 << 22}, {40, 30, 20, 10, 5}}
	var inputs []*coo.Tensor[float64]
	for _, shape := range shapes {
		for _, kind := range []genKind{genShuffled, genSorted, genDups} {
			inputs = append(inputs, genCOO[float64](rng, shape, 3000, kind))
		}
	}
	testutil.ForEachPath(t, func(t *testing.T) {
		for _, kb := range []int{5, 37, 300} {
			opts := small(Options{})
			opts.tune.levels.Block = kb
			for _, x := range inputs {
				rev := identity(x.Rank())
				slices.Reverse(rev)
				for _, mo := range [][]uint32{identity(x.Rank()), rev} {
					want, err := cooToCSFRef(x, mo, Options{})
					if err != nil {
						t.Fatal(err)
					}
					for _, w := range []int{1, 2, 3} {
						opts.Workers = w
						got, err := COOToCSFWith(x, mo, opts)
						if err != nil {
							t.Fatal(err)
						}
						if e := sameCSF(got, want); e != nil {
							t.Fatalf("key block %d shape %v mo %v workers %d: %v", kb, x.Shape(), mo, w, e)
						}
					}
				}
			}
		}
	})
}

// hollowCSF builds a valid CSF tensor of the given shape and level order
// whose levels may hold empty nodes (pos non-decreasing, as ADR-025 allows):
// draw(n), a number in 0..n-1, picks each node's child count (0 to 3, at
// least 1 at the root) and the gaps between its children's coordinates.
// Conversions built from COO never make empty nodes.
func hollowCSF[T Float](shape []uint64, mo []uint32, draw func(n int) int) *csf.Tensor[T] {
	r := len(shape)
	pos := make([][]uint64, r)
	crd := make([][]uint64, r)
	parents := 1
	for L := range r {
		ext := shape[mo[L]]
		pos[L] = []uint64{0}
		for range parents {
			k := draw(4)
			if L == 0 {
				k = 1 + draw(3)
			}
			for c := uint64(draw(3)); k > 0 && c < ext; c += 1 + uint64(draw(3)) {
				crd[L] = append(crd[L], c)
				k--
			}
			pos[L] = append(pos[L], uint64(len(crd[L])))
		}
		parents = len(crd[L])
	}
	vals := make([]T, len(crd[r-1]))
	for i := range vals {
		vals[i] = T(draw(256)-128) / 8
	}
	t, err := csf.New(shape, mo, pos, crd, vals)
	if err != nil {
		panic(err)
	}
	return t
}

// checkHollow compares CSFToCOO and Reorder (to every order in tos) of a
// with the references.
func checkHollow(t *testing.T, a *csf.Tensor[float64], tos [][]uint32, w int) {
	opts := small(Options{Workers: w})
	for _, pl := range viaSettings {
		if e := sameCOO(CSFToCOOTo(nil, a, nil, withVia(opts, pl)), csfToCOORef(a)); e != nil {
			t.Fatalf("CSFToCOO of %v (pos %v) workers %d viaLeavesPerNode %d: %v", a, a.LevelSizes(), w, pl, e)
		}
	}
	for _, to := range tos {
		want, err := reorderRef(a, to)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReorderTo(nil, a, to, nil, opts)
		if err != nil {
			t.Fatal(err)
		}
		if e := sameCSF(got, want); e != nil {
			t.Fatalf("Reorder of %v to %v workers %d: %v", a, to, w, e)
		}
	}
}

// TestHollowCSF: CSFToCOO and Reorder of tensors with empty nodes, against
// the references, across block edges and worker counts.
func TestHollowCSF(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	for _, shape := range [][]uint64{{3, 4, 5}, {2, 3, 2, 4}, {6, 1, 7, 2}, {9, 9, 9}} {
		for range 8 {
			for _, from := range permsUnderTest(len(shape)) {
				a := hollowCSF[float64](shape, from, rng.IntN)
				for _, w := range workersUnderTest() {
					checkHollow(t, a, permsUnderTest(len(shape)), w)
				}
			}
		}
	}
}

// TestWorkspaceReuseTypes: repeated conversions into their previous results with
// one Workspace allocate no per-nonzero memory, also when float64 and
// float32 inputs take turns (the value scratch is shared by the element
// types, or each turn would reallocate it), and when the radix sort scatters through its
// staging buffers (radix.Tuning.StagingMin lowered: pooled, 288 KiB a
// worker).
func TestWorkspaceReuseTypes(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	tu := defaults
	tu.radix.StagingMin = 1 << 12
	rng := rand.New(rand.NewPCG(41, 42))
	const n = 1 << 16
	shape := []uint64{300, 200, 100}
	x64, x32 := genCOO[float64](rng, shape, n, genShuffled), genCOO[float32](rng, shape, n, genShuffled)
	m64, m32 := genCOO[float64](rng, shape[:2], n, genShuffled), genCOO[float32](rng, shape[:2], n, genShuffled)
	ws := new(Workspace)
	var f64 *csf.Tensor[float64]
	var f32 *csf.Tensor[float32]
	var c64 *csr.Matrix[float64]
	var c32 *csr.Matrix[float32]
	round := func() {
		var err error
		for _, w := range []int{1, 2} {
			opts := Options{Workers: w, tune: &tu}
			if f64, err = COOToCSFTo(f64, x64, nil, ws, opts); err != nil {
				t.Fatal(err)
			}
			if f32, err = COOToCSFTo(f32, x32, nil, ws, opts); err != nil {
				t.Fatal(err)
			}
			if c64, err = COOToCSRTo(c64, m64, ws, opts); err != nil {
				t.Fatal(err)
			}
			if c32, err = COOToCSRTo(c32, m32, ws, opts); err != nil {
				t.Fatal(err)
			}
		}
	}
	round()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const rounds = 3
	for range rounds {
		round()
	}
	runtime.ReadMemStats(&after)
	// 8 conversions a round; a per-nonzero allocation is at least 4n bytes.
	// The bound allows the pooled staging buffers (288 KiB a worker) to be
	// dropped by a garbage collection once or twice in the 24 conversions
	// (sync.Pool), not every call.
	if per := (after.TotalAlloc - before.TotalAlloc) / (8 * rounds); per > 2*n {
		t.Errorf("%d bytes allocated per conversion of %d entries with a reused Workspace and dst, want no per-nonzero memory", per, n)
	}
	want, err := COOToCSF(x32, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f32.Values(), want.Values()) || !slices.Equal(f32.Crd(2), want.Crd(2)) {
		t.Error("float32 CSF through the shared Workspace differs from a fresh conversion")
	}
}

// TestFreshResultFits: a fresh CSR of an input of mostly duplicates does not
// keep arrays of the input's size (it kept 16 bytes per input entry).
func TestFreshResultFits(t *testing.T) {
	const n = 1 << 16
	coords := make([]uint64, 0, 2*n)
	for i := range n {
		coords = append(coords, uint64(i%4), uint64(i%8))
	}
	x, err := coo.New([]uint64{4, 8}, coords, make([]float64, n))
	if err != nil {
		t.Fatal(err)
	}
	for _, conv := range []func(*coo.Tensor[float64]) (*csr.Matrix[float64], error){COOToCSR[float64], COOToCSC[float64]} {
		m, err := conv(x)
		if err != nil {
			t.Fatal(err)
		}
		if m.NNZ() != 8 || cap(m.Idx()) > 64 || cap(m.Values()) > 64 {
			t.Errorf("nnz %d, capacities %d and %d, want 8 and arrays of about that size", m.NNZ(), cap(m.Idx()), cap(m.Values()))
		}
	}
}

// cloneCSF returns a copy of t with arrays of its own.
func cloneCSF[T Float](t *csf.Tensor[T]) *csf.Tensor[T] {
	pos := make([][]uint64, t.Rank())
	crd := make([][]uint64, t.Rank())
	for L := range t.Rank() {
		pos[L], crd[L] = slices.Clone(t.Pos(L)), slices.Clone(t.Crd(L))
	}
	c, err := csf.New(t.Shape(), t.ModeOrder(), pos, crd, slices.Clone(t.Values()))
	if err != nil {
		panic(err)
	}
	return c
}

// TestDstAliasingInput: a ...To conversion does not write into a dst that
// is its own input or that holds another tensor's levels. TransposeTo(a, a)
// returned a matrix marked valid whose row indices ran past its rows, and a
// leaf-mode TTV result as COOToCSFTo's dst overwrote the levels of the
// tensor it came from, which stayed marked valid.
func TestDstAliasingInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	x := genCOO[float64](rng, []uint64{50, 80}, 600, genShuffled)
	a, err := COOToCSR(x)
	if err != nil {
		t.Fatal(err)
	}
	want := CSRToCSC(a)
	if err := sameMatrix(TransposeTo(a, a, nil, Options{}), want); err != nil {
		t.Errorf("TransposeTo(a, a): %v", err)
	}
	if err := sameMatrix(a, CSCToCSR(want)); err != nil {
		t.Errorf("TransposeTo(a, a) changed a: %v", err)
	}
	m, err := COOToCSR(x)
	if err != nil {
		t.Fatal(err)
	}
	c := MatrixToCOOTo(nil, m, nil, Options{})
	if err := sameMatrix(TransposeTo(m, m, nil, Options{Workers: 2}), want); err != nil {
		t.Errorf("TransposeTo(m, m) on 2 workers: %v", err)
	}
	if err := sameCOO(MatrixToCOOTo(c, CSCToCSR(want), nil, Options{}), MatrixToCOO(CSCToCSR(want))); err != nil {
		t.Errorf("MatrixToCOOTo into a COO of the same entries: %v", err)
	}
	// A dst whose buffers were taken refuses to compute: its header no
	// longer describes them.
	if c.Valid() {
		t.Error("MatrixToCOOTo's dst is still valid")
	}
	d, _ := COOToCSR(x)
	dv := d.T()
	if _, err := COOToCSRTo(d, x, nil, Options{}); err != nil || d.Valid() || dv.Valid() {
		t.Errorf("COOToCSRTo's dst (or its T view) is still valid: %v", err)
	}

	x4 := genCOO[float64](rng, []uint64{5, 6, 7, 8}, 300, genShuffled)
	y, err := COOToCSF(x4, nil)
	if err != nil {
		t.Fatal(err)
	}
	keep := cloneCSF(y)
	leaf := y.TTV(3, []float64{1, 2, 3, 4, 5, 6, 7, 8}) // borrows y's upper levels
	big := genCOO[float64](rng, []uint64{9, 9, 9}, 500, genShuffled)
	got, err := COOToCSFTo(leaf, big, nil, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	wantBig, _ := COOToCSF(big, nil)
	if err := sameCSF(got, wantBig); err != nil {
		t.Errorf("COOToCSFTo into a leaf-mode TTV result: %v", err)
	}
	if err := sameCSF(y, keep); err != nil {
		t.Errorf("COOToCSFTo into a leaf-mode TTV result changed the tensor it came from: %v", err)
	}
	mo := []uint32{3, 1, 0, 2}
	wantR, err := Reorder(keep, mo)
	if err != nil {
		t.Fatal(err)
	}
	gotR, err := ReorderTo(y, y, mo, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := sameCSF(gotR, wantR); err != nil {
		t.Errorf("ReorderTo(t, t): %v", err)
	}
}

// TestScatterMaxFor checks the one-scatter limit: half of L3 in 16-byte
// entries, at most 512K where the L3 is slow.
func TestScatterMaxFor(t *testing.T) {
	for _, c := range []struct {
		c    kernels.CacheSizes
		want int
	}{
		{kernels.CacheSizes{L3: 32 << 20}, 1 << 20},
		{kernels.CacheSizes{L3: 105 << 20}, 105 << 15},
		{kernels.CacheSizes{L3: 105 << 20, SlowL3: true}, 512 << 10},
		{kernels.CacheSizes{L3: 8 << 20, SlowL3: true}, 256 << 10},
	} {
		if got := scatterMaxFor(c.c); got != c.want {
			t.Errorf("scatterMaxFor(%+v) = %d, want %d", c.c, got, c.want)
		}
	}
}
