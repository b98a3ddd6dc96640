package kernels

import (
	"fmt"
	"strings"
)

// productFamilies are the sparse-dense product families (spmv, scatter,
// spmm, spmmscatter; both element types).
func productFamilies() []familyHandle {
	return []familyHandle{spmvF32, spmvF64, scatterF32, scatterF64, spmmF32, spmmF64, spmmScatterF32, spmmScatterF64}
}

// UseProducts forces the sparse-dense product families onto one path
// ("ref", "generic", "avx2", "avx512", "neon"), leaving the other families as
// they are; "" or "auto" restores their automatic choice. It lets a
// benchmark compare product paths on a CPU where other families lack a
// path, which Use refuses. A path some product family lacks is an error and
// changes nothing. Like Use, it is not safe while kernels run.
func UseProducts(path string) error {
	fams := productFamilies()
	if path == "" || path == "auto" {
		for _, f := range fams {
			f.selectAuto()
		}
		return nil
	}
	t, ok := parseTier(path)
	if !ok {
		return fmt.Errorf("kernels: unknown path %q (want one of %s)", path, strings.Join(tierNames[:], ", "))
	}
	for _, f := range fams {
		if !f.implements(t) {
			return fmt.Errorf("kernels: product family %s has no path %q on this CPU and build", f.familyName(), path)
		}
	}
	for _, f := range fams {
		f.selectTier(t)
	}
	return nil
}

// ProductPaths lists the paths every product family implements on this CPU
// and build, best last.
func ProductPaths() []string {
	var out []string
	for t := tier(0); t < numTiers; t++ {
		all := cpuSupports[t]
		for _, f := range productFamilies() {
			all = all && f.implements(t)
		}
		if all {
			out = append(out, t.String())
		}
	}
	return out
}
