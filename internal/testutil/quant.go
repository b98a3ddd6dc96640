package testutil

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// Schemes returns a spelling of every quantization scheme for a structure
// of the given rank: the tensor schemes, a channel scheme along every axis,
// and block schemes whose small blocks (3 to 5 values, the MX kinds' 32)
// straddle rows and fibers and end short.
func Schemes(rank int) []quant.Scheme {
	sp := []string{"int8:tensor", "uint8:tensor", "int8:block=4", "uint8:block=3", "int4:block=5", "nf4:block=4", "nf4", "mxfp4", "mxfp8"}
	for a := range rank {
		sp = append(sp, fmt.Sprintf("int8:channel:axis=%d", a), fmt.Sprintf("uint8:channel:axis=%d", a))
	}
	out := make([]quant.Scheme, len(sp))
	for i, s := range sp {
		out[i] = quant.MustParse(s)
	}
	return out
}

// QuantValue decodes stored value k of v, whose channel is ch (read by
// channel schemes only), from its codes and parameters as the scheme table
// states it, independently of quant.Values.At: the group from the
// granularity, the code by the nibble rule, one float32 product.
func QuantValue(v quant.Values, k int, ch uint64) float32 {
	s := v.Scheme
	g := 0
	switch s.Granularity() {
	case quant.PerChannel:
		g = int(ch)
	case quant.PerBlock:
		g = k / s.BlockSize()
	}
	var c uint8
	if s.CodeBits() == 4 {
		c = v.Codes[k/2] >> (4 * (k % 2)) & 15
	} else {
		c = v.Codes[k]
	}
	switch s.Kind() {
	case quant.Int8:
		return float32(int8(c)) * v.Scale[g]
	case quant.Uint8:
		return float32(int(c)-int(v.Zero[g])) * v.Scale[g]
	case quant.Int4:
		n := int(c)
		if n >= 8 {
			n -= 16
		}
		return float32(n) * v.Scale[g]
	case quant.NF4:
		return quant.NF4Levels()[c] * v.Scale[g]
	case quant.MXFP4:
		return quant.E2M1Values()[c] * float32(math.Ldexp(1, int(v.Exp[g])-127))
	}
	return quant.E4M3Values()[c] * float32(math.Ldexp(1, int(v.Exp[g])-127))
}

// fuzzScales are the float32 parameters FuzzTable draws from: valid scales,
// the subnormal extreme and every kind of invalid one.
var fuzzScales = []float32{1, 0.5, 3, 1e-45, 3e38, 0, -1, float32(math.Inf(1)), float32(math.NaN())}

// FuzzTable carves a quantized buffer table from fuzz data for a layout of
// n buffers: data[0] picks the scheme from schemes, data[1] may drop or add
// a buffer, then each buffer takes a length byte (0..8 elements) and its
// elements: raw bytes for the codes (buffer 0) and the one-byte parameters,
// uint64s below 8 for the index buffers, float32s from a list of valid and
// invalid scales for the float32 parameters. It returns the rest of data.
func FuzzTable(data []byte, n int, schemes []quant.Scheme) (quant.Scheme, [][]byte, []byte) {
	if len(data) < 2 {
		return quant.Scheme{}, nil, nil
	}
	s := schemes[int(data[0])%len(schemes)]
	count := n + s.ParamCount()
	switch data[1] % 8 {
	case 0:
		count--
	case 1:
		count++
	}
	data = data[2:]
	var bufs [][]byte
	for i := 0; i < count && len(data) > 0; i++ {
		k := int(data[0] % 9)
		data = data[1:]
		b := []byte{}
		for range k {
			if len(data) == 0 {
				break
			}
			c := data[0]
			data = data[1:]
			switch p := i - n; {
			case i == 0 || i >= n && (p >= s.ParamCount() || s.Param(p).Type != quant.ParamFloat32):
				b = append(b, c)
			case i < n:
				b = binary.LittleEndian.AppendUint64(b, uint64(c%8))
			default:
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(fuzzScales[int(c)%len(fuzzScales)]))
			}
		}
		bufs = append(bufs, b)
	}
	return s, bufs, data
}

// FuzzValues carves the codes and parameter buffers of n values of scheme s
// for a structure of the given shape from fuzz data, of the right lengths
// (one group per channel or block, as quant.Scheme.Groups says) so that a
// fuzzer reaches valid tables: the codes are raw bytes (padding nibbles and
// E4M3 NaN codes included), the float32 parameters come from the list of
// FuzzTable, mostly valid ones, and the one-byte ones are raw bytes.
// Missing data reads as zero.
func FuzzValues(data []byte, s quant.Scheme, shape []uint64, n int) (codes []byte, params [][]byte) {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		c := data[0]
		data = data[1:]
		return c
	}
	codes = make([]byte, s.CodeBytes(n))
	for i := range codes {
		codes[i] = next()
	}
	groups, err := s.Groups(shape, n)
	if err != nil || groups > 1<<16 {
		groups = 1
	}
	for p := range s.ParamCount() {
		var b []byte
		for range groups {
			c := next()
			if s.Param(p).Type == quant.ParamFloat32 {
				// Six draws in eight from the valid scales.
				k := int(c) % len(fuzzScales)
				if c>>5 != 0 {
					k %= 5
				}
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(fuzzScales[k]))
			} else {
				b = append(b, c)
			}
		}
		params = append(params, b)
	}
	return codes, params
}

// StrictAgrees checks the outcome of one buffer table held two ways: err
// from a Strict FromBuffers, perr from a Permissive one followed by
// Validate. Both must succeed or both fail, a failure must match
// layout.ErrInvalid, and on success buffers (the Strict structure's
// Buffers) must give back bufs byte for byte. It reports whether the table
// was valid.
func StrictAgrees(t *testing.T, err, perr error, bufs [][]byte, buffers func() [][]byte) bool {
	t.Helper()
	if (err == nil) != (perr == nil) {
		t.Fatalf("strict %v, permissive then Validate %v", err, perr)
	}
	if err != nil {
		if !errors.Is(err, layout.ErrInvalid) {
			t.Fatalf("error does not match ErrInvalid: %v", err)
		}
		return false
	}
	for i, b := range buffers() {
		if !bytes.Equal(b, bufs[i]) {
			t.Fatalf("buffer %d re-emitted differently", i)
		}
	}
	return true
}

// CloneBuffers returns a deep copy of a buffer table, for a test to edit.
func CloneBuffers(bufs [][]byte) [][]byte {
	out := make([][]byte, 0, len(bufs))
	for _, b := range bufs {
		out = append(out, bytes.Clone(b))
	}
	return out
}

// Held is a structure built from a buffer table, as a format's
// FromBuffers returns it.
type Held interface {
	Valid() bool
	Validate() error
	Buffers() [][]byte
}

// BadTable checks a malformed buffer table bufs as every format must
// refuse it: build in Strict mode fails with an error matching
// layout.ErrInvalid that contains want. build in Permissive mode either
// fails naming want (the count, length and overlap errors come in both
// modes) or holds the table: the hold is not valid, its Validate fails
// naming want, at on it panics with an error matching
// layout.ErrUnvalidated, and its Buffers give bufs back byte for byte.
// Failures are reported with t.Errorf, prefixed with name.
func BadTable[H Held](t *testing.T, name, want string, bufs [][]byte, build func(layout.Mode) (H, error), at func(H)) {
	t.Helper()
	if _, err := build(layout.Strict); err == nil || !errors.Is(err, layout.ErrInvalid) || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: strict: %v, want an ErrInvalid naming %q", name, err, want)
		return
	}
	p, err := build(layout.Permissive)
	if err != nil {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%s: permissive: %v", name, err)
		}
		return
	}
	if p.Valid() {
		t.Errorf("%s: permissive hold is valid", name)
	}
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: Validate of the hold: %v", name, err)
	}
	func() {
		defer func() {
			if r, _ := recover().(error); !errors.Is(r, layout.ErrUnvalidated) {
				t.Errorf("%s: At on the hold: panic %v, want ErrUnvalidated", name, r)
			}
		}()
		at(p)
	}()
	for i, b := range p.Buffers() {
		if !bytes.Equal(b, bufs[i]) {
			t.Errorf("%s: permissive buffer %d differs", name, i)
		}
	}
}

// EachScheme quantizes x with every scheme of Schemes(rank) and runs check
// on each result, failing t when quantize refuses one.
func EachScheme[X, Q any](t testing.TB, rank int, x X, quantize func(X, quant.Scheme) (Q, quant.Report, error), check func(q Q, rep quant.Report)) {
	t.Helper()
	for _, s := range Schemes(rank) {
		q, rep, err := quantize(x, s)
		if err != nil {
			t.Fatalf("%v %v: %v", x, s, err)
		}
		check(q, rep)
	}
}

// FindsEach checks that findBatch (a format's FindBatch) finds each of the
// n stored coordinates in coords (row-major, in storage order) at its own
// index.
func FindsEach(t testing.TB, coords []uint64, n int, findBatch func(coords []uint64, out []int)) {
	t.Helper()
	out := make([]int, n)
	findBatch(coords, out)
	for i, o := range out {
		if o != i {
			t.Fatalf("FindBatch[%d] = %d", i, o)
		}
	}
}

// FuzzWords carves up to nbufs buffers of little-endian uint64s from fuzz
// data: each takes a length byte (below maxLen elements) and one byte an
// element, the element that byte modulo bound. Data running out ends the
// buffer it is in and the table.
func FuzzWords(data []byte, nbufs, maxLen, bound int) [][]byte {
	var bufs [][]byte
	for len(data) > 0 && len(bufs) < nbufs {
		n := int(data[0]) % maxLen
		data = data[1:]
		var b []byte
		for range n {
			if len(data) == 0 {
				break
			}
			b = binary.LittleEndian.AppendUint64(b, uint64(int(data[0])%bound))
			data = data[1:]
		}
		bufs = append(bufs, b)
	}
	return bufs
}

// QuantTable quantizes x with the scheme spelled s and returns the
// result's scheme and a copy of its buffer table, for a test to edit; it
// fails t when quantize refuses.
func QuantTable[X any, Q interface {
	Scheme() quant.Scheme
	Buffers() [][]byte
}](t testing.TB, x X, s string, quantize func(X, quant.Scheme) (Q, quant.Report, error)) (quant.Scheme, [][]byte) {
	t.Helper()
	q, _, err := quantize(x, quant.MustParse(s))
	if err != nil {
		t.Fatal(err)
	}
	return q.Scheme(), CloneBuffers(q.Buffers())
}

// Channel returns the channel of the value stored at coordinate c under
// scheme s: c's entry on the scheme's axis, or 0 for a scheme without one.
func Channel(s quant.Scheme, c []uint64) uint64 {
	if a := s.Axis(); a >= 0 {
		return c[a]
	}
	return 0
}
