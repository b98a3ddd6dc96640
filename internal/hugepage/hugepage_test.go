package hugepage

import "testing"

func TestAdvise(t *testing.T) {
	for _, n := range []int{0, 1, 1000, MinBytes / 8, 3 << 20, 5<<20 + 3} {
		s := Make[uint64](n)
		if len(s) != n {
			t.Fatalf("len %d, want %d", len(s), n)
		}
		for i := range s {
			s[i] = uint64(i)
		}
		if n > 0 {
			Advise(s[1:])
		}
		Advise(s[:0])
		for i := range s {
			if s[i] != uint64(i) {
				t.Fatalf("n %d: s[%d] = %d after Advise", n, i, s[i])
			}
		}
	}
}
