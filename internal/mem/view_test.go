package mem

import (
	"math"
	"slices"
	"testing"
	"unsafe"
)

// named is an element type of float64's kind other than float64.
type named float64

// TestViews: views of aligned buffers alias them (on a little-endian
// host), views of unaligned ones copy them, and both decode the same
// little-endian values; the bytes of a slice round-trip.
func TestViews(t *testing.T) {
	want := []uint64{1, 1 << 40, math.MaxUint64}
	buf := make([]byte, 8*len(want)+1)
	for off := range 2 {
		b := buf[off : off+8*len(want)]
		copy(b, Uint64Bytes(want))
		got, copied := Uint64s(b)
		if !slices.Equal(got, want) {
			t.Fatalf("offset %d: Uint64s = %v, want %v", off, got, want)
		}
		aliased := LittleEndian && uintptr(unsafe.Pointer(&b[0]))%8 == 0
		if copied == aliased {
			t.Errorf("offset %d: copied %v, want %v", off, copied, !aliased)
		}
		f64 := []float64{1.5, -0, math.Inf(1)}
		copy(b, FloatBytes(f64))
		if got, _ := Floats[float64](b); !slices.Equal(got, f64) {
			t.Errorf("offset %d: Floats[float64] = %v, want %v", off, got, f64)
		}
		f32 := []float32{1.5, -2, 3.25, 1e-3, 7, 8}
		copy(b, FloatBytes(f32))
		if got, _ := Floats[float32](b); !slices.Equal(got, f32) {
			t.Errorf("offset %d: Floats[float32] = %v, want %v", off, got, f32)
		}
	}
	if s, copied := Uint64s(nil); len(s) != 0 || s == nil || copied {
		t.Errorf("Uint64s(nil) = %v, %v; want an empty slice, not copied", s, copied)
	}
	if ElemSize[float32]() != 4 || ElemSize[named]() != 8 {
		t.Errorf("ElemSize: float32 %d, named %d; want 4, 8", ElemSize[float32](), ElemSize[named]())
	}
}

// TestRetype: a view between types of one size shares the elements, and
// between sizes panics.
func TestRetype(t *testing.T) {
	s := []float64{1, 2, 3}
	r := Retype[named](s)
	r[1] = 5
	if s[1] != 5 || len(r) != 3 {
		t.Fatalf("Retype: %v from %v", r, s)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Retype from float64 to float32 did not panic")
		}
	}()
	Retype[float32](s)
}
