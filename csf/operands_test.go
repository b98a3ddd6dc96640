package csf_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/csf"
	densesize "github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

// chain returns a valid tensor of the given shape holding one entry, at
// coord, with value 5.
func chain(t *testing.T, shape, coord []uint64) *csf.Tensor[float64] {
	t.Helper()
	n := len(shape)
	mo := make([]uint32, n)
	for L := range mo {
		mo[L] = uint32(L)
	}
	pos := make([][]uint64, n)
	crd := make([][]uint64, n)
	for L := range n {
		pos[L] = []uint64{0, 1}
		crd[L] = []uint64{coord[L]}
	}
	x, err := csf.New(shape, mo, pos, crd, []float64{5})
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestOperandSizesOverflow: a dimension near 2^62-2^64 times the dense
// width wraps modulo 2^64 (or an int) to a small number. The length checks
// must not accept an operand of that wrapped length: the kernels index it
// by the stored coordinates without bounds checks of their own, so an
// accepted operand would be read and written past its end. The checks come
// before dispatch, the same on every kernel path.
func TestOperandSizesOverflow(t *testing.T) {
	buf := make([]float64, 1000)
	f := []float64{1, 1, 1, 1}
	// (2^62+1) x 4 is 4 modulo 2^64.
	x := chain(t, []uint64{1<<62 + 1, 1, 1}, []uint64{100, 0, 0})
	testutil.WantPanicContaining(t, "csf: MTTKRP: out has 4 elements", func() { x.MTTKRP(0, [][]float64{nil, f, f}, 4, buf[:4:4]) })
	testutil.WantPanicContaining(t, "csf: MTTKRP: factor 0 has 4 elements", func() { x.MTTKRP(1, [][]float64{buf[:4:4], nil, f}, 4, make([]float64, 4)) })
	// 2^63 x 2 is 0 modulo 2^64.
	y := chain(t, []uint64{2, 2, 1 << 63}, []uint64{1, 1, 1 << 40})
	testutil.WantPanicContaining(t, "csf: TTM: len(u) = 0", func() { y.TTMInto(make([]float64, 2), buf[:0], 2) })
	testutil.WantPanicContaining(t, "csf: TTM: len(u) = 0", func() { y.TTM(buf[:0], 2) })
	testutil.WantPanicContaining(t, "csf: MTTKRP: factor 2 has 0 elements", func() { y.MTTKRP(0, [][]float64{nil, f[:4], buf[:0]}, 2, make([]float64, 4)) })
	// B*I = 3 x 0xAAAAAAAAAAAAAAAB is 1 modulo 2^64.
	z := chain(t, []uint64{3, 0xAAAAAAAAAAAAAAAB, 1}, []uint64{1, 0x5555555555555555, 0})
	testutil.WantPanicContaining(t, "csf: SDDMM: d = 1, len(q) = 1", func() { z.SDDMMInto(make([]float64, 1), []float64{7}, []float64{2, 3, 4}, 1, 1) })
	// B*I*dv = 2^62 x 4 x 1 is 0 modulo 2^64.
	w := chain(t, []uint64{1 << 62, 4, 4}, []uint64{1, 1, 1})
	testutil.WantPanicContaining(t, "csf: SpMM: dv = 1, len(v) = 0, len(out) = 0", func() { w.SpMM(buf[:0], buf[:0], 1) })
	for i, v := range buf {
		if v != 0 {
			t.Fatalf("buf[%d] = %v: a product wrote outside its operands", i, v)
		}
	}
}

// TestOperandOverlap: an output that shares memory with an input the
// product reads panics; the ignored factors[mode] and SDDMM's own values
// may be the output.
func TestOperandOverlap(t *testing.T) {
	x := chain(t, []uint64{2, 2, 2}, []uint64{1, 0, 1})
	f := []float64{1, 2, 3, 4}
	testutil.WantPanicContaining(t, "csf: MTTKRP: out overlaps factor 1", func() { x.MTTKRP(0, [][]float64{nil, f, slices.Clone(f)}, 2, f) })
	testutil.WantPanicContaining(t, "csf: MTTKRP: out overlaps factor 2", func() { x.MTTKRP(0, [][]float64{nil, slices.Clone(f), f}, 2, f[2:]) })
	vals := []float64{5, 0}
	v, err := csf.New(x.Shape(), x.ModeOrder(), [][]uint64{x.Pos(0), x.Pos(1), x.Pos(2)}, [][]uint64{x.Crd(0), x.Crd(1), x.Crd(2)}, vals[:1])
	if err != nil {
		t.Fatal(err)
	}
	testutil.WantPanicContaining(t, "csf: MTTKRP: out overlaps the tensor's values", func() { v.MTTKRP(0, [][]float64{nil, f[:2], f[:2]}, 1, vals) })
	own := slices.Clone(f)
	x.MTTKRP(0, [][]float64{own, f, f}, 2, own) // factors[mode] is not read
	if want := []float64{0, 0, 5 * 1 * 3, 5 * 2 * 4}; !slices.Equal(own, want) {
		t.Fatalf("MTTKRP into factors[mode] = %v, want %v", own, want)
	}
	u := []float64{1, 2, 3, 4}
	testutil.WantPanicContaining(t, "csf: TTM: dst overlaps u", func() { x.TTMInto(u[:2], u, 2) })
	q := make([]float64, 4)
	testutil.WantPanicContaining(t, "csf: SDDMM: dst overlaps q or k", func() { x.SDDMMInto(q[:1], q, make([]float64, 4), 1, 1) })
	testutil.WantPanicContaining(t, "csf: SpMM: out overlaps v", func() { x.SpMM(q, q, 1) })
	// An output over a level's pos or crd panics (another tensor's values
	// may view them): the product would change the levels it walks. The
	// levels of y live in one slab that the outputs view.
	slab := make([]uint64, 16)
	var pos, crd [][]uint64
	at := 0
	for l := range 3 {
		for _, src := range [][]uint64{x.Pos(l), x.Crd(l)} {
			dst := slab[at : at+len(src) : at+len(src)]
			copy(dst, src)
			at += len(src)
			if len(pos) == len(crd) {
				pos = append(pos, dst)
			} else {
				crd = append(crd, dst)
			}
		}
	}
	y, err := csf.New(x.Shape(), x.ModeOrder(), pos, crd, []float64{5})
	if err != nil {
		t.Fatal(err)
	}
	over := unsafe.Slice((*float64)(unsafe.Pointer(&slab[0])), len(slab))
	testutil.WantPanicContaining(t, "csf: MTTKRP: out overlaps the tensor's values or levels", func() { y.MTTKRP(2, [][]float64{f, f, nil}, 2, over[:4]) })
	testutil.WantPanicContaining(t, "csf: TTVValues: dst overlaps v or the tensor's values or levels", func() { y.TTVValues(over[:1], 2, []float64{1, 2}) })
	testutil.WantPanicContaining(t, "csf: TTM: dst overlaps u or the tensor's values or levels", func() { y.TTMInto(over[:2], u, 2) })
	testutil.WantPanicContaining(t, "csf: SDDMM: dst overlaps q or k or the tensor's levels", func() { y.SDDMMInto(over[:1], make([]float64, 4), make([]float64, 4), 1, 1) })
	testutil.WantPanicContaining(t, "csf: SpMM: out overlaps v or the tensor's values or levels", func() { y.SpMM(over[:4], make([]float64, 4), 1) })
	// SDDMM into the pattern's own values is allowed (they are ignored).
	qq := []float64{0, 0, 2, 3} // q[(h=1)*I+i=0] = 2, shape 2x2 rows of d=1
	kk := []float64{0, 0, 0, 7} // k[(h=1)*J+j=1] = 7
	x.SDDMMInto(x.Values(), qq, kk, 1, 1)
	if got := x.Values()[0]; got != 14 {
		t.Fatalf("SDDMM into own values = %v, want 14", got)
	}
}

// FuzzProductOperands calls every dense-operand product of a one-entry
// tensor whose dimensions may be near 2^62-2^64, with operands of lengths
// the input picks (often wrong, sometimes right) carved from a buffer whose
// tail is a canary. A product must either compute or panic with a "csf: "
// message; a runtime panic, a fault or a changed canary fails. The products
// check their operands before they dispatch, the same on every kernel
// path, so this runs on the path the process selected; internal/engine's
// guard-page tests (TestProductGuardPages, TestGatherHadamard2GuardPages,
// TestPushHadamard2GuardPages) hold every path of the kernels these
// products call to the operands' bounds.
func FuzzProductOperands(f *testing.F) {
	f.Add([]byte{0, 5, 0, 0, 100, 0, 0, 4, 4, 4, 4, 4})
	f.Add([]byte{1, 6, 7, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{0, 1, 1, 3, 0, 2, 9, 255, 255, 255, 255, 255})
	huge := []uint64{1<<62 + 1, 1 << 62, 1 << 63, 1<<64 - 1, 0xAAAAAAAAAAAAAAAB, 1 << 32}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 7 {
			return
		}
		r := 3 + int(data[0]%2)
		shape := make([]uint64, r)
		coord := make([]uint64, r)
		for m := range r {
			b := data[1+m]
			if b < 4 {
				shape[m] = 1 + uint64(b)
			} else {
				shape[m] = huge[int(b)%len(huge)]
			}
			coord[m] = uint64(data[5]) * uint64(b) % shape[m]
		}
		k := 1 + int(data[6]%5)
		lens := data[7:]
		next := func(want int, ok bool) int {
			if len(lens) == 0 {
				return 0
			}
			b := lens[0]
			lens = lens[1:]
			if b == 255 && ok && want <= 64 {
				return want
			}
			return int(b % 65)
		}
		x := chain(t, shape, coord)
		const canary = -7.25
		buf := make([]float64, 8*128)
		for i := range buf {
			buf[i] = canary
		}
		slot := 0
		operand := func(want uint64) []float64 {
			n, ok := densesize.Size(want, k)
			s := buf[slot*128 : slot*128+next(n, ok) : slot*128+128]
			slot++
			for i := range s {
				s[i] = 1
			}
			return s
		}
		check := func(name string, fn func()) {
			t.Helper()
			func() {
				defer func() {
					if p := recover(); p != nil {
						if s, ok := p.(string); !ok || !strings.HasPrefix(s, "csf: ") {
							t.Fatalf("%s: panic %v", name, p)
						}
					}
				}()
				fn()
			}()
			for i := range 8 {
				for _, v := range buf[i*128+64 : i*128+128] {
					if v != canary {
						t.Fatalf("%s wrote past an operand (slot %d)", name, i)
					}
				}
			}
			slot = 0
		}
		for mode := range r {
			check(fmt.Sprint("MTTKRP mode ", mode), func() {
				fs := make([][]float64, r)
				for m := range r {
					if m != mode {
						fs[m] = operand(shape[m])
					}
				}
				x.MTTKRP(mode, fs, k, operand(shape[mode]))
			})
		}
		check("TTMInto", func() { x.TTMInto(operand(1), operand(shape[r-1]), k) })
		b := uint64(1)
		for _, s := range shape[:r-2] {
			b *= s // wraps; only a hint for the lengths
		}
		check("SDDMMInto", func() {
			x.SDDMMInto(buf[7*128:7*128+1], operand(b*shape[r-2]), operand(b*shape[r-1]), k, 1)
		})
		check("SpMM", func() { x.SpMM(operand(b*shape[r-2]), operand(b*shape[r-1]), k) })
	})
}

// TestValidateWhileInUse: Validate on a valid tensor (here one viewing its
// buffers) only reads it: it leaves the level views and the flag as they
// are, so Find on another goroutine finds every stored coordinate and the
// race detector sees no write.
func TestValidateWhileInUse(t *testing.T) {
	x := chain(t, []uint64{4, 4, 4}, []uint64{1, 2, 3})
	y, err := csf.FromBuffers[float64](x.Shape(), x.ModeOrder(), x.Buffers(), layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := y.Validate(); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	bad := 0
	for range 20000 {
		if _, ok := y.Find([]uint64{1, 2, 3}); !ok {
			bad++
		}
	}
	close(stop)
	<-done
	if bad > 0 {
		t.Fatalf("%d of 20000 lookups failed while Validate ran", bad)
	}
}
