package coo_test

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
)

func TestCOO(t *testing.T) {
	shape := []uint64{3, 4}
	coords := []uint64{2, 1, 0, 3, 2, 1, 0, 0}
	vals := []float32{1, 2, 3, 4}
	x, err := coo.New(shape, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	if x.IsSorted() || x.Descriptor().IsSorted {
		t.Fatal("unsorted input reported sorted")
	}
	if x.At(2, 1) != 4 || x.At(0, 3) != 2 || x.At(1, 1) != 0 {
		t.Fatal("At wrong (duplicates should sum)")
	}
	if err := x.Sort(nil); err != nil {
		t.Fatal(err)
	}
	if !x.IsSorted() || !slices.Equal(x.Coords(), []uint64{0, 0, 0, 3, 2, 1, 2, 1}) || !slices.Equal(x.Values(), []float32{4, 2, 1, 3}) {
		t.Fatalf("after Sort: %v %v", x.Coords(), x.Values())
	}
	if x.At(2, 1) != 4 {
		t.Fatal("At on sorted with duplicates")
	}
	out := make([]int, 3)
	x.FindBatch([]uint64{0, 3, 1, 1, 2, 1}, out)
	if !slices.Equal(out, []int{1, -1, 2}) {
		t.Fatalf("FindBatch = %v", out)
	}
	// Sort by column first: not row-major sorted any more.
	if err := x.Sort([]uint32{1, 0}); err != nil {
		t.Fatal(err)
	}
	if x.IsSorted() || !slices.Equal(x.Coords(), []uint64{0, 0, 2, 1, 2, 1, 0, 3}) {
		t.Fatalf("Sort([1 0]): %v sorted=%v", x.Coords(), x.IsSorted())
	}
	if err := x.Sort([]uint32{1, 1}); err == nil || !errors.Is(err, layout.ErrInvalid) || !strings.HasPrefix(err.Error(), "coo: mode_order") {
		t.Fatalf("Sort of a bad mode order: %v, want an error naming coo's mode_order (it said csf)", err)
	}
	n := 0
	for c, v := range x.All() {
		if x.At(c...) < v {
			t.Fatal("All")
		}
		n++
	}
	if n != 4 {
		t.Fatal("All count")
	}
	if !strings.HasPrefix(x.String(), "coo float32 [3 4] nnz 4") {
		t.Fatal(x.String())
	}
}

func TestCOORejects(t *testing.T) {
	for _, tc := range []struct {
		shape  []uint64
		coords []uint64
		vals   []float64
		want   string
	}{
		{nil, nil, nil, "rank 0, want 1..64"},
		{make([]uint64, 65), nil, nil, "rank 65"},
		{[]uint64{3, 4}, []uint64{0, 1, 2}, []float64{1, 2}, "coords: length 3, want nnz*rank = 2*2"},
		{[]uint64{3, 4}, []uint64{0, 1, 2, 4}, []float64{1, 2}, "coords[3]: entry 1 mode 1: 4 is not below the dimension size 4"},
		{[]uint64{3, 4}, []uint64{^uint64(0), 1}, []float64{1}, "coords[0]: entry 0 mode 0: 18446744073709551615"},
	} {
		_, err := coo.New(tc.shape, tc.coords, tc.vals)
		if err == nil || !errors.Is(err, layout.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%v): %v, want %q", tc.shape, err, tc.want)
		}
		if len(tc.shape) > 0 {
			bufs := [][]byte{slices.Clone(mem.FloatBytes(tc.vals)), slices.Clone(mem.Uint64Bytes(tc.coords))}
			_, err = coo.FromBuffers[float64](tc.shape, bufs, layout.Strict)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("FromBuffers(%v): %v, want %q", tc.shape, err, tc.want)
			}
		}
	}
}

func TestCOOBuffers(t *testing.T) {
	x, err := coo.New([]uint64{5}, []uint64{1, 4}, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if !x.IsSorted() {
		t.Fatal("rank-1 sorted")
	}
	b := x.Buffers()
	y, err := coo.FromBuffers[float64]([]uint64{5}, b, layout.Strict)
	if err != nil || y.At(4) != 2 {
		t.Fatalf("%v %v", y, err)
	}
	// The buffer count can always be checked: both modes do (a
	// permissive tensor held one buffer, and a nil table passed strict
	// validation as an empty tensor).
	for _, mode := range []layout.Mode{layout.Strict, layout.Permissive} {
		for _, tc := range []struct {
			bufs [][]byte
			want string
		}{{b[:1], "1 buffers, want 2"}, {nil, "0 buffers, want 2"}, {[][]byte{b[0], b[1][:5]}, "coords"}} {
			if p, err := coo.FromBuffers[float64]([]uint64{5}, tc.bufs, mode); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v, %d buffers: %v, %v: want an error naming %q", mode, len(tc.bufs), p, err, tc.want)
			}
		}
	}
}

// TestOverlappingBuffers: buffers that share memory are refused. Sort
// wrote the coordinates and then the values through the same bytes, and
// left coordinates outside the shape in a tensor marked valid, which
// COOToCSR then converted.
func TestOverlappingBuffers(t *testing.T) {
	buf := make([]byte, 32)
	for i, w := range []uint64{1, math.Float64bits(1), 0, 5} {
		binary.LittleEndian.PutUint64(buf[8*i:], w)
	}
	for _, mode := range []layout.Mode{layout.Strict, layout.Permissive} {
		a, err := coo.FromBuffers[float64]([]uint64{2, 1 << 63}, [][]byte{buf[:16], buf}, mode)
		if err == nil || !errors.Is(err, layout.ErrInvalid) || !strings.Contains(err.Error(), "buffer 1 shares memory with buffer 0") {
			t.Errorf("%v: overlapping buffers: %v, %v", mode, a, err)
		}
	}
	if _, err := coo.FromBuffers[float64]([]uint64{1 << 63, 1 << 63}, [][]byte{buf[:8], buf[8:24]}, layout.Strict); err != nil {
		t.Errorf("adjacent buffers: %v", err)
	}
}

// TestBuffersAfterCopy: Buffers returns what the tensor computes on. When
// FromBuffers copies an unaligned buffer, Buffers returns the copy, so a
// change through Values, or a Sort that moves the coordinates and the
// values together, reaches the re-emitted bytes.
func TestBuffersAfterCopy(t *testing.T) {
	raw := make([]byte, 17)
	vb := raw[1:] // misaligned: copied
	copy(vb, mem.FloatBytes([]float64{10, 20}))
	cb := slices.Clone(mem.Uint64Bytes([]uint64{2, 0, 1, 0})) // aligned: aliased
	x, err := coo.FromBuffers[float64]([]uint64{3, 3}, [][]byte{vb, cb}, layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Sort(nil); err != nil {
		t.Fatal(err)
	}
	x.Values()[0] = 99 // the entry at (1, 0)
	y, err := coo.FromBuffers[float64]([]uint64{3, 3}, x.Buffers(), layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	if y.At(1, 0) != 99 || y.At(2, 0) != 10 {
		t.Fatalf("re-read from Buffers: (1,0) = %v, (2,0) = %v; want 99 and 10", y.At(1, 0), y.At(2, 0))
	}
}

// TestIsSortedRanks checks the is_sorted flag against a tuple-by-tuple
// slices.Compare for ranks 1 to 4, on tuples drawn from a small range (so
// equal tuples and ties up to the last coordinate are common) with one
// random swap or none.
func TestIsSortedRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for r := 1; r <= 4; r++ {
		shape := make([]uint64, r)
		for i := range shape {
			shape[i] = 3
		}
		for range 300 {
			n := rng.IntN(12)
			tuples := make([][]uint64, n)
			for i := range tuples {
				tuples[i] = make([]uint64, r)
				for k := range tuples[i] {
					tuples[i][k] = rng.Uint64N(3)
				}
			}
			slices.SortFunc(tuples, slices.Compare)
			if n > 1 && rng.IntN(2) == 0 {
				i, j := rng.IntN(n), rng.IntN(n)
				tuples[i], tuples[j] = tuples[j], tuples[i]
			}
			want := true
			var coords []uint64
			for i, c := range tuples {
				if i > 0 && slices.Compare(tuples[i-1], c) > 0 {
					want = false
				}
				coords = append(coords, c...)
			}
			x, err := coo.New(shape, coords, make([]float64, n))
			if err != nil {
				t.Fatal(err)
			}
			if x.IsSorted() != want {
				t.Fatalf("rank %d %v: IsSorted %v, want %v", r, tuples, x.IsSorted(), want)
			}
		}
	}
}

// TestScanLarge: on inputs long enough to be split over workers and blocks,
// IsSorted and the first out-of-bounds coordinate are exact wherever the
// inversion or the bad coordinate falls: inside a block, at a block edge,
// at a part edge, at either end.
func TestScanLarge(t *testing.T) {
	for _, r := range []int{1, 2, 3, 5} {
		const n = 1<<17 + 3
		shape := make([]uint64, r)
		for i := range shape {
			shape[i] = 1 << 20
		}
		coords := make([]uint64, n*r)
		for i := range n {
			// Sorted with ties in the leading modes: tuple i is (i/7, i%7, 0, ...) for r > 1.
			if r == 1 {
				coords[i] = uint64(i / 3)
				continue
			}
			coords[i*r] = uint64(i / 7)
			coords[i*r+1] = uint64(i % 7)
		}
		vals := make([]float64, n)
		x, err := coo.New(shape, coords, vals)
		if err != nil || !x.IsSorted() {
			t.Fatalf("rank %d: sorted input: err %v, IsSorted %v", r, err, x != nil && x.IsSorted())
		}
		for _, at := range []int{1, 2047, 2048, 2049, 4096, n / 2, n/2 + 1, n/2 - 1, n - 1} {
			// An inversion: tuple at-1's leading mode above tuple at's.
			c := slices.Clone(coords)
			c[(at-1)*r] = 1<<20 - 1
			x, err := coo.New(shape, c, vals)
			if err != nil || x.IsSorted() {
				t.Fatalf("rank %d: inversion before tuple %d: err %v, IsSorted %v", r, at, err, x != nil && x.IsSorted())
			}
			// Two bad coordinates: the first is reported.
			c = slices.Clone(coords)
			c[at*r+r-1] = 1 << 20
			if at+3 < n {
				c[(at+3)*r] = 1 << 21
			}
			_, err = coo.New(shape, c, vals)
			var ve *layout.ValidationError
			if !errors.As(err, &ve) || ve.Index != at*r+r-1 {
				t.Fatalf("rank %d: bad coordinate at tuple %d: %v", r, at, err)
			}
		}
	}
}

// TestRevalidate: Validate checks everything every time. A coordinate
// changed through Coords out of bounds makes it fail, and then the tensor
// refuses to compute until a Validate passes again; tuples reordered
// through Coords make IsSorted false after Validate (it is recomputed).
func TestRevalidate(t *testing.T) {
	x, err := coo.New([]uint64{4, 4, 4}, []uint64{0, 1, 2, 1, 0, 3, 2, 2, 2}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if !x.IsSorted() {
		t.Fatal("sorted input: IsSorted false")
	}
	c := x.Coords()
	c[1] = 9
	if err := x.Validate(); err == nil || !errors.Is(err, layout.ErrInvalid) {
		t.Fatalf("Validate after a coordinate of 9 in a dimension of 4: %v, want a validation error", err)
	}
	if x.Valid() {
		t.Fatal("Valid() is true after a failed Validate")
	}
	c[1] = 1
	// Swap the first two tuples.
	for m := range 3 {
		c[m], c[3+m] = c[3+m], c[m]
	}
	if err := x.Validate(); err != nil || !x.Valid() {
		t.Fatalf("Validate after restoring the coordinate: %v", err)
	}
	if x.IsSorted() || x.Descriptor().IsSorted {
		t.Error("IsSorted true after the tuples were swapped and Validate ran")
	}
}
