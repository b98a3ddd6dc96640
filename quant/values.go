package quant

import (
	"fmt"
	"math"

	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
)

// Values is a set of quantized values: the codes of buffer 0 and the
// scheme's parameters, as plain slices that products and kernels read
// directly. Which parameter slices are used depends on the kind; the others
// are empty.
//
// Code i is Codes[i] for 8-bit kinds; for 4-bit kinds it is the low nibble
// of Codes[i/2] when i is even and the high nibble when i is odd. The group
// of value i is 0 (tensor schemes), its channel (channel schemes) or i/B
// (block schemes); its parameters are Scale[g], Zero[g] and Exp[g].
//
// A Values is checked by Validate; At, Dequantize and the products assume
// it passed.
type Values struct {
	Scheme Scheme
	N      int       // number of stored values
	Codes  []byte    // buffer 0: CodeBytes(N) bytes
	Scale  []float32 // int8, uint8, int4: scale; nf4: absmax; one per group
	Zero   []uint8   // uint8: zero point, one per group
	Exp    []uint8   // mxfp4, mxfp8: E8M0 shared scale, one per group
}

// Loc says where a value set sits in a layout's buffer table, so that
// errors name the buffer by its index in the whole table: the codes are
// buffer 0 and the parameter buffers start at First.
type Loc struct {
	Layout layout.Tag // the layout whose buffer table holds the values
	First  int        // index of the first parameter buffer: COO 2, CSR and CSC 3, CSF 2·rank+1
}

// field names parameter buffer i (or the codes, for i = -1) in an error.
func (l Loc) field(s Scheme, i int) string {
	if i < 0 {
		return "buffer 0 (codes)"
	}
	return fmt.Sprintf("buffer %d (%s)", l.First+i, s.Param(i).Name)
}

// FromBuffers views the n stored values of a structure (its nnz): codes
// (buffer 0) and the scheme's parameter buffers, in table order, each
// little-endian. The codes and the
// uint8 and E8M0 buffers are aliased; a float32 buffer is aliased when the
// host is little-endian and the buffer is 4-byte aligned, and copied
// otherwise.
//
// It checks only what viewing needs: a scheme, n ≥ 0, the number of
// parameter buffers and that a float32 buffer holds whole elements. Validate
// checks the rest; until it passes, the values must not be computed on (the
// layouts' permissive mode holds them so).
func FromBuffers(s Scheme, n int, codes []byte, params [][]byte, at Loc) (Values, error) {
	if s.IsZero() {
		return Values{}, layout.Errorf(at.Layout, "scheme", -1, -1, "none given")
	}
	if n < 0 {
		return Values{}, layout.Errorf(at.Layout, "buffer 0 (codes)", -1, -1, "%d values, want at least 0", n)
	}
	if len(params) != s.ParamCount() {
		return Values{}, layout.Errorf(at.Layout, "buffers", -1, -1, "%d quantization parameter buffers from buffer %d, want %d for %v", len(params), at.First, s.ParamCount(), s)
	}
	v := Values{Scheme: s, N: n, Codes: codes}
	for i, b := range params {
		switch p := s.Param(i); {
		case p.Type == ParamFloat32:
			if len(b)%4 != 0 {
				return Values{}, layout.Errorf(at.Layout, at.field(s, i), -1, -1, "byte length %d is not a multiple of 4", len(b))
			}
			v.Scale, _ = mem.Floats[float32](b)
		case p.Type == ParamUint8:
			v.Zero = b
		default:
			v.Exp = b
		}
	}
	return v, nil
}

// ParamBuffers returns the parameter buffers in table order as little-endian
// bytes: they alias v's slices (on a big-endian host the float32 buffer is
// an encoded copy).
func (v *Values) ParamBuffers() [][]byte {
	switch v.Scheme.kind {
	case 0:
		return nil
	case Uint8:
		return [][]byte{mem.FloatBytes(v.Scale), v.Zero}
	case MXFP4, MXFP8:
		return [][]byte{v.Exp}
	}
	return [][]byte{mem.FloatBytes(v.Scale)}
}

// Validate checks v for a structure of the given shape with v.N stored
// values, by every rule of strict validation:
//
//   - a scheme is set; a channel scheme's axis is below the rank;
//   - the codes are CodeBytes(N) bytes; with an odd N of 4-bit codes, the
//     padding nibble (the high nibble of the last byte) is 0;
//   - mxfp8 codes are not E4M3 NaN (0x7F, 0xFF); every other code is valid,
//     int8's -128 and int4's -8 included, though quantizing never writes
//     them;
//   - each parameter buffer holds exactly one element per group (Groups),
//     and the slices the kind does not use are empty;
//   - scales are finite and positive (subnormals are allowed); nf4's absmax
//     is finite and ≥ 0; E8M0 scales are not 0xFF (NaN); zero points are any
//     uint8.
//
// A failure is a *layout.ValidationError of layout at.Layout whose Field
// names the buffer by its index in the whole table ("buffer 0 (codes)",
// "buffer 3 (scale)") and whose Index is the element where a rule broke (-1
// for a length), with the value found.
func (v *Values) Validate(shape []uint64, at Loc) error {
	s := v.Scheme
	tag := at.Layout
	if s.IsZero() {
		return layout.Errorf(tag, "scheme", -1, -1, "none given")
	}
	if v.N < 0 {
		return layout.Errorf(tag, at.field(s, -1), -1, -1, "%d values, want at least 0", v.N)
	}
	groups, err := s.Groups(shape, v.N)
	if err != nil {
		return layout.Errorf(tag, "scheme", -1, -1, "%v", err)
	}
	if want := s.CodeBytes(v.N); len(v.Codes) != want {
		return layout.Errorf(tag, at.field(s, -1), -1, -1, "length %d, want %d (%d values of %d bits)", len(v.Codes), want, v.N, s.CodeBits())
	}
	if s.CodeBits() == 4 && v.N%2 == 1 {
		if last := v.Codes[len(v.Codes)-1]; last>>4 != 0 {
			return layout.Errorf(tag, at.field(s, -1), -1, len(v.Codes)-1, "byte 0x%02x: padding nibble 0x%x after the last of %d values, want 0", last, last>>4, v.N)
		}
	}
	if s.kind == MXFP8 {
		for i, c := range v.Codes {
			if E4M3NaN(c) {
				return layout.Errorf(tag, at.field(s, -1), -1, i, "0x%02x is an E4M3 NaN", c)
			}
		}
	}
	unused := func(name string, n int) error {
		return layout.Errorf(tag, name, -1, -1, "%d elements set, but %v has no %s", n, s, name)
	}
	switch s.kind {
	case Int8, Uint8, Int4, NF4:
		if err := v.checkScale(groups, at); err != nil {
			return err
		}
	default:
		if len(v.Scale) != 0 {
			return unused("float32 scale", len(v.Scale))
		}
	}
	if s.kind == Uint8 {
		if len(v.Zero) != groups {
			return layout.Errorf(tag, at.field(s, 1), -1, -1, "length %d, want %d (%s)", len(v.Zero), groups, groupsWhy(s))
		}
	} else if len(v.Zero) != 0 {
		return unused("zero point", len(v.Zero))
	}
	if s.kind == MXFP4 || s.kind == MXFP8 {
		if len(v.Exp) != groups {
			return layout.Errorf(tag, at.field(s, 0), -1, -1, "length %d, want %d (%s)", len(v.Exp), groups, groupsWhy(s))
		}
		for i, e := range v.Exp {
			if e == 0xFF {
				return layout.Errorf(tag, at.field(s, 0), -1, i, "0xff is an E8M0 NaN")
			}
		}
	} else if len(v.Exp) != 0 {
		return unused("E8M0 scale", len(v.Exp))
	}
	return nil
}

// checkScale checks the float32 parameter buffer (scale, or nf4's absmax).
func (v *Values) checkScale(groups int, at Loc) error {
	s := v.Scheme
	if len(v.Scale) != groups {
		return layout.Errorf(at.Layout, at.field(s, 0), -1, -1, "length %d, want %d (%s)", len(v.Scale), groups, groupsWhy(s))
	}
	if s.kind == NF4 {
		for i, a := range v.Scale {
			if !(a >= 0 && a <= math.MaxFloat32) {
				return layout.Errorf(at.Layout, at.field(s, 0), -1, i, "%v, want a finite absmax ≥ 0", a)
			}
		}
		return nil
	}
	for i, a := range v.Scale {
		if !(a > 0 && a <= math.MaxFloat32) {
			return layout.Errorf(at.Layout, at.field(s, 0), -1, i, "%v, want a finite scale > 0", a)
		}
	}
	return nil
}

// groupsWhy says where the group count comes from, for length errors.
func groupsWhy(s Scheme) string {
	switch s.gran {
	case PerTensor:
		return "one per tensor"
	case PerChannel:
		return fmt.Sprintf("shape[%d]", s.param)
	}
	return fmt.Sprintf("one per block of %d values", s.param)
}

// group returns the parameter group of value i, whose channel is ch.
func (v *Values) group(i int, ch uint64) int {
	switch v.Scheme.gran {
	case PerChannel:
		return int(ch)
	case PerBlock:
		return i / int(v.Scheme.param)
	}
	return 0
}

// code returns code i: a byte, or a nibble of the 4-bit kinds.
func (v *Values) code(i int) uint8 {
	if v.Scheme.CodeBits() == 4 {
		return v.Codes[i>>1] >> (4 * (i & 1)) & 15
	}
	return v.Codes[i]
}

// At returns the dequantized value of stored value i, whose channel is ch
// (read by channel schemes only), as float32. It computes one float32
// product, rounded once:
//
//	int8   float32(int8(q)) * Scale[g]
//	uint8  float32(int32(q) - int32(Zero[g])) * Scale[g]
//	int4   float32(q sign-extended from 4 bits) * Scale[g]
//	nf4    NF4Levels()[q] * Scale[g]
//	mxfp4  E2M1Values()[q] * E8M0(Exp[g])
//	mxfp8  E4M3Values()[q] * E8M0(Exp[g])
//
// The MX products are exact (E2M1 and E4M3 values times a power of two
// never need rounding, subnormal results included) unless they overflow to
// ±Inf. v must have passed Validate; i and ch out of range panic.
func (v *Values) At(i int, ch uint64) float32 {
	if v.Scheme.IsZero() {
		panic("quant: At on values without a scheme")
	}
	if i < 0 || i >= v.N {
		panic(fmt.Sprintf("quant: value %d out of range [0, %d)", i, v.N))
	}
	g := v.group(i, ch)
	q := v.code(i)
	switch v.Scheme.kind {
	case Int8:
		return float32(int8(q)) * v.Scale[g]
	case Uint8:
		return float32(int32(q)-int32(v.Zero[g])) * v.Scale[g]
	case Int4:
		return float32(int8(q<<4)>>4) * v.Scale[g]
	case NF4:
		return nf4Levels[q] * v.Scale[g]
	case MXFP4:
		return e2m1Values[q] * E8M0(v.Exp[g])
	}
	return e4m3Values[q] * E8M0(v.Exp[g]) // MXFP8
}

// Dequantize writes the dequantized value of every stored value into dst,
// which must hold N: dst[i] is At(i, channel of i), computed the same way.
// Channel schemes read each value's channel from ch; the others ignore it.
// v must have passed Validate. It panics when dst is not N long or ch does
// not fit v (its channels must be below the channel count, and it must
// cover N values).
func (v *Values) Dequantize(dst []float32, ch Channels) {
	if len(dst) != v.N {
		panic(fmt.Sprintf("quant: Dequantize: dst holds %d values, want %d", len(dst), v.N))
	}
	s := v.Scheme
	switch s.gran {
	case PerTensor:
		v.dequantizeRange(dst, 0, v.N, 0)
	case PerBlock:
		b := int(s.param)
		for g, lo := 0, 0; lo < v.N; g, lo = g+1, lo+b {
			v.dequantizeRange(dst, lo, min(lo+b, v.N), g)
		}
	case PerChannel:
		if err := ch.check(v.N, len(v.Scale), true); err != nil {
			panic(fmt.Sprintf("quant: Dequantize: %v", err))
		}
		if ch.ptr != nil {
			for r := range len(ch.ptr) - 1 {
				v.dequantizeRange(dst, int(ch.ptr[r]), int(ch.ptr[r+1]), ch.run(r))
			}
			return
		}
		for i := range dst {
			dst[i] = v.At(i, ch.idx[i*ch.stride])
		}
	}
}

// dequantizeRange writes values lo..hi-1, all of group g, into dst.
func (v *Values) dequantizeRange(dst []float32, lo, hi, g int) {
	dst = dst[lo:hi]
	switch v.Scheme.kind {
	case Int8:
		s := v.Scale[g]
		for i, q := range v.Codes[lo:hi] {
			dst[i] = float32(int8(q)) * s
		}
	case Uint8:
		s, z := v.Scale[g], int32(v.Zero[g])
		for i, q := range v.Codes[lo:hi] {
			dst[i] = float32(int32(q)-z) * s
		}
	case MXFP8:
		s := E8M0(v.Exp[g])
		for i, q := range v.Codes[lo:hi] {
			dst[i] = e4m3Values[q] * s
		}
	default:
		for i := range dst {
			dst[i] = v.At(lo+i, 0)
		}
	}
}

// Channels gives the channel of every stored value, for channel schemes:
// a value's channel is its logical coordinate on the scheme's axis. It comes
// either per value or per run of consecutive values; the zero Channels gives
// none, which is all that tensor and block schemes need.
type Channels struct {
	idx    []uint64 // per value: the channel of value i is idx[i*stride]
	stride int
	ptr    []uint64 // per run: values ptr[r] ≤ i < ptr[r+1] are in channel id[r] (r when id is nil)
	id     []uint64
}

// PerValue gives the channel of value i as idx[i*stride]: a COO tensor's
// coordinates from the axis on, coords[axis:] with stride rank; a CSR
// matrix's column indices with stride 1 (axis 1); a CSF tensor's leaf crd
// when the axis is the leaf level's mode.
func PerValue(idx []uint64, stride int) Channels {
	return Channels{idx: idx, stride: stride}
}

// PerRun gives the channels by runs: values ptr[r] ≤ i < ptr[r+1] are in
// channel id[r], or in channel r when id is nil. ptr starts at 0, never
// decreases and ends at the number of values: a CSR matrix's row_ptr with
// id nil (axis 0); for a CSF tensor whose axis is stored at an upper level,
// the leaf range of each node of that level with its crd as id.
func PerRun(ptr, id []uint64) Channels {
	return Channels{ptr: ptr, id: id}
}

// run returns the channel of run r.
func (c Channels) run(r int) int {
	if c.id != nil {
		return int(c.id[r])
	}
	return r
}

// check reports whether c fits n values and the channel count: ptr's rule
// and id's length, or idx long enough for stride. With full it also checks
// every channel against the count (otherwise the caller does, as it reads
// them).
func (c Channels) check(n, channels int, full bool) error {
	if c.ptr == nil {
		if c.idx == nil && n > 0 {
			return fmt.Errorf("no channels given for %d values", n)
		}
		if c.stride < 1 && n > 0 {
			return fmt.Errorf("channel stride %d, want at least 1", c.stride)
		}
		if n > 0 && (len(c.idx) == 0 || (len(c.idx)-1)/c.stride < n-1) {
			return fmt.Errorf("%d channel indices at stride %d cover fewer than %d values", len(c.idx), c.stride, n)
		}
		if full {
			for i := range n {
				if ch := c.idx[i*c.stride]; ch >= uint64(channels) {
					return fmt.Errorf("value %d: channel %d is not below the channel count %d", i, ch, channels)
				}
			}
		}
		return nil
	}
	runs := len(c.ptr) - 1
	if runs < 0 || c.ptr[0] != 0 || c.ptr[runs] != uint64(n) {
		return fmt.Errorf("channel runs: ptr must start at 0 and end at %d values", n)
	}
	if c.id != nil && len(c.id) != runs {
		return fmt.Errorf("channel runs: %d ids for %d runs", len(c.id), runs)
	}
	if c.id == nil && runs > channels {
		return fmt.Errorf("channel runs: %d runs, more than the channel count %d", runs, channels)
	}
	for r := range runs {
		if c.ptr[r+1] < c.ptr[r] {
			return fmt.Errorf("channel runs: ptr[%d] = %d is below ptr[%d] = %d", r+1, c.ptr[r+1], r, c.ptr[r])
		}
		if c.id != nil && c.id[r] >= uint64(channels) {
			return fmt.Errorf("channel runs: run %d: channel %d is not below the channel count %d", r, c.id[r], channels)
		}
	}
	return nil
}
