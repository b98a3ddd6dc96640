//go:build purego || noasm || !gc || !(amd64 || arm64)

package engine

// qspmmTuned: no tier has fused SpMM kernels in this build.
func qspmmTuned(tier, *spmmTuning, bool) (qspmmFunc, bool) { return nil, false }
