//go:build race

package engine

import (
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// The race detector sees no load or store of the assembly: it learns of
// them only from the glue's annotations (asmPieces' race functions). These
// tests check that the annotations are there on every assembly path: a
// child process runs a kernel while another goroutine writes one element
// that only the assembly reads or writes, and the detector must report the
// race. In a control run the writer finishes before the kernel starts (a
// happens-before edge), and the child must pass.

// raceChildEnv names the case a child process runs: family/tier/mode.
const raceChildEnv = "HURRAY_RACE_CHILD"

// raceCase is one family's kernel on inputs where element touch of some
// operand is accessed by the assembly only (not by Go code in the glue).
type raceCase struct {
	name string
	has  func(t tier) bool
	// setup returns the kernel call of tier t and the racing write.
	setup func(t tier) (kernel, touch func())
}

// iota64 returns 0, 1, ..., n-1.
func iota64(n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = uint64(i)
	}
	return s
}

// runsOf returns the pos of runs of length w covering n elements.
func runsOf(n, w int) []uint64 {
	pos := []uint64{0}
	for e := w; e < n; e += w {
		pos = append(pos, uint64(e))
	}
	return append(pos, uint64(n))
}

// raceCSR is a matrix of 64 rows, each with the columns i%8 and 8+i%8 of
// 16: every column is named by rows the assembly handles.
func raceCSR() (ptr, idx []uint64, vals []float64) {
	ptr = []uint64{0}
	for i := range 64 {
		idx = append(idx, uint64(i%8), uint64(8+i%8))
		vals = append(vals, 1, 2)
		ptr = append(ptr, uint64(len(idx)))
	}
	return ptr, idx, vals
}

// raceShortCSR is a matrix of 64 rows of one entry each (the SpMV1 shape).
func raceShortCSR() (ptr, idx []uint64, vals []float64) {
	ptr = []uint64{0}
	for i := range 64 {
		idx = append(idx, uint64(i%16))
		vals = append(vals, 1)
		ptr = append(ptr, uint64(len(idx)))
	}
	return ptr, idx, vals
}

// raceHadamardLevel is a level of nodes nodes with per leaves each, the
// leaves naming the rows j%16 of a 16-row operand: every row is named by
// leaves the assembly handles.
func raceHadamardLevel(nodes, per int) (ptr, idx []uint64, vals []float64) {
	n := nodes * per
	idx, vals = make([]uint64, n), make([]float64, n)
	for j := range idx {
		idx[j], vals[j] = uint64(j%16), 1
	}
	return runsOf(n, per), idx, vals
}

// raceHadamardTree is two levels under 16 nodes: 4 children each, naming
// the rows e%16 of a 16-row operand, and 2 leaves per child
// (raceHadamardLevel).
func raceHadamardTree() (ptr, crd, lptr, idx []uint64, vals []float64) {
	lptr, idx, vals = raceHadamardLevel(64, 2)
	crd = make([]uint64, 64)
	for e := range crd {
		crd[e] = uint64(e % 16)
	}
	return runsOf(64, 4), crd, lptr, idx, vals
}

// racePush2 is the setup of a PushHadamard2 case in mode: the race is on
// a row of out, which the leaves name in PushLeaves and the children in
// PushChildren.
func racePush2(mode PushMode) func(t tier) (func(), func()) {
	return func(t tier) (func(), func()) {
		ptr, crd, lptr, idx, vals := raceHadamardTree()
		out, above, y, f := make([]float64, 16*4), make([]float64, 4), make([]float64, 16*4), make([]float64, 16*4)
		return func() {
			pushHadamard2F64.impls[t](out, above, y, iota64(16), ptr, crd, lptr, vals, idx, f, 4, int(mode), 0)
		}, func() { out[7*4+1] = 1 }
	}
}

var raceCases = []raceCase{
	{"lowerbound", lowerBound.implements, func(t tier) (func(), func()) {
		s := iota64(1000)
		return func() { lowerBound.impls[t](s, 500) }, func() { s[5] = 5 }
	}},
	{"descendlevel", descendLevel.implements, func(t tier) (func(), func()) {
		pos, crd := []uint64{0, 1000}, iota64(1000)
		node, coords := make([]int, 64), make([]uint64, 2*64)
		for q := range 64 {
			coords[2*q+1] = uint64(q)
		}
		return func() { descendLevel.impls[t](node, pos, crd, coords, 2, 1) }, func() { coords[2*5+1] = 5 }
	}},
	{"nondecreasing", nonDecreasing.implements, func(t tier) (func(), func()) {
		s := iota64(1000)
		return func() { nonDecreasing.impls[t](s) }, func() { s[5] = 5 }
	}},
	{"strictlyincreasing", strictlyIncreasing.implements, func(t tier) (func(), func()) {
		pos, crd := []uint64{0, 1000}, iota64(1000)
		return func() { strictlyIncreasing.impls[t](pos, crd, 1<<40) }, func() { crd[5] = 5 }
	}},
	{"firstnotbelow", firstNotBelow.implements, func(t tier) (func(), func()) {
		s := make([]uint64, 1000)
		return func() { firstNotBelow.impls[t](s, []uint64{1}) }, func() { s[5] = 0 }
	}},
	{"firstnotbelow.cyclic", firstNotBelow.implements, func(t tier) (func(), func()) {
		s := make([]uint64, 1000)
		return func() { firstNotBelow.impls[t](s, []uint64{1, 2, 3}) }, func() { s[5] = 0 }
	}},
	{"max", maxU64.implements, func(t tier) (func(), func()) {
		s := iota64(1000)
		return func() { maxU64.impls[t](s) }, func() { s[5] = 5 }
	}},
	{"expandpos", expandPos.implements, func(t tier) (func(), func()) {
		dst, pos := make([]uint64, 1000), runsOf(1000, 10)
		return func() { expandPos.impls[t](dst, pos) }, func() { dst[5] = 0 }
	}},
	{"expandruns", expandRuns.implements, func(t tier) (func(), func()) {
		dst, ptr := make([]uint64, 1000), runsOf(1000, 10)
		vals := iota64(len(ptr) - 1)
		return func() { expandRuns.impls[t](dst, 1, 0, ptr, vals) }, func() { dst[5] = 0 }
	}},
	{"expandruns.strided", expandRuns.implements, func(t tier) (func(), func()) {
		dst, ptr := make([]uint64, 3000), runsOf(1000, 10)
		vals := iota64(len(ptr) - 1)
		return func() { expandRuns.impls[t](dst, 3, 1, ptr, vals) }, func() { dst[3*5+1] = 0 }
	}},
	{"exclusivescan", exclusiveScan.implements, func(t tier) (func(), func()) {
		dst, src := make([]uint64, 1000), iota64(1000)
		return func() { exclusiveScan.impls[t](dst, src) }, func() { src[5] = 5 }
	}},
	{"countstarts", countStarts.implements, func(t tier) (func(), func()) {
		keys := iota64(1000)
		return func() { countStarts.impls[t](keys, 0) }, func() { keys[5] = 5 }
	}},
	{"compressstarts", compressStarts.implements, func(t tier) (func(), func()) {
		keys, crd, pos := iota64(1000), make([]uint64, 1000), make([]uint64, 1000)
		return func() { compressStarts.impls[t](crd, pos, keys, 0, 0, 1<<20-1, 0) }, func() { crd[5] = 0 }
	}},
	{"spmv.f64", spmvF64.implements, func(t tier) (func(), func()) {
		ptr, idx, vals := raceCSR()
		x, y := make([]float64, 16), make([]float64, 64)
		return func() { spmvF64.impls[t](y, x, ptr, idx, vals, 1, 0) }, func() { x[7] = 1 }
	}},
	{"spmv1.f64", spmv1F64.implements, func(t tier) (func(), func()) {
		ptr, idx, vals := raceShortCSR()
		x, y := make([]float64, 16), make([]float64, 64)
		return func() { spmv1F64.impls[t](y, x, ptr, idx, vals, 1, 0) }, func() { x[7] = 1 }
	}},
	{"scatteradd.f64", scatterAddF64.implements, func(t tier) (func(), func()) {
		ptr, idx, vals := raceCSR()
		x, y := make([]float64, 64), make([]float64, 16)
		return func() { scatterAddF64.impls[t](y, x, ptr, idx, vals, 1) }, func() { y[7] = 1 }
	}},
	{"spmm.f64", spmmF64.implements, func(t tier) (func(), func()) {
		ptr, idx, vals := raceCSR()
		x, y := make([]float64, 16*4), make([]float64, 64*4)
		return func() { spmmF64.impls[t](&spmmTune, 64, len(idx), y, 4, x, 4, 4, ptr, idx, vals, 1, 0) }, func() { x[7*4+1] = 1 }
	}},
	{"spmmscatter.f64", spmmScatterF64.implements, func(t tier) (func(), func()) {
		ptr, idx, vals := raceCSR()
		x, y := make([]float64, 64*4), make([]float64, 16*4)
		return func() { spmmScatterF64.impls[t](&spmmTune, y, 4, x, 4, 4, ptr, idx, vals, 1) }, func() { y[7*4+1] = 1 }
	}},
	{"dotrows.f64", dotRowsF64.implements, func(t tier) (func(), func()) {
		q, k, dst, idx := make([]float64, 4), make([]float64, 16*4), make([]float64, 64), make([]uint64, 64)
		for i := range idx {
			idx[i] = uint64(i % 16)
		}
		return func() { dotRowsF64.impls[t](dst, q, k, idx, 1) }, func() { k[7*4+1] = 1 }
	}},
	{"gatherhadamard.f64", gatherHadamardF64.implements, func(t tier) (func(), func()) {
		ptr, idx, vals := raceHadamardLevel(64, 2)
		out, y, x := make([]float64, 64*4), make([]float64, 4), make([]float64, 16*4)
		return func() {
			gatherHadamardF64.impls[t](out, y, iota64(64), make([]uint64, 64), ptr, vals, idx, x, 4, 4, 0, 0)
		}, func() { x[7*4+1] = 1 }
	}},
	{"gatherhadamard2.f64", gatherHadamard2F64.implements, func(t tier) (func(), func()) {
		ptr, crd, lptr, idx, vals := raceHadamardTree()
		out, y, z, x := make([]float64, 16*4), make([]float64, 4), make([]float64, 16*4), make([]float64, 16*4)
		return func() {
			gatherHadamard2F64.impls[t](out, y, iota64(16), make([]uint64, 16), ptr, crd, z, lptr, vals, idx, x, 4, 4, 0, 0, 0)
		}, func() { x[7*4+1] = 1 }
	}},
	{"scatterhadamard.f64", scatterHadamardF64.implements, func(t tier) (func(), func()) {
		ptr, idx, vals := raceHadamardLevel(64, 2)
		out, base, y := make([]float64, 16*4), make([]float64, 64*4), make([]float64, 64*4)
		return func() {
			scatterHadamardF64.impls[t](out, base, y, iota64(64), iota64(64), ptr, vals, idx, 4, 4)
		}, func() { out[7*4+1] = 1 }
	}},
	{"pushhadamard2.leaves.f64", pushHadamard2F64.implements, racePush2(PushLeaves)},
	{"pushhadamard2.children.f64", pushHadamard2F64.implements, racePush2(PushChildren)},
}

func TestAsmRaceAnnotated(t *testing.T) {
	if c := os.Getenv(raceChildEnv); c != "" {
		raceChild(t, c)
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test binary to run:", err)
	}
	ran := false
	for _, c := range raceCases {
		for tr := tierNEON; tr < numTiers; tr++ {
			if !c.has(tr) {
				continue
			}
			ran = true
			t.Run(c.name+"/impl="+tr.String(), func(t *testing.T) {
				for _, mode := range []string{"race", "ordered"} {
					cmd := exec.Command(exe, "-test.run=^TestAsmRaceAnnotated$", "-test.count=1")
					cmd.Env = append(childEnv(), raceChildEnv+"="+c.name+"/"+tr.String()+"/"+mode)
					out, err := cmd.CombinedOutput()
					reported := strings.Contains(string(out), "WARNING: DATA RACE")
					switch {
					case mode == "race" && !reported:
						t.Errorf("the race on a write to what the assembly accesses was not reported (err %v):\n%s", err, out)
					case mode == "ordered" && (reported || err != nil):
						t.Errorf("the ordered run failed (err %v):\n%s", err, out)
					}
				}
			})
		}
	}
	if !ran {
		t.Skip("no assembly path on this CPU and build")
	}
}

// childEnv is the environment without HURRAY_TEST_REQUIRE (the child runs
// no differential test) and without a case of its own.
func childEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HURRAY_TEST_REQUIRE=") && !strings.HasPrefix(kv, raceChildEnv+"=") {
			env = append(env, kv)
		}
	}
	return env
}

// raceChild runs case family/tier/mode: the kernel and the write in two
// goroutines, ordered (the write first) or not.
func raceChild(t *testing.T, spec string) {
	parts := strings.Split(spec, "/")
	if len(parts) != 3 {
		t.Fatalf("bad %s=%q", raceChildEnv, spec)
	}
	tr, ok := parseTier(parts[1])
	if !ok {
		t.Fatalf("bad tier in %q", spec)
	}
	for _, c := range raceCases {
		if c.name != parts[0] {
			continue
		}
		kernel, touch := c.setup(tr)
		var wg sync.WaitGroup
		wg.Go(touch)
		if parts[2] == "ordered" {
			wg.Wait()
		}
		kernel()
		wg.Wait()
		return
	}
	t.Fatalf("no case %q", parts[0])
}
