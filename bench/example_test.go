package bench_test

import (
	"fmt"
	"regexp"

	"github.com/hurray-format/hurray-go/bench"
)

// ExampleSuite runs one case of the suite, at the tiny size (for tests: the
// figures mean nothing), on the automatic path and on generic, then the
// triad that the bandwidth figures are compared with.
func ExampleSuite() {
	res := bench.Suite(bench.Options{
		Size:   bench.Tiny,
		Filter: regexp.MustCompile("^scan$"),
		Paths:  []string{"auto", "generic"},
	})
	for _, r := range res {
		fmt.Println(r.Name, r.Path, r.Skipped == "" && r.NsPerOp > 0)
	}
	// Output:
	// scan auto true
	// scan generic true
	// triad - true
}
