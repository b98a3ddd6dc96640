package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/formats/auto"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/kernels"
)

const td = "../../testdata"

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestInfo(t *testing.T) {
	for _, c := range []struct {
		file string
		want []string
	}{
		{"west0479.mtx", []string{"format:    mtx (coordinate real general)", "layout:    coo", "shape:     479 x 479 (rank 2)", "nnz:       1910", "valid:     yes", "kernels:"}},
		{"symmetric.mtx", []string{"nnz:       6", "note:      symmetric: 4 stored entries expanded to 6"}},
		{"splatt_med_head300.tns", []string{"layout:    coo", "rank 3", "fibers:    [15 295 300]"}},
		{"scipy_csr_noncanonical.npz", []string{"layout:    csr", "canonicalised: 1 unsorted rows/columns sorted, 1 duplicates summed", "nnz:       6"}},
		{"scipy_csc_i32.npz", []string{"layout:    csc", "indices <i4"}},
		{"dense_f.npy", []string{"layout:    dense", "shape:     2 x 3 x 4 (rank 3)"}},
		{"array.mtx", []string{"layout:    dense", "shape:     2 x 3"}},
	} {
		code, out, errOut := runCmd(t, "info", filepath.Join(td, c.file))
		if code != 0 || errOut != "" {
			t.Errorf("info %s: exit %d, stderr %q (want 0 and nothing: no progress off a terminal)", c.file, code, errOut)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("info %s: output lacks %q:\n%s", c.file, w, out)
			}
		}
	}
	code, out, _ := runCmd(t, "info", "--dtype", "float32", filepath.Join(td, "header.tns"))
	if code != 0 || !strings.Contains(out, "dtype:     float32") || !strings.Contains(out, "shape:     4 x 5 x 6") {
		t.Errorf("info --dtype float32: %d\n%s", code, out)
	}
}

func TestErrorsAndUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage: hurray <command>"},
		{[]string{"frob"}, 2, `unknown command "frob"`},
		{[]string{"info"}, 2, "hurray info: want 1 file argument(s), got 0"},
		{[]string{"info", "a", "b"}, 2, "want 1 file argument(s), got 2"},
		{[]string{"info", "--nope", "x.mtx"}, 2, "flag provided but not defined: -nope"},
		{[]string{"info", "x.txt"}, 1, "hurray info: x.txt: unknown extension"},
		{[]string{"info", filepath.Join(td, "missing.mtx")}, 1, "no such file"},
		{[]string{"validate", filepath.Join(td, "bad_index0.mtx")}, 1, "bad_index0.mtx:4: row index 0 is outside 1..3"},
		{[]string{"validate", filepath.Join(td, "bad_coord0.tns")}, 1, "bad_coord0.tns:2: coordinate 3 is 0"},
		{[]string{"info", filepath.Join(td, "bad_truncated.mtx")}, 1, "truncated: 2 entries, the size line declares 3"},
		{[]string{"convert", filepath.Join(td, "west0479.mtx"), filepath.Join(t.TempDir(), "o.npz"), "--to", "bsr"}, 2, `--to "bsr"`},
		{[]string{"convert", filepath.Join(td, "west0479.mtx"), filepath.Join(t.TempDir(), "o.npz"), "--to", "csf"}, 1, "rank 2 tensor cannot be csf"},
		{[]string{"convert", filepath.Join(td, "header.tns"), filepath.Join(t.TempDir(), "o.mtx")}, 1, "Matrix Market holds matrices; the tensor has rank 3"},
		{[]string{"convert", filepath.Join(td, "header.tns"), filepath.Join(t.TempDir(), "o.npz"), "--to", "csf", "--mode-order", "0,0,1"}, 2, `--mode-order "0,0,1": not a permutation of 0..2`},
		{[]string{"spmv", filepath.Join(td, "header.tns")}, 1, "spmv needs a matrix"},
		{[]string{"spmv", "--dtype", "float16", filepath.Join(td, "west0479.mtx")}, 2, `--dtype "float16"`},
		{[]string{"mttkrp", filepath.Join(td, "west0479.mtx")}, 1, "rank 2 tensor cannot be csf"},
		{[]string{"mttkrp", "--mode", "3", filepath.Join(td, "header.tns")}, 2, "--mode 3: want 0..2"},
		{[]string{"spmv", filepath.Join(td, "bad_hugedims.mtx")}, 1, "bad_hugedims.mtx: 4294967296000x3 with 1 entries: dimensions too large"},
		{[]string{"convert", filepath.Join(td, "bad_hugedims.mtx"), filepath.Join(t.TempDir(), "o.npz"), "--to", "csr"}, 1, "4294967296000 rows to compress for 1 entries: too many for this command"},
		{[]string{"bench", "--threads", "0"}, 2, "--threads 0: want 1 to 1024"},
		{[]string{"bench", "--threads", "9223372036854775807"}, 2, "--threads 9223372036854775807: want 1 to 1024"},
	} {
		code, _, errOut := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d stderr %q, want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
		if c.code == 1 && strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: error is not one line: %q", c.args, errOut)
		}
	}
}

// TestCLIReport: defects an audit of the command found. An unknown flag is
// reported once (the flag package prints it with the flags); a mode order
// of the wrong length is a usage error naming the file; errors name the
// output path, not the temporary file written beside it; .mtx and .tns
// outputs say that they hold coordinates; info counts repeated coordinates
// once in the density; MTTKRP's GFLOP/s use bench's flop count.
func TestCLIReport(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCmd(t, "info", "--nope", filepath.Join(td, "header.tns"))
	if code != 2 || strings.Count(errOut, "flag provided but not defined") != 1 {
		t.Errorf("unknown flag: exit %d, stderr %q: want exit 2 and the error once", code, errOut)
	}
	code, _, errOut = runCmd(t, "convert", filepath.Join(td, "header.tns"), filepath.Join(dir, "o.npz"), "--to", "csf", "--mode-order", "1,0")
	if code != 2 || !strings.Contains(errOut, "--mode-order 1,0: 2 modes for the rank-3 tensor in "+filepath.Join(td, "header.tns")) {
		t.Errorf("short mode order: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCmd(t, "mttkrp", "--mode-order", "1,0", filepath.Join(td, "header.tns"))
	if code != 2 || !strings.Contains(errOut, "--mode-order 1,0: 2 modes for the rank-3 tensor") {
		t.Errorf("mttkrp short mode order: exit %d, stderr %q", code, errOut)
	}
	out := filepath.Join(dir, "none", "o.mtx")
	code, _, errOut = runCmd(t, "convert", filepath.Join(td, "west0479.mtx"), out)
	if code != 1 || !strings.Contains(errOut, out+": ") || strings.Contains(errOut, ".tmp") {
		t.Errorf("output in a missing directory: exit %d, stderr %q: want the output path named, not the temporary file", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, "r1.tns"), []byte("1 1.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCmd(t, "convert", filepath.Join(dir, "r1.tns"), filepath.Join(dir, "r1.npz"))
	if code != 1 || !strings.Contains(errOut, "write a rank-1 tensor as .tns") {
		t.Errorf("rank 1 to .npz: exit %d, stderr %q", code, errOut)
	}
	code, stdout, _ := runCmd(t, "convert", filepath.Join(td, "west0479.mtx"), filepath.Join(dir, "c.mtx"), "--to", "csc")
	if code != 0 || !strings.Contains(stdout, "(mtx coo in csc order)") {
		t.Errorf("convert to .mtx --to csc: exit %d, stdout %q", code, stdout)
	}
	if err := os.WriteFile(filepath.Join(dir, "dup.tns"), []byte("1 1 1 1.0\n1 1 1 1.0\n2 2 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = runCmd(t, "info", filepath.Join(dir, "dup.tns"))
	if code != 0 || !strings.Contains(stdout, "1 of the entries repeat an earlier coordinate: 2 distinct") || !strings.Contains(stdout, "density:   25%") {
		t.Errorf("info of repeated coordinates: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runCmd(t, "mttkrp", "--iters", "1", filepath.Join(td, "header.tns"))
	if code != 0 || !strings.Contains(stdout, "(2*nnz*R flops)") {
		t.Errorf("mttkrp flop count: exit %d\n%s", code, stdout)
	}
}

// TestBenchForcedPath: bench refuses to run with a path forced (by
// HURRAY_KERNELS): its auto rows ran automatic selection anyway, and its
// header named the path that selection chose.
func TestBenchForcedPath(t *testing.T) {
	if err := kernels.Use("generic"); err != nil {
		t.Fatal(err)
	}
	defer kernels.Use("")
	code, _, errOut := runCmd(t, "bench", "--tiny")
	if code != 2 || !strings.Contains(errOut, "HURRAY_KERNELS=generic") {
		t.Errorf("bench with generic forced: exit %d, stderr %q", code, errOut)
	}
}

// TestReadOnlyOutput: convert refuses to replace an output file it may not
// write, as a write in place would (it writes a temporary file and renames
// it, which the directory's permission alone allows). Root may write any
// file, so the test needs another user.
func TestReadOnlyOutput(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write a read-only file")
	}
	out := filepath.Join(t.TempDir(), "ro.mtx")
	if err := os.WriteFile(out, []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCmd(t, "convert", filepath.Join(td, "west0479.mtx"), out)
	if got, _ := os.ReadFile(out); code != 1 || string(got) != "keep" || !strings.Contains(errOut, "permission denied") {
		t.Errorf("read-only output: exit %d, stderr %q, file now %d bytes", code, errOut, len(got))
	}
}

func TestHelp(t *testing.T) {
	for _, cmd := range []string{"info", "validate", "convert", "spmv", "mttkrp"} {
		code, _, errOut := runCmd(t, cmd, "-h")
		if code != 0 || !strings.Contains(errOut, "usage: hurray "+cmd) {
			t.Errorf("%s -h: exit %d, stderr %q", cmd, code, errOut)
		}
	}
	if code, out, _ := runCmd(t, "help"); code != 0 || !strings.Contains(out, "commands:") {
		t.Errorf("help: %d %q", code, out)
	}
}

func TestValidate(t *testing.T) {
	code, out, _ := runCmd(t, "validate", filepath.Join(td, "lp_ship04l.mtx"))
	if code != 0 || !strings.Contains(out, "valid mtx coo, shape 402 x 2166, nnz 6380") {
		t.Errorf("validate: %d %q", code, out)
	}
}

func TestConvertRoundTrips(t *testing.T) {
	dir := t.TempDir()
	steps := []struct {
		in, out, to string
		extra       []string
		want        string
	}{
		{filepath.Join(td, "west0479.mtx"), "a.npz", "csr", nil, "(npz csr), shape 479 x 479, nnz 1910"},
		{"a.npz", "b.npz", "csc", nil, "(npz csc)"},
		{"b.npz", "c.mtx", "coo", nil, "(mtx coo)"},
		{"c.mtx", "d.tns", "", nil, "(tns coo)"},
		{filepath.Join(td, "splatt_med_head300.tns"), "e.npz", "csf", []string{"--mode-order", "2,0,1"}, "(npz csf), shape 15 x 10773 x 29360, nnz 300"},
		{"e.npz", "f.tns", "coo", []string{"--dtype", "float32"}, "(tns coo)"},
		{filepath.Join(td, "dense_c.npy"), "g.mtx", "", nil, "(mtx dense), shape 2 x 3"},
	}
	for _, s := range steps {
		in := s.in
		if !strings.Contains(in, "/") {
			in = filepath.Join(dir, in)
		}
		args := []string{"convert", in, filepath.Join(dir, s.out)}
		if s.to != "" {
			args = append(args, "--to", s.to)
		}
		args = append(args, s.extra...)
		code, out, errOut := runCmd(t, args...)
		if code != 0 || !strings.Contains(out, s.want) {
			t.Fatalf("%v: exit %d out %q err %q, want %q", args, code, out, errOut, s.want)
		}
	}
	// The chain west0479 -> csr -> csc -> mtx -> tns keeps every value.
	code, out, _ := runCmd(t, "info", filepath.Join(dir, "e.npz"))
	if code != 0 || !strings.Contains(out, "mode order: [2 0 1]") {
		t.Errorf("info e.npz: %s", out)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "d.tns"))
	if n := strings.Count(string(a), "\n"); n != 1910+2 {
		t.Errorf("d.tns has %d lines, want 1912 (header + 1910 entries)", n)
	}
	code1, out1, _ := runCmd(t, "spmv", "--iters", "3", filepath.Join(td, "west0479.mtx"))
	code2, out2, _ := runCmd(t, "spmv", "--iters", "3", filepath.Join(dir, "d.tns"))
	sum := func(s string) string { return s[strings.Index(s, "y: "):] }
	if code1 != 0 || code2 != 0 || sum(out1) != sum(out2) {
		t.Errorf("spmv differs after the conversion chain:\n%s\n%s", out1, out2)
	}
}

func TestProducts(t *testing.T) {
	dir := t.TempDir()
	x := filepath.Join(dir, "x.npy")
	code, _, errOut := runCmd(t, "convert", filepath.Join(td, "dense_c.npy"), x)
	if code != 0 {
		t.Fatal(errOut)
	}
	code, out, errOut := runCmd(t, "spmv", "--iters", "2", filepath.Join(td, "integer.mtx"), "--x", filepath.Join(td, "x3.npy"))
	if code != 0 {
		t.Fatalf("spmv --x: %d %s", code, errOut)
	}
	// integer.mtx is [[7 0 0] [0 0 -4]] (with a stored zero); x = [1 2 3]: y = [7, -12].
	if !strings.Contains(out, "products: 2,") || !strings.Contains(out, "y: sum -5,") || !strings.Contains(out, "GFLOP/s") {
		t.Errorf("spmv output:\n%s", out)
	}
	code, _, errOut = runCmd(t, "spmv", filepath.Join(td, "integer.mtx"), "--x", x)
	if code != 1 || !strings.Contains(errOut, "want a vector of 3 values") {
		t.Errorf("spmv with a wrong x: %d %q", code, errOut)
	}
	code, out, errOut = runCmd(t, "mttkrp", "--cols", "4", "--mode", "2", "--iters", "2", filepath.Join(td, "header.tns"))
	if code != 0 || !strings.Contains(out, "out: 6 x 4") || !strings.Contains(out, "GFLOP/s") {
		t.Errorf("mttkrp: %d %q %q", code, out, errOut)
	}
}

func TestMTTKRPLoop(t *testing.T) {
	// One entry v at (1, 2, 0) of a 2x3x2 tensor, rank 2, mode 0:
	// out[1, r] = v * B[2, r] * C[0, r].
	dir := t.TempDir()
	p := filepath.Join(dir, "t.tns")
	os.WriteFile(p, []byte("3\n2 3 2\n2 3 1 2.0\n"), 0o644)
	code, out, errOut := runCmd(t, "mttkrp", "--rank", "1", "--mode", "0", "--iters", "1", p)
	if code != 0 {
		t.Fatal(errOut)
	}
	// Factors are seeded: recompute with the same generator.
	b := randomVec[float64](3, 2)
	c := randomVec[float64](2, 3)
	want := 2 * b[2] * c[0]
	if !strings.Contains(out, "sum "+formatG(want)) {
		t.Errorf("mttkrp: got\n%s\nwant sum %s", out, formatG(want))
	}
}

func formatG(v float64) string { return fmt.Sprintf("%.6g", v) }

// TestEnvError runs the test binary as the command with a HURRAY_KERNELS
// value that cannot be honoured: the command must refuse to run.
func TestEnvError(t *testing.T) {
	if os.Getenv("HURRAY_CLI_HELPER") == "1" {
		os.Exit(run([]string{"info", filepath.Join(td, "west0479.mtx")}, os.Stdout, os.Stderr))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestEnvError$")
	cmd.Env = append(os.Environ(), "HURRAY_CLI_HELPER=1", "HURRAY_KERNELS=nonsense")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		// Under user-mode emulation (GOARCH=arm64 -exec qemu-aarch64) the
		// test binary cannot start itself again.
		t.Skipf("cannot re-execute the test binary here: %v", err)
	}
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "hurray: HURRAY_KERNELS=nonsense") {
		t.Errorf("exit %v, stderr %q: want exit 1 naming HURRAY_KERNELS", err, stderr.String())
	}
}

// TestSmallFileBigClaims: a file of a few bytes whose header declares
// 2e9 rows or columns, or dimensions of 1e8 for MTTKRP's factors, is an
// error (exit 1), not gigabytes of allocation and a fatal out of memory:
// the dense bound grows with the entries.
func TestSmallFileBigClaims(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"wide.mtx": "%%MatrixMarket matrix coordinate real general\n1 2000000000 1\n1 1 1.0\n",
		"tall.mtx": "%%MatrixMarket matrix coordinate real general\n2000000000 1 1\n1 1 1.0\n",
		"big3.tns": "3\n100000000 1 1\n1 1 1 1.0\n",
		"fat3.tns": "3\n5000000 1 1\n1 1 1 1.0\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"spmv", "--iters", "1", filepath.Join(dir, "wide.mtx")}, "1x2000000000 with 1 entries: dimensions too large"},
		{[]string{"spmv", "--iters", "1", filepath.Join(dir, "tall.mtx")}, "2000000000x1 with 1 entries: dimensions too large"},
		{[]string{"convert", filepath.Join(dir, "tall.mtx"), filepath.Join(dir, "o.npz"), "--to", "csr"}, "2000000000 rows to compress for 1 entries"},
		{[]string{"convert", filepath.Join(dir, "wide.mtx"), filepath.Join(dir, "o.npz"), "--to", "csc"}, "2000000000 columns to compress for 1 entries"},
		{[]string{"mttkrp", "--iters", "1", filepath.Join(dir, "big3.tns")}, "factor matrices of 1e+08 rows for 1 entries are too large"},
		// The bound on rows does not grow with the rank: memory bounds
		// the values, so a large --rank is an error, not an allocation
		// that ends the process.
		{[]string{"mttkrp", "--iters", "1", "--rank", "65536", filepath.Join(dir, "fat3.tns")}, "factor matrices of 3.28e+11 values (65536 columns) would take more than half of the memory"},
	} {
		code, _, errOut := runCmd(t, c.args...)
		if code != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d stderr %q, want exit 1 and %q", c.args, code, errOut, c.want)
		}
	}
}

// TestDoubleDash: after "--" every argument is a file name, even one that
// starts with '-', the first one and every one after it.
func TestDoubleDash(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(td, "header.tns"))
	t.Chdir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("-x.tns", src, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCmd(t, "convert", "--", "-x.tns", "-y.tns"); code != 0 {
		t.Fatalf("convert -- -x.tns -y.tns: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat("-y.tns"); err != nil {
		t.Fatal(err)
	}
}

// TestCLIAuditFixes: validate reports what the reader repaired; info counts
// a dense array's nonzeros, not its values; an output extension no format
// has is a usage error (exit 2) before the input is read; an unknown
// --paths entry is a usage error.
func TestCLIAuditFixes(t *testing.T) {
	code, out, _ := runCmd(t, "validate", filepath.Join(td, "scipy_csr_noncanonical.npz"))
	if code != 0 || !strings.Contains(out, "note: non-canonical SciPy input canonicalised") {
		t.Errorf("validate of a repaired file: exit %d, %q; want its note", code, out)
	}
	code, out, _ = runCmd(t, "info", filepath.Join(td, "dense_c.npy"))
	if code != 0 || !strings.Contains(out, "nnz:       5 (of 6 values, dense)") || !strings.Contains(out, "density:   83.3333%") {
		t.Errorf("info of a dense array with a zero: exit %d, %q", code, out)
	}
	code, _, errOut := runCmd(t, "convert", filepath.Join(td, "header.tns"), filepath.Join(t.TempDir(), "out.txt"))
	if code != 2 || !strings.Contains(errOut, "out.txt") {
		t.Errorf("convert to .txt: exit %d, %q; want a usage error naming it", code, errOut)
	}
	code, _, errOut = runCmd(t, "bench", "--tiny", "--paths", "auto,nonsense")
	if code != 2 || !strings.Contains(errOut, `"nonsense" is not one of`) {
		t.Errorf("bench --paths auto,nonsense: exit %d, %q", code, errOut)
	}
}

// TestBomb: a 650 KB .npz whose deflated indices and data claim 2^26
// entries (a 1x1 CSR) is refused by every command that reads it, with one
// line naming the file, the array and the budget, exit 1 and no runtime
// trace. In a process of its own, validate allocates little and takes
// little memory from the system, not the gigabytes the claimed entries
// would take.
func TestBomb(t *testing.T) {
	if path := os.Getenv("HURRAY_BOMB_HELPER"); path != "" {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		code := run([]string{"validate", path}, os.Stdout, os.Stderr)
		runtime.ReadMemStats(&m1)
		fmt.Printf("alloc %d sys %d\n", m1.TotalAlloc-m0.TotalAlloc, m1.Sys)
		os.Exit(code)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "bomb.npz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := testutil.NPZBomb(f, 1<<26); err != nil {
		t.Fatal(err)
	}
	f.Close()
	st, _ := os.Stat(path)
	want := fmt.Sprintf("%s: array indices: reading needs 512 MiB in all, over the budget of %s (--budget sets it)\n", path, mem.ByteSize(uint64(auto.DefaultMaxBytes(st.Size()))))
	for _, args := range [][]string{
		{"validate", path},
		{"info", path},
		{"convert", path, filepath.Join(dir, "out.mtx")},
		{"spmv", "--iters", "1", path},
		{"mttkrp", "--iters", "1", path},
	} {
		code, out, errOut := runCmd(t, args...)
		if code != 1 || out != "" || !strings.HasSuffix(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and one line ending %q", args, code, out, errOut, want)
		}
	}
	if _, _, errOut := runCmd(t, "validate", "--budget", "256M", path); !strings.Contains(errOut, "over the budget of 256 MiB (--budget sets it)") {
		t.Errorf("--budget 256M: %q", errOut)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestBomb$")
	cmd.Env = append(os.Environ(), "HURRAY_BOMB_HELPER="+path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Skipf("cannot re-execute the test binary here: %v", err)
	}
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || stderr.String() != "hurray validate: "+want {
		t.Fatalf("validate in a process of its own: %v, stderr %q, want exit 1 and %q", err, stderr.String(), "hurray validate: "+want)
	}
	var alloc, sys uint64
	if _, err := fmt.Sscanf(stdout.String(), "alloc %d sys %d", &alloc, &sys); err != nil {
		t.Fatalf("helper output %q: %v", stdout.String(), err)
	}
	t.Logf("validate of the %d-byte bomb: %d bytes allocated, %d obtained from the system", st.Size(), alloc, sys)
	if alloc > 4<<20 || sys > 64<<20 {
		t.Errorf("validate of the bomb allocated %d bytes and obtained %d from the system, want at most 4 MiB and 64 MiB", alloc, sys)
	}
}

// TestBudgetFlag: --budget takes a size with a binary unit, at least a byte
// and at most the memory; a file over it is refused naming it.
func TestBudgetFlag(t *testing.T) {
	file := filepath.Join(td, "scipy_csr_i32.npz")
	for _, c := range []struct {
		budget string
		code   int
		want   string
	}{
		{"1M", 0, ""},
		{"1.5KiB", 0, ""},
		{"1048576", 0, ""},
		{"100", 1, "scipy_csr_i32.npz: array format: reading needs 118 bytes in all, over the budget of 100 bytes (--budget sets it)"},
		{"2x", 2, `invalid value "2x" for flag -budget: unit "x"`},
		{"0", 2, "want a size of at least 1 byte"},
		{"-5M", 2, "want a size of at least 1 byte"},
		{"1000000T", 2, "more than the memory"},
	} {
		code, _, errOut := runCmd(t, "validate", "--budget", c.budget, file)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("--budget %s: exit %d, stderr %q; want %d and %q", c.budget, code, errOut, c.code, c.want)
		}
	}
	// .npy files too, with spmv's --x.
	code, _, errOut := runCmd(t, "spmv", "--iters", "1", "--budget", "100", "--x", filepath.Join(td, "x3.npy"), filepath.Join(td, "west0479.mtx"))
	if code != 1 || !strings.Contains(errOut, "x3.npy: reading needs") || !strings.Contains(errOut, "(--budget sets it)") {
		t.Errorf("spmv --x under --budget 100: exit %d, %q", code, errOut)
	}
}

func TestThreads(t *testing.T) {
	prev := runtime.GOMAXPROCS(0)
	t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
	td := filepath.Join("..", "..", "testdata")
	code, _, errOut := runCmd(t, "spmv", "--threads", "1", "--iters", "1", filepath.Join(td, "integer.mtx"))
	if code != 0 || runtime.GOMAXPROCS(0) != 1 {
		t.Errorf("spmv --threads 1: exit %d, GOMAXPROCS %d, stderr %q", code, runtime.GOMAXPROCS(0), errOut)
	}
	runtime.GOMAXPROCS(prev)
	code, _, errOut = runCmd(t, "mttkrp", "--threads", "2", "--iters", "1", filepath.Join(td, "header.tns"))
	if code != 0 || runtime.GOMAXPROCS(0) != 2 {
		t.Errorf("mttkrp --threads 2: exit %d, GOMAXPROCS %d, stderr %q", code, runtime.GOMAXPROCS(0), errOut)
	}
	code, _, errOut = runCmd(t, "spmv", "--threads", "-1", filepath.Join(td, "integer.mtx"))
	if code != 2 || !strings.Contains(errOut, "--threads -1") {
		t.Errorf("spmv --threads -1: exit %d, stderr %q", code, errOut)
	}
}
