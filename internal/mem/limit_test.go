package mem

import (
	"runtime/debug"
	"testing"
)

// TestLimit: the limit is plausible, Fits refuses sizes past it (and
// products that wrap), and a lower GOMEMLIMIT lowers it.
func TestLimit(t *testing.T) {
	b := Limit()
	if b < 1<<20 || b > 1<<47 && physical() == 0 {
		t.Fatalf("Limit() = %d", b)
	}
	if !Fits(1<<10, 8) || Fits(1<<62, 8) || Fits(1<<40, 1<<40) {
		t.Errorf("Fits: 8 KiB %v, 2^65 bytes %v, 2^80 bytes %v; want true, false, false", Fits(1<<10, 8), Fits(1<<62, 8), Fits(1<<40, 1<<40))
	}
	old := debug.SetMemoryLimit(1 << 30)
	defer debug.SetMemoryLimit(old)
	if got := Limit(); got != min(b, 1<<30) {
		t.Errorf("with GOMEMLIMIT 1 GiB: Limit() = %d, want %d", got, min(b, 1<<30))
	}
	if Fits(1<<28, 8) {
		t.Error("2 GiB fits in a 1 GiB memory limit")
	}
}
