package bench

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/csf"
)

// TestDumpForSciPy writes the generated matrices for bench/scipy_spmv.py
// when HURRAY_DUMP names a directory: <name>.ptr and <name>.idx (int64),
// <name>.vals (float64), little-endian, and <name>.shape ("rows cols").
func TestDumpForSciPy(t *testing.T) {
	dir := os.Getenv("HURRAY_DUMP")
	if dir == "" {
		t.Skip("set HURRAY_DUMP=dir to write the matrices for scipy_spmv.py")
	}
	for _, p := range []*Pattern{M2(), M4(), M1()} {
		write := func(ext string, n int, put func(b []byte, i int)) {
			b := make([]byte, 8*n)
			for i := range n {
				put(b[8*i:], i)
			}
			if err := os.WriteFile(filepath.Join(dir, p.Name+ext), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(".ptr", len(p.Ptr), func(b []byte, i int) { binary.LittleEndian.PutUint64(b, p.Ptr[i]) })
		write(".idx", len(p.Idx), func(b []byte, i int) { binary.LittleEndian.PutUint64(b, p.Idx[i]) })
		write(".vals", len(p.Vals), func(b []byte, i int) {
			binary.LittleEndian.PutUint64(b, math.Float64bits(p.Vals[i]))
		})
		if err := os.WriteFile(filepath.Join(dir, p.Name+".shape"), fmt.Appendf(nil, "%d %d\n", p.Rows, p.Cols), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDumpCSFForPeers writes, when HURRAY_DUMP_CSF names a directory, the
// inputs of bench/peers/csf_root.c, a C root-mode MTTKRP in SPLATT's manner
// (one tree per mode, every mode a root traversal): for each tensor <name>
// of T3u, T3p and T4p (HURRAY_DUMP_CSF_TENSORS=T3u,... picks some) and each
// mode m, <name>.m<m>.csf, the tensor reordered with m at the root and the
// other modes below it shortest first (SPLATT's "all" trees); <name>.R<R>.fac,
// the factors of BenchmarkMTTKRP (RandFactors seed 11, every mode's rows in
// turn) for R = 16 and 32; and <name>.R<R>.m<m>.out, this library's MTTKRP
// of mode m on the identity-order tree (the one BenchmarkMTTKRP times) with
// those factors, for the C program to check its result against. All
// little-endian; a .csf file is rank, nnz, mode_order, shape, then per
// level len(pos), pos, len(crd), crd (uint64), then the nnz float64 values.
func TestDumpCSFForPeers(t *testing.T) {
	dir := os.Getenv("HURRAY_DUMP_CSF")
	if dir == "" {
		t.Skip("set HURRAY_DUMP_CSF=dir to write the tensors for bench/peers/csf_root.c")
	}
	want := os.Getenv("HURRAY_DUMP_CSF_TENSORS")
	for _, spec := range []CSFSpec{T3u, T3p, T4p} {
		spec = SmallFromEnv(spec)
		if want == "" || slices.Contains(strings.Split(want, ","), strings.TrimSuffix(spec.Name, "-small")) {
			dumpPeerCSF(t, dir, spec, []int{16, 32})
		}
	}
}

// dumpPeerCSF writes the csf_root.c inputs of one tensor for the given
// ranks (TestDumpCSFForPeers).
func dumpPeerCSF(t *testing.T, dir string, spec CSFSpec, ranks []int) {
	x := GenCSF(spec, nil)
	shape := x.Shape()
	for m := range shape {
		y, err := convert.Reorder(x, peerOrder(shape, m))
		if err != nil {
			t.Fatal(err)
		}
		writeU64s(t, filepath.Join(dir, fmt.Sprintf("%s.m%d.csf", spec.Name, m)), csfWords(y), y.Values())
	}
	for _, r := range ranks {
		f := RandFactors[float64](shape, r, 11)
		writeU64s(t, filepath.Join(dir, fmt.Sprintf("%s.R%d.fac", spec.Name, r)), nil, slices.Concat(f...))
		for m := range shape {
			out := make([]float64, int(shape[m])*r)
			x.MTTKRP(m, f, r, out)
			writeU64s(t, filepath.Join(dir, fmt.Sprintf("%s.R%d.m%d.out", spec.Name, r, m)), nil, out)
		}
	}
}

// TestCSFRootPeer builds bench/peers/csf_root.c, when a C compiler with
// OpenMP is installed, and runs it on small tensors of rank 3 and 4 (R = 16
// and 5, one and two threads): it must agree with this library's MTTKRP on
// every mode, or the peer benchmark compares different work.
func TestCSFRootPeer(t *testing.T) {
	cc := cmp.Or(os.Getenv("CC"), "gcc")
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("no C compiler (%s): %v", cc, err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "csf_root")
	if out, err := exec.Command(cc, "-O2", "-fopenmp", "peers/csf_root.c", "-o", bin, "-lm").CombinedOutput(); err != nil {
		t.Skipf("%s cannot build csf_root.c with OpenMP: %v\n%s", cc, err, out)
	}
	specs := []CSFSpec{
		{Name: "p3", Shape: []uint64{60, 45, 30}, NNZ: 3000, Skew: 1, Seed: 21},
		{Name: "p4", Shape: []uint64{25, 40, 9, 12}, NNZ: 4000, Skew: 0.5, Seed: 22},
	}
	for _, spec := range specs {
		dumpPeerCSF(t, dir, spec, []int{16, 5})
		for m := range spec.Shape {
			for _, r := range []string{"16", "5"} {
				for _, th := range []string{"1", "2"} {
					out, err := exec.Command(bin, dir, spec.Name, fmt.Sprint(m), r, th, "3").CombinedOutput()
					if err != nil {
						t.Errorf("csf_root %s mode %d R %s threads %s: %v\n%s", spec.Name, m, r, th, err, out)
					}
				}
			}
		}
	}
}

// peerOrder is SPLATT's mode order for the tree of mode m: m at the root,
// then the other modes by increasing length (ties by mode number).
func peerOrder(shape []uint64, m int) []uint32 {
	mo := []uint32{uint32(m)}
	for i := range shape {
		if i != m {
			mo = append(mo, uint32(i))
		}
	}
	slices.SortStableFunc(mo[1:], func(a, b uint32) int { return cmp.Compare(shape[a], shape[b]) })
	return mo
}

// csfWords is the header and levels of a .csf file (TestDumpCSFForPeers).
func csfWords(y *csf.Tensor[float64]) []uint64 {
	w := []uint64{uint64(y.Rank()), uint64(y.NNZ())}
	for _, m := range y.ModeOrder() {
		w = append(w, uint64(m))
	}
	w = append(w, y.Shape()...)
	for L := range y.Rank() {
		w = append(w, uint64(len(y.Pos(L))))
		w = append(w, y.Pos(L)...)
		w = append(w, uint64(len(y.Crd(L))))
		w = append(w, y.Crd(L)...)
	}
	return w
}

// writeU64s writes words then floats, little-endian, to path.
func writeU64s(t *testing.T, path string, words []uint64, floats []float64) {
	b := make([]byte, 0, 8*(len(words)+len(floats)))
	for _, w := range words {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	for _, f := range floats {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
