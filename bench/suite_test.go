package bench

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/kernels"
)

// TestSuiteTiny runs the whole suite on tiny data: one result per case and
// path, in order, each timed (not skipped), the triad last, and the kernel
// selection restored to auto. The conversions that call no kernel family
// (every one but COO to CSF) and the quantize cases have one result, on
// auto, whose kernels are "go". No timing is checked.
func TestSuiteTiny(t *testing.T) {
	before := kernels.Active()
	o := Options{Size: Tiny}
	names := CaseNames(o)
	res := Suite(o)
	paths := []string{"auto", "generic", "ref"}
	goOnly := regexp.MustCompile(`^(coo-csr|csr-csc|csf-coo|quantize)/`)
	i := 0
	for _, name := range names[:len(names)-1] {
		want := paths
		if goOnly.MatchString(name) {
			want = paths[:1]
		}
		for _, path := range want {
			if i >= len(res)-1 {
				t.Fatalf("%d results for %d cases: %s on %s missing", len(res), len(names), name, path)
			}
			r := res[i]
			i++
			if r.Name != name || r.Path != path {
				t.Fatalf("result %d is %s on %s, want %s on %s", i-1, r.Name, r.Path, name, path)
			}
			if r.Skipped != "" || r.NsPerOp <= 0 || r.Kernels == "" || r.Reps != 3 {
				t.Errorf("%s on %s: %+v", r.Name, r.Path, r)
			}
			if goOnly.MatchString(name) != (r.Kernels == "go") {
				t.Errorf("%s ran kernels %q", r.Name, r.Kernels)
			}
			if r.Path == "ref" && r.Kernels != "ref" {
				t.Errorf("%s on ref ran %s", r.Name, r.Kernels)
			}
		}
	}
	if i != len(res)-1 {
		t.Fatalf("%d results for %d cases", len(res), len(names))
	}
	if tr := res[len(res)-1]; tr.Name != TriadName || tr.GBps() <= 0 {
		t.Errorf("triad: %+v", tr)
	}
	if kernels.Active() != before {
		t.Errorf("kernels left on %s, was %s", kernels.Active(), before)
	}
	f := Suite(Options{Size: Tiny, Filter: regexp.MustCompile("^scan$"), Paths: []string{"auto", "nope"}})
	if len(f) != 3 || f[0].Name != "scan" || f[1].Skipped == "" || f[2].Name != TriadName {
		t.Errorf("filtered run with an unknown path: %+v", f)
	}
	// A forced path (HURRAY_KERNELS, kernels.Use) is restored, not
	// replaced by automatic selection.
	if err := kernels.Use("generic"); err != nil {
		t.Fatal(err)
	}
	defer kernels.Use("")
	Suite(Options{Size: Tiny, Filter: regexp.MustCompile("^scan$")})
	if kernels.Forced() != "generic" {
		t.Errorf("after a Suite run with generic forced: Forced() = %q", kernels.Forced())
	}
}

// TestSuiteRefusesWrongResults: a path whose result differs from the ref
// path's is marked skipped with the difference instead of timed.
func TestSuiteRefusesWrongResults(t *testing.T) {
	defer kernels.Use("")
	// generic and ref exist in every build (auto may be generic: purego).
	paths := []string{"generic", "ref"}
	runs := make([]*timing, len(paths))
	for i, p := range paths {
		runs[i] = &timing{r: Result{Name: "x", Path: p}}
	}
	p := prepared{tol: 1e-9, result: func() []float64 {
		if kernels.Families()[0].Active == "generic" {
			return []float64{1, 2.5} // the broken path
		}
		return []float64{1, 2}
	}}
	checkResults(runs, paths, p)
	if runs[1].r.Skipped != "" {
		t.Errorf("ref %q: want it timed", runs[1].r.Skipped)
	}
	if want := "result differs from the ref path's: element 1 is 2.5, want 2"; !strings.HasPrefix(runs[0].r.Skipped, want) {
		t.Errorf("generic: %q, want %q...", runs[0].r.Skipped, want)
	}
}
