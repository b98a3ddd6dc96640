package csf_test

import (
	"errors"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// small is a 3x4x5 tensor with mode_order [2 0 1] and entries
// (0,1,2)=1 (0,3,2)=2 (2,0,4)=3 (1,1,4)=4.
// Levels: mode 2 {2,4}; under 2: mode 0 {0}; under 4: mode 0 {1,2};
// leaves mode 1: (k=2,i=0): {1,3}; (k=4,i=1): {1}; (k=4,i=2): {0}.
func small() ([]uint64, []uint32, [][]uint64, [][]uint64, []float64) {
	shape := []uint64{3, 4, 5}
	mo := []uint32{2, 0, 1}
	pos := [][]uint64{{0, 2}, {0, 1, 3}, {0, 2, 3, 4}}
	crd := [][]uint64{{2, 4}, {0, 1, 2}, {1, 3, 1, 0}}
	vals := []float64{1, 2, 4, 3}
	return shape, mo, pos, crd, vals
}

var smallEntries = map[[3]uint64]float64{{0, 1, 2}: 1, {0, 3, 2}: 2, {1, 1, 4}: 4, {2, 0, 4}: 3}

func TestSmallLookup(t *testing.T) {
	shape, mo, pos, crd, vals := small()
	x, err := csf.New(shape, mo, pos, crd, vals)
	if err != nil {
		t.Fatal(err)
	}
	if x.NNZ() != 4 || x.Rank() != 3 || !slices.Equal(x.LevelSizes(), []int{2, 3, 4}) {
		t.Fatalf("got %v", x)
	}
	var coords []uint64
	var want []int
	for i := range shape[0] {
		for j := range shape[1] {
			for k := range shape[2] {
				c := [3]uint64{i, j, k}
				v, stored := smallEntries[c]
				if got := x.At(i, j, k); got != v {
					t.Errorf("At%v = %v, want %v", c, got, v)
				}
				leaf, ok := x.Find(c[:])
				if ok != stored || (ok && x.Values()[leaf] != v) {
					t.Errorf("Find%v = %d, %v", c, leaf, ok)
				}
				coords = append(coords, i, j, k)
				if stored {
					want = append(want, leaf)
				} else {
					want = append(want, -1)
				}
			}
		}
	}
	// Outside the shape: not found.
	coords = append(coords, 3, 1, 2, 0, 1, ^uint64(0))
	want = append(want, -1, -1)
	out := make([]int, len(want))
	x.FindBatch(coords, out)
	if !slices.Equal(out, want) {
		t.Fatalf("FindBatch = %v\nwant %v", out, want)
	}
	// All: storage order, logical coordinates.
	var got [][3]uint64
	seen := map[[3]uint64]float64{}
	for c, v := range x.All() {
		got = append(got, [3]uint64(c))
		seen[[3]uint64(c)] = v
	}
	if !maps.Equal(seen, smallEntries) {
		t.Fatalf("All = %v", seen)
	}
	wantOrder := [][3]uint64{{0, 1, 2}, {0, 3, 2}, {1, 1, 4}, {2, 0, 4}}
	if !slices.Equal(got, wantOrder) {
		t.Fatalf("All order = %v, want %v", got, wantOrder)
	}
	if s := x.String(); !strings.Contains(s, "mode_order [2 0 1]") || !strings.Contains(s, "nnz 4") {
		t.Fatalf("String() = %q", s)
	}
}

// breakCase mutates a valid small tensor so that exactly one invariant
// breaks; wantIn are substrings the error must contain.
type breakCase struct {
	name   string
	mutate func(shape *[]uint64, mo *[]uint32, pos, crd *[][]uint64, vals *[]float64)
	wantIn []string
}

var breakCases = []breakCase{
	{"rank 2", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		*s = (*s)[:2]
		*mo = []uint32{0, 1}
	}, []string{"shape", "rank 2"}},
	{"rank 65", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		*s = make([]uint64, 65)
		*mo = make([]uint32, 65)
	}, []string{"rank 65"}},
	{"mode_order repeated", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) { (*mo)[1] = 2 }, []string{"mode_order[1]", "repeated"}},
	{"mode_order out of range", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) { (*mo)[2] = 3 }, []string{"mode_order[2]", "out of range"}},
	{"mode_order short", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) { *mo = (*mo)[:2] }, []string{"mode_order", "length 2"}},
	{"pos0 first", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) { (*p)[0][0] = 1 }, []string{"level 0 pos[0]"}},
	{"pos0 length", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) { (*p)[0] = []uint64{0, 1, 2} }, []string{"level 0 pos", "length 3, want 2"}},
	{"pos0 terminal", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) { (*p)[0][1] = 1 }, []string{"level 0 pos[1]", "terminal"}},
	{"pos1 first", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) { (*p)[1][0] = 1 }, []string{"level 1 pos[0]", "want 0"}},
	{"pos1 decreasing", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		(*p)[2] = []uint64{0, 3, 2, 4}
	}, []string{"level 2 pos[2]", "non-decreasing"}},
	{"pos2 terminal", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		(*p)[2][3] = 3
	}, []string{"level 2 pos[3]", "terminal entry 3, want 4"}},
	{"pos1 length", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		(*p)[1] = []uint64{0, 3}
	}, []string{"level 1 pos", "length 2, want 3"}},
	{"crd duplicate sibling", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		(*c)[2][1] = 1
	}, []string{"level 2 crd[1]", "strictly increase"}},
	{"crd decreasing", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		(*c)[0][1] = 1
	}, []string{"level 0 crd[1]", "1 follows 2"}},
	{"crd out of bounds", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		(*c)[1][2] = 3 // mode 0 has size 3
	}, []string{"level 1 crd[2]", "3 is not below the dimension size 3"}},
	{"crd near 2^64", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		(*c)[0][1] = ^uint64(0)
	}, []string{"level 0 crd[1]", "18446744073709551615"}},
	{"values length", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) { *v = (*v)[:3] }, []string{"values", "length 3, want 4"}},
	{"levels missing", func(s *[]uint64, mo *[]uint32, p, c *[][]uint64, v *[]float64) {
		*p = (*p)[:2]
	}, []string{"levels"}},
}

func TestRejectEachInvariant(t *testing.T) {
	for _, bc := range breakCases {
		t.Run(bc.name, func(t *testing.T) {
			shape, mo, pos, crd, vals := small()
			bc.mutate(&shape, &mo, &pos, &crd, &vals)
			_, err := csf.New(shape, mo, pos, crd, vals)
			checkErr(t, "New", err, bc.wantIn)
			if len(pos) == len(crd) && len(shape) >= 3 && len(shape) <= 64 {
				_, err = csf.FromBuffers[float64](shape, mo, toBuffers(pos, crd, vals), layout.Strict)
				checkErr(t, "FromBuffers", err, bc.wantIn)
				// Permissive holds it, refuses to compute, and Validate finds the same.
				x, err := csf.FromBuffers[float64](shape, mo, toBuffers(pos, crd, vals), layout.Permissive)
				if err != nil {
					t.Fatalf("permissive FromBuffers: %v", err)
				}
				checkErr(t, "permissive Validate", x.Validate(), bc.wantIn)
				testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { x.At(0, 0, 0) })
			}
		})
	}
}

func checkErr(t *testing.T, what string, err error, wantIn []string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s accepted an invalid tensor", what)
	}
	if !errors.Is(err, layout.ErrInvalid) {
		t.Fatalf("%s: %v does not match layout.ErrInvalid", what, err)
	}
	var ve *layout.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("%s: %T is not a *ValidationError", what, err)
	}
	for _, w := range wantIn {
		if !strings.Contains(err.Error(), w) {
			t.Fatalf("%s: error %q lacks %q", what, err, w)
		}
	}
}

// toBuffers copies the levels into fresh 8-byte-aligned buffers in spec order.
func toBuffers(pos, crd [][]uint64, vals []float64) [][]byte {
	out := [][]byte{slices.Clone(mem.FloatBytes(vals))}
	for l := range pos {
		out = append(out, slices.Clone(mem.Uint64Bytes(pos[l])), slices.Clone(mem.Uint64Bytes(crd[l])))
	}
	return out
}

func TestBufferTable(t *testing.T) {
	shape, mo, pos, crd, vals := small()
	bufs := toBuffers(pos, crd, vals)
	for _, tc := range []struct {
		name string
		b    [][]byte
		want string
	}{
		{"count", bufs[:6], "6 buffers, want 7"},
		{"nil table", nil, "0 buffers, want 7"},
		{"values bytes", append([][]byte{bufs[0][:31]}, bufs[1:]...), "values: byte length 31"},
		{"crd bytes", append(slices.Clone(bufs[:6]), bufs[6][:7]), "level 2 crd: byte length 7"},
	} {
		_, err := csf.FromBuffers[float64](shape, mo, tc.b, layout.Strict)
		if err == nil || !errors.Is(err, layout.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestFromBuffersAliasesAligned(t *testing.T) {
	shape, mo, pos, crd, vals := small()
	bufs := toBuffers(pos, crd, vals)
	x, err := csf.FromBuffers[float64](shape, mo, bufs, layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	if mem.LittleEndian {
		if unsafe.Pointer(&x.Values()[0]) != unsafe.Pointer(&bufs[0][0]) {
			t.Fatal("values not aliased")
		}
		if unsafe.Pointer(&x.Crd(2)[0]) != unsafe.Pointer(&bufs[6][0]) {
			t.Fatal("crd not aliased")
		}
		// A write through the buffer shows in the tensor.
		bufs[0][7] ^= 0x40
		if x.Values()[0] == 1 {
			t.Fatal("write to buffer not visible")
		}
		bufs[0][7] ^= 0x40
	}
	// Returned buffers are the same bytes.
	if got := x.Buffers(); &got[3][0] != &bufs[3][0] {
		t.Fatal("Buffers() does not return the held buffers")
	}

	// Misaligned: copied, still correct.
	mis := make([][]byte, len(bufs))
	for i, b := range bufs {
		back := make([]byte, len(b)+1)
		copy(back[1:], b)
		mis[i] = back[1:]
	}
	y, err := csf.FromBuffers[float64](shape, mo, mis, layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	if unsafe.Pointer(&y.Values()[0]) == unsafe.Pointer(&mis[0][0]) {
		t.Fatal("misaligned values aliased")
	}
	if y.At(1, 1, 4) != 4 || y.At(0, 3, 2) != 2 {
		t.Fatal("misaligned copy gives wrong values")
	}
	// Buffers returns the copies, which the tensor computes on, so a
	// change through Values reaches the re-emitted bytes.
	y.Values()[0] = 99
	if got := y.Buffers(); &got[0][0] == &mis[0][0] || mem.FloatBytes(y.Values())[0] != got[0][0] {
		t.Fatal("Buffers() of a copied table are not the copies")
	}
	if w, err := csf.FromBuffers[float64](shape, mo, y.Buffers(), layout.Strict); err != nil || w.At(0, 1, 2) != 99 {
		t.Fatalf("re-read from Buffers: %v, %v; want 99 at (0, 1, 2)", w, err)
	}
	// New adopts slices: Values() is the slice given.
	z, _ := csf.New(shape, mo, pos, crd, vals)
	if &z.Values()[0] != &vals[0] || &z.Pos(1)[0] != &pos[1][0] {
		t.Fatal("New copied its slices")
	}
}

func TestPermissiveValidates(t *testing.T) {
	shape, mo, pos, crd, vals := small()
	bufs := toBuffers(pos, crd, vals)
	// Permissive mode still checks the rank (ADR-025 §4: every reader
	// rejects rank < 3), the buffer count and the byte lengths.
	if _, err := csf.FromBuffers[float32](shape, mo, [][]byte{bufs[0][:16]}, layout.Permissive); err == nil || !strings.Contains(err.Error(), "1 buffers, want 7") {
		t.Fatalf("permissive 1-buffer table: %v", err)
	}
	if _, err := csf.FromBuffers[float64]([]uint64{2, 2}, []uint32{0, 1}, bufs[:5], layout.Permissive); err == nil || !errors.Is(err, layout.ErrInvalid) {
		t.Fatalf("permissive rank 2: %v", err)
	}
	// Quantization-parameter buffers after the layout's: unsupported.
	if _, err := csf.FromBuffers[float64](shape, mo, append(slices.Clone(bufs), []byte{1}), layout.Permissive); !errors.Is(err, layout.ErrUnsupported) {
		t.Fatalf("8 buffers: %v, want ErrUnsupported", err)
	}
	// Content it does not check: a pos that descends.
	bad := slices.Clone(bufs)
	bad[3] = mem.Uint64Bytes([]uint64{0, 3, 1})
	x, err := csf.FromBuffers[float64](shape, mo, bad, layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	if x.Valid() {
		t.Fatal("permissive tensor claims validity")
	}
	testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { x.Find([]uint64{0, 0, 0}) })
	testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { x.FindBatch(nil, nil) })
	testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { x.All() })
	if err := x.Validate(); err == nil {
		t.Fatal("Validate accepted a descending pos")
	}
	y, err := csf.FromBuffers[float64](shape, mo, bufs, layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	if err := y.Validate(); err != nil {
		t.Fatal(err)
	}
	if y.At(2, 0, 4) != 3 {
		t.Fatal("validated permissive tensor computes wrong")
	}
}

// randomTensor builds a CSF directly from a random set of distinct
// coordinates (sorted in level order), independent of package convert.
func randomTensor(rng *rand.Rand, shape []uint64, mo []uint32, n int) (*csf.Tensor[float64], map[string]float64) {
	r := len(shape)
	set := map[string][]uint64{}
	for range n {
		c := make([]uint64, r)
		for m := range c {
			c[m] = rng.Uint64N(shape[m])
		}
		set[string(mem.Uint64Bytes(c))] = c
	}
	tuples := slices.Collect(maps.Values(set))
	slices.SortFunc(tuples, func(a, b []uint64) int {
		for _, m := range mo {
			if a[m] != b[m] {
				if a[m] < b[m] {
					return -1
				}
				return 1
			}
		}
		return 0
	})
	pos := make([][]uint64, r)
	crd := make([][]uint64, r)
	pos[0] = []uint64{0}
	want := map[string]float64{}
	vals := make([]float64, len(tuples))
	for i, c := range tuples {
		d := 0
		if i > 0 {
			for d < r && tuples[i-1][mo[d]] == c[mo[d]] {
				d++
			}
		}
		for l := d; l < r; l++ {
			if l+1 < r {
				pos[l+1] = append(pos[l+1], uint64(len(crd[l+1])))
			}
			crd[l] = append(crd[l], c[mo[l]])
		}
		vals[i] = float64(i + 1)
		want[string(mem.Uint64Bytes(c))] = vals[i]
	}
	pos[0] = append(pos[0], uint64(len(crd[0])))
	for l := 1; l < r; l++ {
		pos[l] = append(pos[l], uint64(len(crd[l])))
	}
	x, err := csf.New(shape, mo, pos, crd, vals)
	if err != nil {
		panic(err)
	}
	return x, want
}

func TestRandomRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, tc := range []struct {
		shape []uint64
		mo    []uint32
		n     int
	}{
		{[]uint64{4, 5, 6}, []uint32{0, 1, 2}, 40},
		{[]uint64{4, 5, 6}, []uint32{2, 0, 1}, 60},
		{[]uint64{3, 7, 2, 5}, []uint32{3, 1, 0, 2}, 100},
		{[]uint64{2, 3, 2, 3, 2}, []uint32{4, 3, 2, 1, 0}, 50},
		{[]uint64{1 << 40, 3, 1 << 62}, []uint32{1, 2, 0}, 200},
		{[]uint64{5, 5, 5}, []uint32{1, 0, 2}, 0},
	} {
		x, want := randomTensor(rng, tc.shape, tc.mo, tc.n)
		r := len(tc.shape)
		// Every stored coordinate reads back; All yields exactly the set.
		got := map[string]float64{}
		for c, v := range x.All() {
			got[string(mem.Uint64Bytes(c))] = v
		}
		if !maps.Equal(got, want) {
			t.Fatalf("shape %v mo %v: All differs", tc.shape, tc.mo)
		}
		var coords []uint64
		var wantLeaf []bool
		for k, v := range want {
			c, _ := mem.Uint64s([]byte(k))
			if x.At(c...) != v {
				t.Fatalf("At(%v) = %v, want %v", c, x.At(c...), v)
			}
			coords = append(coords, c...)
			wantLeaf = append(wantLeaf, true)
		}
		// Absent coordinates: 0 and not found.
		for range 200 {
			c := make([]uint64, r)
			for m := range c {
				c[m] = rng.Uint64N(tc.shape[m])
			}
			_, stored := want[string(mem.Uint64Bytes(c))]
			if _, ok := x.Find(c); ok != stored {
				t.Fatalf("Find(%v) = %v, want %v", c, ok, stored)
			}
			if !stored && x.At(c...) != 0 {
				t.Fatalf("At(%v) absent = %v", c, x.At(c...))
			}
			coords = append(coords, c...)
			wantLeaf = append(wantLeaf, stored)
		}
		out := make([]int, len(wantLeaf))
		x.FindBatch(coords, out)
		for i, ok := range wantLeaf {
			leaf, ok2 := x.Find(coords[i*r : i*r+r])
			if (out[i] >= 0) != ok || (ok2 && out[i] != leaf) {
				t.Fatalf("FindBatch[%d] = %d, Find = %d,%v", i, out[i], leaf, ok2)
			}
		}
	}
}

func TestFindPanicsOnRank(t *testing.T) {
	shape, mo, pos, crd, vals := small()
	x, _ := csf.New(shape, mo, pos, crd, vals)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "csf: coordinate of length 2 for rank 3") {
			t.Fatalf("panic %v", r)
		}
	}()
	x.Find([]uint64{1, 2})
}

// TestFindBatchLarge covers the blocked, sorted path of FindBatch: batches
// above the small-batch size and spanning several blocks, with present,
// absent and out-of-shape coordinates, against Find.
func TestFindBatchLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	small, _ := randomTensor(rng, []uint64{50, 40, 30}, []uint32{2, 0, 1}, 20000)
	// A root extent above twice the batch: no root table.
	wide, _ := randomTensor(rng, []uint64{1 << 20, 40, 30}, []uint32{0, 1, 2}, 20000)
	var stored [][]uint64
	for c := range wide.All() {
		stored = append(stored, c)
	}
	for _, tc := range []struct {
		x   *csf.Tensor[float64]
		nqs []int
	}{{small, []int{4097, 70000, 1<<17 + 3}}, {wide, []int{4097, 70000}}} {
		x := tc.x
		for _, nq := range tc.nqs {
			coords := make([]uint64, 3*nq)
			for i := range coords {
				coords[i] = rng.Uint64N(52 - uint64(i%3)*10) // a few past the shape
			}
			if x == wide {
				for q := 0; q < nq; q += 2 {
					copy(coords[3*q:], stored[rng.IntN(len(stored))])
				}
			}
			coords[3*(nq-1)+1] = ^uint64(0)
			out := make([]int, nq)
			for i := range out {
				out[i] = 12345 // overwritten
			}
			x.FindBatch(coords, out)
			hits := 0
			for i := range nq {
				leaf, ok := x.Find(coords[3*i : 3*i+3])
				if !ok {
					leaf = -1
				} else {
					hits++
				}
				if out[i] != leaf {
					t.Fatalf("nq %d: FindBatch[%d] %v = %d, Find = %d", nq, i, coords[3*i:3*i+3], out[i], leaf)
				}
			}
			if hits == 0 || hits == nq {
				t.Fatalf("nq %d: %d hits, want a mix", nq, hits)
			}
		}
	}
}

// TestAllBlocks: All over tensors of several expansion blocks (ranks 3 and
// 4, identity and other mode orders) yields every stored entry once, in
// storage order: the k-th tuple is the one Find locates at leaf k, with its
// value.
func TestAllBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, c := range []struct {
		shape []uint64
		mo    []uint32
	}{
		{[]uint64{40, 30, 50}, []uint32{0, 1, 2}},
		{[]uint64{40, 30, 50}, []uint32{2, 0, 1}},
		{[]uint64{7, 9, 11, 13}, []uint32{3, 1, 0, 2}},
		{[]uint64{3, 1000, 5}, []uint32{0, 2, 1}},
	} {
		x, _ := randomTensor(rng, c.shape, c.mo, 5000)
		k := 0
		for coord, v := range x.All() {
			leaf, ok := x.Find(coord)
			if !ok || leaf != k || v != x.Values()[k] {
				t.Fatalf("%v %v: entry %d %v: Find = %d,%v, value %v want %v", c.shape, c.mo, k, coord, leaf, ok, v, x.Values()[k])
			}
			k++
		}
		if k != x.NNZ() {
			t.Fatalf("%v %v: %d entries, want %d", c.shape, c.mo, k, x.NNZ())
		}
	}
}

// TestRevalidate: Validate checks everything every time. A crd changed
// through Crd to an out-of-bounds coordinate makes it fail, and then the
// tensor refuses to compute until a Validate passes again; an unchanged
// valid tensor stays valid.
func TestRevalidate(t *testing.T) {
	x, err := csf.New([]uint64{2, 3, 4}, []uint32{0, 1, 2},
		[][]uint64{{0, 1}, {0, 2}, {0, 1, 3}}, [][]uint64{{1}, {0, 2}, {3, 0, 1}}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	leaf := x.Crd(2)
	leaf[0] = 9
	if err := x.Validate(); err == nil || !errors.Is(err, layout.ErrInvalid) {
		t.Fatalf("Validate after crd[2][0] = 9: %v, want a validation error", err)
	}
	testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { x.At(1, 0, 3) })
	out := make([]float64, 2)
	testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { x.MTTKRP(0, [][]float64{nil, make([]float64, 3), make([]float64, 4)}, 1, out) })
	leaf[0] = 3
	if err := x.Validate(); err != nil {
		t.Fatalf("Validate after restoring crd[2][0]: %v", err)
	}
	if v := x.At(1, 0, 3); v != 1 {
		t.Errorf("At(1, 0, 3) = %v, want 1", v)
	}
}

func TestAtOutsideShape(t *testing.T) {
	shape, mo, pos, crd, vals := small()
	x, err := csf.New(shape, mo, pos, crd, vals)
	if err != nil {
		t.Fatal(err)
	}
	if got := x.At(2, 0, 4); got != 3 {
		t.Errorf("At(2, 0, 4) = %v, want 3", got)
	}
	if got := x.At(2, 3, 4); got != 0 {
		t.Errorf("At(2, 3, 4) = %v, want 0", got)
	}
	testutil.WantPanicContaining(t, "csf: At[3 0 0] outside the shape [3 4 5] (mode 0)", func() { x.At(3, 0, 0) })
	testutil.WantPanicContaining(t, "csf: At[0 0 5] outside the shape [3 4 5] (mode 2)", func() { x.At(0, 0, 5) })
	testutil.WantPanicContaining(t, "csf: At: coordinate of length 2 for rank 3", func() { x.At(0, 0) })
	q, _, err := csf.Quantize(x, quant.MustParse("int8:tensor"))
	if err != nil {
		t.Fatal(err)
	}
	if d := q.Dims(); !slices.Equal(d, []int{3, 4, 5}) {
		t.Errorf("Quantized.Dims() = %v, want [3 4 5]", d)
	}
	if got := q.At(2, 0, 4); math.Abs(float64(got)-3) > 0.05 {
		t.Errorf("Quantized.At(2, 0, 4) = %v, want 3 to int8 rounding", got)
	}
	testutil.WantPanicContaining(t, "csf: At[3 0 0] outside the shape [3 4 5] (mode 0)", func() { q.At(3, 0, 0) })
	testutil.WantPanicContaining(t, "csf: At[0 0 5] outside the shape [3 4 5] (mode 2)", func() { q.At(0, 0, 5) })
	testutil.WantPanicContaining(t, "csf: At: coordinate of length 2 for rank 3", func() { q.At(0, 0) })
}
