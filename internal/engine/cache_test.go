package engine

import "testing"

// TestCaches: every size is positive, and the levels grow outward.
func TestCaches(t *testing.T) {
	c := Caches()
	if c.L1D <= 0 || c.L2 < c.L1D || c.L3 < c.L2 {
		t.Fatalf("implausible cache sizes %+v", c)
	}
	t.Logf("%+v", c)
}
