package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/hurray-format/hurray-go/bench"
	"github.com/hurray-format/hurray-go/formats/npz"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/klauspost/cpuid/v2"
)

const benchSynopsis = "bench [--quick|--tiny] [--json] [--filter REGEXP] [--threads N] [--matrices M2,M4,FILE] [--paths auto,generic,ref] [--export DIR]"

// benchHeader is the first object of `hurray bench --json` and the header
// of the table.
type benchHeader struct {
	Time         string   `json:"time"`
	Size         string   `json:"size"`
	Go           string   `json:"go"`
	OSArch       string   `json:"os_arch"`
	CPU          string   `json:"cpu"`
	LogicalCores int      `json:"logical_cores"`
	GOMAXPROCS   int      `json:"gomaxprocs"`
	L2, L3       int      `json:"-"`
	Features     []string `json:"features"`
	Available    []string `json:"kernels_available"`
	Active       string   `json:"kernels_active"`
	Threads      int      `json:"threads"`
	Reps         int      `json:"reps"` // repetitions a case gets; slow calls get 3 (each result has its own)
	TriadGBps    float64  `json:"triad_gbps"`
	Wall         float64  `json:"wall_seconds"`
}

// benchOutput is the whole --json document.
type benchOutput struct {
	Header  benchHeader    `json:"header"`
	Results []bench.Result `json:"results"`
}

// shownFeatures are the CPU features the table header lists (the JSON has
// them all).
var shownFeatures = []string{"SSE42", "AVX", "AVX2", "FMA3", "BMI2", "AVX512F", "AVX512VL", "AVX512BW", "AVX512DQ",
	"AVX512VBMI", "AVX512VNNI", "AVX512BF16", "AVX512FP16", "ASIMD", "SVE"}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("bench", benchSynopsis, stderr)
	quick := fs.Bool("quick", false, "smaller data (M2 only, T3p/10): well under a minute")
	tiny := fs.Bool("tiny", false, "tiny data and short loops, for tests: the figures mean nothing")
	asJSON := fs.Bool("json", false, "write JSON (a header object and one object per case and path) instead of the table")
	filter := fs.String("filter", "", "run only the cases whose name matches this regular expression (the triad always runs)")
	threads := fs.Int("threads", 1, "worker goroutines of the products and the triad")
	matrices := fs.String("matrices", "", "matrices of the matrix cases: M1, M2, M3, M4 or matrix files (.mtx, .npz), comma-separated (default M2,M4; M2 with --quick)")
	paths := fs.String("paths", "auto,generic,ref", "kernel paths to run every case on (auto first)")
	export := fs.String("export", "", "write the matrices of the matrix cases as SciPy .npz (CSR, float64, int64 indices) into this directory and exit")
	if _, err := parse(fs, args, 0); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if errors.Is(err, errShown) {
			return 2
		}
		fmt.Fprintf(stderr, "hurray bench: %v\n", strings.TrimSuffix(err.Error(), ": "+errUsage.Error()))
		return 2
	}
	if f := kernels.Forced(); f != "" {
		// The suite picks the paths itself: its auto rows would not run f.
		fmt.Fprintf(stderr, "hurray bench: HURRAY_KERNELS=%s: the suite runs the paths of --paths (now %s), auto first; unset HURRAY_KERNELS and list %s there\n", f, *paths, f)
		return 2
	}
	opts := bench.Options{Size: bench.Full, Threads: *threads}
	switch {
	case *tiny:
		opts.Size = bench.Tiny
	case *quick:
		opts.Size = bench.Quick
	}
	if *threads < 1 || *threads > bench.MaxThreads {
		fmt.Fprintf(stderr, "hurray bench: --threads %d: want 1 to %d\n", *threads, bench.MaxThreads)
		return 2
	}
	if *filter != "" {
		re, err := regexp.Compile(*filter)
		if err != nil {
			fmt.Fprintf(stderr, "hurray bench: --filter: %v\n", err)
			return 2
		}
		opts.Filter = re
	}
	if *matrices != "" {
		for m := range strings.SplitSeq(*matrices, ",") {
			m = strings.TrimSpace(m)
			if !bench.IsGenerated(m) {
				// A matrix file: read it now, so that a bad one is a
				// usage error naming it, not a failure mid-run.
				if _, err := bench.FilePattern(m); err != nil {
					fmt.Fprintf(stderr, "hurray bench: --matrices: %q is not one of M1, M2, M3, M4 or a matrix file: %v\n", m, err)
					return 2
				}
			}
			opts.Only = append(opts.Only, m)
		}
	}
	for p := range strings.SplitSeq(*paths, ",") {
		if p = strings.TrimSpace(p); p != "" {
			// A path this CPU lacks is skipped case by case; a name that
			// is no path at all is a usage error.
			if p != "auto" && !slices.Contains(kernels.Paths(), p) {
				fmt.Fprintf(stderr, "hurray bench: --paths: %q is not one of auto, %s\n", p, strings.Join(kernels.Paths(), ", "))
				return 2
			}
			opts.Paths = append(opts.Paths, p)
		}
	}
	if len(opts.Paths) == 0 || opts.Paths[0] != "auto" {
		fmt.Fprintf(stderr, "hurray bench: --paths %q: the first path must be auto (the table compares the others with it)\n", *paths)
		return 2
	}
	if *export != "" {
		if err := exportMatrices(*export, opts, stdout); err != nil {
			fmt.Fprintf(stderr, "hurray bench: %s\n", oneLine(err.Error()))
			return 1
		}
		return 0
	}
	p := newProgress(stderr, "bench")
	opts.Progress = func(done, total int, label string) {
		if p.on && time.Since(p.start) > 200*time.Millisecond {
			p.printf("bench %d/%d %s", done, total, label)
		}
	}
	start := time.Now()
	res := bench.Suite(opts)
	p.done()
	h := header(opts, res, start)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(benchOutput{Header: h, Results: res}); err != nil {
			fmt.Fprintf(stderr, "hurray bench: %v\n", err)
			return 1
		}
		return 0
	}
	writeTable(stdout, h, res, opts.Paths)
	return 0
}

func header(opts bench.Options, res []bench.Result, start time.Time) benchHeader {
	h := benchHeader{
		Time:         start.UTC().Format("2006-01-02 15:04 UTC"),
		Size:         opts.Size.String(),
		Go:           runtime.Version(),
		OSArch:       runtime.GOOS + "/" + runtime.GOARCH,
		CPU:          strings.TrimSpace(cpuid.CPU.BrandName),
		LogicalCores: cpuid.CPU.LogicalCores,
		GOMAXPROCS:   runtime.GOMAXPROCS(0),
		L2:           cpuid.CPU.Cache.L2,
		L3:           cpuid.CPU.Cache.L3,
		Features:     cpuid.CPU.FeatureSet(),
		Available:    kernels.Available(),
		Active:       kernels.Active(),
		Threads:      opts.Threads,
		Reps:         5,
		Wall:         time.Since(start).Seconds(),
	}
	if opts.Size == bench.Tiny {
		h.Reps = 3
	}
	if h.CPU == "" {
		h.CPU = "unknown"
	}
	for _, r := range res {
		if r.Name == bench.TriadName {
			h.TriadGBps = r.GBps()
		}
	}
	return h
}

// writeTable prints the header and one row per case: its auto result with
// the speedups over the other paths of the same run.
func writeTable(w io.Writer, h benchHeader, res []bench.Result, paths []string) {
	var feats []string
	for _, f := range shownFeatures {
		if slices.Contains(h.Features, f) {
			feats = append(feats, f)
		}
	}
	fmt.Fprintf(w, "hurray bench (%s): started %s, %s %s, %d thread(s), median of %d runs (3 for slow calls), %.1f s\n", h.Size, h.Time, h.Go, h.OSArch, h.Threads, h.Reps, h.Wall)
	cache := ""
	if h.L2 > 0 && h.L3 > 0 {
		cache = fmt.Sprintf(", L2 %d KiB, L3 %d MiB", h.L2>>10, h.L3>>20)
	}
	fmt.Fprintf(w, "cpu:      %s (%d logical cores, GOMAXPROCS %d%s)\n", h.CPU, h.LogicalCores, h.GOMAXPROCS, cache)
	fmt.Fprintf(w, "features: %s\n", strings.Join(feats, " "))
	fmt.Fprintf(w, "kernels:  available %s; auto: %s\n", strings.Join(h.Available, ", "), h.Active)
	fmt.Fprintf(w, "triad:    %.1f GB/s (a = b + 3c, STREAM-like, the bandwidth reference)\n\n", h.TriadGBps)

	others := paths[1:]
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	cols := []string{"case", "size", "path", "time/op", "cpu/op", "GB/s", "%triad", "GFLOP/s"}
	for _, p := range others {
		cols = append(cols, "vs "+p)
	}
	fmt.Fprintln(tw, strings.Join(cols, "\t"))
	// With one thread the speedups compare CPU times: on a shared machine
	// other processes' load inflates wall-clock times unevenly between
	// paths, the process's own CPU time much less.
	byCPU := h.Threads == 1
	var notes []string
	for i := 0; i < len(res); i++ {
		r := res[i]
		if r.Name == bench.TriadName {
			continue
		}
		if r.Path != "auto" {
			continue
		}
		row := []string{r.Name, r.Size, orDash(r.Kernels), "—", "—", "—", "—", "—"}
		if r.Skipped != "" {
			notes = append(notes, fmt.Sprintf("%s on auto: skipped: %s", r.Name, r.Skipped))
		} else {
			row[3] = bench.FormatNs(r.NsPerOp)
			if r.CPUNsPerOp > 0 {
				row[4] = bench.FormatNs(r.CPUNsPerOp)
			}
			if g := r.GBps(); g > 0 {
				row[5] = fmt.Sprintf("%.2f", g)
				if h.TriadGBps > 0 {
					row[6] = fmt.Sprintf("%.0f%%", 100*g/h.TriadGBps)
				}
			}
			if g := r.GFlops(); g > 0 {
				row[7] = fmt.Sprintf("%.2f", g)
			}
		}
		for _, p := range others {
			cell := "—"
			for _, o := range res {
				if o.Name != r.Name || o.Path != p {
					continue
				}
				switch {
				case o.Skipped != "":
					notes = append(notes, fmt.Sprintf("%s on %s: skipped: %s", r.Name, p, o.Skipped))
				case r.Skipped == "" && byCPU && r.CPUNsPerOp > 0 && o.CPUNsPerOp > 0:
					cell = fmt.Sprintf("%.2fx", o.CPUNsPerOp/r.CPUNsPerOp)
				case r.Skipped == "" && r.NsPerOp > 0:
					cell = fmt.Sprintf("%.2fx", o.NsPerOp/r.NsPerOp)
				}
			}
			row = append(row, cell)
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
	fmt.Fprintln(w, "\ntime/op: wall-clock median; cpu/op: the process's CPU time per op (all threads), median; GB/s and GFLOP/s from time/op,")
	vs := "time/op"
	if byCPU {
		vs = "cpu/op (one thread)"
	}
	fmt.Fprintf(w, "GB/s counting the bytes read and written at least once per op. vs P: P's %s over auto's, same run (above 1: auto is faster).\n", vs)
	for _, r := range res {
		if r.Kernels == "go" && r.Name != bench.TriadName {
			fmt.Fprintln(w, "path go: Go code that calls no kernel family, timed on auto alone (every path would run the same code).")
			break
		}
	}
	for _, n := range notes {
		fmt.Fprintf(w, "— %s\n", n)
	}
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// exportMatrices writes the matrices of the matrix cases as SciPy .npz
// (CSR, float64, int64 indices) into dir.
func exportMatrices(dir string, opts bench.Options, stdout io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, p := range bench.SuiteMatrices(opts) {
		path := filepath.Join(dir, p.Name+".npz")
		if err := npz.WriteFile(path, &npz.Sparse[float64]{Matrix: bench.CSR[float64](p)}, npz.WriteOptions{}); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %dx%d, %d nnz\n", path, p.Rows, p.Cols, p.NNZ())
	}
	return nil
}
