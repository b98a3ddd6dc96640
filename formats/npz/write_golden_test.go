package npz

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/quant"
)

// TestWriteGolden writes small float and quantized structures of every
// layout, members stored (uncompressed, so the bytes do not depend on the
// deflate implementation), and compares the SHA-256 of each file with the
// recorded one. The quantized values are given as codes and parameters,
// so the files depend on the writers alone.
func TestWriteGolden(t *testing.T) {
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	i8 := quant.MustParse("int8:tensor")
	u8 := quant.MustParse("uint8:block=3")
	i4 := quant.MustParse("int4:block=5")

	fCSR, err := csr.New(3, 4, []uint64{0, 2, 2, 5}, []uint64{0, 3, 1, 2, 3}, []float64{1.5, -2, 0.25, 3, -4})
	must(err)
	fCSC, err := csr.NewCSC(3, 4, []uint64{0, 1, 2, 4, 5}, []uint64{0, 2, 0, 2, 1}, []float32{1, -0.5, 2, 7, -3})
	must(err)
	fCOO, err := coo.New([]uint64{3, 4}, []uint64{2, 1, 0, 3, 1, 0}, []float64{1, 2, -3})
	must(err)
	csfShape, csfOrder := []uint64{2, 3, 2}, []uint32{1, 0, 2}
	csfPos := func() [][]uint64 { return [][]uint64{{0, 2}, {0, 1, 3}, {0, 1, 2, 4}} }
	csfCrd := func() [][]uint64 { return [][]uint64{{0, 2}, {1, 0, 1}, {0, 1, 0, 1}} }
	fCSF, err := csf.New(csfShape, csfOrder, csfPos(), csfCrd(), []float32{0.5, -1, 2, 4})
	must(err)

	qCSR, err := csr.NewQuantized(3, 4, []uint64{0, 2, 2, 5}, []uint64{0, 3, 1, 2, 3},
		quant.Values{Scheme: i8, N: 5, Codes: []byte{1, 0xff, 0x7f, 0x80, 3}, Scale: []float32{0.125}})
	must(err)
	qCSC, err := csr.NewQuantizedCSC(3, 4, []uint64{0, 1, 2, 4, 5}, []uint64{0, 2, 0, 2, 1},
		quant.Values{Scheme: u8, N: 5, Codes: []byte{0, 9, 200, 255, 17}, Scale: []float32{0.5, 2}, Zero: []uint8{128, 3}})
	must(err)
	qCOO, err := coo.NewQuantized([]uint64{3, 4}, []uint64{2, 1, 0, 3, 1, 0},
		quant.Values{Scheme: i8, N: 3, Codes: []byte{5, 0xfb, 0}, Scale: []float32{1.5}})
	must(err)
	qCSF, err := csf.NewQuantized(csfShape, csfOrder, csfPos(), csfCrd(),
		quant.Values{Scheme: i4, N: 4, Codes: []byte{0x1f, 0x72}, Scale: []float32{0.25}})
	must(err)

	for _, c := range []struct {
		name  string
		write func(w io.Writer) error
		want  string
	}{
		{"csr/float64", func(w io.Writer) error { return WriteMatrix(w, fCSR, WriteOptions{}) },
			"a97bf94f4562d7ca25c7002f509f8ab4b72fad6892ef58f8e557e93eb8e77ce9"},
		{"csc/float32", func(w io.Writer) error { return WriteMatrix(w, fCSC, WriteOptions{}) },
			"e29324eeafcb78ad20d48d9fa744a38e2fe737dffaf2d61c7fabbf9b1a59a8f9"},
		{"coo/float64", func(w io.Writer) error { return WriteCOO(w, fCOO, WriteOptions{}) },
			"20e8ea47065593a1ec941be276162c9be63cd1be62c7a2f436ecfabdc4a993ae"},
		{"csf/float32", func(w io.Writer) error { return WriteCSF(w, fCSF, WriteOptions{}) },
			"e83b7111d9872e25d6aa0d05f7666b6c682541033e034ff0b2045d980a686ecc"},
		{"csr/" + i8.String(), func(w io.Writer) error { return WriteQuantizedMatrix(w, qCSR, WriteOptions{}) },
			"849c1dde5463e1167653ba8c3ab9c5d5032442cce075adb91a7b9f5fb7cffba9"},
		{"csc/" + u8.String(), func(w io.Writer) error { return WriteQuantizedMatrix(w, qCSC, WriteOptions{}) },
			"c81d8a914eba6d518b32ccdc1f2486762cd89091a1d4f67955238ce5d47c31f5"},
		{"coo/" + i8.String(), func(w io.Writer) error { return WriteQuantizedCOO(w, qCOO, WriteOptions{}) },
			"1501b102ee5fa76095ea0810f94703fc898e7af0906d4e8bb6506046aa3c39b2"},
		{"csf/" + i4.String(), func(w io.Writer) error { return WriteQuantizedCSF(w, qCSF, WriteOptions{}) },
			"6d96e0493de03954054877d6156e725ff0907b59d56e85caa6c995b5352a536f"},
	} {
		var b bytes.Buffer
		if err := c.write(&b); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		sum := sha256.Sum256(b.Bytes())
		if got := hex.EncodeToString(sum[:]); got != c.want {
			t.Errorf("%s: %d bytes, sha256 %s, want %s", c.name, b.Len(), got, c.want)
		}
	}
}
