package bench

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/kernels"
)

func TestGenCSF(t *testing.T) {
	s := CSFSpec{Name: "tiny", Shape: []uint64{50, 40, 30}, NNZ: 2000, Skew: 1, Seed: 9}
	a := GenCSF(s, nil)
	b := GenCSF(s, []uint32{2, 0, 1})
	if a.NNZ() != b.NNZ() || a.NNZ() < 1500 {
		t.Fatalf("nnz %d and %d", a.NNZ(), b.NNZ())
	}
	for c, v := range b.All() {
		if a.At(c...) != 0 && v == 0 {
			t.Fatalf("entry %v missing", c)
		}
	}
	keys := []uint64{5, 1 << 40, 3, 1<<63 + 7, 3, 0}
	radixSort(keys)
	if !slices.IsSorted(keys) {
		t.Fatalf("radixSort: %v", keys)
	}
}

// tiers lists the kernel paths to benchmark: generic, every complete
// assembly path, and "auto" (each family's best, which is the assembly of the
// product kernels even while other families lack it).
func tiers() []string {
	out := []string{"generic"}
	for _, p := range kernels.Available() {
		if p != "ref" && p != "generic" {
			out = append(out, p)
		}
	}
	return append(out, "auto")
}

func withPath(b *testing.B, path string) {
	if err := kernels.Use(path); err != nil {
		b.Skip(err)
	}
	b.Cleanup(func() { kernels.Use("") })
}

func benchMTTKRP[T csf.Float](b *testing.B, t *csf.Tensor[T], mode, r, threads int) {
	f := RandFactors[T](t.Shape(), r, 11)
	out := make([]T, int(t.Shape()[mode])*r)
	ws := csf.NewWorkspace[T](threads)
	t.MTTKRPWith(ws, mode, f, r, out)
	b.ReportAllocs()
	b.ResetTimer()
	done := cpuClock(b)
	for b.Loop() {
		t.MTTKRPWith(ws, mode, f, r, out)
	}
	done()
	sec := b.Elapsed().Seconds() / float64(b.N)
	nnz := float64(t.NNZ())
	b.ReportMetric(nnz/sec, "nnz/s")
	// Flops: the leaf multiply-add per nonzero and column, plus one
	// multiply-add per column per internal node (a lower bound).
	b.ReportMetric(2*nnz*float64(r)/sec/1e9, "GFLOP/s")
}

// BenchmarkMTTKRP: every mode of T3u, T3p and T4p at R = 16 and 32, float64
// and float32, 1 and 2 threads, per kernel path.
func BenchmarkMTTKRP(b *testing.B) {
	for _, spec := range []CSFSpec{T3u, T3p, T4p} {
		spec = SmallFromEnv(spec)
		for _, path := range tiers() {
			for _, typ := range []string{"f64", "f32"} {
				for _, r := range []int{16, 32} {
					for _, threads := range []int{1, 2} {
						for mode := range spec.Shape {
							name := fmt.Sprintf("%s/impl=%s/%s/R=%d/threads=%d/mode=%d", spec.Name, path, typ, r, threads, mode)
							b.Run(name, func(b *testing.B) {
								if threads > runtime.GOMAXPROCS(0) {
									b.Skip("GOMAXPROCS too small")
								}
								withPath(b, path)
								if typ == "f64" {
									benchMTTKRP(b, GenCSF(spec, nil), mode, r, threads)
								} else {
									benchMTTKRP(b, GenCSF32(spec, nil), mode, r, threads)
								}
							})
						}
					}
				}
			}
		}
	}
}
