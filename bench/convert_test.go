package bench

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
)

// Benchmarks of package convert. Names: Convert<What>/in=<input>/order=
// shuffled|sorted/[mo=identity|reversed/]threads=<n>/mem=warm|cold. warm
// reuses dst and a Workspace (the steady state); cold allocates the result
// (and scratch) every call. b.SetBytes is the bytes of the input read plus
// the bytes of the output written (formulas beside each); scratch traffic
// is not counted, so MB/s compares with BenchmarkTriad as "useful
// bytes per second".

var convThreads = []int{1, 2}

// convDerived caches the structures built from the generated inputs.
var convDerived struct {
	sync.Mutex
	m map[string]any
}

func convMemo[V any](key string, f func() V) V {
	convDerived.Lock()
	if convDerived.m == nil {
		convDerived.m = map[string]any{}
	}
	v, ok := convDerived.m[key]
	convDerived.Unlock()
	if ok {
		return v.(V)
	}
	// Benchmarks run one at a time: building outside the lock (f may call
	// convMemo itself) can at worst build twice.
	nv := f()
	convDerived.Lock()
	convDerived.m[key] = nv
	convDerived.Unlock()
	return nv
}

// convMatrixCOO returns input name as COO, shuffled or sorted row-major
// (sorted is the deduplicated matrix: its CSR expanded).
func convMatrixCOO(name string, sorted bool) *coo.Tensor[float64] {
	return convMemo(fmt.Sprint("mcoo", name, sorted), func() *coo.Tensor[float64] {
		x := convGet(name).COO()
		if !sorted {
			return x
		}
		a, err := convert.COOToCSR(x)
		if err != nil {
			panic(err)
		}
		return convert.MatrixToCOO(a)
	})
}

func convMatrixCSR(name string) *csr.Matrix[float64] {
	return convMemo("csr"+name, func() *csr.Matrix[float64] {
		a, err := convert.COOToCSR(convMatrixCOO(name, false))
		if err != nil {
			panic(err)
		}
		return a
	})
}

func convModeOrder(r int, reversed bool) []uint32 {
	mo := make([]uint32, r)
	for i := range mo {
		mo[i] = uint32(i)
		if reversed {
			mo[i] = uint32(r - 1 - i)
		}
	}
	return mo
}

// convTensorCSF returns input name as CSF in the given mode order.
func convTensorCSF(name string, reversed bool) *csf.Tensor[float64] {
	return convMemo(fmt.Sprint("csf", name, reversed), func() *csf.Tensor[float64] {
		in := convGet(name)
		y, err := convert.COOToCSF(in.COO(), convModeOrder(len(in.Shape), reversed))
		if err != nil {
			panic(err)
		}
		return y
	})
}

// convTensorCOO returns input name as COO, shuffled or sorted in the level
// order (sorted is the deduplicated tensor: its CSF expanded).
func convTensorCOO(name string, sorted, reversed bool) *coo.Tensor[float64] {
	return convMemo(fmt.Sprint("tcoo", name, sorted, reversed), func() *coo.Tensor[float64] {
		if !sorted {
			return convGet(name).COO()
		}
		return convert.CSFToCOO(convTensorCSF(name, reversed))
	})
}

func csfBytes(y *csf.Tensor[float64]) int64 {
	s := int64(8 * y.NNZ())
	for L := range y.Rank() {
		s += int64(8 * (len(y.Pos(L)) + len(y.Crd(L))))
	}
	return s
}

func csrBytes(a *csr.Matrix[float64]) int64 {
	return int64(8 * (len(a.Ptr()) + len(a.Idx()) + len(a.Values())))
}

func cooBytes(x *coo.Tensor[float64]) int64 {
	return int64(8 * (len(x.Coords()) + len(x.Values())))
}

// convLoop times f, after one untimed warm-up call that sizes dst and the
// workspace.
func convLoop(b *testing.B, threads int, bytes int64, nnz int, f func()) {
	b.SetBytes(bytes)
	b.ReportAllocs()
	f()
	TriadBytesPerSec(threads)
	b.ResetTimer()
	c0 := processCPU().Seconds()
	for range b.N {
		f()
	}
	b.StopTimer()
	b.ReportMetric(float64(nnz)*float64(b.N)/b.Elapsed().Seconds(), "nnz/s")
	// CPU seconds of the whole process per op: on a shared machine the
	// wall time includes waiting for a core, this does not.
	b.ReportMetric((processCPU().Seconds()-c0)/float64(b.N), "cpu-s/op")
	reportTriad(b, bytes, threads)
}

// convMems lists the memory modes of a case: cold (fresh result and
// scratch every call) only for the headline cases, to keep runs short on
// the shared 2-core machines.
func convMems(threads int, order string, headline bool) []string {
	if threads == 2 && order == "shuffled" && headline {
		return []string{"warm", "cold"}
	}
	return []string{"warm"}
}

func BenchmarkConvertCOOToCSR(b *testing.B) {
	for _, name := range []string{"M1", "M2", "M3", "M4"} {
		for _, order := range []string{"shuffled", "sorted"} {
			for _, th := range convThreads {
				for _, mem := range convMems(th, order, name == "M1") {
					b.Run(fmt.Sprintf("in=%s/order=%s/threads=%d/mem=%s", name, order, th, mem), func(b *testing.B) {
						x := convMatrixCOO(name, order == "sorted")
						opts := convert.Options{Workers: th}
						ws := new(convert.Workspace)
						var dst *csr.Matrix[float64]
						var err error
						f := func() {
							if mem == "warm" {
								dst, err = convert.COOToCSRTo(dst, x, ws, opts)
							} else {
								dst, err = convert.COOToCSRWith(x, opts)
							}
							if err != nil {
								b.Fatal(err)
							}
						}
						f()
						// read COO (coords + values), write CSR
						convLoop(b, th, cooBytes(x)+csrBytes(dst), x.NNZ(), f)
					})
				}
			}
		}
	}
}

func BenchmarkConvertCSRToCSC(b *testing.B) {
	for _, name := range []string{"M1", "M2", "M3", "M4"} {
		for _, th := range convThreads {
			for _, mem := range convMems(th, "shuffled", name == "M1") {
				b.Run(fmt.Sprintf("in=%s/threads=%d/mem=%s", name, th, mem), func(b *testing.B) {
					a := convMatrixCSR(name)
					opts := convert.Options{Workers: th}
					ws := new(convert.Workspace)
					var dst *csr.Matrix[float64]
					f := func() {
						if mem == "warm" {
							dst = convert.TransposeTo(dst, a, ws, opts)
						} else {
							dst = convert.TransposeTo(nil, a, nil, opts)
						}
					}
					f()
					// read CSR, write CSC (whose pointer has cols+1 entries)
					convLoop(b, th, csrBytes(a)+csrBytes(dst), a.NNZ(), f)
				})
			}
		}
	}
}

var convTensors = []string{"T3u", "T3p", "T4p"}

func BenchmarkConvertCOOToCSF(b *testing.B) {
	for _, name := range convTensors {
		for _, order := range []string{"shuffled", "sorted"} {
			for _, mo := range []string{"identity", "reversed"} {
				for _, th := range convThreads {
					for _, mem := range convMems(th, order, name == "T3u" && mo == "identity") {
						b.Run(fmt.Sprintf("in=%s/order=%s/mo=%s/threads=%d/mem=%s", name, order, mo, th, mem), func(b *testing.B) {
							x := convTensorCOO(name, order == "sorted", mo == "reversed")
							modeOrder := convModeOrder(x.Rank(), mo == "reversed")
							opts := convert.Options{Workers: th}
							ws := new(convert.Workspace)
							var dst *csf.Tensor[float64]
							var err error
							f := func() {
								if mem == "warm" {
									dst, err = convert.COOToCSFTo(dst, x, modeOrder, ws, opts)
								} else {
									dst, err = convert.COOToCSFWith(x, modeOrder, opts)
								}
								if err != nil {
									b.Fatal(err)
								}
							}
							f()
							// read COO, write CSF
							convLoop(b, th, cooBytes(x)+csfBytes(dst), x.NNZ(), f)
						})
					}
				}
			}
		}
	}
}

func BenchmarkConvertCSFToCOO(b *testing.B) {
	for _, name := range convTensors {
		for _, mo := range []string{"identity", "reversed"} {
			for _, th := range convThreads {
				b.Run(fmt.Sprintf("in=%s/mo=%s/threads=%d/mem=warm", name, mo, th), func(b *testing.B) {
					y := convTensorCSF(name, mo == "reversed")
					opts := convert.Options{Workers: th}
					ws := new(convert.Workspace)
					var dst *coo.Tensor[float64]
					f := func() { dst = convert.CSFToCOOTo(dst, y, ws, opts) }
					f()
					// read CSF, write COO
					convLoop(b, th, csfBytes(y)+cooBytes(dst), y.NNZ(), f)
				})
			}
		}
	}
}

func BenchmarkConvertReorder(b *testing.B) {
	for _, name := range convTensors {
		for _, to := range []string{"reversed", "swap-last-two"} {
			for _, th := range convThreads {
				b.Run(fmt.Sprintf("in=%s/mo=identity-to-%s/threads=%d/mem=warm", name, to, th), func(b *testing.B) {
					y := convTensorCSF(name, false)
					mo := convModeOrder(y.Rank(), to == "reversed")
					if to == "swap-last-two" {
						// The upper levels stay: only each subtree's leaves
						// are sorted again.
						r := len(mo)
						mo[r-2], mo[r-1] = mo[r-1], mo[r-2]
					}
					opts := convert.Options{Workers: th}
					ws := new(convert.Workspace)
					var dst *csf.Tensor[float64]
					var err error
					f := func() {
						dst, err = convert.ReorderTo(dst, y, mo, ws, opts)
						if err != nil {
							b.Fatal(err)
						}
					}
					f()
					// read CSF, write CSF
					convLoop(b, th, csfBytes(y)+csfBytes(dst), y.NNZ(), f)
				})
			}
		}
	}
}

// TestConvertDumpForSciPy writes the shuffled M1 to M4 inputs as raw
// little-endian arrays (rows int64, cols int64, vals float64, shape.txt) to
// $HURRAY_SCIPY_DUMP/<name>/ for bench/scipy_convert.py. Skipped unless the
// variable is set.
func TestConvertDumpForSciPy(t *testing.T) {
	dir := os.Getenv("HURRAY_SCIPY_DUMP")
	if dir == "" {
		t.Skip("HURRAY_SCIPY_DUMP not set")
	}
	for _, name := range []string{"M1", "M2", "M3", "M4"} {
		in := convGet(name)
		d := filepath.Join(dir, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		n := in.NNZ()
		rows, cols, vals := make([]byte, 8*n), make([]byte, 8*n), make([]byte, 8*n)
		for i := range n {
			binary.LittleEndian.PutUint64(rows[8*i:], in.Coords[2*i])
			binary.LittleEndian.PutUint64(cols[8*i:], in.Coords[2*i+1])
			binary.LittleEndian.PutUint64(vals[8*i:], math.Float64bits(in.Vals[i]))
		}
		for f, b := range map[string][]byte{"rows.bin": rows, "cols.bin": cols, "vals.bin": vals,
			"shape.txt": fmt.Appendf(nil, "%d %d %d\n", in.Shape[0], in.Shape[1], n)} {
			if err := os.WriteFile(filepath.Join(d, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
