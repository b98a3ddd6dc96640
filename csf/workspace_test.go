package csf_test

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// namedF64 is a named element type of float64's size.
type namedF64 float64

// TestPooledWorkspacePerType: the plain products (MTTKRP, ...) take their
// workspace from a pool per element type, not per element size: a
// program alternating float64 and a named float64 type finds its own
// workspace on every call and allocates nothing. The tensor is above the
// parallel threshold, so the calls run on two goroutines.
func TestPooledWorkspacePerType(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // two Ps' pools to warm
	rng := rand.New(rand.NewPCG(47, 48))
	x := sparseCSF(t, rng, []uint64{100, 30, 100}, csf.Defaults().MinNNZ+4000, nil)
	if x.NNZ() < csf.Defaults().MinNNZ {
		t.Fatalf("%d entries: below the parallel threshold", x.NNZ())
	}
	vals := make([]namedF64, x.NNZ())
	for i, v := range x.Values() {
		vals[i] = namedF64(v)
	}
	var pos, crd [][]uint64
	for l := range x.Rank() {
		pos, crd = append(pos, x.Pos(l)), append(crd, x.Crd(l))
	}
	y, err := csf.New(x.Shape(), x.ModeOrder(), pos, crd, vals)
	if err != nil {
		t.Fatal(err)
	}
	const r = 4
	fx := make([][]float64, 3)
	fy := make([][]namedF64, 3)
	for m, s := range x.Shape() {
		fx[m] = randMat[float64](rng, int(s)*r)
		fy[m] = make([]namedF64, len(fx[m]))
		for i, f := range fx[m] {
			fy[m][i] = namedF64(f)
		}
	}
	ox, oy := make([]float64, 30*r), make([]namedF64, 30*r)
	pair := func() {
		x.MTTKRP(1, fx, r, ox)
		y.MTTKRP(1, fy, r, oy)
	}
	pair()
	for i, o := range ox {
		if float64(oy[i]) != o {
			t.Fatalf("MTTKRP with the named type differs at %d: %v, want %v", i, oy[i], o)
		}
	}
	if testutil.RaceEnabled {
		return // the pools drop workspaces at random
	}
	// A pool misses now and then (after a GC, or on a P that has not yet
	// held a workspace of the type: sync.Pool's per-P private object is
	// not seen from other Ps): warm up, and take the best of three runs.
	// A miss on every call built ~29 objects.
	for range 20 {
		pair()
	}
	best := math.Inf(1)
	for range 3 {
		best = min(best, testing.AllocsPerRun(20, pair))
	}
	if best > 1 {
		t.Errorf("alternating pooled MTTKRP calls of float64 and a named float64 type: %.1f allocations per pair, want 0", best)
	}
	g0 := runtime.NumGoroutine()
	for range 50 {
		pair()
	}
	if g1 := runtime.NumGoroutine(); g1 > g0+10*runtime.GOMAXPROCS(0) {
		t.Errorf("50 alternating pairs of pooled MTTKRP calls left %d more goroutines", g1-g0)
	}
}

// namedF32 is a named element type of float32's size.
type namedF32 float32

// pooledMTTKRP runs the pooled MTTKRP of x's structure with element type T
// along mode 1 and returns its output.
func pooledMTTKRP[T csf.Float](t *testing.T, x *csf.Tensor[float64], fx [][]float64, r int) []T {
	var pos, crd [][]uint64
	for l := range x.Rank() {
		pos, crd = append(pos, x.Pos(l)), append(crd, x.Crd(l))
	}
	vals := make([]T, x.NNZ())
	for i, v := range x.Values() {
		vals[i] = T(v)
	}
	y, err := csf.New(x.Shape(), x.ModeOrder(), pos, crd, vals)
	if err != nil {
		t.Error(err)
		return nil
	}
	fy := make([][]T, len(fx))
	for m := range fx {
		fy[m] = make([]T, len(fx[m]))
		for i, f := range fx[m] {
			fy[m][i] = T(f)
		}
	}
	out := make([]T, int(x.Shape()[1])*r)
	y.MTTKRP(1, fy, r, out)
	return out
}

// TestPooledWorkspaceConcurrent: pooled products of four element types (two
// named) on several goroutines at once, each type's first use racing to
// create its pool; every result equals its type's first. The tensor is
// above the parallel threshold: the calls' parts share the workers.
func TestPooledWorkspaceConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(49, 50))
	x := sparseCSF(t, rng, []uint64{100, 30, 100}, csf.Defaults().MinNNZ+4000, nil)
	if x.NNZ() < csf.Defaults().MinNNZ {
		t.Fatalf("%d entries: below the parallel threshold", x.NNZ())
	}
	const r = 3
	fx := make([][]float64, 3)
	for m, s := range x.Shape() {
		fx[m] = randMat[float64](rng, int(s)*r)
	}
	type outs struct {
		f64 []float64
		n64 []namedF64
		f32 []float32
		n32 []namedF32
	}
	const g = 4
	res := make([][]outs, g)
	var wg sync.WaitGroup
	for k := range g {
		wg.Go(func() {
			for range 5 {
				res[k] = append(res[k], outs{
					pooledMTTKRP[float64](t, x, fx, r), pooledMTTKRP[namedF64](t, x, fx, r),
					pooledMTTKRP[float32](t, x, fx, r), pooledMTTKRP[namedF32](t, x, fx, r),
				})
			}
		})
	}
	wg.Wait()
	want := res[0][0]
	for k := range g {
		for i, o := range res[k] {
			for j := range o.f64 {
				if float64(o.n64[j]) != o.f64[j] || o.f64[j] != want.f64[j] || o.f32[j] != want.f32[j] || float32(o.n32[j]) != o.f32[j] {
					t.Fatalf("goroutine %d, round %d: outputs differ at %d", k, i, j)
				}
			}
		}
	}
}

// TestDroppedWorkspacesLeaveNoGoroutines: workspaces own no goroutines (the
// products run on internal/parallel's shared workers), so making, using
// and dropping many leaves the goroutine count where it was.
func TestDroppedWorkspacesLeaveNoGoroutines(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	x := sparseCSF(t, rng, []uint64{10, 20, 30}, 600, nil)
	const r = 3
	f := make([][]float64, 3)
	for m, s := range x.Shape() {
		f[m] = randMat[float64](rng, int(s)*r)
	}
	out := make([]float64, 20*r)
	use := func() {
		x.MTTKRPWith(csf.NewTunedWorkspace[float64](3, csf.Parallel(1<<24)), 1, f, r, out)
	}
	use() // the shared workers a three-way split needs
	g0 := runtime.NumGoroutine()
	for range 100 {
		use()
	}
	runtime.GC()
	if g1 := runtime.NumGoroutine(); g1 > g0 {
		t.Errorf("100 dropped workspaces: %d goroutines, %d before", g1, g0)
	}
}
