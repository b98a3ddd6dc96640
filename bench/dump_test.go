package bench

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestDumpForSciPy writes the generated matrices for bench/scipy_spmv.py
// when HURRAY_DUMP names a directory: <name>.ptr and <name>.idx (int64),
// <name>.vals (float64), little-endian, and <name>.shape ("rows cols").
func TestDumpForSciPy(t *testing.T) {
	dir := os.Getenv("HURRAY_DUMP")
	if dir == "" {
		t.Skip("set HURRAY_DUMP=dir to write the matrices for scipy_spmv.py")
	}
	for _, p := range []*Pattern{M2(), M4(), M1()} {
		write := func(ext string, n int, put func(b []byte, i int)) {
			b := make([]byte, 8*n)
			for i := range n {
				put(b[8*i:], i)
			}
			if err := os.WriteFile(filepath.Join(dir, p.Name+ext), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(".ptr", len(p.Ptr), func(b []byte, i int) { binary.LittleEndian.PutUint64(b, p.Ptr[i]) })
		write(".idx", len(p.Idx), func(b []byte, i int) { binary.LittleEndian.PutUint64(b, p.Idx[i]) })
		write(".vals", len(p.Vals), func(b []byte, i int) {
			binary.LittleEndian.PutUint64(b, math.Float64bits(p.Vals[i]))
		})
		if err := os.WriteFile(filepath.Join(dir, p.Name+".shape"), fmt.Appendf(nil, "%d %d\n", p.Rows, p.Cols), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
