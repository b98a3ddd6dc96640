package testutil

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// DataDir is the shared real-data directory (see testdata/SOURCES.md), or ""
// when it is not beside the checkout.
var DataDir = Dir()

// Row is one row of a SOURCES.md table: the file name and its cells.
type Row struct {
	File  string
	Cells []string
}

// Sources returns the table rows of DataDir/SOURCES.md whose first cell is a
// file name ending in ext, skipping the test when the directory is missing.
func Sources(t *testing.T, ext string) []Row {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(DataDir, "SOURCES.md"))
	if err != nil {
		t.Skipf("real data not available (%v): skipping", err)
	}
	var rows []Row
	seen := map[string]bool{}
	for line := range strings.SplitSeq(string(b), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		name := strings.Trim(cells[0], "`")
		if !strings.HasSuffix(name, ext) || seen[name] {
			continue
		}
		seen[name] = true
		rows = append(rows, Row{File: name, Cells: cells})
	}
	if len(rows) == 0 {
		t.Fatalf("SOURCES.md lists no %s files", ext)
	}
	return rows
}

// Num parses the first number in a cell such as "1,910" or "**591,904**".
func Num(t *testing.T, cell string) int {
	t.Helper()
	s := strings.NewReplacer(",", "", "*", "").Replace(cell)
	if i := strings.IndexAny(s, " ("); i >= 0 {
		s = s[:i]
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("SOURCES.md cell %q: %v", cell, err)
	}
	return n
}

// Dims parses "2,425 × 10,816 × 29,567 [declared]" into its numbers.
func Dims(t *testing.T, cell string) []uint64 {
	t.Helper()
	if i := strings.Index(cell, "["); i >= 0 {
		cell = cell[:i]
	}
	var out []uint64
	for f := range strings.SplitSeq(cell, "×") {
		out = append(out, uint64(Num(t, strings.TrimSpace(f))))
	}
	return out
}
