package text

import (
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
