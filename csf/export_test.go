package csf

import (
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/radix"
)

// Tuning is a test's choice of the sizes in tuning.go, carried by a
// workspace: the tests change no package state.
type Tuning struct {
	MinNNZ     int  // parallelMinNNZ: 0 splits every call
	MaxPrivate int  // privateMaxElems
	PackBits   uint // ttvPackBits: 0 sends every off-leaf TTV to the regrouping path
	Radix      radix.Tuning
	Levels     levels.Tuning
}

// Defaults is the package's tuning.
func Defaults() Tuning {
	d := defaultTuning()
	return Tuning{MinNNZ: d.minNNZ, MaxPrivate: d.privateMax, PackBits: d.packBits, Radix: d.radix, Levels: d.levels}
}

// Parallel is the package's tuning with every call split (the parallel
// threshold at zero) and the private copies of MTTKRP bounded by
// maxPrivate elements.
func Parallel(maxPrivate int) Tuning {
	tu := Defaults()
	tu.MinNNZ, tu.MaxPrivate = 0, maxPrivate
	return tu
}

// Segments is the package's tuning with TTV's subtree sorts (a contracted
// level below the root whose subtrees are small) forced on, most of them
// by radix rather than by insertion, or forced off.
func Segments(on bool) Tuning {
	tu := Defaults()
	tu.Radix.InsertionMax, tu.Radix.SegmentAverageMax = 2, 0
	if on {
		tu.Radix.SegmentAverageMax = 1 << 30
	}
	return tu
}

// NewTunedWorkspace is NewWorkspace with tu in place of the package's
// sizes.
func NewTunedWorkspace[T Float](workers int, tu Tuning) *Workspace[T] {
	ws := NewWorkspace[T](workers)
	ws.s.tune = tuning{minNNZ: tu.MinNNZ, privateMax: tu.MaxPrivate, packBits: tu.PackBits, radix: tu.Radix, levels: tu.Levels}
	return ws
}

// TTVValuesWith is TTVValues split as ws says.
func (t *Tensor[T]) TTVValuesWith(ws *Workspace[T], dst []T, mode int, v []T) {
	t.ttvValues(dst, mode, v, ws.state().options())
}

// TTMWith is TTM split as ws says.
func (t *Tensor[T]) TTMWith(ws *Workspace[T], u []T, r int) *SemiSparse[T] {
	return t.ttm(u, r, ws.state().options())
}

// TTMIntoWith is TTMInto split as ws says.
func (t *Tensor[T]) TTMIntoWith(ws *Workspace[T], dst, u []T, r int) {
	t.ttmIntoChecked(dst, u, r, ws.state().options())
}
