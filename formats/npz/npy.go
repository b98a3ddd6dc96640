package npz

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/internal/bufview"
	"github.com/hurray-format/hurray-go/layout"
)

const npyMagic = "\x93NUMPY"

// maxHeader caps the .npy header length (NumPy itself refuses headers over
// 10000 bytes unless told otherwise).
const maxHeader = 1 << 16

// dtype is one allowed .npy element type.
type dtype struct {
	descr string
	kind  byte // 'f' float, 'i' signed, 'u' unsigned, 'U' UTF-32 string, 'S' bytes
	size  int  // bytes per element (for 'U': 4 per character)
}

// parseDescr checks descr against the allow-list: little-endian (or
// byte-order-free) floats of 4 and 8 bytes, integers of 1, 2, 4 and 8 bytes, and
// the string types '<U<n>' and '|S<n>' (for SciPy's format array).
func parseDescr(d string) (dtype, error) {
	switch d {
	case "<f4", "<f8", "<i2", "<i4", "<i8", "<u2", "<u4", "<u8":
		return dtype{descr: d, kind: d[1], size: int(d[2] - '0')}, nil
	case "|u1", "|i1", "<u1", "<i1", "|b1":
		k := d[1]
		if k == 'b' {
			k = 'u'
		}
		return dtype{descr: d, kind: k, size: 1}, nil
	}
	if len(d) > 2 && (d[:2] == "<U" || d[:2] == "|S") {
		n, err := strconv.Atoi(d[2:])
		if err == nil && n >= 0 && n <= 1<<16 {
			size := n
			if d[1] == 'U' {
				size = 4 * n
			}
			return dtype{descr: d, kind: d[1], size: size}, nil
		}
	}
	if len(d) > 0 && d[0] == '>' {
		return dtype{}, fmt.Errorf("dtype %q is big-endian: %w", d, formats.ErrUnsupported)
	}
	return dtype{}, fmt.Errorf("dtype %q is not one of <f4 <f8 <i2 <i4 <i8 <u2 <u4 <u8 |u1 |i1 <U<n> |S<n>: %w", d, formats.ErrUnsupported)
}

// header is a parsed .npy header.
type header struct {
	dtype   dtype
	fortran bool
	shape   []uint64
	count   uint64 // product of shape
	nbytes  uint64 // count * dtype.size
	prefix  int    // bytes before the data: magic, version, length, dict
}

// readHeader reads and strictly parses a .npy header from r.
func readHeader(r io.Reader) (*header, error) {
	var pre [12]byte
	if _, err := io.ReadFull(r, pre[:8]); err != nil {
		return nil, fmt.Errorf("truncated .npy magic: %w", noEOF(err))
	}
	if string(pre[:6]) != npyMagic {
		return nil, errors.New("not a .npy array (bad magic)")
	}
	major, minor := pre[6], pre[7]
	if minor != 0 || major < 1 || major > 3 {
		return nil, fmt.Errorf(".npy version %d.%d, want 1.0, 2.0 or 3.0", major, minor)
	}
	var hlen, prefix int
	if major == 1 {
		if _, err := io.ReadFull(r, pre[8:10]); err != nil {
			return nil, fmt.Errorf("truncated .npy header length: %w", noEOF(err))
		}
		hlen, prefix = int(binary.LittleEndian.Uint16(pre[8:10])), 10
	} else {
		if _, err := io.ReadFull(r, pre[8:12]); err != nil {
			return nil, fmt.Errorf("truncated .npy header length: %w", noEOF(err))
		}
		n := binary.LittleEndian.Uint32(pre[8:12])
		if n > maxHeader {
			return nil, fmt.Errorf(".npy header length %d is over %d", n, maxHeader)
		}
		hlen, prefix = int(n), 12
	}
	hb := make([]byte, hlen)
	if _, err := io.ReadFull(r, hb); err != nil {
		return nil, fmt.Errorf("truncated .npy header (%d bytes declared): %w", hlen, noEOF(err))
	}
	h, err := parseDict(string(hb))
	if err != nil {
		return nil, fmt.Errorf(".npy header %q: %w", clip(string(hb)), err)
	}
	h.prefix = prefix + hlen
	return h, nil
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

func clip(s string) string {
	s = strings.TrimRight(s, " \n")
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
}

// parseDict parses the Python literal {'descr': ..., 'fortran_order': ...,
// 'shape': (...)} with exactly those three keys.
func parseDict(s string) (*header, error) {
	p := &lit{s: s}
	if !p.eat('{') {
		return nil, errors.New("want a dict starting with '{'")
	}
	h := &header{}
	seen := map[string]bool{}
	for {
		p.ws()
		if p.eat('}') {
			break
		}
		key, err := p.str()
		if err != nil {
			return nil, fmt.Errorf("key: %w", err)
		}
		if seen[key] {
			return nil, fmt.Errorf("key %q repeated", key)
		}
		seen[key] = true
		p.ws()
		if !p.eat(':') {
			return nil, fmt.Errorf("want ':' after key %q", key)
		}
		p.ws()
		switch key {
		case "descr":
			d, err := p.str()
			if err != nil {
				return nil, fmt.Errorf("descr must be a string (structured dtypes are unsupported): %w", err)
			}
			if h.dtype, err = parseDescr(d); err != nil {
				return nil, err
			}
		case "fortran_order":
			switch {
			case p.word("True"):
				h.fortran = true
			case p.word("False"):
			default:
				return nil, errors.New("fortran_order must be True or False")
			}
		case "shape":
			if h.shape, err = p.tuple(); err != nil {
				return nil, fmt.Errorf("shape: %w", err)
			}
		default:
			return nil, fmt.Errorf("unexpected key %q", key)
		}
		p.ws()
		if p.eat(',') {
			continue
		}
		p.ws()
		if !p.eat('}') {
			return nil, errors.New("want ',' or '}'")
		}
		break
	}
	if strings.TrimRight(p.s[p.i:], " \t\n\x00") != "" {
		return nil, errors.New("text after the dict")
	}
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return nil, fmt.Errorf("key %q missing", k)
		}
	}
	if len(h.shape) > layout.MaxRank {
		return nil, fmt.Errorf("shape has %d dimensions, more than %d", len(h.shape), layout.MaxRank)
	}
	h.count = 1
	for _, d := range h.shape {
		hi, lo := bits.Mul64(h.count, d)
		if hi != 0 || lo > math.MaxInt64 {
			return nil, fmt.Errorf("shape %v: element count overflows", h.shape)
		}
		h.count = lo
	}
	hi, lo := bits.Mul64(h.count, uint64(h.dtype.size))
	if hi != 0 || lo > math.MaxInt64 {
		return nil, fmt.Errorf("shape %v of %s: byte count overflows", h.shape, h.dtype.descr)
	}
	h.nbytes = lo
	return h, nil
}

// lit is a tiny scanner for the Python literals of a .npy header.
type lit struct {
	s string
	i int
}

func (p *lit) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

func (p *lit) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *lit) word(w string) bool {
	if strings.HasPrefix(p.s[p.i:], w) {
		p.i += len(w)
		return true
	}
	return false
}

func (p *lit) str() (string, error) {
	if p.i >= len(p.s) || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
		return "", errors.New("want a quoted string")
	}
	q := p.s[p.i]
	j := strings.IndexByte(p.s[p.i+1:], q)
	if j < 0 {
		return "", errors.New("unterminated string")
	}
	v := p.s[p.i+1 : p.i+1+j]
	if strings.ContainsRune(v, '\\') {
		return "", errors.New("escapes in strings are not supported")
	}
	p.i += j + 2
	return v, nil
}

func (p *lit) tuple() ([]uint64, error) {
	if !p.eat('(') {
		return nil, errors.New("want a tuple")
	}
	out := []uint64{}
	for {
		p.ws()
		if p.eat(')') {
			return out, nil
		}
		j := p.i
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		if j == p.i {
			return nil, errors.New("want a non-negative integer")
		}
		n, err := strconv.ParseUint(p.s[p.i:j], 10, 64)
		if err != nil {
			return nil, err
		}
		p.i = j
		p.eat('L')
		out = append(out, n)
		if len(out) > layout.MaxRank {
			return nil, fmt.Errorf("more than %d dimensions", layout.MaxRank)
		}
		p.ws()
		if p.eat(',') {
			continue
		}
		p.ws()
		if !p.eat(')') {
			return nil, errors.New("want ',' or ')'")
		}
		if len(out) == 1 {
			// (n) is an int, not a tuple, in Python.
			return nil, errors.New("a 1-tuple needs a trailing comma")
		}
		return out, nil
	}
}

// readData reads exactly h.nbytes bytes, growing the buffer as data arrives
// (never trusting h.nbytes for the allocation beyond formats.MaxPrealloc
// elements) and at most to h.nbytes: a bytes.Buffer doubled an exactly
// sized buffer to look for the end of the data.
func readData(r io.Reader, h *header) ([]byte, error) {
	want := h.nbytes
	buf := make([]byte, 0, min(want, 8*formats.MaxPrealloc))
	for uint64(len(buf)) < want {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, int(min(want-uint64(len(buf)), uint64(cap(buf)))))
		}
		end := min(uint64(cap(buf)), want)
		n, err := io.ReadFull(r, buf[len(buf):end])
		buf = buf[:len(buf)+n]
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("truncated data: %d bytes, shape %v of %s needs %d: %w", len(buf), h.shape, h.dtype.descr, want, io.ErrUnexpectedEOF)
		}
		if err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// array is one decoded .npy array.
type array struct {
	h    *header
	data []byte
}

func (a *array) floats64() []float64 {
	out := make([]float64, a.h.count)
	le := binary.LittleEndian
	switch a.h.dtype.descr {
	case "<f8":
		for i := range out {
			out[i] = math.Float64frombits(le.Uint64(a.data[8*i:]))
		}
	case "<f4":
		for i := range out {
			out[i] = float64(math.Float32frombits(le.Uint32(a.data[4*i:])))
		}
	}
	return out
}

// ints decodes an integer array as int64 values (uint64 above 2^63-1 is
// reported as an error by the caller through ok = false with the index).
func (a *array) uints() (out []uint64, bad int, badVal string) {
	out = make([]uint64, a.h.count)
	le := binary.LittleEndian
	d := a.data
	for i := range out {
		switch a.h.dtype.descr {
		case "<i8":
			v := int64(le.Uint64(d[8*i:]))
			if v < 0 {
				return nil, i, strconv.FormatInt(v, 10)
			}
			out[i] = uint64(v)
		case "<i4":
			v := int32(le.Uint32(d[4*i:]))
			if v < 0 {
				return nil, i, strconv.FormatInt(int64(v), 10)
			}
			out[i] = uint64(v)
		case "<u8":
			out[i] = le.Uint64(d[8*i:])
		case "<u4":
			out[i] = uint64(le.Uint32(d[4*i:]))
		case "<i2":
			v := int16(le.Uint16(d[2*i:]))
			if v < 0 {
				return nil, i, strconv.Itoa(int(v))
			}
			out[i] = uint64(v)
		case "<u2":
			out[i] = uint64(le.Uint16(d[2*i:]))
		case "|i1", "<i1":
			v := int8(d[i])
			if v < 0 {
				return nil, i, strconv.Itoa(int(v))
			}
			out[i] = uint64(v)
		default:
			out[i] = uint64(d[i])
		}
	}
	return out, -1, ""
}

// text decodes a string array's first element (a 0-d '<U<n>' or '|S<n>').
func (a *array) text() string {
	switch a.h.dtype.kind {
	case 'S':
		return strings.TrimRight(string(a.data), "\x00")
	case 'U':
		var b strings.Builder
		for i := 0; i+4 <= len(a.data); i += 4 {
			r := rune(binary.LittleEndian.Uint32(a.data[i:]))
			if r == 0 {
				break
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	return ""
}

// toCOrder reorders a Fortran-order array of the given shape into C order.
func toCOrder[T any](src []T, shape []uint64) []T {
	if len(shape) < 2 || len(src) == 0 {
		return src
	}
	r := len(shape)
	// stride[m] of mode m in Fortran order.
	stride := make([]uint64, r)
	s := uint64(1)
	for m := range r {
		stride[m] = s
		s *= shape[m]
	}
	dst := make([]T, len(src))
	idx := make([]uint64, r)
	var off uint64
	for k := range dst {
		dst[k] = src[off]
		for m := r - 1; m >= 0; m-- {
			idx[m]++
			off += stride[m]
			if idx[m] < shape[m] {
				break
			}
			off -= stride[m] * idx[m]
			idx[m] = 0
		}
	}
	return dst
}

// ReadNPY reads a dense .npy array of float32 or float64 (any rank up to 64;
// C or Fortran order) and returns its values in row-major (C) order with the
// shape. Errors are *formats.Error naming opts.Name.
func ReadNPY[T Float](r io.Reader, opts Options) (data []T, shape []uint64, err error) {
	fail := func(err error, msg string) ([]T, []uint64, error) {
		return nil, nil, wrapErr(opts.Name, "", msg, err)
	}
	h, err := readHeader(r)
	if err != nil {
		return fail(err, "bad header")
	}
	if h.dtype.kind != 'f' {
		err := fmt.Errorf("dtype %s, want <f4 or <f8", h.dtype.descr)
		if numericKind(h.dtype.kind) {
			err = fmt.Errorf("%w: dtype %s, want <f4 or <f8", formats.ErrUnsupported, h.dtype.descr)
		}
		return fail(err, "wrong dtype")
	}
	if opts.MaxBytes > 0 && h.nbytes > uint64(opts.MaxBytes) {
		return fail(fmt.Errorf("shape %v of %s needs %d bytes, over the limit of %d", h.shape, h.dtype.descr, h.nbytes, opts.MaxBytes), "too large")
	}
	raw, err := readData(r, h)
	if err != nil {
		return fail(err, "bad data")
	}
	a := &array{h: h, data: raw}
	if data, err = convertFloats[T](a); err != nil {
		return fail(err, "bad value")
	}
	if h.fortran {
		data = toCOrder(data, h.shape)
	}
	return data, h.shape, nil
}

// convertFloats decodes a's values as T. A finite value that float32 cannot
// hold is an error (it would become an infinity), as in the text readers.
// Values of T's own width are copied bit for bit (a float32 NaN through
// float64 came back quieted).
func convertFloats[T Float](a *array) ([]T, error) {
	if bufview.ElemSize[T]() == 8 { // float64, or a named type of its kind
		return bufview.Retype[T](a.floats64()), nil
	}
	if a.h.dtype.descr == "<f4" {
		out := make([]T, a.h.count)
		for i := range out {
			out[i] = T(math.Float32frombits(binary.LittleEndian.Uint32(a.data[4*i:])))
		}
		return out, nil
	}
	f := a.floats64()
	out := make([]T, len(f))
	for i, v := range f {
		out[i] = T(v)
		if math.IsInf(float64(out[i]), 0) && !math.IsInf(v, 0) {
			return nil, fmt.Errorf("entry %d is %g, out of float32 range", i, v)
		}
	}
	return out, nil
}

// writeHeader writes a version 1.0 (or 2.0 when long) .npy header padded so
// that the data starts at a multiple of 64 bytes.
func writeHeader(w io.Writer, descr string, shape []uint64) error {
	var sb strings.Builder
	sb.WriteString("(")
	for i, d := range shape {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(strconv.FormatUint(d, 10))
	}
	if len(shape) == 1 {
		sb.WriteString(",")
	}
	sb.WriteString(")")
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, sb.String())
	pre := 10
	if len(dict)+1+pre+64 > 65535 {
		pre = 12
	}
	total := pre + len(dict) + 1
	pad := (64 - total%64) % 64
	hdr := dict + strings.Repeat(" ", pad) + "\n"
	buf := make([]byte, 0, pre+len(hdr))
	buf = append(buf, npyMagic...)
	if pre == 10 {
		buf = append(buf, 1, 0)
		buf = binary.LittleEndian.AppendUint16(buf, uint16(len(hdr)))
	} else {
		buf = append(buf, 2, 0)
		buf = binary.LittleEndian.AppendUint32(buf, uint32(len(hdr)))
	}
	buf = append(buf, hdr...)
	_, err := w.Write(buf)
	return err
}

// writeFloats writes values little-endian in their own width.
func writeFloats[T Float](w io.Writer, vals []T) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var b [8]byte
	is32 := bufview.ElemSize[T]() == 4 // float32, or a named type of its kind
	for _, v := range vals {
		if is32 {
			binary.LittleEndian.PutUint32(b[:4], math.Float32bits(float32(v)))
			bw.Write(b[:4])
		} else {
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(float64(v)))
			bw.Write(b[:])
		}
	}
	return bw.Flush()
}

func floatDescr[T Float]() string {
	if bufview.ElemSize[T]() == 4 {
		return "<f4"
	}
	return "<f8"
}

// writeInt64s writes uint64 values as int64 little-endian, failing on values
// above 2^63-1.
func writeInt64s(w io.Writer, name string, vals []uint64) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var b [8]byte
	for i, v := range vals {
		if v > math.MaxInt64 {
			return fmt.Errorf("npz: %s[%d] = %d does not fit int64", name, i, v)
		}
		binary.LittleEndian.PutUint64(b[:], v)
		bw.Write(b[:])
	}
	return bw.Flush()
}

// WriteNPY writes a dense row-major array of the given shape as a .npy file
// (version 1.0, C order, <f4 or <f8).
func WriteNPY[T Float](w io.Writer, data []T, shape []uint64) error {
	n := uint64(1)
	for _, d := range shape {
		hi, lo := bits.Mul64(n, d)
		if hi != 0 {
			return fmt.Errorf("npz: shape %v overflows", shape)
		}
		n = lo
	}
	if n != uint64(len(data)) {
		return fmt.Errorf("npz: %d values for shape %v", len(data), shape)
	}
	if err := writeHeader(w, floatDescr[T](), shape); err != nil {
		return err
	}
	return writeFloats(w, data)
}
