package csf

// SetParallelThresholds sets the sizes that choose the parallel paths and
// returns a function restoring them.
func SetParallelThresholds(minNNZ, maxPrivate int) (restore func()) {
	a, b := parallelMinNNZ, privateMaxElems
	parallelMinNNZ, privateMaxElems = minNNZ, maxPrivate
	return func() { parallelMinNNZ, privateMaxElems = a, b }
}
