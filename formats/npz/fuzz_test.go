package npz

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// fuzzBudget is the budget the fuzz targets read under: small enough that
// inputs reach it, 64 KiB plus 16 bytes a byte of input.
func fuzzBudget(b []byte) int64 { return 64<<10 + 16*int64(len(b)) }

// readBudgeted reads b with read under fuzzBudget and returns what it
// read. Every read allocates at most its budget plus overhead and 8 bytes
// a byte of input; a read refused as too large is refused under a larger
// budget too or counts more than this one; and the bytes an accepted read
// counts (used) read it again exactly, while one byte fewer is refused.
func readBudgeted[R any](t *testing.T, b []byte, read func(r io.ReaderAt, size int64, opts Options) (R, error), used func(R) uint64) (R, error) {
	t.Helper()
	budget := fuzzBudget(b)
	readUnder := func(most int64) (r R, err error) {
		d := testutil.Allocated(func() {
			r, err = read(bytes.NewReader(b), int64(len(b)), Options{Name: "fuzz.npz", MaxBytes: most})
		})
		if limit := uint64(most) + overhead + 8*uint64(len(b)); d > limit {
			t.Fatalf("budget %d: allocated %d bytes (err %v), more than the budget and %d bytes of overhead", most, d, err, limit-uint64(most))
		}
		return r, err
	}
	r, err := readUnder(budget)
	if errors.Is(err, formats.ErrTooLarge) {
		// Under a larger budget the read counts more than this one.
		if r, err := readUnder(16 << 20); err == nil && used(r) <= uint64(budget) {
			t.Fatalf("refused under a budget of %d, read in %d under a larger one", budget, used(r))
		}
		return r, err
	}
	if err != nil {
		return r, err
	}
	need := used(r)
	if need > uint64(budget) {
		t.Fatalf("counted %d bytes under a budget of %d", need, budget)
	}
	if again, err := readUnder(int64(need)); err != nil || used(again) != need {
		t.Fatalf("counted %d bytes, then under a budget of %d: %v", need, need, err)
	}
	if _, err := readUnder(int64(need) - 1); need > 0 && !errors.Is(err, formats.ErrTooLarge) {
		t.Fatalf("counted %d bytes, then under a budget of %d: %v, want ErrTooLarge", need, need-1, err)
	}
	return r, nil
}

// FuzzReadNPZ reads any bytes as an archive under a small budget: an
// accepted structure validates; what the read counts stays within the
// budget and bounds what it allocates (the zip directory aside, in
// proportion to the input); the count does not depend on the budget, so
// that the count itself is the smallest budget that reads the input.
func FuzzReadNPZ(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/*.npz")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add(npzOf(f, validCSR()))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readBudgeted(t, b, Read[float64], func(s *Sparse[float64]) uint64 { return s.Info.AllocBytes })
		if err != nil {
			return
		}
		n := 0
		if s.COO != nil {
			n++
			if err := s.COO.Validate(); err != nil {
				t.Fatalf("accepted coo fails Validate: %v", err)
			}
		}
		if s.Matrix != nil {
			n++
			if err := s.Matrix.Validate(); err != nil {
				t.Fatalf("accepted matrix fails Validate: %v", err)
			}
		}
		if s.CSF != nil {
			n++
			if err := s.CSF.Validate(); err != nil {
				t.Fatalf("accepted csf fails Validate: %v", err)
			}
		}
		if n != 1 {
			t.Fatalf("%d results set, want 1", n)
		}
	})
}

// FuzzReadNPY reads any bytes as a .npy array under a small budget, from a
// reader that tells its size and from one that does not: both agree, and
// neither allocates more than the budget.
func FuzzReadNPY(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/*.npy")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add(npyBytes("<f8", "(2, 0)", nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		budget := fuzzBudget(b)
		var results [2][]float32
		var errs [2]error
		for k, r := range []io.Reader{bytes.NewReader(b), struct{ io.Reader }{bytes.NewReader(b)}} {
			var shape []uint64
			d := testutil.Allocated(func() { results[k], shape, errs[k] = ReadNPY[float32](r, Options{Name: "fuzz.npy", MaxBytes: budget}) })
			if d > uint64(budget)+overhead {
				t.Fatalf("reader %d: allocated %d bytes under a budget of %d (err %v)", k, d, budget, errs[k])
			}
			if errs[k] != nil {
				continue
			}
			n := uint64(1)
			for _, d := range shape {
				n *= d
			}
			if n != uint64(len(results[k])) {
				t.Fatalf("%d values for shape %v", len(results[k]), shape)
			}
		}
		if (errs[0] == nil) != (errs[1] == nil) {
			t.Fatalf("size known: %v; unknown: %v", errs[0], errs[1])
		}
		if !slices.EqualFunc(results[0], results[1], func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }) {
			t.Fatalf("size known and unknown read different values")
		}
	})
}

// FuzzReadQuantized reads any bytes as a quantized archive under a small
// budget, seeded with every layout and scheme: an accepted structure is
// valid and survives a write and a read unchanged; the budget is kept and
// counted exactly, as FuzzReadNPZ checks for float files; ReadAny agrees.
func FuzzReadQuantized(f *testing.F) {
	for _, q := range qFiles(f) {
		f.Add(q.b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		q, err := readBudgeted(t, b, ReadQuantized, func(q *Quantized) uint64 { return q.Info.AllocBytes })
		_, aq, aerr := ReadAny[float32](bytes.NewReader(b), int64(len(b)), Options{Name: "fuzz.npz", MaxBytes: fuzzBudget(b)})
		if err == nil && (aerr != nil || aq == nil) {
			t.Fatalf("ReadQuantized accepts, ReadAny: %v", aerr)
		}
		if err != nil {
			var fe *formats.Error
			if !errors.Is(err, formats.ErrTooLarge) && (!errors.As(err, &fe) || strings.Contains(err.Error(), "\n")) {
				t.Fatalf("error %q is not one line of a *formats.Error", err)
			}
			return
		}
		var bufs [][]byte
		var w bytes.Buffer
		switch {
		case q.COO != nil:
			bufs, err = q.COO.Buffers(), WriteQuantizedCOO(&w, q.COO, WriteOptions{})
		case q.Matrix != nil:
			bufs, err = q.Matrix.Buffers(), WriteQuantizedMatrix(&w, q.Matrix, WriteOptions{})
		case q.CSF != nil:
			bufs, err = q.CSF.Buffers(), WriteQuantizedCSF(&w, q.CSF, WriteOptions{})
		default:
			t.Fatal("nothing set")
		}
		if err != nil {
			t.Fatalf("writing what was read: %v", err)
		}
		r, err := ReadQuantized(bytes.NewReader(w.Bytes()), int64(w.Len()), Options{})
		if err != nil {
			t.Fatalf("reading what was written: %v", err)
		}
		var back [][]byte
		switch {
		case r.COO != nil:
			back = r.COO.Buffers()
		case r.Matrix != nil:
			back = r.Matrix.Buffers()
		case r.CSF != nil:
			back = r.CSF.Buffers()
		}
		if len(back) != len(bufs) {
			t.Fatalf("%d buffers back, want %d", len(back), len(bufs))
		}
		for i := range back {
			if !bytes.Equal(back[i], bufs[i]) {
				t.Fatalf("buffer %d differs after a write and a read", i)
			}
		}
	})
}
