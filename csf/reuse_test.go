package csf

import "testing"

// TestTakeBuf: a buffer is reused only when it has room and shares no
// memory with what is already taken.
func TestTakeBuf(t *testing.T) {
	tk := new(taken)
	in := heapU64(10)
	addSpan(tk, in)
	if b := takeBuf(tk, in[2:4], 2); &b[0] == &in[2] {
		t.Fatal("a buffer inside the input was reused")
	}
	buf := heapU64(16)
	a := takeBuf(tk, buf[:4], 4)
	if &a[0] != &buf[0] {
		t.Fatal("a free buffer with room was not reused")
	}
	// buf[8:] lies inside a's capacity (buf[:4] has cap 16): taken.
	if b := takeBuf(tk, buf[8:], 8); &b[0] == &buf[8] {
		t.Fatal("a buffer overlapping an earlier one was reused")
	}
	if b := takeBuf(tk, make([]uint64, 3), 4); len(b) != 4 {
		t.Fatal("a short buffer was not replaced")
	}
	if b := takeBuf(tk, []float64(nil), 0); len(b) != 0 {
		t.Fatal("empty")
	}
}

// heapSink keeps heapU64's slices reachable from a global, so that they live
// on the heap: takeBuf records addresses, and a stack buffer would move when
// the goroutine's stack grows between two calls and fail the test.
var heapSink [][]uint64

func heapU64(n int) []uint64 {
	s := make([]uint64, n)
	heapSink = append(heapSink, s)
	return s
}
