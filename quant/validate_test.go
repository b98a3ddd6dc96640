package quant_test

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// f32bytes returns the little-endian bytes of s.
func f32bytes(s ...float32) []byte {
	b := make([]byte, 0, 4*len(s))
	for _, v := range s {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return b
}

// bufferIndex reads the table index out of a ValidationError's Field,
// "buffer N (name)", or returns -1.
func bufferIndex(field string) int {
	rest, ok := strings.CutPrefix(field, "buffer ")
	if !ok {
		return -1
	}
	n, _, _ := strings.Cut(rest, " ")
	i, err := strconv.Atoi(n)
	if err != nil {
		return -1
	}
	return i
}

func TestValidateRejects(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	csr := quant.Loc{Layout: layout.TagCSR, First: 3}
	coo := quant.Loc{Layout: layout.TagCOO, First: 2}
	csf := quant.Loc{Layout: layout.TagCSF, First: 7} // rank 3
	m := quant.MustParse
	for _, c := range []struct {
		name   string
		v      quant.Values
		shape  []uint64
		at     quant.Loc
		field  string // Field, or "" when the buffer index is checked instead
		buffer int
		index  int
		reason string
	}{
		{"no scheme", quant.Values{N: 1, Codes: []byte{1}}, nil, csr, "scheme", -1, -1, "none given"},
		{"negative count", quant.Values{Scheme: m("int8:tensor"), N: -1, Scale: []float32{1}}, nil, csr, "", 0, -1, "-1 values"},
		{"axis not below rank", quant.Values{Scheme: m("int8:channel:axis=2"), N: 1, Codes: []byte{1}, Scale: []float32{1}}, []uint64{3, 4}, csr, "scheme", -1, -1, "axis 2 is not below the rank 2"},
		{"codes short", quant.Values{Scheme: m("int8:tensor"), N: 3, Codes: []byte{1, 2}, Scale: []float32{1}}, nil, csr, "", 0, -1, "length 2, want 3"},
		{"codes long", quant.Values{Scheme: m("int8:tensor"), N: 1, Codes: []byte{1, 2}, Scale: []float32{1}}, nil, csr, "", 0, -1, "length 2, want 1"},
		{"4-bit codes short", quant.Values{Scheme: m("int4:block=2"), N: 3, Codes: []byte{1}, Scale: []float32{1, 1}}, nil, coo, "", 0, -1, "length 1, want 2 (3 values of 4 bits)"},
		{"4-bit codes long", quant.Values{Scheme: m("nf4"), N: 2, Codes: []byte{1, 0}, Scale: []float32{1}}, nil, coo, "", 0, -1, "length 2, want 1"},
		{"padding nibble", quant.Values{Scheme: m("int4:block=4"), N: 3, Codes: []byte{0x11, 0x31}, Scale: []float32{1}}, nil, coo, "", 0, 1, "padding nibble 0x3"},
		{"padding nibble nf4", quant.Values{Scheme: m("nf4"), N: 1, Codes: []byte{0xF7}, Scale: []float32{1}}, nil, coo, "", 0, 0, "padding nibble 0xf"},
		{"padding nibble mxfp4", quant.Values{Scheme: m("mxfp4"), N: 5, Codes: []byte{0, 0, 0x81}, Exp: []uint8{127}}, nil, csf, "", 0, 2, "padding nibble 0x8"},
		{"E4M3 NaN 0x7f", quant.Values{Scheme: m("mxfp8"), N: 3, Codes: []byte{0x7E, 0x7F, 1}, Exp: []uint8{127}}, nil, csr, "", 0, 1, "0x7f is an E4M3 NaN"},
		{"E4M3 NaN 0xff", quant.Values{Scheme: m("mxfp8"), N: 3, Codes: []byte{0xFE, 0x00, 0xFF}, Exp: []uint8{127}}, nil, csr, "", 0, 2, "0xff is an E4M3 NaN"},
		{"scale short", quant.Values{Scheme: m("int8:block=2"), N: 5, Codes: make([]byte, 5), Scale: []float32{1, 1}}, nil, csr, "", 3, -1, "length 2, want 3 (one per block of 2 values)"},
		{"scale long", quant.Values{Scheme: m("int8:tensor"), N: 5, Codes: make([]byte, 5), Scale: []float32{1, 1}}, nil, coo, "", 2, -1, "length 2, want 1 (one per tensor)"},
		{"channel scale short", quant.Values{Scheme: m("int8:channel:axis=1"), N: 1, Codes: make([]byte, 1), Scale: []float32{1, 1}}, []uint64{2, 3}, csr, "", 3, -1, "want 3 (shape[1])"},
		{"scale NaN", quant.Values{Scheme: m("int8:block=1"), N: 3, Codes: make([]byte, 3), Scale: []float32{1, nan, 1}}, nil, csr, "", 3, 1, "NaN, want a finite scale > 0"},
		{"scale +Inf", quant.Values{Scheme: m("int4:block=1"), N: 3, Codes: make([]byte, 2), Scale: []float32{1, 1, inf}}, nil, csr, "", 3, 2, "+Inf, want a finite scale > 0"},
		{"scale -Inf", quant.Values{Scheme: m("uint8:tensor"), N: 1, Codes: make([]byte, 1), Scale: []float32{-inf}, Zero: []uint8{0}}, nil, csr, "", 3, 0, "-Inf"},
		{"scale zero", quant.Values{Scheme: m("int8:tensor"), N: 1, Codes: make([]byte, 1), Scale: []float32{0}}, nil, csf, "", 7, 0, "0, want a finite scale > 0"},
		{"scale -0", quant.Values{Scheme: m("int8:tensor"), N: 1, Codes: make([]byte, 1), Scale: []float32{float32(math.Copysign(0, -1))}}, nil, csf, "", 7, 0, "want a finite scale > 0"},
		{"scale negative", quant.Values{Scheme: m("uint8:block=1"), N: 2, Codes: make([]byte, 2), Scale: []float32{1, -2}, Zero: []uint8{0, 0}}, nil, coo, "", 2, 1, "-2, want a finite scale > 0"},
		{"zero point short", quant.Values{Scheme: m("uint8:block=1"), N: 2, Codes: make([]byte, 2), Scale: []float32{1, 1}, Zero: []uint8{0}}, nil, coo, "", 3, -1, "length 1, want 2"},
		{"zero point long", quant.Values{Scheme: m("uint8:channel:axis=0"), N: 2, Codes: make([]byte, 2), Scale: []float32{1, 1}, Zero: []uint8{0, 0, 0}}, []uint64{2, 2}, csr, "", 4, -1, "length 3, want 2 (shape[0])"},
		{"absmax NaN", quant.Values{Scheme: m("nf4:block=1"), N: 2, Codes: make([]byte, 1), Scale: []float32{1, nan}}, nil, csr, "", 3, 1, "NaN, want a finite absmax ≥ 0"},
		{"absmax Inf", quant.Values{Scheme: m("nf4:block=1"), N: 2, Codes: make([]byte, 1), Scale: []float32{inf, 1}}, nil, csr, "", 3, 0, "+Inf, want a finite absmax"},
		{"absmax negative", quant.Values{Scheme: m("nf4:block=1"), N: 2, Codes: make([]byte, 1), Scale: []float32{0, -1e-30}}, nil, csr, "", 3, 1, "-1e-30, want a finite absmax ≥ 0"},
		{"E8M0 NaN", quant.Values{Scheme: m("mxfp4"), N: 40, Codes: make([]byte, 20), Exp: []uint8{0, 0xFF}}, nil, coo, "", 2, 1, "0xff is an E8M0 NaN"},
		{"E8M0 short", quant.Values{Scheme: m("mxfp8"), N: 33, Codes: make([]byte, 33), Exp: []uint8{127}}, nil, coo, "", 2, -1, "length 1, want 2 (one per block of 32 values)"},
		{"E8M0 for int8", quant.Values{Scheme: m("int8:tensor"), N: 1, Codes: make([]byte, 1), Scale: []float32{1}, Exp: []uint8{1}}, nil, coo, "E8M0 scale", -1, -1, "has no E8M0 scale"},
		{"zero point for int8", quant.Values{Scheme: m("int8:tensor"), N: 1, Codes: make([]byte, 1), Scale: []float32{1}, Zero: []uint8{1}}, nil, coo, "zero point", -1, -1, "has no zero point"},
		{"float scale for mxfp4", quant.Values{Scheme: m("mxfp4"), N: 1, Codes: make([]byte, 1), Scale: []float32{1}, Exp: []uint8{1}}, nil, coo, "float32 scale", -1, -1, "has no float32 scale"},
	} {
		err := c.v.Validate(c.shape, c.at)
		var ve *layout.ValidationError
		if !errors.As(err, &ve) || !errors.Is(err, layout.ErrInvalid) {
			t.Errorf("%s: %v, want a *layout.ValidationError", c.name, err)
			continue
		}
		if ve.Layout != c.at.Layout || ve.Index != c.index || !strings.Contains(ve.Reason, c.reason) {
			t.Errorf("%s: %v (layout %v, index %d), want layout %v, index %d, reason with %q", c.name, err, ve.Layout, ve.Index, c.at.Layout, c.index, c.reason)
		}
		if c.field != "" {
			if ve.Field != c.field {
				t.Errorf("%s: field %q, want %q", c.name, ve.Field, c.field)
			}
		} else if got := bufferIndex(ve.Field); got != c.buffer {
			t.Errorf("%s: %v names buffer %d, want %d", c.name, err, got, c.buffer)
		}
	}
}

func TestValidateAccepts(t *testing.T) {
	at := quant.Loc{Layout: layout.TagCOO, First: 2}
	sub := float32(math.Float32frombits(1)) // the smallest subnormal
	m := quant.MustParse
	for _, c := range []struct {
		name  string
		v     quant.Values
		shape []uint64
	}{
		{"empty tensor", quant.Values{Scheme: m("int8:tensor"), Scale: []float32{1}}, nil},
		{"empty block", quant.Values{Scheme: m("int4:block=3")}, nil},
		{"empty channel", quant.Values{Scheme: m("uint8:channel:axis=1"), Scale: []float32{1, 1}, Zero: []uint8{0, 9}}, []uint64{0, 2}},
		{"no channels", quant.Values{Scheme: m("int8:channel:axis=0")}, []uint64{0, 5}},
		{"subnormal scale", quant.Values{Scheme: m("int8:tensor"), N: 1, Codes: []byte{0x80}, Scale: []float32{sub}}, nil},
		{"largest scale", quant.Values{Scheme: m("int8:tensor"), N: 1, Codes: []byte{1}, Scale: []float32{math.MaxFloat32}}, nil},
		{"absmax 0 and -0", quant.Values{Scheme: m("nf4:block=1"), N: 2, Codes: []byte{0xF0}, Scale: []float32{0, float32(math.Copysign(0, -1))}}, nil},
		{"odd count, zero padding", quant.Values{Scheme: m("mxfp4"), N: 33, Codes: append(make([]byte, 16), 0x0F), Exp: []uint8{0, 254}}, nil},
		{"every E4M3 code but NaN", quant.Values{Scheme: m("mxfp8"), N: 254, Codes: nonNaNE4M3(), Exp: make([]uint8, 8)}, nil},
		{"every uint8 code", quant.Values{Scheme: m("uint8:tensor"), N: 256, Codes: every256(), Scale: []float32{1}, Zero: []uint8{255}}, nil},
		{"every int8 code", quant.Values{Scheme: m("int8:block=256"), N: 256, Codes: every256(), Scale: []float32{1}}, nil},
		{"block larger than n", quant.Values{Scheme: m("int8:block=1000"), N: 3, Codes: []byte{1, 2, 3}, Scale: []float32{1}}, nil},
		{"channel axis 2 of 3", quant.Values{Scheme: m("int8:channel:axis=2"), N: 1, Codes: []byte{1}, Scale: []float32{1, 2, 3, 4}}, []uint64{1, 1, 4}},
	} {
		if err := c.v.Validate(c.shape, at); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func nonNaNE4M3() []byte {
	var b []byte
	for c := range 256 {
		if !quant.E4M3NaN(uint8(c)) {
			b = append(b, byte(c))
		}
	}
	return b
}

func every256() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func TestFromBuffers(t *testing.T) {
	at := quant.Loc{Layout: layout.TagCSR, First: 3}
	s := quant.MustParse("uint8:block=2")
	codes := []byte{1, 2, 3}
	// A float32 buffer at an odd address is copied; an aligned one aliased.
	raw := append([]byte{0}, f32bytes(0.5, 0.25)...)
	for _, scale := range [][]byte{raw[1:], f32bytes(0.5, 0.25)} {
		v, err := quant.FromBuffers(s, 3, codes, [][]byte{scale, {7, 9}}, at)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Validate([]uint64{2, 2}, at); err != nil {
			t.Fatal(err)
		}
		if v.At(2, 0) != (3-9)*0.25 || v.At(0, 0) != (1-7)*0.5 {
			t.Errorf("At: %v %v", v.At(0, 0), v.At(2, 0))
		}
		bufs := v.ParamBuffers()
		if len(bufs) != 2 || string(bufs[0]) != string(scale) || string(bufs[1]) != "\x07\x09" {
			t.Errorf("ParamBuffers = %v", bufs)
		}
		// On a little-endian host an aligned buffer is aliased, and an
		// unaligned one copied; a big-endian host copies every one.
		aliased := &scale[0] == &bufs[0][0]
		littleEndian := binary.NativeEndian.Uint16([]byte{1, 0}) == 1
		if aligned := littleEndian && uintptr(unsafe.Pointer(&scale[0]))%4 == 0; aliased != aligned {
			t.Errorf("scale buffer aligned %v, aliased %v", aligned, aliased)
		}
		if &v.Codes[0] != &codes[0] || &bufs[1][0] != &v.Zero[0] {
			t.Error("codes or zero points not aliased")
		}
	}
	for _, c := range []struct {
		name   string
		s      quant.Scheme
		n      int
		params [][]byte
		field  string
		reason string
	}{
		{"no scheme", quant.Scheme{}, 1, nil, "scheme", "none given"},
		{"negative n", quant.MustParse("int8:tensor"), -2, [][]byte{f32bytes(1)}, "buffer 0 (codes)", "-2 values"},
		{"too few params", s, 3, [][]byte{f32bytes(1, 1)}, "buffers", "1 quantization parameter buffers from buffer 3, want 2 for uint8:block=2"},
		{"too many params", quant.MustParse("nf4"), 3, [][]byte{f32bytes(1), {}}, "buffers", "2 quantization parameter buffers from buffer 3, want 1"},
		{"partial float", quant.MustParse("int4:block=4"), 3, [][]byte{{1, 2, 3, 4, 5}}, "buffer 3 (scale)", "byte length 5 is not a multiple of 4"},
		{"partial absmax", quant.MustParse("nf4"), 3, [][]byte{{1, 2}}, "buffer 3 (absmax)", "byte length 2"},
	} {
		_, err := quant.FromBuffers(c.s, c.n, codes, c.params, at)
		var ve *layout.ValidationError
		if !errors.As(err, &ve) || ve.Field != c.field || !strings.Contains(ve.Reason, c.reason) || ve.Layout != layout.TagCSR {
			t.Errorf("%s: %v, want field %q and %q", c.name, err, c.field, c.reason)
		}
	}
	// MX: the E8M0 buffer is aliased; the error of a bad one names buffer 2·rank+1.
	csf := quant.Loc{Layout: layout.TagCSF, First: 7}
	v, err := quant.FromBuffers(quant.MustParse("mxfp8"), 2, []byte{0x38, 0xB8}, [][]byte{{0xFF}}, csf)
	if err != nil {
		t.Fatal(err)
	}
	err = v.Validate(nil, csf)
	if err == nil || err.Error() != "csf: buffer 7 (scale)[0]: 0xff is an E8M0 NaN" {
		t.Errorf("E8M0 NaN: %v", err)
	}
	v.Exp[0] = 126
	if err := v.Validate(nil, csf); err != nil || v.At(0, 0) != 0.5 || v.At(1, 0) != -0.5 {
		t.Errorf("after fixing the scale: %v, %v %v", err, v.At(0, 0), v.At(1, 0))
	}
	if (&quant.Values{}).ParamBuffers() != nil {
		t.Error("ParamBuffers of no scheme")
	}
}

func TestValidationErrorText(t *testing.T) {
	v := quant.Values{Scheme: quant.MustParse("int8:block=2"), N: 4, Codes: make([]byte, 4), Scale: []float32{1, float32(math.NaN())}}
	err := v.Validate(nil, quant.Loc{Layout: layout.TagCSR, First: 3})
	if want := "csr: buffer 3 (scale)[1]: NaN, want a finite scale > 0"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
