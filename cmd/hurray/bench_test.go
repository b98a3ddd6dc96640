package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/bench"
	"github.com/hurray-format/hurray-go/formats/npz"
)

// TestBenchTable runs the suite on tiny data and checks the table's shape:
// the header, one row per case, every column parses. Timings are not
// checked (they belong in benchmarks).
func TestBenchTable(t *testing.T) {
	code, out, errOut := runCmd(t, "bench", "--tiny")
	if code != 0 || errOut != "" {
		t.Fatalf("bench --tiny: exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(out, "\n")
	for i, pre := range []string{"hurray bench (tiny): ", "cpu:      ", "features: ", "kernels:  available ref, generic", "triad:    "} {
		if !strings.HasPrefix(lines[i], pre) {
			t.Fatalf("header line %d: %q, want prefix %q\n%s", i, lines[i], pre, out)
		}
	}
	sep := regexp.MustCompile(`\s{2,}`)
	cols := sep.Split(strings.TrimSpace(lines[6]), -1)
	want := []string{"case", "size", "path", "time/op", "cpu/op", "GB/s", "%triad", "GFLOP/s", "vs generic", "vs ref"}
	if strings.Join(cols, "|") != strings.Join(want, "|") {
		t.Fatalf("columns %q, want %q", cols, want)
	}
	names := bench.CaseNames(bench.Options{Size: bench.Tiny})
	names = names[:len(names)-1] // the triad is in the header
	rows := lines[7 : 7+len(names)]
	if lines[7+len(names)] != "" {
		t.Fatalf("more rows than the %d cases:\n%s", len(names), out)
	}
	num := regexp.MustCompile(`^(—|[0-9.]+(x|%)?)$`)
	dur := regexp.MustCompile(`^[0-9.]+ (ns|µs|ms|s)$`)
	for i, row := range rows {
		f := sep.Split(strings.TrimSpace(row), -1)
		if len(f) != len(want) {
			t.Fatalf("row %q: %d columns, want %d", row, len(f), len(want))
		}
		if f[0] != names[i] {
			t.Errorf("row %d is %q, want case %q", i, f[0], names[i])
		}
		if f[2] == "—" || f[2] == "" {
			t.Errorf("row %q: no path", row)
		}
		if !dur.MatchString(f[3]) {
			t.Errorf("row %q: time/op %q does not parse", row, f[3])
		}
		if !dur.MatchString(f[4]) && f[4] != "—" {
			t.Errorf("row %q: cpu/op %q does not parse", row, f[4])
		}
		for _, c := range f[5:] {
			if !num.MatchString(c) {
				t.Errorf("row %q: column %q does not parse", row, c)
			}
		}
		for _, c := range f[8:] {
			if c == "—" && f[2] != "go" { // go: no kernels, timed on auto alone
				t.Errorf("row %q: a speedup is missing without a note", row)
			}
		}
	}
}

// TestBenchJSON checks that --json decodes with every field present.
func TestBenchJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "bench", "--tiny", "--json", "--filter", "spmv/f|lowerbound")
	if code != 0 || errOut != "" {
		t.Fatalf("bench --tiny --json: exit %d, stderr %q", code, errOut)
	}
	var doc struct {
		Header  map[string]any   `json:"header"`
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("decode: %v\n%s", err, out)
	}
	for _, k := range []string{"time", "size", "go", "cpu", "features", "kernels_available", "kernels_active", "threads", "triad_gbps"} {
		if _, ok := doc.Header[k]; !ok {
			t.Errorf("header lacks %q", k)
		}
	}
	if g, _ := doc.Header["triad_gbps"].(float64); g <= 0 {
		t.Errorf("triad_gbps %v", doc.Header["triad_gbps"])
	}
	// lowerbound, spmv f32 and f64 on three paths, and the triad.
	if len(doc.Results) != 3*3+1 {
		t.Fatalf("%d results, want 10", len(doc.Results))
	}
	for _, r := range doc.Results {
		for _, k := range []string{"name", "size", "path", "kernels", "ns_per_op", "cpu_ns_per_op", "bytes_per_op", "flops_per_op", "iters", "reps", "threads"} {
			if _, ok := r[k]; !ok {
				t.Errorf("result %v lacks %q", r["name"], k)
			}
		}
		if ns, _ := r["ns_per_op"].(float64); ns <= 0 {
			t.Errorf("result %v/%v: ns_per_op %v", r["name"], r["path"], r["ns_per_op"])
		}
	}
}

// TestBenchMatrixFile runs the SpMV cases on a Matrix Market file named in
// --matrices beside a generated matrix, and refuses a file it cannot read.
func TestBenchMatrixFile(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "west0479.mtx")
	code, out, errOut := runCmd(t, "bench", "--quick", "--json", "--paths", "auto", "--matrices", file+",M2", "--filter", "^spmv/f32/")
	if code != 0 || errOut != "" {
		t.Fatalf("bench --matrices %s,M2: exit %d, stderr %q", file, code, errOut)
	}
	var doc struct {
		Results []struct {
			Name string `json:"name"`
			Size string `json:"size"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("decode: %v\n%s", err, out)
	}
	var names []string
	for _, r := range doc.Results {
		names = append(names, r.Name+" "+r.Size)
	}
	got := strings.Join(names, "; ")
	for _, want := range []string{"spmv/f32/west0479 479x479, 1910 nnz", "spmv/f32/M2 20000x20000"} {
		if !strings.Contains(got, want) {
			t.Errorf("results %q lack %q", got, want)
		}
	}
	bad := filepath.Join("..", "..", "testdata", "bad_value.mtx")
	code, _, errOut = runCmd(t, "bench", "--quick", "--matrices", bad)
	if code != 2 || !strings.Contains(errOut, "bad_value.mtx") {
		t.Errorf("bench --matrices %s: exit %d, stderr %q; want 2 and the file named", bad, code, errOut)
	}
}

// TestBenchExport writes the tiny suite's matrix as .npz, reads it back with
// formats/npz and, when python3 and SciPy are installed, loads it with
// scipy.sparse.load_npz: the input of bench/peers.
func TestBenchExport(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "bench", "--tiny", "--export", dir)
	if code != 0 || errOut != "" {
		t.Fatalf("bench --export: exit %d, stderr %q", code, errOut)
	}
	p := bench.SuiteMatrices(bench.Options{Size: bench.Tiny})[0]
	path := filepath.Join(dir, p.Name+".npz")
	if !strings.Contains(out, path) {
		t.Errorf("output %q does not name %s", out, path)
	}
	s, err := npz.ReadFile[float64](path)
	if err != nil {
		t.Fatal(err)
	}
	a := s.Matrix
	if a == nil || a.IsCSC() {
		t.Fatalf("read back %+v, want a CSR matrix", s)
	}
	if sh := a.Shape(); sh[0] != uint64(p.Rows) || sh[1] != uint64(p.Cols) || a.NNZ() != p.NNZ() {
		t.Fatalf("shape %v nnz %d, want %dx%d nnz %d", sh, a.NNZ(), p.Rows, p.Cols, p.NNZ())
	}
	for i, v := range a.Values() {
		if v != p.Vals[i] || a.Idx()[i] != p.Idx[i] {
			t.Fatalf("entry %d: %v at column %d, want %v at %d", i, v, a.Idx()[i], p.Vals[i], p.Idx[i])
		}
	}
	py := ""
	for _, c := range []string{"/usr/bin/python3", "python3"} {
		if p, err := exec.LookPath(c); err == nil && exec.Command(p, "-c", "import scipy").Run() == nil {
			py = p
			break
		}
	}
	if py == "" {
		t.Log("python3 with SciPy not found: SciPy load not checked")
		return
	}
	// load_npz may narrow the indices to int32; the file's own dtype is
	// read with numpy.
	got, err := exec.Command(py, "-c", `import sys, numpy as np, scipy.sparse as sp
a = sp.load_npz(sys.argv[1])
print(a.format, a.shape[0], a.shape[1], a.nnz, np.load(sys.argv[1])['indices'].dtype, repr(float(a.sum())))`, path).CombinedOutput()
	if err != nil {
		t.Fatalf("scipy load_npz: %v\n%s", err, got)
	}
	sum := 0.0
	for _, v := range p.Vals {
		sum += v
	}
	f := strings.Fields(string(got))
	if len(f) != 6 || f[0] != "csr" || f[1] != strconv.Itoa(p.Rows) || f[2] != strconv.Itoa(p.Cols) || f[3] != strconv.Itoa(p.NNZ()) || f[4] != "int64" {
		t.Fatalf("scipy sees %q", got)
	}
	if s, _ := strconv.ParseFloat(f[5], 64); s-sum > 1e-9 || sum-s > 1e-9 {
		t.Errorf("scipy sum %v, want %v", s, sum)
	}
}
