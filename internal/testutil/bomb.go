package testutil

// Bombs: small, valid files that claim far more memory than they take,
// with which the tests check the readers' memory budget.

import (
	"archive/zip"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
)

// NPZBomb writes to w a SciPy save_npz archive of a 1x1 CSR matrix with n
// stored entries, every one at (0, 0) and 0: indptr [0 n], and indices
// (<i4) and data (<f4) of n zeros each, deflated. The archive takes about
// n/100 bytes (650 KB for n = 2^26) and is valid: SciPy reads it as a
// matrix in non-canonical form, whose duplicates sum to one entry.
func NPZBomb(w io.Writer, n int) error {
	zw := zip.NewWriter(w)
	// BestSpeed deflates runs of zeros almost as far as deflate can (about
	// 800 times) and much faster than the higher levels.
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	le := binary.LittleEndian
	members := []struct {
		name, descr, shape string
		data               []byte // written once, or zeros when nil
	}{
		{"format", "<U3", "()", []byte("c\x00\x00\x00s\x00\x00\x00r\x00\x00\x00")},
		{"shape", "<i8", "(2,)", le.AppendUint64(le.AppendUint64(nil, 1), 1)},
		{"indptr", "<i8", "(2,)", le.AppendUint64(le.AppendUint64(nil, 0), uint64(n))},
		{"indices", "<i4", fmt.Sprintf("(%d,)", n), nil},
		{"data", "<f4", fmt.Sprintf("(%d,)", n), nil},
	}
	zeros := make([]byte, 64<<10)
	for _, m := range members {
		mw, err := zw.CreateHeader(&zip.FileHeader{Name: m.name + ".npy", Method: zip.Deflate})
		if err != nil {
			return err
		}
		if _, err := mw.Write(npyHeader(m.descr, m.shape)); err != nil {
			return err
		}
		if m.data != nil {
			if _, err := mw.Write(m.data); err != nil {
				return err
			}
			continue
		}
		for left := 4 * n; left > 0; left -= len(zeros) {
			if _, err := mw.Write(zeros[:min(left, len(zeros))]); err != nil {
				return err
			}
		}
	}
	return zw.Close()
}

// npyHeader returns a .npy version 1.0 header whose data starts at a multiple
// of 64 bytes.
func npyHeader(descr, shape string) []byte {
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, shape)
	dict += strings.Repeat(" ", (64-(10+len(dict)+1)%64)%64) + "\n"
	b := append([]byte("\x93NUMPY\x01\x00"), byte(len(dict)), byte(len(dict)>>8))
	return append(b, dict...)
}
