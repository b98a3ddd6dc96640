package csf

import (
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

// ttvOut holds what a TTV may write its result into: the buffers of an
// earlier result (any of them may be nil) and a workspace for scratch (nil:
// a pooled one).
type ttvOut[T Float] struct {
	pos, crd [][]uint64
	vals     []T
	ws       *Workspace[T]
	taken    *taken
}

// newTTVOut returns an empty ttvOut whose buffers must not overlap t or
// the vector v (a leaf-mode TTV reads v while it writes the values: v may
// be an earlier result's values, passed as dst too).
func (t *Tensor[T]) newTTVOut(ws *Workspace[T], v []T) *ttvOut[T] {
	tk := new(taken)
	addSpan(tk, v)
	for l := range t.pos {
		addSpan(tk, t.pos[l])
		addSpan(tk, t.crd[l])
	}
	addSpan(tk, t.values)
	return &ttvOut[T]{ws: ws, taken: tk}
}

// options is how the TTV splits its work: by the workspace's settings, or
// on GOMAXPROCS goroutines above parallelMinNNZ entries.
func (o *ttvOut[T]) options() parallel.Options {
	if o.ws != nil {
		return o.ws.state().options()
	}
	return options()
}

// tuning is the workspace's tuning, or the package's.
func (o *ttvOut[T]) tuning() tuning {
	if o.ws != nil {
		return o.ws.state().tune
	}
	return defaultTuning()
}

// level returns bufs[q], or nil when there is no such level.
func (o *ttvOut[T]) level(bufs [][]uint64, q int) []uint64 {
	if q < len(bufs) {
		return bufs[q]
	}
	return nil
}

// taken records the memory in use: the input's arrays and the buffers
// already handed out, as [start, end) address ranges over their capacity.
type taken struct{ spans [][2]uintptr }

func span[E any](s []E) (lo, hi uintptr) {
	var z E
	lo = uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	return lo, lo + uintptr(cap(s))*unsafe.Sizeof(z)
}

// addSpan records s's memory in tk.
func addSpan[E any](tk *taken, s []E) {
	if lo, hi := span(s); hi > lo {
		tk.spans = append(tk.spans, [2]uintptr{lo, hi})
	}
}

func (tk *taken) overlaps(lo, hi uintptr) bool {
	for _, sp := range tk.spans {
		if lo < sp[1] && sp[0] < hi {
			return true
		}
	}
	return false
}

// takeBuf returns buf[:n] when buf can hold n elements without touching
// memory in tk (and records it), else a new slice advised for huge pages (a
// first touch of a fresh page costs more than computing on it; see
// internal/mem's hugepage.go).
func takeBuf[E any](tk *taken, buf []E, n int) []E {
	if n > 0 && cap(buf) >= n {
		if lo, hi := span(buf); !tk.overlaps(lo, hi) {
			addSpan(tk, buf)
			return buf[:n]
		}
	}
	return mem.MakeHuge[E](n)
}
