package npz

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/mtx"
	"github.com/hurray-format/hurray-go/formats/tns"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// overhead bounds what a read allocates beyond what it charges to its
// budget: the zip directory, the decompressors' state, the structures'
// headers.
const overhead = 512 << 10

// TestBombRefused: a 1x1 CSR of about 650 KB whose deflated indices and
// data claim 2^26 entries is refused under the default budget with one line
// naming the file, the array and the budget, before it is inflated (it
// took 3.5 GB of memory, 512 MiB per array and as much again for the
// widened indices and the canonicalisation).
func TestBombRefused(t *testing.T) {
	var buf bytes.Buffer
	if err := testutil.NPZBomb(&buf, 1<<26); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if len(b) > 1<<20 {
		t.Fatalf("the bomb takes %d bytes, want under 1 MiB", len(b))
	}
	var err error
	d := testutil.Allocated(func() { _, err = Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}) })
	want := fmt.Sprintf("m.npz: array indices: reading needs 512 MiB in all, over the budget of %s (Options.MaxBytes)", mem.ByteSize(uint64(DefaultMaxBytes(int64(len(b))))))
	if err == nil || err.Error() != want {
		t.Fatalf("bomb of %d bytes: error %v, want %q", len(b), err, want)
	}
	if !errors.Is(err, formats.ErrTooLarge) || errors.Is(err, formats.ErrMalformed) {
		t.Errorf("%v: ErrTooLarge %v, ErrMalformed %v; want true, false", err, errors.Is(err, formats.ErrTooLarge), errors.Is(err, formats.ErrMalformed))
	}
	if d > 1<<20 {
		t.Errorf("refusing the bomb allocated %d bytes, want under 1 MiB", d)
	}
}

// TestBombAccounted: the same file with fewer entries, read under a budget
// that admits it, counts exactly the two buffers (indices widened in
// place, values converted in place) and the headers, allocates no more
// than that, and canonicalises in place (every entry is a duplicate of the
// first: no scratch).
func TestBombAccounted(t *testing.T) {
	const n = 1 << 20
	var buf bytes.Buffer
	if err := testutil.NPZBomb(&buf, n); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	var s *Sparse[float64]
	var err error
	d := testutil.Allocated(func() {
		s, err = Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: -1})
	})
	if err != nil {
		t.Fatal(err)
	}
	got := s.Info.AllocBytes
	if got < 16*n || got > 16*n+4096 {
		t.Errorf("AllocBytes %d, want 16n = %d plus the headers", got, 16*n)
	}
	if d > got+overhead {
		t.Errorf("allocated %d bytes, %d more than the %d counted", d, d-got, got)
	}
	if s.Matrix.NNZ() != 1 || s.Info.Duplicates != n-1 || s.Info.Unsorted != 0 {
		t.Errorf("nnz %d, info %+v: want 1 entry and %d duplicates", s.Matrix.NNZ(), s.Info, n-1)
	}
	if _, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: int64(got)}); err != nil {
		t.Errorf("budget %d (what it counts): %v", got, err)
	}
	_, err = Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: int64(got) - 1})
	if want := fmt.Sprintf("m.npz: array data: reading needs %d bytes in all, over the budget of %d bytes (Options.MaxBytes)", got, got-1); err == nil || err.Error() != want {
		t.Errorf("budget %d: %v, want %q", got-1, err, want)
	}
}

// budgetFiles returns archives of every layout and of several index and
// value dtypes.
func budgetFiles(t *testing.T) map[string][]byte {
	files := map[string][]byte{}
	paths, _ := filepath.Glob(filepath.Join(td, "*.npz"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = b
	}
	files["hand csr"] = npzOf(t, validCSR())
	u1 := validCSR()
	u1["indptr.npy"] = npyBytes("|u1", "(3,)", []byte{0, 1, 2})
	u1["indices.npy"] = npyBytes("|u1", "(2,)", []byte{0, 2})
	files["u1 csr"] = npzOf(t, u1)
	x, _, err := mtx.ReadFile[float64](filepath.Join(td, "lp_ship04l.mtx"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCOO(&buf, x, WriteOptions{Compress: true}); err != nil {
		t.Fatal(err)
	}
	files["coo"] = slices.Clone(buf.Bytes())
	y, _, err := tns.ReadFile[float64](filepath.Join(td, "wikipeople_arity4_head200.tns"), tns.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := convert.COOToCSF(y, []uint32{4, 0, 3, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := WriteCSF(&buf, c, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	files["csf"] = slices.Clone(buf.Bytes())
	return files
}

// TestBudgetBoundary: a file whose read counts exactly the budget is read,
// one byte less is refused with ErrTooLarge, and what is counted bounds what
// is allocated.
func TestBudgetBoundary(t *testing.T) {
	for name, b := range budgetFiles(t) {
		for _, f32 := range []bool{false, true} {
			read := func(most int64) (Info, error) {
				if f32 {
					s, err := Read[float32](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: most})
					if err != nil {
						return Info{}, err
					}
					return s.Info, nil
				}
				s, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: most})
				if err != nil {
					return Info{}, err
				}
				return s.Info, nil
			}
			info, err := read(-1)
			if err != nil {
				t.Fatalf("%s (float32 %v): %v", name, f32, err)
			}
			need := info.AllocBytes
			var again Info
			d := testutil.Allocated(func() { again, err = read(int64(need)) })
			if err != nil || again.AllocBytes != need {
				t.Errorf("%s (float32 %v): budget %d, what it counts: %v, AllocBytes %d", name, f32, need, err, again.AllocBytes)
			}
			if d > need+overhead {
				t.Errorf("%s (float32 %v): allocated %d bytes, %d more than the %d counted", name, f32, d, d-need, need)
			}
			_, err = read(int64(need) - 1)
			if !errors.Is(err, formats.ErrTooLarge) || !strings.Contains(err.Error(), fmt.Sprintf("over the budget of %s", mem.ByteSize(need-1))) && !strings.Contains(err.Error(), fmt.Sprintf("over the budget of %d bytes", need-1)) {
				t.Errorf("%s (float32 %v): budget %d: %v, want ErrTooLarge naming the budget", name, f32, need-1, err)
			}
		}
	}
}

// TestCanonicalisationCharged: sorting an unsorted SciPy row takes scratch
// of 16 bytes an entry of the longest unsorted row, counted against the
// budget; duplicates are summed in place, in the file's order.
func TestCanonicalisationCharged(t *testing.T) {
	const n = 1 << 16
	idx := make([]int64, n)
	for k := range idx {
		idx[k] = int64(n-1-k) / 2 // descending, each index twice
	}
	vals := make([]byte, 8*n)
	for k := range n {
		binary.LittleEndian.PutUint64(vals[8*k:], math.Float64bits(float64(k)))
	}
	matrix := func(idx []int64) []byte {
		return npzOf(t, map[string][]byte{
			"format.npy":  npyBytes("|S3", "()", []byte("csr")),
			"shape.npy":   npyBytes("<i8", "(2,)", i64s(1, n/2)),
			"indptr.npy":  npyBytes("<i8", "(2,)", i64s(0, n)),
			"indices.npy": npyBytes("<i8", fmt.Sprintf("(%d,)", n), i64s(idx...)),
			"data.npy":    npyBytes("<f8", fmt.Sprintf("(%d,)", n), vals),
		})
	}
	b := matrix(idx)
	s, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: -1})
	if err != nil {
		t.Fatal(err)
	}
	need := s.Info.AllocBytes
	if s.Info.Unsorted != 1 || s.Info.Duplicates != n/2 || s.Matrix.NNZ() != n/2 {
		t.Fatalf("info %+v, nnz %d: want 1 unsorted row, %d duplicates", s.Info, s.Matrix.NNZ(), n/2)
	}
	for j := range uint64(n / 2) {
		// Index j holds entries k = n-2-2j and n-1-2j, summed in that order.
		if got, want := s.Matrix.At(0, j), float64(n-2-2*int(j))+float64(n-1-2*int(j)); got != want {
			t.Fatalf("(0, %d) = %v, want %v", j, got, want)
		}
	}
	sorted := slices.Clone(idx)
	slices.Reverse(sorted)
	b2 := matrix(sorted)
	s2, err := Read[float64](bytes.NewReader(b2), int64(len(b2)), Options{Name: "m.npz", MaxBytes: -1})
	if err != nil {
		t.Fatal(err)
	}
	if got := need - s2.Info.AllocBytes; got != 16*n {
		t.Errorf("sorting the row counted %d bytes, want 16 an entry, %d", got, 16*n)
	}
	var d uint64
	d = testutil.Allocated(func() {
		_, err = Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: int64(need)})
	})
	if err != nil {
		t.Errorf("budget %d: %v", need, err)
	}
	if d > need+overhead {
		t.Errorf("allocated %d bytes, %d more than the %d counted", d, d-need, need)
	}
	_, err = Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: int64(need) - 1})
	if want := fmt.Sprintf("m.npz: array indices: canonicalising needs %d bytes in all, over the budget of %d bytes (Options.MaxBytes)", need, need-1); err == nil || err.Error() != want {
		t.Errorf("budget %d: %v, want %q", need-1, err, want)
	}
}

// rawZip builds an archive whose single member's zip entry states the
// given method and sizes, followed by the members of validCSR but data.
func rawZip(t *testing.T, method uint16, raw []byte, compressed, uncompressed uint64) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, m := range validCSR() {
		if name == "data.npy" {
			continue
		}
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(m)
	}
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "data.npy", Method: method, CompressedSize64: compressed, UncompressedSize64: uncompressed})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(raw)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestZipEntrySizes: a member's declared size must be what its compressed
// bytes can hold before it is trusted for an allocation.
func TestZipEntrySizes(t *testing.T) {
	data := validCSR()["data.npy"]
	var def bytes.Buffer
	fw, _ := flate.NewWriter(&def, flate.BestCompression)
	fw.Write(data)
	fw.Close()
	c := uint64(def.Len())
	for _, tc := range []struct {
		name       string
		method     uint16
		raw        []byte
		comp, size uint64
		want       string
		kind       error
	}{
		{"stored larger", zip.Store, data, uint64(len(data)), uint64(len(data)) + 8, fmt.Sprintf("array data: stored zip entry of %d bytes declares %d uncompressed", len(data), len(data)+8), formats.ErrMalformed},
		{"inflated beyond deflate", zip.Deflate, def.Bytes(), c, 1032*c + 1032, fmt.Sprintf("array data: zip entry declares %d bytes, more than %d deflated bytes can hold", 1032*c+1032, c), formats.ErrMalformed},
		{"past the archive", zip.Deflate, def.Bytes(), 1 << 40, uint64(len(data)), "array data: zip entry of 1099511627776 compressed bytes in an archive of", formats.ErrMalformed},
		{"bzip2", 12, def.Bytes(), c, uint64(len(data)), "array data: zip compression method 12, want stored (0) or deflated (8)", formats.ErrUnsupported},
	} {
		b := rawZip(t, tc.method, tc.raw, tc.comp, tc.size)
		_, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, tc.kind) {
			t.Errorf("%s: %v, want %q (%v)", tc.name, err, tc.want, tc.kind)
		}
	}
	// The same member, honestly declared, is read.
	b := rawZip(t, zip.Deflate, def.Bytes(), c, uint64(len(data)))
	if _, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}); err != nil {
		t.Errorf("raw deflated member: %v", err)
	}
}

// headerLen returns the length of a version 1.0 .npy header's dict.
func headerLen(b []byte) uint64 { return uint64(binary.LittleEndian.Uint16(b[8:10])) }

// TestReadNPYBudget: ReadNPY counts the header, the buffer the values are
// decoded in and a Fortran-order copy; a stream that does not say its size
// is read in chunks, so a header claiming more than the stream holds costs
// no more than the stream.
func TestReadNPYBudget(t *testing.T) {
	vec := make([]float64, 1000)
	var buf bytes.Buffer
	WriteNPY(&buf, vec, []uint64{1000})
	b := buf.Bytes()
	need := headerLen(b) + 8000
	if _, _, err := ReadNPY[float64](bytes.NewReader(b), Options{Name: "a.npy", MaxBytes: int64(need)}); err != nil {
		t.Errorf("budget %d: %v", need, err)
	}
	_, _, err := ReadNPY[float64](bytes.NewReader(b), Options{Name: "a.npy", MaxBytes: int64(need) - 1})
	if want := fmt.Sprintf("a.npy: reading needs %d bytes in all, over the budget of %d bytes (Options.MaxBytes)", need, need-1); err == nil || err.Error() != want || !errors.Is(err, formats.ErrTooLarge) {
		t.Errorf("budget %d: %v, want %q", need-1, err, want)
	}

	// 2x3x4 float32 in Fortran order: the values, then their C-order copy.
	f, err := os.ReadFile(filepath.Join(td, "dense_f.npy"))
	if err != nil {
		t.Fatal(err)
	}
	need = headerLen(f) + 2*96
	if _, _, err := ReadNPY[float32](bytes.NewReader(f), Options{Name: "f.npy", MaxBytes: int64(need)}); err != nil {
		t.Errorf("Fortran order, budget %d: %v", need, err)
	}
	_, _, err = ReadNPY[float32](bytes.NewReader(f), Options{Name: "f.npy", MaxBytes: int64(need) - 1})
	if want := fmt.Sprintf("f.npy: reordering Fortran order to C order needs %d bytes in all, over the budget of %d bytes", need, need-1); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Fortran order, budget %d: %v, want %q", need-1, err, want)
	}

	// A stream of unknown size: chunks of maxDirect bytes and more, then the
	// buffer they are gathered in.
	const big = 1 << 21
	vals := make([]float64, big)
	for i := range vals {
		vals[i] = float64(i)
	}
	buf.Reset()
	WriteNPY(&buf, vals, []uint64{big})
	b = buf.Bytes()
	var got []float64
	d := testutil.Allocated(func() {
		got, _, err = ReadNPY[float64](struct{ io.Reader }{bytes.NewReader(b)}, Options{Name: "s.npy"})
	})
	if err != nil || !slices.Equal(got, vals) {
		t.Fatalf("stream of %d values: %v", big, err)
	}
	if d > 2*8*big+overhead {
		t.Errorf("stream of %d float64: allocated %d bytes, want at most twice the data", big, d)
	}
	_, _, err = ReadNPY[float64](struct{ io.Reader }{bytes.NewReader(b)}, Options{Name: "s.npy", MaxBytes: 8*big + maxDirect})
	if !errors.Is(err, formats.ErrTooLarge) {
		t.Errorf("stream of %d float64 under a budget of the data and one chunk: %v, want ErrTooLarge", big, err)
	}

	// A header claiming 8 GiB over 16 bytes of data: refused, by the budget
	// or as truncated, having allocated at most one chunk (unknown size) or
	// nothing (known size).
	lie := npyBytes("<f8", "(1073741824,)", f64s(2))
	for _, r := range []struct {
		name string
		r    io.Reader
		most uint64
	}{
		{"stream", struct{ io.Reader }{bytes.NewReader(lie)}, maxDirect + overhead},
		{"bytes.Reader", bytes.NewReader(lie), overhead},
	} {
		d := testutil.Allocated(func() { _, _, err = ReadNPY[float64](r.r, Options{Name: "l.npy", MaxBytes: -1}) })
		if err == nil || !errors.Is(err, formats.ErrTooLarge) && !strings.Contains(err.Error(), "truncated") {
			t.Errorf("%s claiming 8 GiB: %v, want a budget or truncation error", r.name, err)
		}
		if d > r.most {
			t.Errorf("%s claiming 8 GiB: allocated %d bytes, want at most %d", r.name, d, r.most)
		}
	}
}

// TestDecodeInPlace: every index dtype widens to uint64 in place, the
// largest value of each too (sign or zero extension mixed up would show),
// and the first negative entry is the one reported.
func TestDecodeInPlace(t *testing.T) {
	for _, c := range []struct {
		descr string
		max   uint64
	}{
		{"<u8", math.MaxUint64 - 1}, {"<i8", math.MaxInt64}, {"<u4", math.MaxUint32}, {"<i4", math.MaxInt32},
		{"<u2", math.MaxUint16}, {"<i2", math.MaxInt16}, {"|u1", math.MaxUint8}, {"|i1", math.MaxInt8},
	} {
		size := int(c.descr[2] - '0')
		vals := []uint64{c.max, 0, 1, c.max - 1, c.max}
		raw := make([]byte, 0, size*len(vals))
		for _, v := range vals {
			raw = binary.LittleEndian.AppendUint64(raw, v)[:len(raw)+size]
		}
		m := map[string][]byte{
			"format.npy": npyBytes("|S3", "()", []byte("coo")),
			"shape.npy":  npyBytes("<u8", "(2,)", binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, math.MaxUint64), math.MaxUint64)),
			"row.npy":    npyBytes(c.descr, "(5,)", raw),
			"col.npy":    npyBytes(c.descr, "(5,)", raw),
			"data.npy":   npyBytes("<f4", "(5,)", make([]byte, 20)),
		}
		b := npzOf(t, m)
		s, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"})
		if err != nil {
			t.Errorf("%s: %v", c.descr, err)
			continue
		}
		for k, v := range vals {
			if got := s.COO.Coord(k); got[0] != v || got[1] != v {
				t.Errorf("%s: entry %d is %v, want %d", c.descr, k, got, v)
			}
		}
		if c.descr[1] != 'i' {
			continue
		}
		// Entries 1 and 3 negative: entry 1 is named.
		for _, k := range []int{1, 3} {
			for j := range size {
				raw[k*size+j] = 0xff
			}
		}
		m["col.npy"] = npyBytes(c.descr, "(5,)", raw)
		b = npzOf(t, m)
		if _, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}); err == nil || !strings.Contains(err.Error(), "array col: entry 1 is negative (-1)") {
			t.Errorf("%s with negative entries: %v", c.descr, err)
		}
	}
	// Values: float32 into float64 (widened from the end), float64 into
	// float32 (narrowed from the start), and each width into itself.
	f4 := []float32{1.5, float32(math.Inf(-1)), 3e-38, -0.0, 7}
	f8 := []float64{1.5, math.Inf(1), 1e-300, -2.5, 1e30}
	var r4, r8 []byte
	for _, v := range f4 {
		r4 = binary.LittleEndian.AppendUint32(r4, math.Float32bits(v))
	}
	for _, v := range f8 {
		r8 = binary.LittleEndian.AppendUint64(r8, math.Float64bits(v))
	}
	coo := func(data []byte, descr string) []byte {
		return npzOf(t, map[string][]byte{
			"format.npy": npyBytes("|S3", "()", []byte("coo")),
			"shape.npy":  npyBytes("<i8", "(2,)", i64s(5, 5)),
			"row.npy":    npyBytes("<i8", "(5,)", i64s(0, 1, 2, 3, 4)),
			"col.npy":    npyBytes("<i8", "(5,)", i64s(0, 1, 2, 3, 4)),
			"data.npy":   npyBytes(descr, "(5,)", data),
		})
	}
	b4, b8 := coo(r4, "<f4"), coo(r8, "<f8")
	s, err := Read[float64](bytes.NewReader(b4), int64(len(b4)), Options{})
	for k, v := range f4 {
		if err != nil || math.Float64bits(s.COO.Values()[k]) != math.Float64bits(float64(v)) {
			t.Fatalf("<f4 as float64: %v %v", err, s)
		}
	}
	s32, err := Read[float32](bytes.NewReader(b8), int64(len(b8)), Options{})
	for k, v := range f8 {
		if err != nil || math.Float32bits(s32.COO.Values()[k]) != math.Float32bits(float32(v)) {
			t.Fatalf("<f8 as float32: %v %v", err, s32)
		}
	}
	s32, err = Read[float32](bytes.NewReader(b4), int64(len(b4)), Options{})
	if err != nil || !slices.Equal(s32.COO.Values(), f4) {
		t.Fatalf("<f4 as float32: %v", err)
	}
	s, err = Read[float64](bytes.NewReader(b8), int64(len(b8)), Options{})
	if err != nil || !slices.Equal(s.COO.Values(), f8) {
		t.Fatalf("<f8 as float64: %v", err)
	}
}

func TestDefaultMaxBytes(t *testing.T) {
	half := int64(mem.Limit() / 2)
	for _, c := range []struct{ size, want int64 }{
		{0, 64 << 20}, {-5, 64 << 20}, {1 << 20, 128 << 20}, {588 << 10, 64<<20 + 64*588<<10}, {math.MaxInt64, half},
	} {
		if got := DefaultMaxBytes(c.size); got != min(c.want, half) {
			t.Errorf("DefaultMaxBytes(%d) = %d, want %d", c.size, got, min(c.want, half))
		}
	}
	old := debug.SetMemoryLimit(100 << 20)
	defer debug.SetMemoryLimit(old)
	if got := DefaultMaxBytes(1 << 20); got != 50<<20 {
		t.Errorf("under GOMEMLIMIT 100 MiB: DefaultMaxBytes(1 MiB) = %d, want 50 MiB", got)
	}
	b := npzOf(t, validCSR())
	_, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: 1 << 40})
	if err != nil {
		t.Errorf("a budget above the memory limit: %v", err)
	}
	if err := newBudget("m.npz", 1<<40, 0).charge("data", "reading", 200<<20); err == nil || err.Error() != "m.npz: array data: reading needs 200 MiB in all, more than the memory, 100 MiB (the machine's, or GOMEMLIMIT)" {
		t.Errorf("a budget above the memory limit: %v", err)
	}
}
