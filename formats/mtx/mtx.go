package mtx

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/internal/file"
	"github.com/hurray-format/hurray-go/formats/internal/text"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Banner values.
const (
	Coordinate = "coordinate"
	Array      = "array"

	Real    = "real"
	Integer = "integer"
	Pattern = "pattern"
	// UnsignedInteger is read (as SciPy writes it for unsigned data), not
	// written.
	UnsignedInteger = "unsigned-integer"

	General       = "general"
	Symmetric     = "symmetric"
	SkewSymmetric = "skew-symmetric"
)

// Header is what the banner and size line say.
type Header struct {
	Format   string // Coordinate or Array
	Field    string // Real, Integer, UnsignedInteger or Pattern ("double" reads as Real)
	Symmetry string // General, Symmetric or SkewSymmetric
	Rows     uint64
	Cols     uint64
	Entries  uint64 // stored entries the size line declares (array: the values listed)
}

// Options tunes the readers.
type Options struct {
	// Name is the file name used in errors ("" for an unnamed stream).
	Name string
}

type reader struct {
	name string
	sc   *text.Scanner
	f    [][]byte
}

func (rd *reader) errf(err error, format string, args ...any) error {
	return &formats.Error{File: rd.name, Line: rd.sc.Line, Msg: fmt.Sprintf(format, args...), Err: err}
}

func (rd *reader) unsupported(format string, args ...any) error {
	return &formats.Error{File: rd.name, Line: rd.sc.Line, Msg: fmt.Sprintf(format, args...), Kind: formats.ErrUnsupported}
}

// next returns the fields of the next non-blank, non-comment line, or
// ok = false at the end.
func (rd *reader) next() (fields [][]byte, ok bool, err error) {
	for {
		line, ok := rd.sc.Next()
		if !ok {
			if err := rd.sc.Err(); err != nil {
				rd.sc.Line++
				return nil, false, rd.errf(err, "read error")
			}
			return nil, false, nil
		}
		if len(line) > 0 && line[0] == '%' {
			continue
		}
		rd.f = text.Fields(rd.f, line)
		if len(rd.f) == 0 {
			continue
		}
		return rd.f, true, nil
	}
}

func (rd *reader) header() (Header, error) {
	var h Header
	line, ok := rd.sc.Next()
	if !ok {
		if err := rd.sc.Err(); err != nil {
			return h, rd.errf(err, "read error")
		}
		rd.sc.Line = 1
		return h, rd.errf(io.ErrUnexpectedEOF, "empty file: want a %%%%MatrixMarket banner")
	}
	f := text.Fields(nil, bytes.ToLower(line))
	if len(f) == 0 || string(f[0]) != "%%matrixmarket" {
		return h, rd.errf(nil, "first line is not a %%%%MatrixMarket banner")
	}
	if len(f) != 5 {
		return h, rd.errf(nil, "banner has %d fields, want 5 (%%%%MatrixMarket matrix format field symmetry)", len(f))
	}
	if string(f[1]) != "matrix" {
		return h, rd.unsupported("object %q: only matrix is supported", f[1])
	}
	switch s := string(f[2]); s {
	case Coordinate, Array:
		h.Format = s
	default:
		return h, rd.errf(nil, "format %q, want coordinate or array", f[2])
	}
	switch s := string(f[3]); s {
	case Real, "double":
		h.Field = Real
	case Integer, Pattern:
		h.Field = s
	case UnsignedInteger:
		h.Field = s // SciPy's mmwrite writes it for unsigned data
	case "complex":
		return h, rd.unsupported("field complex is not supported")
	default:
		return h, rd.errf(nil, "field %q, want real, integer, unsigned-integer or pattern", f[3])
	}
	switch s := string(f[4]); s {
	case General, Symmetric, SkewSymmetric:
		h.Symmetry = s
	case "hermitian":
		return h, rd.unsupported("symmetry hermitian is not supported")
	default:
		return h, rd.errf(nil, "symmetry %q, want general, symmetric or skew-symmetric", f[4])
	}
	if h.Format == Array && h.Field == Pattern {
		return h, rd.errf(nil, "array format cannot be pattern")
	}
	fields, ok, err := rd.next()
	if err != nil {
		return h, err
	}
	if !ok {
		return h, rd.errf(io.ErrUnexpectedEOF, "truncated: no size line")
	}
	want := 3
	if h.Format == Array {
		want = 2
	}
	if len(fields) != want {
		return h, rd.errf(nil, "size line has %d fields, want %d", len(fields), want)
	}
	var dims [3]uint64
	for i, b := range fields {
		n, err := text.Uint(b)
		if err != nil {
			return h, rd.errf(err, "size line: bad number %q", b)
		}
		dims[i] = n
	}
	h.Rows, h.Cols, h.Entries = dims[0], dims[1], dims[2]
	if h.Symmetry != General && h.Rows != h.Cols {
		return h, rd.errf(nil, "%s matrix must be square, size line says %dx%d", h.Symmetry, h.Rows, h.Cols)
	}
	if h.Format == Array {
		n, ok := arrayCount(h)
		if !ok {
			return h, rd.errf(nil, "size line %dx%d: too many values", h.Rows, h.Cols)
		}
		h.Entries = n
	}
	// A coordinate file may declare more entries than the matrix has cells:
	// duplicates are legal (SciPy writes them, and so does Write).
	return h, nil
}

func mul64(a, b uint64) (hi, lo uint64) {
	if a == 0 || b == 0 {
		return 0, 0
	}
	lo = a * b
	if lo/b != a {
		return 1, lo
	}
	return 0, lo
}

// arrayCount is the number of values an array file lists.
func arrayCount(h Header) (uint64, bool) {
	n := h.Rows
	hi, full := mul64(n, h.Cols)
	if hi != 0 || full > math.MaxInt64 || n > math.MaxInt32*math.MaxInt32 || h.Cols > math.MaxInt32*math.MaxInt32 {
		return 0, false
	}
	switch h.Symmetry {
	case Symmetric:
		return n/2*(n+1) + (n%2)*((n+1)/2), true // n(n+1)/2 without overflow
	case SkewSymmetric:
		if n == 0 {
			return 0, true
		}
		return (n-1)/2*n + ((n-1)%2)*(n/2), true // n(n-1)/2
	}
	return full, true
}

// ReadHeader reads only the banner and size line.
func ReadHeader(r io.Reader, opts Options) (Header, error) {
	rd := &reader{name: opts.Name, sc: text.NewScanner(r)}
	return rd.header()
}

// integer returns an integer field's value v (parsed from b) for a T of the
// given bits: for float32 rounded once from the digits (through float64 an
// integer above 2^53 was rounded twice).
func (rd *reader) integer(b []byte, v float64, bits int) (float64, error) {
	if bits == 64 || math.Abs(v) < 1<<53 {
		return v, nil
	}
	f, err := text.Float(b, 32)
	if err != nil {
		return 0, rd.errf(err, "value: bad integer %q", b)
	}
	return f, nil
}

func (rd *reader) value(b []byte, field string, bits int) (float64, error) {
	if field == Integer {
		v, err := text.Int(b)
		if err != nil {
			return 0, rd.errf(err, "value: bad integer %q", b)
		}
		return rd.integer(b, float64(v), bits)
	}
	if field == UnsignedInteger {
		v, err := text.Uint(b)
		if err != nil {
			return 0, rd.errf(err, "value: bad unsigned integer %q", b)
		}
		return rd.integer(b, float64(v), bits)
	}
	v, err := text.Float(b, bits)
	if err != nil {
		return 0, rd.errf(err, "value: bad number %q", b)
	}
	return v, nil
}

// Read parses a coordinate-format Matrix Market stream into a rank-2 COO
// tensor, expanding symmetric and skew-symmetric storage. An array-format
// file is an error here: use ReadDense.
func Read[T Float](r io.Reader, opts Options) (*coo.Tensor[T], Header, error) {
	rd := &reader{name: opts.Name, sc: text.NewScanner(r)}
	h, err := rd.header()
	if err != nil {
		return nil, h, err
	}
	if h.Format != Coordinate {
		return nil, h, rd.errf(nil, "array (dense) format: use ReadDense")
	}
	bits := text.Bits[T]()
	// Two coordinates and a value an entry, mirrored entries included,
	// within formats.MaxPrealloc elements in all.
	pre := h.Entries
	if h.Symmetry != General {
		pre = 2 * min(pre, formats.MaxPrealloc)
	}
	pre = min(pre, formats.MaxPrealloc/3)
	coords := make([]uint64, 0, 2*pre)
	values := make([]T, 0, pre)
	want := 3
	if h.Field == Pattern {
		want = 2
	}
	var n uint64
	for {
		fields, ok, err := rd.next()
		if err != nil {
			return nil, h, err
		}
		if !ok {
			break
		}
		if n == h.Entries {
			return nil, h, rd.errf(nil, "entry %d: the size line declares only %d entries", n+1, h.Entries)
		}
		n++
		if len(fields) != want {
			return nil, h, rd.errf(nil, "%d fields, want %d for a %s entry", len(fields), want, h.Field)
		}
		var ij [2]uint64
		for k, lim := range [2]uint64{h.Rows, h.Cols} {
			c, err := text.Uint(fields[k])
			if err != nil {
				return nil, h, rd.errf(err, "%s index: bad number %q", rowcol[k], fields[k])
			}
			if c == 0 || c > lim {
				return nil, h, rd.errf(nil, "%s index %d is outside 1..%d (the size line)", rowcol[k], c, lim)
			}
			ij[k] = c - 1
		}
		v := 1.0
		if h.Field != Pattern {
			if v, err = rd.value(fields[2], h.Field, bits); err != nil {
				return nil, h, err
			}
		}
		i, j := ij[0], ij[1]
		if h.Symmetry == SkewSymmetric && i == j && v != 0 {
			return nil, h, rd.errf(nil, "diagonal entry (%d, %d) = %v in a skew-symmetric matrix", i+1, j+1, v)
		}
		coords = append(coords, i, j)
		values = append(values, T(v))
		if i != j {
			switch h.Symmetry {
			case Symmetric:
				coords = append(coords, j, i)
				values = append(values, T(v))
			case SkewSymmetric:
				coords = append(coords, j, i)
				values = append(values, T(-v))
			}
		}
	}
	if n < h.Entries {
		rd.sc.Line++
		return nil, h, rd.errf(io.ErrUnexpectedEOF, "truncated: %d entries, the size line declares %d", n, h.Entries)
	}
	t, err := coo.New([]uint64{h.Rows, h.Cols}, coords, values)
	if err != nil {
		return nil, h, &formats.Error{File: rd.name, Msg: "building the matrix", Err: err}
	}
	return t, h, nil
}

var rowcol = [2]string{"row", "column"}

// ReadFile reads the named coordinate-format file.
func ReadFile[T Float](path string) (*coo.Tensor[T], Header, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, Header{}, err
	}
	defer f.Close()
	return Read[T](f, Options{Name: path})
}

// ReadDense parses an array-format Matrix Market stream and returns the
// values row-major (rows x cols), symmetric storage expanded. A coordinate
// file is an error here: use Read.
func ReadDense[T Float](r io.Reader, opts Options) (data []T, rows, cols int, h Header, err error) {
	rd := &reader{name: opts.Name, sc: text.NewScanner(r)}
	h, err = rd.header()
	if err != nil {
		return nil, 0, 0, h, err
	}
	if h.Format != Array {
		return nil, 0, 0, h, rd.errf(nil, "coordinate (sparse) format: use Read")
	}
	bits := text.Bits[T]()
	col := make([]T, 0, min(h.Entries, formats.MaxPrealloc))
	for {
		fields, ok, err := rd.next()
		if err != nil {
			return nil, 0, 0, h, err
		}
		if !ok {
			break
		}
		if uint64(len(col)) == h.Entries {
			return nil, 0, 0, h, rd.errf(nil, "value %d: the size line declares %dx%d (%d values)", len(col)+1, h.Rows, h.Cols, h.Entries)
		}
		if len(fields) != 1 {
			return nil, 0, 0, h, rd.errf(nil, "%d fields, want 1 value per line", len(fields))
		}
		v, err := rd.value(fields[0], h.Field, bits)
		if err != nil {
			return nil, 0, 0, h, err
		}
		col = append(col, T(v))
	}
	if uint64(len(col)) < h.Entries {
		rd.sc.Line++
		return nil, 0, 0, h, rd.errf(io.ErrUnexpectedEOF, "truncated: %d values, the size line declares %d", len(col), h.Entries)
	}
	// Every value has arrived, so rows*cols is bounded by what was read (at
	// most twice for symmetric storage).
	m, n := int(h.Rows), int(h.Cols)
	data = make([]T, m*n)
	if m == 0 {
		// No values, and the column loop below could be long.
		return data, m, n, h, nil
	}
	k := 0
	for j := range n {
		lo := 0
		switch h.Symmetry {
		case Symmetric:
			lo = j
		case SkewSymmetric:
			lo = j + 1
		}
		for i := lo; i < m; i++ {
			v := col[k]
			k++
			data[i*n+j] = v
			switch h.Symmetry {
			case Symmetric:
				data[j*n+i] = v
			case SkewSymmetric:
				data[j*n+i] = -v
			}
		}
	}
	return data, m, n, h, nil
}

// WriteOptions tunes Write.
type WriteOptions struct {
	// Field is Real (the default when ""), Integer or Pattern. Integer
	// fails on a value that is not an integer; Pattern drops the values.
	Field string
	// Symmetry is General (the default when ""), Symmetric or
	// SkewSymmetric. The symmetric forms write the lower triangle and fail
	// unless the matrix has that symmetry.
	Symmetry string
	// Comment lines written after the banner, each prefixed with '%' (a
	// string holding newlines is several lines, each prefixed).
	Comment []string
}

// Write streams a rank-2 COO tensor as a coordinate Matrix Market file.
// Duplicates are written as they are (Matrix Market readers usually sum
// them).
func Write[T Float](w io.Writer, t *coo.Tensor[T], opts WriteOptions) error {
	if !t.Valid() {
		return fmt.Errorf("mtx: %w", layout.ErrUnvalidated)
	}
	if t.Rank() != 2 {
		return fmt.Errorf("mtx: rank %d tensor: Matrix Market holds matrices (rank 2)", t.Rank())
	}
	field, sym := opts.Field, opts.Symmetry
	if field == "" {
		field = Real
	}
	if sym == "" {
		sym = General
	}
	if field != Real && field != Integer && field != Pattern {
		return fmt.Errorf("mtx: field %q, want real, integer or pattern", field)
	}
	shape := t.Shape()
	entries := uint64(t.NNZ())
	if sym != General {
		if sym != Symmetric && sym != SkewSymmetric {
			return fmt.Errorf("mtx: symmetry %q, want general, symmetric or skew-symmetric", sym)
		}
		n, err := checkSymmetry(t, sym)
		if err != nil {
			return err
		}
		entries = n
	}
	bits := text.Bits[T]()
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "%%%%MatrixMarket matrix coordinate %s %s\n", field, sym)
	for _, c := range opts.Comment {
		// Each line of a comment gets its '%', as SciPy's mmwrite does:
		// a bare line would be read as the size line.
		for _, l := range strings.Split(c, "\n") {
			fmt.Fprintf(bw, "%%%s\n", strings.TrimSuffix(l, "\r"))
		}
	}
	fmt.Fprintf(bw, "%d %d %d\n", shape[0], shape[1], entries)
	var buf []byte
	for c, v := range t.All() {
		if sym != General && c[0] <= c[1] && !(sym == Symmetric && c[0] == c[1]) {
			continue
		}
		buf = strconv.AppendUint(buf[:0], c[0]+1, 10)
		buf = append(buf, ' ')
		buf = strconv.AppendUint(buf, c[1]+1, 10)
		switch field {
		case Real:
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, float64(v), 'g', -1, bits)
		case Integer:
			f := float64(v)
			if f != math.Trunc(f) || f >= 1<<63 || f < -1<<63 {
				return fmt.Errorf("mtx: entry (%d, %d) = %v is not an integer that fits int64", c[0]+1, c[1]+1, v)
			}
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(f), 10)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// checkSymmetry verifies that every entry (i, j) has its mirror (j, i) with
// the same (symmetric) or negated (skew) value, duplicates summed, and
// returns the number of lower-triangle entries to write.
func checkSymmetry[T Float](t *coo.Tensor[T], sym string) (uint64, error) {
	shape := t.Shape()
	if shape[0] != shape[1] {
		return 0, fmt.Errorf("mtx: %s output needs a square matrix, have %dx%d", sym, shape[0], shape[1])
	}
	sum := map[[2]uint64]T{}
	var n uint64
	for c, v := range t.All() {
		sum[[2]uint64{c[0], c[1]}] += v
		if c[0] > c[1] || (sym == Symmetric && c[0] == c[1]) {
			n++
		}
	}
	for k, v := range sum {
		i, j := k[0], k[1]
		if i == j {
			if sym == SkewSymmetric && v != 0 {
				return 0, fmt.Errorf("mtx: diagonal entry (%d, %d) = %v in a skew-symmetric matrix", i+1, j+1, v)
			}
			continue
		}
		m, ok := sum[[2]uint64{j, i}]
		want := v
		if sym == SkewSymmetric {
			want = -v
		}
		// NaN mirrors NaN (NaN != NaN).
		if !ok || m != want && !(m != m && want != want) {
			return 0, fmt.Errorf("mtx: entry (%d, %d) = %v but (%d, %d) = %v: not %s", i+1, j+1, v, j+1, i+1, m, sym)
		}
	}
	return n, nil
}

// WriteFile writes a rank-2 COO tensor to the named file.
func WriteFile[T Float](path string, t *coo.Tensor[T], opts WriteOptions) error {
	return file.Write(path, func(w io.Writer) error { return Write(w, t, opts) })
}

// WriteDense writes a row-major rows x cols matrix as an array-format
// (general, real) Matrix Market file, column by column as the format
// requires.
func WriteDense[T Float](w io.Writer, data []T, rows, cols int) error {
	if rows < 0 || cols < 0 {
		return fmt.Errorf("mtx: %d values for a %dx%d matrix", len(data), rows, cols)
	}
	// The reader's own count, so that what is written reads back.
	n, ok := arrayCount(Header{Rows: uint64(rows), Cols: uint64(cols), Symmetry: General})
	if !ok {
		return fmt.Errorf("mtx: a %dx%d matrix: a dimension above %d, which ReadDense refuses", rows, cols, uint64(math.MaxInt32*math.MaxInt32))
	}
	if n != uint64(len(data)) {
		return fmt.Errorf("mtx: %d values for a %dx%d matrix", len(data), rows, cols)
	}
	bits := text.Bits[T]()
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "%%%%MatrixMarket matrix array real general\n%d %d\n", rows, cols)
	if rows == 0 {
		// No values, and the column loop below could be long.
		return bw.Flush()
	}
	var buf []byte
	for j := range cols {
		for i := range rows {
			buf = strconv.AppendFloat(buf[:0], float64(data[i*cols+j]), 'g', -1, bits)
			buf = append(buf, '\n')
			if _, err := bw.Write(buf); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}
