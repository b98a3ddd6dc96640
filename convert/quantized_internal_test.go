package convert

import (
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// TestGatherNibbles: gather moves 4-bit codes to their new places,
// repacking the nibbles with a zero padding nibble, and 8-bit codes byte
// by byte; the parameters are copies. (No scheme of the table carries
// 4-bit codes out of order, so the conversions do not reach this.)
func TestGatherNibbles(t *testing.T) {
	v := quant.Values{Scheme: quant.MustParse("nf4:block=8"), N: 5, Codes: []byte{0x21, 0x43, 0x05}, Scale: []float32{1}}
	perm := []float64{4, 0, 3}
	g := gather(v, perm, false)
	if g.N != 3 || len(g.Codes) != 2 || g.Codes[0] != 0x15 || g.Codes[1] != 0x04 {
		t.Fatalf("nf4 gather: N %d codes %x, want 3 [15 04]", g.N, g.Codes)
	}
	if &g.Scale[0] == &v.Scale[0] {
		t.Fatal("parameters shared")
	}
	b := quant.Values{Scheme: quant.MustParse("int8:tensor"), N: 3, Codes: []byte{7, 8, 9}, Scale: []float32{1}}
	if g := gather(b, []float64{2, 0}, false); string(g.Codes) != "\x09\x07" {
		t.Fatalf("int8 gather: %x", g.Codes)
	}
}
