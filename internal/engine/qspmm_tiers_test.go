package engine

import "testing"

// forEachQSpMMTier is forEachTier for qspmm with the tiles chosen by the
// tuning c, and with, for every tier with fused SpMM kernels, a second run
// ("impl=<tier>-anyw") that takes them at every panel width (qspmmTuned):
// the registered tier takes them only from its minW to maxW-1 columns.
func forEachQSpMMTier(t *testing.T, c *spmmTuning, fn func(t *testing.T, impl, ref qspmmFunc)) {
	t.Helper()
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !qspmm.has[tr] {
			continue
		}
		for _, anyW := range []bool{false, true} {
			impl, ok := qspmmTuned(tr, c, anyW)
			switch {
			case !ok && anyW:
				continue
			case !ok || c == &spmmTune && !anyW:
				impl = qspmm.impls[tr] // as registered
			}
			name := "impl=" + tr.String()
			if anyW {
				name += "-anyw"
			}
			t.Run(name, func(t *testing.T) {
				if !cpuSupports[tr] {
					t.Skipf("CPU lacks %s", tr)
				}
				ranTiers.Store(tr.String(), true)
				fn(t, impl, qspmm.impls[tierRef])
			})
		}
	}
}
