package bench

import (
	"regexp"
	"testing"

	"github.com/hurray-format/hurray-go/kernels"
)

// TestSuiteTiny runs the whole suite on tiny data: one result per case and
// path, in order, each timed (not skipped), the triad last, and the kernel
// selection restored to auto. No timing is checked.
func TestSuiteTiny(t *testing.T) {
	before := kernels.Active()
	o := Options{Size: Tiny}
	names := CaseNames(o)
	res := Suite(o)
	paths := []string{"auto", "generic", "ref"}
	if len(res) != (len(names)-1)*len(paths)+1 {
		t.Fatalf("%d results for %d cases", len(res), len(names))
	}
	for i, r := range res[:len(res)-1] {
		if r.Name != names[i/len(paths)] || r.Path != paths[i%len(paths)] {
			t.Errorf("result %d is %s on %s", i, r.Name, r.Path)
		}
		if r.Skipped != "" || r.NsPerOp <= 0 || r.Kernels == "" || r.Reps != 3 {
			t.Errorf("%s on %s: %+v", r.Name, r.Path, r)
		}
		if r.Path == "ref" && r.Kernels != "ref" {
			t.Errorf("%s on ref ran %s", r.Name, r.Kernels)
		}
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
}
