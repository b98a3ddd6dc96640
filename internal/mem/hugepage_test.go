package mem

import "testing"

// TestAdviseHuge: advice on slices below, at and above HugeMinBytes, and
// on empty and unaligned ones, changes no element.
func TestAdviseHuge(t *testing.T) {
	for _, n := range []int{0, 1, 1000, HugeMinBytes / 8, 3 << 20, 5<<20 + 3} {
		s := MakeHuge[uint64](n)
		if len(s) != n {
			t.Fatalf("len %d, want %d", len(s), n)
		}
		for i := range s {
			s[i] = uint64(i)
		}
		if n > 0 {
			AdviseHuge(s[1:])
		}
		AdviseHuge(s[:0])
		for i := range s {
			if s[i] != uint64(i) {
				t.Fatalf("n %d: s[%d] = %d after AdviseHuge", n, i, s[i])
			}
		}
	}
}
