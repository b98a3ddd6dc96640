package quant

import (
	"fmt"
	"math"
	"strings"

	"github.com/hurray-format/hurray-go/layout"
)

// Kind is the code type of a scheme: what one code in buffer 0 is and how it
// decodes.
type Kind uint8

// The kinds of DESIGN.md's table. The zero Kind names no scheme.
const (
	Int8  Kind = iota + 1 // symmetric int8 codes, q·scale
	Uint8                 // asymmetric uint8 codes, (q − zero_point)·scale
	Int4                  // symmetric 4-bit two's complement codes, q·scale
	NF4                   // 4-bit indices into the 16 QLoRA NormalFloat levels, NF4[q]·absmax
	MXFP4                 // OCP MX v1.0 FP4 E2M1 elements with E8M0 scales, blocks of 32
	MXFP8                 // OCP MX v1.0 FP8 E4M3 elements with E8M0 scales, blocks of 32
)

var kindNames = [...]string{Int8: "int8", Uint8: "uint8", Int4: "int4", NF4: "nf4", MXFP4: "mxfp4", MXFP8: "mxfp8"}

// String returns the kind as the spelling writes it: int8, uint8, int4, nf4,
// mxfp4 or mxfp8.
func (k Kind) String() string { return enumName(k, kindNames[:], "Kind") }

// enumName returns names[v], or "typ(v)" for a v that names nothing: the
// String of quant's enumerations.
func enumName[E ~uint8](v E, names []string, typ string) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, uint8(v))
}

// Granularity says which values share one set of parameters (a group).
type Granularity uint8

// The granularities. The zero Granularity names none.
const (
	PerTensor  Granularity = iota + 1 // one group: every stored value
	PerChannel                        // one group per index along a logical axis
	PerBlock                          // one group per B consecutive stored values, the last one possibly short
)

// String returns "tensor", "channel" or "block".
func (g Granularity) String() string { return enumName(g, granularityNames[:], "Granularity") }

var granularityNames = [...]string{PerTensor: "tensor", PerChannel: "channel", PerBlock: "block"}

// MXBlockSize is the block size of mxfp4 and mxfp8 (OCP MX v1.0).
const MXBlockSize = 32

// NF4BlockSize is the block size of the spelling "nf4" without block=B.
const NF4BlockSize = 64

// MaxBlockSize is the largest block size B a spelling may give.
const MaxBlockSize = 1 << 30

// Scheme is a quantization scheme: a kind, a granularity and its parameter
// (the axis of a channel scheme, the block size of a block scheme). It is a
// comparable value; the zero Scheme names no scheme, and every other Scheme
// is one that Parse accepts, so its methods need no error.
type Scheme struct {
	kind  Kind
	gran  Granularity
	param uint32 // channel: the axis; block: the block size B
}

// Kind returns the code type.
func (s Scheme) Kind() Kind { return s.kind }

// Granularity returns the granularity.
func (s Scheme) Granularity() Granularity { return s.gran }

// Axis returns the logical axis of a channel scheme, and -1 for the others.
func (s Scheme) Axis() int {
	if s.gran != PerChannel {
		return -1
	}
	return int(s.param)
}

// BlockSize returns B for a block scheme (32 for mxfp4 and mxfp8), and 0 for
// the others.
func (s Scheme) BlockSize() int {
	if s.gran != PerBlock {
		return 0
	}
	return int(s.param)
}

// IsZero reports whether s is the zero Scheme, which names no scheme.
func (s Scheme) IsZero() bool { return s == Scheme{} }

// String returns the canonical spelling, every parameter written out:
// "int8:tensor", "int8:channel:axis=0", "uint8:block=128", "int4:block=32",
// "nf4:block=64", "mxfp4", "mxfp8". Parse(s.String()) returns s. The zero
// Scheme gives "none".
func (s Scheme) String() string {
	switch {
	case s.IsZero():
		return "none"
	case s.kind == MXFP4 || s.kind == MXFP8:
		return s.kind.String()
	case s.gran == PerTensor:
		return s.kind.String() + ":tensor"
	case s.gran == PerChannel:
		return fmt.Sprintf("%v:channel:axis=%d", s.kind, s.param)
	}
	return fmt.Sprintf("%v:block=%d", s.kind, s.param)
}

// CodeBits returns the bits of one code: 8, or 4 for int4, nf4 and mxfp4.
func (s Scheme) CodeBits() int {
	switch s.kind {
	case Int4, NF4, MXFP4:
		return 4
	case 0:
		return 0
	}
	return 8
}

// CodeBytes returns the length of buffer 0 for n stored values: n, or
// ⌈n/2⌉ for 4-bit codes.
func (s Scheme) CodeBytes(n int) int {
	if s.CodeBits() == 4 {
		return n/2 + n%2
	}
	return n
}

// ParamType is the element type of a parameter buffer.
type ParamType uint8

// The parameter element types. Every buffer is little-endian.
const (
	ParamFloat32 ParamType = iota + 1 // IEEE 754 binary32: scale, NF4 absmax
	ParamUint8                        // zero point
	ParamE8M0                         // OCP MX shared scale: 2^(s−127), 0xFF is NaN
)

// Size returns the bytes of one element: 4 or 1.
func (t ParamType) Size() int {
	if t == ParamFloat32 {
		return 4
	}
	return 1
}

// String returns "float32", "uint8" or "e8m0".
func (t ParamType) String() string { return enumName(t, paramTypeNames[:], "ParamType") }

var paramTypeNames = [...]string{ParamFloat32: "float32", ParamUint8: "uint8", ParamE8M0: "e8m0"}

// Param describes one parameter buffer: its name in errors and its element
// type. Each holds one element per group (see Groups).
type Param struct {
	Name string // "scale", "zero_point" or "absmax"
	Type ParamType
}

// ParamCount returns the number of parameter buffers: 2 for uint8 (scale,
// zero_point), 1 for the other kinds, 0 for the zero Scheme.
func (s Scheme) ParamCount() int {
	switch s.kind {
	case 0:
		return 0
	case Uint8:
		return 2
	}
	return 1
}

// Param returns the description of parameter buffer i, in table order: int8
// and int4 {scale float32}; uint8 {scale float32, zero_point uint8}; nf4
// {absmax float32}; mxfp4 and mxfp8 {scale e8m0}. It panics when i is not
// below ParamCount.
func (s Scheme) Param(i int) Param {
	if i < 0 || i >= s.ParamCount() {
		panic(fmt.Sprintf("quant: %v has %d parameter buffers, no parameter %d", s, s.ParamCount(), i))
	}
	switch {
	case s.kind == Uint8 && i == 1:
		return Param{Name: "zero_point", Type: ParamUint8}
	case s.kind == NF4:
		return Param{Name: "absmax", Type: ParamFloat32}
	case s.kind == MXFP4 || s.kind == MXFP8:
		return Param{Name: "scale", Type: ParamE8M0}
	}
	return Param{Name: "scale", Type: ParamFloat32}
}

// Groups returns the number of parameter groups, which is the length of every
// parameter buffer, for a structure of the given shape with n stored values:
// 1 for a tensor scheme, shape[axis] for a channel scheme, ⌈n/B⌉ for a block
// scheme. Only channel schemes read shape; they fail when the axis is not
// below the rank or shape[axis] does not fit in an int.
func (s Scheme) Groups(shape []uint64, n int) (int, error) {
	switch s.gran {
	case PerTensor:
		return 1, nil
	case PerChannel:
		a := int(s.param)
		if a >= len(shape) {
			return 0, fmt.Errorf("quant: %v: axis %d is not below the rank %d", s, a, len(shape))
		}
		if shape[a] > math.MaxInt {
			return 0, fmt.Errorf("quant: %v: shape[%d] = %d channels is too many", s, a, shape[a])
		}
		return int(shape[a]), nil
	case PerBlock:
		b := int(s.param)
		g := n / b
		if n%b != 0 {
			g++
		}
		return g, nil
	}
	return 0, fmt.Errorf("quant: no scheme")
}

// MustParse is Parse for spellings known to be valid: it panics on error.
func MustParse(spelling string) Scheme {
	s, err := Parse(spelling)
	if err != nil {
		panic(err)
	}
	return s
}

// Parse reads a scheme's spelling:
//
//	int8:tensor   int8:channel:axis=A   int8:block=B
//	uint8:tensor  uint8:channel:axis=A  uint8:block=B
//	int4:block=B
//	nf4:block=B   nf4            (B = 64)
//	mxfp4         mxfp4:block=32
//	mxfp8         mxfp8:block=32
//
// A and B are decimal without sign or leading zeros; 0 ≤ A < 64 (the largest
// rank), 1 ≤ B ≤ MaxBlockSize. Fields come in the order shown, each once; the
// MX kinds take no block size but 32. Case matters and no spaces are allowed.
//
// An error names the spelling and what is wrong with it. It matches
// layout.ErrUnsupported when the kind (the text before the first colon) is a
// well-formed name this package does not know, so that a permissive reader
// can hold the scheme unread, and layout.ErrInvalid otherwise.
func Parse(spelling string) (Scheme, error) {
	fail := func(format string, args ...any) (Scheme, error) {
		return Scheme{}, fmt.Errorf("quant: scheme %s: %s: %w", quote(spelling), fmt.Sprintf(format, args...), layout.ErrInvalid)
	}
	if spelling == "" {
		return fail("empty")
	}
	fields := strings.Split(spelling, ":")
	name, rest := fields[0], fields[1:]
	var kind Kind
	for k := Int8; int(k) < len(kindNames); k++ {
		if kindNames[k] == name {
			kind = k
		}
	}
	if kind == 0 {
		if !isName(name) {
			return fail("kind %s is not a name (lower-case letters and digits)", quote(name))
		}
		return Scheme{}, fmt.Errorf("quant: scheme %s: unknown kind %q: %w", quote(spelling), name, layout.ErrUnsupported)
	}
	for i, f := range rest {
		if f == "" {
			return fail("empty field %d", i+1)
		}
		key, _, _ := strings.Cut(f, "=")
		for _, g := range rest[:i] {
			if k, _, _ := strings.Cut(g, "="); k == key {
				return fail("%s given twice", key)
			}
		}
	}
	// next takes the field "key=N" at rest[0], bounded by [lo, hi].
	next := func(key string, lo, hi uint64) (uint64, string) {
		if len(rest) == 0 {
			return 0, fmt.Sprintf("%v needs %s=", kind, key)
		}
		v, ok := strings.CutPrefix(rest[0], key+"=")
		if !ok {
			return 0, fmt.Sprintf("field %s, want %s=", quote(rest[0]), key)
		}
		n, err := decimal(v)
		if err != "" {
			return 0, fmt.Sprintf("%s=%s: %s", key, quote(v), err)
		}
		if n < lo || n > hi {
			return 0, fmt.Sprintf("%s=%d is out of range %d..%d", key, n, lo, hi)
		}
		rest = rest[1:]
		return n, ""
	}
	s := Scheme{kind: kind}
	var why string
	switch kind {
	case Int8, Uint8:
		if len(rest) == 0 {
			return fail("%v needs a granularity: tensor, channel:axis=A or block=B", kind)
		}
		switch {
		case rest[0] == "tensor":
			s.gran, rest = PerTensor, rest[1:]
		case rest[0] == "channel":
			rest = rest[1:]
			var a uint64
			a, why = next("axis", 0, layout.MaxRank-1)
			s.gran, s.param = PerChannel, uint32(a)
		case strings.HasPrefix(rest[0], "block="):
			var b uint64
			b, why = next("block", 1, MaxBlockSize)
			s.gran, s.param = PerBlock, uint32(b)
		default:
			return fail("granularity %s, want tensor, channel:axis=A or block=B", quote(rest[0]))
		}
	case Int4:
		if len(rest) == 0 || !strings.HasPrefix(rest[0], "block=") {
			return fail("int4 is quantized per block only: int4:block=B")
		}
		var b uint64
		b, why = next("block", 1, MaxBlockSize)
		s.gran, s.param = PerBlock, uint32(b)
	case NF4:
		s.gran, s.param = PerBlock, NF4BlockSize
		if len(rest) > 0 {
			if !strings.HasPrefix(rest[0], "block=") {
				return fail("nf4 is quantized per block only: nf4 or nf4:block=B")
			}
			var b uint64
			b, why = next("block", 1, MaxBlockSize)
			s.param = uint32(b)
		}
	case MXFP4, MXFP8:
		s.gran, s.param = PerBlock, MXBlockSize
		if len(rest) > 0 {
			if !strings.HasPrefix(rest[0], "block=") {
				return fail("%v takes no field but block=32", kind)
			}
			var b uint64
			b, why = next("block", 1, MaxBlockSize)
			if why == "" && b != MXBlockSize {
				why = fmt.Sprintf("%v blocks hold 32 values (OCP MX v1.0), not %d", kind, b)
			}
		}
	}
	if why != "" {
		return fail("%s", why)
	}
	if len(rest) > 0 {
		return fail("unexpected %s after %v", quote(strings.Join(rest, ":")), s)
	}
	return s, nil
}

// decimal parses a canonical unsigned decimal: digits only, no leading zero
// unless it is "0", at most 10 digits (every bound Parse uses is below 2^32).
func decimal(s string) (uint64, string) {
	if s == "" {
		return 0, "no digits"
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < '0' || c > '9' {
			return 0, "not a decimal number"
		}
	}
	switch {
	case len(s) > 10:
		return 0, "too many digits"
	case len(s) > 1 && s[0] == '0':
		return 0, "leading zero"
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		n = 10*n + uint64(s[i]-'0')
	}
	return n, ""
}

// isName reports whether s is a non-empty run of lower-case letters and
// digits starting with a letter, the shape of every kind's name.
func isName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// quote quotes s for an error message, cut to its first 64 bytes.
func quote(s string) string {
	if len(s) > 64 {
		return fmt.Sprintf("%q...", s[:64])
	}
	return fmt.Sprintf("%q", s)
}
