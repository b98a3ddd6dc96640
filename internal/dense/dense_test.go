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

// TestOverlapStrided compares OverlapStrided with the element sets of every
// pair of small views of one array, and checks that different strides fall
// back to the spans.
func TestOverlapStrided(t *testing.T) {
	back := make([]float64, 64)
	view := func(off, rows, cols, stride int) ([]float64, map[int]bool) {
		cells := map[int]bool{}
		for i := range rows {
			for j := range cols {
				cells[off+i*stride+j] = true
			}
		}
		return back[off : off+(rows-1)*stride+cols], cells
	}
	for s := 1; s <= 5; s++ {
		for ca := 1; ca <= s; ca++ {
			for cb := 1; cb <= s; cb++ {
				for ra := 1; ra <= 3; ra++ {
					for rb := 1; rb <= 3; rb++ {
						for oa := 0; oa <= 12; oa++ {
							for ob := 0; ob <= 12; ob++ {
								a, ea := view(oa, ra, ca, s)
								b, eb := view(ob, rb, cb, s)
								want := false
								for e := range ea {
									want = want || eb[e]
								}
								if got := OverlapStrided(a, ca, s, b, cb, s); got != want {
									t.Fatalf("stride %d: a %dx%d at %d, b %dx%d at %d: OverlapStrided %v, want %v", s, ra, ca, oa, rb, cb, ob, got, want)
								}
							}
						}
					}
				}
			}
		}
	}
	// Different strides: the spans decide.
	a, b := back[0:7], back[2:3]
	if !OverlapStrided(a, 2, 5, b, 1, 3) {
		t.Errorf("different strides, spans overlapping: want true")
	}
	if OverlapStrided(back[0:7], 2, 5, back[7:9], 2, 3) {
		t.Errorf("different strides, disjoint spans: want false")
	}
}

func TestScatterGoroutines(t *testing.T) {
	for _, c := range []struct{ p, n, size, max, want int }{
		{1, 100, 8, 1 << 20, 1},
		{0, 100, 8, 1 << 20, 1},
		{2, 100, 8, 1 << 20, 2},
		{64, 100, 8, 1 << 20, 64},      // 63 copies of 800 bytes fit
		{64, 1 << 20, 8, 64 << 20, 9},  // 8 copies of 8 MiB
		{64, 4 << 20, 8, 64 << 20, 3},  // 2 copies of 32 MiB
		{64, 16 << 20, 8, 64 << 20, 2}, // one copy of 128 MiB, over the bound
		{2, 16 << 20, 8, 64 << 20, 2},  // as at two workers
		{64, 0, 8, 64 << 20, 64},       // an empty output
		{1000, 1, 4, 64 << 20, 1000},   // capped by p
	} {
		got := ScatterGoroutines(c.p, c.n, c.size, c.max)
		if got != c.want {
			t.Errorf("ScatterGoroutines(%d, %d, %d, %d) = %d, want %d", c.p, c.n, c.size, c.max, got, c.want)
		}
		if copies := got - 1; copies > 1 && copies*c.n*c.size > max(c.max, c.n*c.size) {
			t.Errorf("ScatterGoroutines(%d, %d, %d, %d) = %d: %d bytes of copies", c.p, c.n, c.size, c.max, got, copies*c.n*c.size)
		}
	}
}

func TestReduceRanges(t *testing.T) {
	y := []float64{1, 2, 3, 4, 5}
	acc := []float64{10, 20, 30, 40, 50, 100, 200, 300, 400, 500}
	whole := append([]float64(nil), y...)
	Reduce(whole, acc, 5, 2)
	parts := append([]float64(nil), y...)
	Reduce(parts[:2], acc, 5, 2)
	Reduce(parts[2:], acc[2:], 5, 2)
	for i, want := range []float64{111, 222, 333, 444, 555} {
		if whole[i] != want || parts[i] != want {
			t.Errorf("y[%d]: whole %v, in two ranges %v, want %v", i, whole[i], parts[i], want)
		}
	}
}
