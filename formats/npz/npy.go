package npz

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unsafe"

	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/internal/mem"
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

// readHeader reads and strictly parses a .npy header from r, charging the
// header's bytes to b for array arr. A budget error is returned as it is
// (a *formats.Error); others are plain errors for the caller to wrap.
func readHeader(r io.Reader, b *budget, arr string) (*header, error) {
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
	if err := b.charge(arr, "reading", uint64(hlen)); err != nil {
		return nil, err
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

// maxDirect is the most data bytes ReadNPY reads into a buffer of the
// header's size when the stream does not say how much it holds: beyond it
// the data is read in chunks as it arrives, so a header that claims more
// than the stream holds costs no more than the stream.
const maxDirect = 8 * formats.MaxPrealloc

// bufBytes returns the size in bytes of the buffer in which h's data is read
// and decoded into elements of out bytes: the larger of the data and the
// decoded elements, rounded up to whole uint64 words (saturating).
func bufBytes(h *header, out int) uint64 {
	hi, lo := bits.Mul64(h.count, uint64(out))
	if hi != 0 || lo > math.MaxUint64-7 {
		return math.MaxUint64 &^ 7
	}
	return (max(h.nbytes, lo) + 7) &^ 7
}

// wordBytes views the memory of w as bytes, in the host's order: the data
// of an array is read into the start of a []uint64 (so that it is 8-byte
// aligned) and decoded there in place.
func wordBytes(w []uint64) []byte {
	if len(w) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), 8*len(w))
}

// readFull reads len(dst) data bytes of h into dst.
func readFull(r io.Reader, dst []byte, h *header) error {
	n, err := io.ReadFull(r, dst)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("truncated data: %d bytes, shape %v of %s needs %d: %w", n, h.shape, h.dtype.descr, h.nbytes, io.ErrUnexpectedEOF)
	}
	return err
}

// readChunks reads h's data from a stream of unknown length in chunks
// (maxDirect bytes, then twice the one before), each charged to b when it
// is allocated, so that a header claiming more than the stream holds fails
// at its end having allocated what arrived. It then copies the data into a
// new buffer of size bytes (charged by the caller).
func readChunks(r io.Reader, h *header, b *budget, size uint64) ([]uint64, error) {
	var chunks [][]byte
	left, next := h.nbytes, uint64(maxDirect)
	for left > 0 {
		n := min(next, left)
		if err := b.charge("", "reading", n); err != nil {
			return nil, err
		}
		c := make([]byte, n)
		if k, err := io.ReadFull(r, c); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				got := h.nbytes - left + uint64(k)
				return nil, fmt.Errorf("truncated data: %d bytes, shape %v of %s needs %d: %w", got, h.shape, h.dtype.descr, h.nbytes, io.ErrUnexpectedEOF)
			}
			return nil, err
		}
		chunks = append(chunks, c)
		left -= n
		next *= 2
	}
	w := make([]uint64, size/8)
	dst := wordBytes(w)
	for _, c := range chunks {
		dst = dst[copy(dst, c):]
	}
	return w, nil
}

// decodeUints decodes the h.count little-endian integers of h's dtype held
// at the start of w's memory into w[:h.count], in place. A negative entry
// gives the index of the first one and its value instead.
func decodeUints(w []uint64, h *header) (out []uint64, bad int, badVal string) {
	n := int(h.count)
	if n == 0 {
		return []uint64{}, -1, ""
	}
	b := wordBytes(w)
	le := binary.LittleEndian
	switch h.dtype.descr {
	case "<i8":
		for i := range n {
			if v := int64(le.Uint64(b[8*i:])); v < 0 {
				return nil, i, strconv.FormatInt(v, 10)
			}
		}
	case "<i4":
		for i := range n {
			if v := int32(le.Uint32(b[4*i:])); v < 0 {
				return nil, i, strconv.Itoa(int(v))
			}
		}
	case "<i2":
		for i := range n {
			if v := int16(le.Uint16(b[2*i:])); v < 0 {
				return nil, i, strconv.Itoa(int(v))
			}
		}
	case "|i1", "<i1":
		for i := range n {
			if v := int8(b[i]); v < 0 {
				return nil, i, strconv.Itoa(int(v))
			}
		}
	}
	// Every entry is now known to be non-negative, so widening a signed
	// entry is zero extension. The narrow dtypes widen from the last entry
	// down: entry i's 8 bytes overlap the data of entries i and later only,
	// which are decoded already.
	switch h.dtype.size {
	case 8:
		if !mem.LittleEndian {
			for i := range n {
				w[i] = le.Uint64(b[8*i:])
			}
		}
	case 4:
		for i := n - 1; i >= 0; i-- {
			w[i] = uint64(le.Uint32(b[4*i:]))
		}
	case 2:
		for i := n - 1; i >= 0; i-- {
			w[i] = uint64(le.Uint16(b[2*i:]))
		}
	default:
		for i := n - 1; i >= 0; i-- {
			w[i] = uint64(b[i])
		}
	}
	return w[:n], -1, ""
}

// text decodes a string array's first element (a 0-d '<U<n>' or '|S<n>')
// from its data.
func text(h *header, data []byte) string {
	switch h.dtype.kind {
	case 'S':
		return strings.TrimRight(string(data), "\x00")
	case 'U':
		var b strings.Builder
		for i := 0; i+4 <= len(data); i += 4 {
			r := rune(binary.LittleEndian.Uint32(data[i:]))
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
//
// opts.MaxBytes is the memory budget of the read, as for Read: the header,
// the values (decoded in the buffer the data is read into, of the larger of
// the two sizes) and the copy a Fortran-order array is reordered into count
// against it. Its default (0) is DefaultMaxBytes of the stream's size when
// r tells it (a Size or Len method, or Stat of a regular file, as
// *bytes.Reader, *bytes.Buffer and *os.File have), else half of the
// memory. When r does not tell its size, data beyond maxDirect bytes is
// read in chunks as it arrives and counts twice (the chunks, then the
// buffer they are gathered in), so that a header claiming more than the
// stream holds costs no more than the stream.
func ReadNPY[T Float](r io.Reader, opts Options) (data []T, shape []uint64, err error) {
	fail := func(err error, msg string) ([]T, []uint64, error) {
		return nil, nil, wrapErr(opts.Name, "", msg, err)
	}
	size, known := streamSize(r)
	if !known {
		size = -1
	}
	b := newBudget(opts.Name, opts.MaxBytes, size)
	h, err := readHeader(r, b, "")
	if errors.Is(err, formats.ErrTooLarge) {
		return nil, nil, err
	}
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
	if known && h.nbytes > uint64(max(size, 0)) {
		return fail(fmt.Errorf("truncated data: shape %v of %s needs %d bytes, the stream holds %d in all: %w", h.shape, h.dtype.descr, h.nbytes, size, io.ErrUnexpectedEOF), "bad data")
	}
	need := bufBytes(h, mem.ElemSize[T]())
	if err := b.charge("", "reading", need); err != nil {
		return nil, nil, err
	}
	var w []uint64
	if known || h.nbytes <= maxDirect {
		w = make([]uint64, need/8)
		err = readFull(r, wordBytes(w)[:h.nbytes], h)
	} else {
		w, err = readChunks(r, h, b, need)
	}
	if errors.Is(err, formats.ErrTooLarge) {
		return nil, nil, err
	}
	if err != nil {
		return fail(err, "bad data")
	}
	if data, err = decodeFloats[T](w, h); err != nil {
		return fail(err, "bad value")
	}
	if h.fortran && len(h.shape) >= 2 && len(data) > 0 {
		if err := b.charge("", "reordering Fortran order to C order", uint64(len(data))*uint64(mem.ElemSize[T]())); err != nil {
			return nil, nil, err
		}
		data = toCOrder(data, h.shape)
	}
	return data, h.shape, nil
}

// decodeFloats decodes the h.count little-endian floats of h's dtype held
// at the start of w's memory as T, in place, and returns them (a view of
// w). A finite value that float32 cannot hold is an error (it would become
// an infinity), as in the text readers. Values of T's own width keep their
// bits (a float32 NaN through float64 comes back quieted).
func decodeFloats[T Float](w []uint64, h *header) ([]T, error) {
	n := int(h.count)
	if n == 0 {
		return []T{}, nil
	}
	b := wordBytes(w)
	out := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(w))), n)
	le := binary.LittleEndian
	switch size := mem.ElemSize[T](); {
	case h.dtype.size == size:
		// Already in place on a little-endian host.
		if !mem.LittleEndian {
			for i := range out {
				if size == 4 {
					out[i] = T(math.Float32frombits(le.Uint32(b[4*i:])))
				} else {
					out[i] = T(math.Float64frombits(le.Uint64(b[8*i:])))
				}
			}
		}
	case size == 8:
		// <f4 into 8 bytes, from the last value down: value i's 8 bytes
		// overlap the data of values i and later only.
		for i := n - 1; i >= 0; i-- {
			out[i] = T(math.Float32frombits(le.Uint32(b[4*i:])))
		}
	default:
		// <f8 into 4 bytes, from the first value up: value i's 4 bytes
		// overlap the data of values i/2 to i only.
		for i := range out {
			v := math.Float64frombits(le.Uint64(b[8*i:]))
			out[i] = T(v)
			if math.IsInf(float64(out[i]), 0) && !math.IsInf(v, 0) {
				return nil, fmt.Errorf("entry %d is %g, out of float32 range", i, v)
			}
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
	is32 := mem.ElemSize[T]() == 4 // float32, or a named type of its kind
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
	if mem.ElemSize[T]() == 4 {
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
