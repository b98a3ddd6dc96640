package csf

// SetParallelThresholds sets the sizes that choose the parallel paths and
// returns a function restoring them.
func SetParallelThresholds(minNNZ, maxPrivate int) (restore func()) {
	a, b := parallelMinNNZ, privateMaxElems
	parallelMinNNZ, privateMaxElems = minNNZ, maxPrivate
	return func() { parallelMinNNZ, privateMaxElems = a, b }
}

// SetTTVPackBits sets the widest packed key TTV's off-leaf path takes (0
// sends every off-leaf TTV to the regrouping path) and returns a function
// restoring it.
func SetTTVPackBits(b uint) (restore func()) {
	old := ttvPackBits
	ttvPackBits = b
	return func() { ttvPackBits = old }
}
