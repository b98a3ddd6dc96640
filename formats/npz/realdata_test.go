package npz

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/formats/mtx"
	"github.com/hurray-format/hurray-go/formats/tns"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// TestRealData round-trips every shared matrix as CSR through .npz, and
// every shared tensor as CSF with identity mode order, checking the CSF level
// sizes against the table in SOURCES.md.
func TestRealData(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the real-data npz round trips")
	}
	for _, row := range testutil.Sources(t, ".mtx") {
		x, _, err := mtx.ReadFile[float64](filepath.Join(testutil.DataDir, "mtx", row.File))
		if err != nil {
			t.Fatal(err)
		}
		a, err := convert.COOToCSR(x)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteMatrix(&buf, a, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		s, err := Read[float64](bytes.NewReader(buf.Bytes()), int64(buf.Len()), Options{Name: row.File})
		if err != nil {
			t.Fatal(err)
		}
		b := s.Matrix
		if !slices.Equal(a.Ptr(), b.Ptr()) || !slices.Equal(a.Idx(), b.Idx()) || !slices.Equal(a.Values(), b.Values()) {
			t.Errorf("%s: csr npz round trip differs", row.File)
		}
	}
	src, _ := os.ReadFile(filepath.Join(testutil.DataDir, "SOURCES.md"))
	for _, row := range testutil.Sources(t, ".tns") {
		x, _, err := tns.ReadFile[float32](filepath.Join(testutil.DataDir, "tns", row.File), tns.Options{})
		if err != nil {
			t.Fatal(err)
		}
		c, err := convert.COOToCSF(x, nil)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteCSF(&buf, c, WriteOptions{Compress: true}); err != nil {
			t.Fatal(err)
		}
		s, err := Read[float32](bytes.NewReader(buf.Bytes()), int64(buf.Len()), Options{Name: row.File})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(s.CSF.LevelSizes(), c.LevelSizes()) || !slices.Equal(s.CSF.Values(), c.Values()) {
			t.Errorf("%s: csf npz round trip differs", row.File)
		}
		// "| splatt_med | [0,1,2] → 2,425 / 97,575 / 100,000 | ..."
		stem := strings.TrimSuffix(row.File, ".tns")
		found := false
		for line := range strings.SplitSeq(string(src), "\n") {
			if !strings.HasPrefix(line, "| "+stem+" |") {
				continue
			}
			found = true
			cell := strings.TrimSpace(strings.Split(line, "|")[2])
			_, levels, _ := strings.Cut(cell, "→")
			want := strings.ReplaceAll(strings.TrimSpace(levels), ",", "")
			got := strings.Trim(strings.ReplaceAll(fmt.Sprint(s.CSF.LevelSizes()), " ", " / "), "[]")
			if got != want {
				t.Errorf("%s: CSF level sizes %s, SOURCES.md says %s", row.File, got, want)
			}
		}
		if !found {
			t.Errorf("%s: no CSF level-size row in SOURCES.md", row.File)
		}
	}
}
