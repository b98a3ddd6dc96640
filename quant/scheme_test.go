package quant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

func TestParseValid(t *testing.T) {
	for _, c := range []struct {
		in, canon string
		kind      quant.Kind
		gran      quant.Granularity
		axis, b   int
		params    int
		bits      int
	}{
		{"int8:tensor", "int8:tensor", quant.Int8, quant.PerTensor, -1, 0, 1, 8},
		{"int8:channel:axis=0", "int8:channel:axis=0", quant.Int8, quant.PerChannel, 0, 0, 1, 8},
		{"int8:channel:axis=63", "int8:channel:axis=63", quant.Int8, quant.PerChannel, 63, 0, 1, 8},
		{"int8:block=1", "int8:block=1", quant.Int8, quant.PerBlock, -1, 1, 1, 8},
		{"int8:block=1073741824", "int8:block=1073741824", quant.Int8, quant.PerBlock, -1, 1 << 30, 1, 8},
		{"uint8:tensor", "uint8:tensor", quant.Uint8, quant.PerTensor, -1, 0, 2, 8},
		{"uint8:channel:axis=2", "uint8:channel:axis=2", quant.Uint8, quant.PerChannel, 2, 0, 2, 8},
		{"uint8:block=128", "uint8:block=128", quant.Uint8, quant.PerBlock, -1, 128, 2, 8},
		{"int4:block=32", "int4:block=32", quant.Int4, quant.PerBlock, -1, 32, 1, 4},
		{"nf4", "nf4:block=64", quant.NF4, quant.PerBlock, -1, 64, 1, 4},
		{"nf4:block=64", "nf4:block=64", quant.NF4, quant.PerBlock, -1, 64, 1, 4},
		{"nf4:block=7", "nf4:block=7", quant.NF4, quant.PerBlock, -1, 7, 1, 4},
		{"mxfp4", "mxfp4", quant.MXFP4, quant.PerBlock, -1, 32, 1, 4},
		{"mxfp4:block=32", "mxfp4", quant.MXFP4, quant.PerBlock, -1, 32, 1, 4},
		{"mxfp8", "mxfp8", quant.MXFP8, quant.PerBlock, -1, 32, 1, 8},
		{"mxfp8:block=32", "mxfp8", quant.MXFP8, quant.PerBlock, -1, 32, 1, 8},
	} {
		s, err := quant.Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := s.String(); got != c.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, got, c.canon)
		}
		if s2, err := quant.Parse(s.String()); err != nil || s2 != s {
			t.Errorf("Parse(%q) = %v, %v; want %v", s.String(), s2, err, s)
		}
		if s.Kind() != c.kind || s.Granularity() != c.gran || s.Axis() != c.axis || s.BlockSize() != c.b {
			t.Errorf("%q: kind %v gran %v axis %d block %d; want %v %v %d %d", c.in, s.Kind(), s.Granularity(), s.Axis(), s.BlockSize(), c.kind, c.gran, c.axis, c.b)
		}
		if s.ParamCount() != c.params || s.CodeBits() != c.bits {
			t.Errorf("%q: %d params, %d bits; want %d, %d", c.in, s.ParamCount(), s.CodeBits(), c.params, c.bits)
		}
		if s.IsZero() {
			t.Errorf("%q: IsZero", c.in)
		}
	}
}

func TestParseInvalid(t *testing.T) {
	for _, c := range []struct {
		in, why     string
		unsupported bool
	}{
		{"", "empty", false},
		{"int8", "needs a granularity", false},
		{"int8:", "empty field", false},
		{"int8:tensor:", "empty field", false},
		{":tensor", "not a name", false},
		{"INT8:tensor", "not a name", false},
		{"int8 :tensor", "not a name", false},
		{"int16:tensor", `unknown kind "int16"`, true},
		{"fp6:block=32", `unknown kind "fp6"`, true},
		{"int8:tensor:tensor", "tensor given twice", false},
		{"int8:block=4:block=4", "block given twice", false},
		{"int8:channel:axis=0:axis=1", "axis given twice", false},
		{"int8:channel", "int8 needs axis=", false},
		{"int8:channel:block=4", `field "block=4", want axis=`, false},
		{"int8:channel:axis=64", "axis=64 is out of range 0..63", false},
		{"int8:channel:axis=-1", `axis="-1": not a decimal number`, false},
		{"int8:channel:axis=+1", `not a decimal number`, false},
		{"int8:channel:axis=01", "leading zero", false},
		{"int8:channel:axis=", "no digits", false},
		{"int8:axis=0", `granularity "axis=0"`, false},
		{"int8:block=0", "block=0 is out of range 1..1073741824", false},
		{"int8:block=1073741825", "out of range", false},
		{"int8:block=99999999999", "too many digits", false},
		{"int8:block=0x10", "not a decimal number", false},
		{"int8:block=4:tensor", `unexpected "tensor" after int8:block=4`, false},
		{"int8:tensor:extra", `unexpected "extra" after int8:tensor`, false},
		{"uint8:row", `granularity "row"`, false},
		{"int4", "int4 is quantized per block only", false},
		{"int4:tensor", "int4 is quantized per block only", false},
		{"int4:channel:axis=0", "int4 is quantized per block only", false},
		{"nf4:tensor", "nf4 is quantized per block only", false},
		{"nf4:block=64:block=32", "block given twice", false},
		{"mxfp4:block=16", "mxfp4 blocks hold 32 values (OCP MX v1.0), not 16", false},
		{"mxfp8:tensor", "mxfp8 takes no field but block=32", false},
		{"mxfp8:block=32:x", `unexpected "x"`, false},
	} {
		s, err := quant.Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", c.in, s)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.why) || !strings.Contains(msg, `"`+c.in) {
			t.Errorf("Parse(%q): %q, want it to name the spelling and say %q", c.in, msg, c.why)
		}
		if got := errors.Is(err, layout.ErrUnsupported); got != c.unsupported {
			t.Errorf("Parse(%q): errors.Is(ErrUnsupported) = %v, want %v", c.in, got, c.unsupported)
		}
		if got := errors.Is(err, layout.ErrInvalid); got == c.unsupported {
			t.Errorf("Parse(%q): errors.Is(ErrInvalid) = %v, want %v", c.in, got, !c.unsupported)
		}
		if !s.IsZero() {
			t.Errorf("Parse(%q) returned %v with its error", c.in, s)
		}
	}
	// A long spelling is cut in the message.
	_, err := quant.Parse("int8:block=4:" + strings.Repeat("x", 1000))
	if err == nil || len(err.Error()) > 300 {
		t.Errorf("long spelling: %v", err)
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse(\"int8\") did not panic")
		}
	}()
	quant.MustParse("int8")
}

func TestSchemeParams(t *testing.T) {
	for _, c := range []struct {
		s      string
		params []quant.Param
	}{
		{"int8:tensor", []quant.Param{{Name: "scale", Type: quant.ParamFloat32}}},
		{"uint8:block=8", []quant.Param{{Name: "scale", Type: quant.ParamFloat32}, {Name: "zero_point", Type: quant.ParamUint8}}},
		{"int4:block=8", []quant.Param{{Name: "scale", Type: quant.ParamFloat32}}},
		{"nf4", []quant.Param{{Name: "absmax", Type: quant.ParamFloat32}}},
		{"mxfp4", []quant.Param{{Name: "scale", Type: quant.ParamE8M0}}},
		{"mxfp8", []quant.Param{{Name: "scale", Type: quant.ParamE8M0}}},
	} {
		s := quant.MustParse(c.s)
		if s.ParamCount() != len(c.params) {
			t.Errorf("%v: %d params, want %d", s, s.ParamCount(), len(c.params))
			continue
		}
		for i, p := range c.params {
			if got := s.Param(i); got != p {
				t.Errorf("%v: Param(%d) = %+v, want %+v", s, i, got, p)
			}
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%v: Param(%d) did not panic", s, len(c.params))
				}
			}()
			s.Param(len(c.params))
		}()
	}
	if quant.ParamFloat32.Size() != 4 || quant.ParamUint8.Size() != 1 || quant.ParamE8M0.Size() != 1 {
		t.Error("ParamType sizes")
	}
	if quant.ParamFloat32.String() != "float32" || quant.ParamUint8.String() != "uint8" || quant.ParamE8M0.String() != "e8m0" {
		t.Error("ParamType names")
	}
	var zero quant.Scheme
	if !zero.IsZero() || zero.String() != "none" || zero.ParamCount() != 0 || zero.CodeBits() != 0 {
		t.Errorf("zero Scheme: %v %d %d", zero, zero.ParamCount(), zero.CodeBits())
	}
}

func TestCodeBytesAndGroups(t *testing.T) {
	for _, c := range []struct {
		s        string
		shape    []uint64
		n        int
		code, gr int
	}{
		{"int8:tensor", nil, 0, 0, 1},
		{"int8:tensor", []uint64{3, 4}, 7, 7, 1},
		{"int8:channel:axis=0", []uint64{3, 4}, 7, 7, 3},
		{"uint8:channel:axis=1", []uint64{3, 4}, 7, 7, 4},
		{"int8:channel:axis=2", []uint64{3, 4, 0}, 0, 0, 0},
		{"int8:block=4", nil, 0, 0, 0},
		{"int8:block=4", nil, 8, 8, 2},
		{"int8:block=4", nil, 9, 9, 3},
		{"int8:block=100", nil, 9, 9, 1},
		{"int4:block=1", nil, 9, 5, 9},
		{"nf4", nil, 129, 65, 3},
		{"mxfp4", nil, 33, 17, 2},
		{"mxfp8", nil, 33, 33, 2},
	} {
		s := quant.MustParse(c.s)
		if got := s.CodeBytes(c.n); got != c.code {
			t.Errorf("%v.CodeBytes(%d) = %d, want %d", s, c.n, got, c.code)
		}
		g, err := s.Groups(c.shape, c.n)
		if err != nil || g != c.gr {
			t.Errorf("%v.Groups(%v, %d) = %d, %v; want %d", s, c.shape, c.n, g, err, c.gr)
		}
	}
	if _, err := quant.MustParse("int8:channel:axis=2").Groups([]uint64{3, 4}, 1); err == nil || !strings.Contains(err.Error(), "axis 2 is not below the rank 2") {
		t.Errorf("axis out of range: %v", err)
	}
	if _, err := quant.MustParse("int8:channel:axis=0").Groups([]uint64{1 << 63}, 1); err == nil || !strings.Contains(err.Error(), "too many") {
		t.Errorf("channel count beyond int: %v", err)
	}
	if _, err := (quant.Scheme{}).Groups(nil, 1); err == nil {
		t.Error("zero Scheme: Groups gave no error")
	}
}

func TestKindAndGranularityNames(t *testing.T) {
	for k, name := range map[quant.Kind]string{quant.Int8: "int8", quant.Uint8: "uint8", quant.Int4: "int4", quant.NF4: "nf4", quant.MXFP4: "mxfp4", quant.MXFP8: "mxfp8", 0: "Kind(0)", 9: "Kind(9)"} {
		if k.String() != name {
			t.Errorf("Kind %d: %q, want %q", uint8(k), k.String(), name)
		}
	}
	for g, name := range map[quant.Granularity]string{quant.PerTensor: "tensor", quant.PerChannel: "channel", quant.PerBlock: "block", 0: "Granularity(0)"} {
		if g.String() != name {
			t.Errorf("Granularity %d: %q, want %q", uint8(g), g.String(), name)
		}
	}
}
