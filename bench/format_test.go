package bench

import "testing"

func TestFormatNs(t *testing.T) {
	for _, c := range []struct {
		ns   float64
		want string
	}{{0.5, "0.5 ns"}, {999, "999 ns"}, {1000, "1 µs"}, {12345, "12.3 µs"}, {2.5e6, "2.5 ms"}, {1e9, "1 s"}, {3.21e10, "32.1 s"}} {
		if got := FormatNs(c.ns); got != c.want {
			t.Errorf("FormatNs(%v) = %q, want %q", c.ns, got, c.want)
		}
	}
}
