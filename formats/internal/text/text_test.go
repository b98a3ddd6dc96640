package text

import (
	"math"
	"strconv"
	"testing"
)

func TestFloat(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		err  error
	}{
		{"1.5", 1.5, nil},
		{"-2e3", -2000, nil},
		{"0x1p-2", 0.25, nil}, // strtod reads hexadecimal floats too
		{"1_000", 0, strconv.ErrSyntax},
		{"0x_1p0", 0, strconv.ErrSyntax},
		{"1e400", 0, strconv.ErrRange},
		{"", 0, strconv.ErrSyntax},
	} {
		got, err := Float([]byte(c.in), 64)
		if got != c.want || err != c.err {
			t.Errorf("Float(%q) = %v, %v; want %v, %v", c.in, got, err, c.want, c.err)
		}
	}
}

// TestFloatSignedNaN: C's printf writes x86's default NaN as "-nan", which
// strtod (and so SciPy's mmread) reads and strconv refuses; it is a NaN
// with the sign bit set.
func TestFloatSignedNaN(t *testing.T) {
	for _, c := range []struct {
		in  string
		neg bool
	}{{"-nan", true}, {"-NaN", true}, {"+nan", false}, {"nan", false}, {"NAN", false}} {
		for _, bits := range []int{32, 64} {
			got, err := Float([]byte(c.in), bits)
			if err != nil || !math.IsNaN(got) || math.Signbit(got) != c.neg {
				t.Errorf("Float(%q, %d) = %v (sign %v), %v; want a NaN of sign %v", c.in, bits, got, math.Signbit(got), err, c.neg)
			}
		}
	}
	if _, err := Float([]byte("--nan"), 64); err == nil {
		t.Error(`Float("--nan") accepted`)
	}
}
