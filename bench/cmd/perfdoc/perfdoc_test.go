package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/bench"
)

// root is the module root, from this package's directory.
var root = filepath.Join("..", "..", "..")

// TestGenerated checks that docs/performance.md and the README's summary
// are what the data in docs/perfdata gives: edit the templates or the data
// and run `go run ./bench/cmd/perfdoc`, never the generated text.
func TestGenerated(t *testing.T) {
	d, err := load(filepath.Join(root, "docs", "perfdata"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := render(d, filepath.Join(root, "docs", "performance.md"), filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.text) {
			t.Errorf("%s is not what docs/perfdata gives: run go run ./bench/cmd/perfdoc (first difference at line %d)", f.path, firstDiff(string(got), string(f.text)))
		}
	}
}

func firstDiff(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// testData is a small data set: two cases on three paths, one of them
// skipped, two SciPy rounds and a peer report.
func testData() *data {
	res := func(name, path string, ns, cpu float64) bench.Result {
		return bench.Result{Name: name, Size: "10x10, 20 nnz", Path: path, Kernels: "avx2", NsPerOp: ns, CPUNsPerOp: cpu, BytesPerOp: 1000, Flops: 40, Threads: 1}
	}
	d := &data{bench: benchDoc{
		Header: header{Time: "2030-01-02 03:04 UTC", CPU: "Test CPU", OSArch: "linux/amd64", GOMAXPROCS: 2, Go: "go1.26", Available: []string{"ref", "generic", "avx2"}, Active: "avx2", Threads: 1, TriadGBps: 10},
		Results: []bench.Result{
			res("spmv/f32/M2", "auto", 100, 100), res("spmv/f32/M2", "generic", 150, 200), res("spmv/f32/M2", "ref", 300, 400),
			res("mttkrp/f64/R=16/mode=0/T3p", "auto", 1e6, 1e6), res("mttkrp/f64/R=16/mode=0/T3p", "generic", 3e6, 3e6),
			{Name: "mttkrp/f64/R=16/mode=0/T3p", Path: "ref", Skipped: "one call took 12.0 s, over the 10 s cap"},
			{Name: bench.TriadName, Path: "-", NsPerOp: 100, BytesPerOp: 1000},
		},
	}}
	for i, s := range []float64{110, 130} {
		var r round
		r.hurray.Header.Threads = 1
		r.hurray.Results = []bench.Result{res("spmv/f32/M2", "auto", 100+float64(i)*10, 100)}
		r.scipy = map[string][2]float64{"spmv/f32/M2": {s, 0}}
		r.versions = map[string]string{"scipy": "1.10.1", "numpy": "1.24.2"}
		d.rounds = append(d.rounds, r)
	}
	var err error
	d.peer, err = parsePeer([]byte("case (float64)  hurray ms  C ms  hurray M/s  C M/s  C/hurray\n" +
		"T3p/R=16/threads=1/mode=0        25.00      50.00      200.0      100.0    2.00x\n"))
	if err != nil {
		panic(err)
	}
	return d
}

func TestTemplates(t *testing.T) {
	d := testData()
	cases := []struct{ tmpl, want string }{
		{`{{time "spmv/f32/M2"}} {{cpu "spmv/f32/M2"}} {{gbps "spmv/f32/M2"}} {{pct "spmv/f32/M2"}} {{gflops "spmv/f32/M2"}}`, "100 ns 100 ns 10.00 100% 0.40"},
		{`{{vs "spmv/f32/M2" "generic"}} {{vs "spmv/f32/M2" "ref"}}`, "2.00x 4.00x"},
		// medians of 110/100 and 130/110
		{`{{scipy "spmv/f32/M2"}}`, "1.14x"},
		{`{{peer "T3p/R=16/threads=1/mode=0"}}`, "2.00x"},
		{`{{threads}} {{date}} {{triad}}`, "one thread 2030-01-02 10.0 GB/s"},
		{`{{scipyInfo}}`, "SciPy 1.10.1 (NumPy 1.24.2), 2 alternating rounds, hurray-go on one thread, SciPy on one"},
		{`{{if hasSciPy}}s{{end}}{{if hasPeer}}p{{end}}`, "sp"},
	}
	for _, c := range cases {
		got, err := fill(d, "t", c.tmpl)
		if err != nil {
			t.Errorf("%s: %v", c.tmpl, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s = %q, want %q", c.tmpl, got, c.want)
		}
	}
}

func TestTemplateErrors(t *testing.T) {
	d := testData()
	for _, tmpl := range []string{
		`{{time "spmv/f64/M9"}}`,                    // no such case
		`{{vs "mttkrp/f64/R=16/mode=0/T3p" "ref"}}`, // skipped path
		`{{scipy "csr-csc/f64/M2"}}`,                // not in the SciPy rounds
		`{{scipyInto "spmv/f32/M2"}}`,               // not timed
		`{{peer "T3u/R=16/threads=1/mode=0"}}`,
		`{{table "nothing/"}}`,
		`{{summary "spmv/f64/M9"}}`,
	} {
		if got, err := fill(d, "t", tmpl); err == nil {
			t.Errorf("%s = %q, want an error", tmpl, got)
		}
	}
	d.rounds, d.peer = nil, nil
	for _, tmpl := range []string{`{{scipyTable}}`, `{{peerTable}}`, `{{scipyInfo}}`} {
		if _, err := fill(d, "t", tmpl); err == nil {
			t.Errorf("%s without data gave no error", tmpl)
		}
	}
}

func TestTables(t *testing.T) {
	d := testData()
	got, err := fill(d, "t", `{{table "spmv/"}}{{rest}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := "| case | data | kernels | time | CPU time | GB/s | % of triad | GFLOP/s | vs generic | vs ref |\n" +
		"| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n" +
		"| `spmv/f32/M2` | 10x10, 20 nnz | avx2 | 100 ns | 100 ns | 10.00 | 100% | 0.40 | 2.00x | 4.00x |\n" +
		// rest: the MTTKRP case, with the skipped path noted
		"| case | data | kernels | time | CPU time | GB/s | % of triad | GFLOP/s | vs generic | vs ref |\n" +
		"| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n" +
		"| `mttkrp/f64/R=16/mode=0/T3p` | 10x10, 20 nnz | avx2 | 1 ms | 1 ms | 0.00 | 0% | 0.00 | 3.00x | — |\n" +
		"\n`mttkrp/f64/R=16/mode=0/T3p` on ref did not run: one call took 12.0 s, over the 10 s cap\n"
	if got != want {
		t.Errorf("tables:\n%s\nwant:\n%s", got, want)
	}
	if got, _ := fill(d, "t", `{{table "spmv/" "mttkrp/"}}{{rest}}`); strings.Count(got, "| case |") != 1 {
		t.Errorf("rest repeated a case already shown:\n%s", got)
	}

	got, err = fill(d, "t", `{{summary "spmv/f32/M2" "mttkrp/f64/R=16/mode=0/T3p"}}`)
	if err != nil {
		t.Fatal(err)
	}
	want = "| case | data | hurray | % of triad | SciPy / hurray | C / hurray |\n" +
		"| --- | --- | --- | --- | --- | --- |\n" +
		"| `spmv/f32/M2` | 10x10, 20 nnz | 100 ns | 100% | 1.14x | — |\n" +
		"| `mttkrp/f64/R=16/mode=0/T3p` | 10x10, 20 nnz | 1 ms | 0% | — | 2.00x |\n"
	if got != want {
		t.Errorf("summary:\n%s\nwant:\n%s", got, want)
	}

	got, err = fill(d, "t", `{{scipyTable}}{{peerTable}}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"| `spmv/f32/M2` | 105 ns | 120 ns | 1.14x | — | — |",
		"| T3p | 16 | 1 | 0 | 25 ms | 50 ms | 200 | 100 | 2.00x |",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("peer tables lack %q:\n%s", w, got)
		}
	}
}

func TestParsePeer(t *testing.T) {
	ok := "GO=go sh bench/peers/mttkrp.sh\n" +
		"case (float64)                hurray ms       C ms hurray M/s      C M/s C/hurray\n" +
		"T3u/R=16/threads=1/mode=0          53.30     340.00       93.8       14.7    6.60x\n" +
		"T4p/R=32/threads=2/mode=3          26.50      68.80      113.2       43.6    2.30x\n"
	ps, err := parsePeer([]byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	want := []peerCase{
		{Name: "T3u/R=16/threads=1/mode=0", Ours: 53.3, C: 340, OursM: 93.8, CM: 14.7, COverHurray: 6.6, Tensor: "T3u", Mode: "0", R: 16, Threads: 1},
		{Name: "T4p/R=32/threads=2/mode=3", Ours: 26.5, C: 68.8, OursM: 113.2, CM: 43.6, COverHurray: 2.3, Tensor: "T4p", Mode: "3", R: 32, Threads: 2},
	}
	if len(ps) != len(want) || ps[0] != want[0] || ps[1] != want[1] {
		t.Fatalf("parsePeer = %+v, want %+v", ps, want)
	}
	for _, bad := range []string{
		"",
		"bench-mttkrp-peer: gcc cannot build bench/peers/csf_root.c with OpenMP: nothing compared.\n",
		"T3u/R=16/threads=1/mode=0 53.30 340.00 93.8 14.7\n",
		"T3u/R=16/threads=1/mode=0 53.30 340.00 93.8 x 6.60x\n",
	} {
		if _, err := parsePeer([]byte(bad)); err == nil {
			t.Errorf("parsePeer(%q) gave no error", bad)
		}
	}
}

func TestReplaceSection(t *testing.T) {
	s := "# t\n\n" + beginMarker + "\nold\nlines\n" + endMarker + "\n\nafter\n"
	got, err := replaceSection(s, "new")
	if err != nil {
		t.Fatal(err)
	}
	if want := "# t\n\n" + beginMarker + "\nnew\n" + endMarker + "\n\nafter\n"; got != want {
		t.Errorf("replaceSection = %q, want %q", got, want)
	}
	for _, bad := range []string{"no markers\n", endMarker + "\n" + beginMarker + "\n", "x " + beginMarker + "\n" + endMarker + "\n"} {
		if _, err := replaceSection("\n"+bad, "new"); err == nil {
			t.Errorf("replaceSection(%q) gave no error", bad)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		v    []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(c.v); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.v, got, c.want)
		}
	}
}

// TestRunCheck runs the command on a copy of the data and documents:
// -check passes on fresh files, fails on a stale one, and a plain run
// rewrites it.
func TestRunCheck(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join(root, "docs", "perfdata"), filepath.Join(dir, "data"))
	copyFile(t, filepath.Join(root, "docs", "performance.md"), filepath.Join(dir, "perf.md"))
	copyFile(t, filepath.Join(root, "README.md"), filepath.Join(dir, "README.md"))
	args := []string{"-data", filepath.Join(dir, "data"), "-doc", filepath.Join(dir, "perf.md"), "-readme", filepath.Join(dir, "README.md")}
	var out, errs bytes.Buffer
	if c := run(append(args, "-check"), &out, &errs); c != 0 {
		t.Fatalf("-check on fresh files: exit %d: %s", c, errs.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "perf.md"), []byte("stale\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	errs.Reset()
	if c := run(append(args, "-check"), &out, &errs); c != 1 || !strings.Contains(errs.String(), "perf.md") {
		t.Fatalf("-check on a stale file: exit %d, stderr %q", c, errs.String())
	}
	if c := run(args, &out, &errs); c != 0 {
		t.Fatalf("rewriting: exit %d: %s", c, errs.String())
	}
	if c := run(append(args, "-check"), &out, &errs); c != 0 {
		t.Fatalf("-check after rewriting: exit %d: %s", c, errs.String())
	}
	if c := run([]string{"-data", filepath.Join(dir, "missing")}, &out, &errs); c != 1 {
		t.Fatalf("missing data: exit %d", c)
	}
	if c := run([]string{"extra"}, &out, &errs); c != 2 {
		t.Fatalf("an extra argument: exit %d", c)
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if e.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o777)
		}
		copyFile(t, p, filepath.Join(to, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o666); err != nil {
		t.Fatal(err)
	}
}
