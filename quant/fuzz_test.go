package quant_test

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// FuzzParse: Parse never panics; what it accepts String writes back in the
// canonical spelling, which Parse reads as the same scheme; what it
// rejects is an error matching layout.ErrInvalid or layout.ErrUnsupported
// that names the spelling.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"int8:tensor", "int8:channel:axis=3", "uint8:block=64", "int4:block=32", "nf4", "nf4:block=7", "mxfp4", "mxfp8:block=32",
		"int8:block=0", "int8:channel", "int8::tensor", "fp6", "int8:block=01", "mxfp4:block=16", "int8:tensor:tensor", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := quant.Parse(in)
		if err != nil {
			if !errors.Is(err, layout.ErrInvalid) && !errors.Is(err, layout.ErrUnsupported) {
				t.Fatalf("Parse(%q): %v matches neither ErrInvalid nor ErrUnsupported", in, err)
			}
			if !s.IsZero() {
				t.Fatalf("Parse(%q) returned %v with its error", in, s)
			}
			return
		}
		canon := s.String()
		s2, err := quant.Parse(canon)
		if err != nil || s2 != s || s2.String() != canon {
			t.Fatalf("Parse(%q) = %v, whose String %q parses to %v, %v", in, s, canon, s2, err)
		}
		// The only non-canonical spellings accepted are the defaults.
		if in != canon && in != "nf4" && in != "mxfp4:block=32" && in != "mxfp8:block=32" {
			t.Fatalf("Parse accepted %q, spelled %q", in, canon)
		}
	})
}

// fuzzSchemes are the schemes the Validate and Quantize targets pick from.
var fuzzSchemes = []string{
	"int8:tensor", "int8:channel:axis=0", "int8:channel:axis=1", "int8:block=3",
	"uint8:tensor", "uint8:channel:axis=1", "uint8:block=5",
	"int4:block=1", "int4:block=3", "nf4:block=2", "nf4", "mxfp4", "mxfp8",
}

// FuzzValidate views arbitrary bytes as codes and parameter buffers:
// FromBuffers and Validate never panic, and values that pass Validate
// dequantize without reading out of bounds, through At and Dequantize.
func FuzzValidate(f *testing.F) {
	f.Add(uint8(0), uint8(3), []byte{1, 2, 3}, []byte{0, 0, 128, 63}, uint8(2), uint8(2))
	f.Add(uint8(5), uint8(4), []byte{1, 2, 3, 4}, []byte{0, 0, 128, 63, 0, 0, 128, 63, 0, 0, 128, 63, 1, 2, 3}, uint8(2), uint8(3))
	f.Add(uint8(9), uint8(5), []byte{0x12, 0x34, 0x05}, []byte{0, 0, 128, 63, 0, 0, 0, 0, 0, 0, 128, 127}, uint8(1), uint8(1))
	f.Add(uint8(12), uint8(33), make([]byte, 33), []byte{127, 0}, uint8(1), uint8(1))
	f.Add(uint8(11), uint8(3), []byte{0x8F, 0x0F}, []byte{0xFF}, uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, si, n uint8, codes, params []byte, rows, cols uint8) {
		s := quant.MustParse(fuzzSchemes[int(si)%len(fuzzSchemes)])
		shape := []uint64{uint64(rows % 8), uint64(cols % 8)}
		// Split params into the scheme's buffers: for uint8 the first
		// 4·(len/5) bytes are the scales.
		var bufs [][]byte
		switch s.ParamCount() {
		case 1:
			bufs = [][]byte{params}
		case 2:
			k := 4 * (len(params) / 5)
			bufs = [][]byte{params[:k], params[k:]}
		}
		at := quant.Loc{Layout: layout.TagCSR, First: 3}
		v, err := quant.FromBuffers(s, int(n), codes, bufs, at)
		if err != nil {
			return
		}
		if err := v.Validate(shape, at); err != nil {
			var ve *layout.ValidationError
			if !errors.As(err, &ve) || !errors.Is(err, layout.ErrInvalid) {
				t.Fatalf("Validate: %v is not a *layout.ValidationError", err)
			}
			return
		}
		var ch quant.Channels
		var chans []uint64
		if s.Granularity() == quant.PerChannel && v.N > 0 {
			// A channel for every value, below the channel count.
			m := shape[s.Axis()]
			if m == 0 {
				return // no structure holds a value without a channel
			}
			chans = make([]uint64, v.N)
			for i := range chans {
				chans[i] = uint64(i) % m
			}
			ch = quant.PerValue(chans, 1)
		}
		dst := make([]float32, v.N)
		v.Dequantize(dst, ch)
		for i := range v.N {
			var c uint64
			if chans != nil {
				c = chans[i]
			}
			if y := v.At(i, c); math.Float32bits(y) != math.Float32bits(dst[i]) {
				t.Fatalf("%v value %d: At %v, Dequantize %v", s, i, y, dst[i])
			}
		}
	})
}

// FuzzQuantize quantizes arbitrary float32 and float64 values (the bytes,
// little-endian) with every scheme: no panic; an error only for a value
// that is not finite or beyond the float32 range, naming it; otherwise the
// result validates and matches the reference within the scheme's bound
// (checkQuantize); and codes, parameters, report and error are those of
// the one value at a time OldQuantizeTo.
func FuzzQuantize(f *testing.F) {
	f.Add(uint8(0), false, []byte{0, 0, 128, 63, 0, 0, 0, 192})
	f.Add(uint8(12), false, []byte{0, 0, 0xE0, 0x40, 0, 0, 0x80, 0x3E, 0, 0, 0xC0, 0x3F})
	f.Add(uint8(11), true, []byte{0, 0, 0, 0, 0, 0, 0xF0, 0x3F, 1, 0, 0, 0, 0, 0, 0, 0x80})
	f.Add(uint8(5), false, []byte{0xFF, 0xFF, 0x7F, 0x7F, 0xFF, 0xFF, 0x7F, 0xFF, 0, 0, 0, 0})
	f.Add(uint8(1), false, []byte{1, 0, 0, 0, 0, 0, 0xC0, 0x7F})
	f.Fuzz(func(t *testing.T, si uint8, wide bool, raw []byte) {
		s := quant.MustParse(fuzzSchemes[int(si)%len(fuzzSchemes)])
		if len(raw) > 8*64 {
			raw = raw[:8*64]
		}
		shape := []uint64{3, 5}
		if wide {
			vals := make([]float64, len(raw)/8)
			for i := range vals {
				vals[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
			}
			fuzzQuantize(t, s, shape, vals)
			return
		}
		vals := make([]float32, len(raw)/4)
		for i := range vals {
			vals[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
		}
		fuzzQuantize(t, s, shape, vals)
	})
}

func fuzzQuantize[T quant.Float](t *testing.T, s quant.Scheme, shape []uint64, vals []T) {
	var ch quant.Channels
	var channel func(int) int
	if s.Granularity() == quant.PerChannel {
		m := int(shape[s.Axis()])
		chans := make([]uint64, len(vals))
		for i := range chans {
			chans[i] = uint64(i*7) % uint64(m)
		}
		ch, channel = quant.PerValue(chans, 1), func(i int) int { return int(chans[i]) }
	}
	quant.QuantizeMatchesOld(t, "fuzz", s, shape, vals, ch)
	bad := -1
	for i, x := range vals {
		if !(math.Abs(float64(x)) <= math.MaxFloat32) {
			bad = i
			break
		}
	}
	if bad >= 0 {
		_, _, err := quant.Quantize(s, shape, vals, ch)
		if err == nil || !strings.Contains(err.Error(), "value "+strconv.Itoa(bad)+" ") {
			t.Fatalf("%v: value %d = %v: error %v, want one naming it", s, bad, vals[bad], err)
		}
		return
	}
	checkQuantize(t, "fuzz", s, shape, vals, ch, channel)
}
