package dense

import (
	"math"
	"testing"
)

func TestSize(t *testing.T) {
	for _, c := range []struct {
		rows uint64
		k    int
		want int
		ok   bool
	}{
		{0, 0, 0, true},
		{3, 4, 12, true},
		{1 << 62, 0, 0, true},
		{math.MaxInt, 1, math.MaxInt, true},
		{math.MaxInt + 1, 1, 0, false},
		{1<<62 + 1, 4, 0, false}, // 4 mod 2^64: a wrapping check accepts 4
		{1 << 63, 2, 0, false},   // 0 mod 2^64
		{math.MaxUint64, math.MaxInt, 0, false},
		{2, -1, 0, false},
	} {
		got, ok := Size(c.rows, c.k)
		if got != c.want || ok != c.ok {
			t.Errorf("Size(%d, %d) = %d, %v; want %d, %v", c.rows, c.k, got, ok, c.want, c.ok)
		}
	}
}

func TestOverlap(t *testing.T) {
	buf := make([]float64, 10)
	words := make([]uint64, 4)
	for _, c := range []struct {
		name string
		got  bool
		want bool
	}{
		{"same", Overlap(buf, buf), true},
		{"inside", Overlap(buf[2:5], buf), true},
		{"one shared element", Overlap(buf[0:3], buf[2:4]), true},
		{"adjacent", Overlap(buf[0:3], buf[3:6]), false},
		{"adjacent reversed", Overlap(buf[3:6], buf[0:3]), false},
		{"empty", Overlap(buf[3:3], buf), false},
		{"nil", Overlap[float64, float64](nil, buf), false},
		{"capacity only", Overlap(buf[0:2], buf[2:2:10]), false},
		{"separate arrays", Overlap(buf, words), false},
		{"float32 view", Overlap(buf[1:2], []float32{1}), false},
	} {
		if c.got != c.want {
			t.Errorf("%s: Overlap = %v, want %v", c.name, c.got, c.want)
		}
	}
}
