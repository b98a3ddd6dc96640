package bench

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
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
	done := processCPUClock(b)
	for b.Loop() {
		t.MTTKRPWith(ws, mode, f, r, out)
	}
	done()
	sec := b.Elapsed().Seconds() / float64(b.N)
	nnz := float64(t.NNZ())
	b.ReportMetric(nnz/sec, "nnz/s")
	// Nominal flops, as SPLATT and the suite count them: one multiply-add
	// per nonzero and column. The walk also multiplies at the internal
	// nodes (1.5-2.8x this on T3p and T4p), so this understates the
	// arithmetic done; nnz/s is the comparable rate.
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

func benchTTV(b *testing.B, spec CSFSpec, mode int) {
	t := GenCSF(spec, nil)
	n := t.Rank()
	v := RandFactors[float64](t.Shape(), 1, 12)[mode]
	b.ReportAllocs()
	b.ResetTimer()
	done := processCPUClock(b)
	for b.Loop() {
		if n == 3 {
			t.TTVMatrix(mode, v)
		} else {
			t.TTV(mode, v)
		}
	}
	done()
	b.ReportMetric(float64(t.NNZ())/(b.Elapsed().Seconds()/float64(b.N)), "nnz/s")
}

// benchTTVTo is benchTTV with TTVTo / TTVMatrixTo writing into the previous
// result, with one workspace: no fresh pages after the first call.
func benchTTVTo(b *testing.B, spec CSFSpec, mode int) {
	t := GenCSF(spec, nil)
	n := t.Rank()
	v := RandFactors[float64](t.Shape(), 1, 12)[mode]
	ws := csf.NewWorkspace[float64](0)
	var dst *csf.Tensor[float64]
	var dstM *csr.Matrix[float64]
	f := func() {
		if n == 3 {
			dstM = t.TTVMatrixTo(dstM, mode, v, ws)
		} else {
			dst = t.TTVTo(dst, mode, v, ws)
		}
	}
	f()
	b.ReportAllocs()
	b.ResetTimer()
	done := processCPUClock(b)
	for b.Loop() {
		f()
	}
	done()
	b.ReportMetric(float64(t.NNZ())/(b.Elapsed().Seconds()/float64(b.N)), "nnz/s")
}

// BenchmarkTTV: every mode of T3u, T3p, T4p (float64; threads =
// GOMAXPROCS, set with -cpu 1,2): a fresh result per call (the auto path),
// then ("reuse") TTVTo into the previous result with one workspace, per
// kernel path (the leaf mode runs the SpMV kernels, the others the
// run-start kernels of the level build). "warm" is the leaf mode into a
// reused slice (TTVValues).
func BenchmarkTTV(b *testing.B) {
	for _, spec := range []CSFSpec{T3u, T3p, T4p} {
		spec = SmallFromEnv(spec)
		for mode := range spec.Shape {
			b.Run(fmt.Sprintf("%s/mode=%d", spec.Name, mode), func(b *testing.B) { benchTTV(b, spec, mode) })
		}
		for _, path := range tiers() {
			for mode := range spec.Shape {
				b.Run(fmt.Sprintf("%s/reuse/impl=%s/mode=%d", spec.Name, path, mode), func(b *testing.B) {
					withPath(b, path)
					benchTTVTo(b, spec, mode)
				})
			}
		}
		b.Run(fmt.Sprintf("%s/warm/mode=%d", spec.Name, len(spec.Shape)-1), func(b *testing.B) {
			t := GenCSF(spec, nil)
			n := t.Rank()
			mode := n - 1
			v := RandFactors[float64](t.Shape(), 1, 12)[mode]
			dst := make([]float64, len(t.Crd(n-2)))
			b.ReportAllocs()
			b.ResetTimer()
			done := processCPUClock(b)
			for b.Loop() {
				t.TTVValues(dst, mode, v)
			}
			done()
			b.ReportMetric(float64(t.NNZ())/(b.Elapsed().Seconds()/float64(b.N)), "nnz/s")
		})
	}
}

func attnSpec() AttnSpec {
	if os.Getenv("HURRAY_BENCH_SMALL") != "" {
		return Attn.Small()
	}
	return Attn
}

// BenchmarkAttention: SDDMM then the leaf SpMM on the 16-head causal
// sliding-window mask (float32, d = dv = 64, threads from -cpu), next to the
// same kernels on dense in-cache data (peak: 128 key rows, 32 KiB, reused)
// and a dense masked computation that skips nothing (every (i, j) of two
// heads, then the mask, then the SpMM over every j). GFLOP/s counts 2*d per
// entry for each of the two products; ns/head compares the two.
func BenchmarkAttention(b *testing.B) {
	a := attnSpec()
	d := a.D
	for _, path := range tiers() {
		b.Run("sparse/impl="+path, func(b *testing.B) {
			withPath(b, path)
			t := GenAttnMask(a)
			rng := RandFactors[float32]([]uint64{uint64(a.Heads * a.Seq * d), uint64(a.Heads * a.Seq * d), uint64(a.Heads * a.Seq * d)}, 1, 13)
			q, k, v := rng[0], rng[1], rng[2]
			vals := make([]float32, t.NNZ())
			out := make([]float32, a.Heads*a.Seq*d)
			ws := csf.NewWorkspace[float32](0)
			pat := t.SDDMM(q, k, d, 0.125) // a tensor sharing the mask's levels
			_ = pat
			b.ReportAllocs()
			b.ResetTimer()
			done := processCPUClock(b)
			for b.Loop() {
				t.SDDMMWith(ws, vals, q, k, d, 0.125)
				copy(pat.Values(), vals) // the SpMM reads pat's values
				pat.SpMMWith(ws, out, v, d)
			}
			done()
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(4*float64(d)*float64(t.NNZ())/sec/1e9, "GFLOP/s")
			b.ReportMetric(sec*1e9/float64(a.Heads), "ns/head")
		})
		b.Run("peak/impl="+path, func(b *testing.B) {
			withPath(b, path)
			const rows = 128
			f := RandFactors[float32]([]uint64{rows * uint64(d), rows * uint64(d)}, 1, 14)
			q, kr := f[0][:d], f[1]
			idx := make([]uint64, rows)
			ptr := []uint64{0, rows}
			for i := range idx {
				idx[i] = uint64(i)
			}
			dst := make([]float32, rows)
			orow := make([]float32, d)
			ones := make([]float32, d)
			for i := range ones {
				ones[i] = 1
			}
			b.ResetTimer()
			for b.Loop() {
				for range 64 {
					kernels.DotRows(dst, q, kr, idx, 0.125)
					kernels.GatherHadamard(kernels.GatherRows, orow, ones, nil, ptr, dst, idx, kr, d)
				}
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(64*4*float64(d)*rows/sec/1e9, "GFLOP/s")
		})
		b.Run("densemasked/impl="+path, func(b *testing.B) {
			withPath(b, path)
			const heads = 2
			s := a.Seq
			f := RandFactors[float32]([]uint64{uint64(heads * s * d), uint64(heads * s * d), uint64(heads * s * d)}, 1, 15)
			q, k, v := f[0], f[1], f[2]
			idx := make([]uint64, s)
			ptr := []uint64{0, uint64(s)}
			for i := range idx {
				idx[i] = uint64(i)
			}
			w := make([]float32, s)
			out := make([]float32, heads*s*d)
			ones := make([]float32, d)
			for i := range ones {
				ones[i] = 1
			}
			b.ResetTimer()
			for b.Loop() {
				clear(out)
				for h := range heads {
					kh, vh := k[h*s*d:(h+1)*s*d], v[h*s*d:(h+1)*s*d]
					for i := range s {
						kernels.DotRows(w, q[(h*s+i)*d:][:d], kh, idx, 0.125)
						for j := range w {
							if j > i || j <= i-a.Window {
								w[j] = 0
							}
						}
						kernels.GatherHadamard(kernels.GatherRows, out[(h*s+i)*d:][:d], ones, nil, ptr, w, idx, vh, d)
					}
				}
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(heads*4*float64(d)*float64(s)*float64(s)/sec/1e9, "GFLOP/s")
			b.ReportMetric(sec*1e9/heads, "ns/head")
		})
	}
}

// BenchmarkCSFAll: iterating every entry of T3p with All (float64), the
// loop body a sum.
func BenchmarkCSFAll(b *testing.B) {
	t := GenCSF(SmallFromEnv(T3p), nil)
	b.ReportAllocs()
	b.ResetTimer()
	var s float64
	for b.Loop() {
		for _, v := range t.All() {
			s += v
		}
	}
	allSink = s
	b.ReportMetric(float64(t.NNZ())/(b.Elapsed().Seconds()/float64(b.N)), "nnz/s")
}

var allSink float64
