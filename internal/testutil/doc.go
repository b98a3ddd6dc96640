// Package testutil holds what the tests and benchmarks of several packages
// share: where the project's real data lives (the SuiteSparse matrices and
// FROSTT tensors of shared/data) and what its SOURCES.md says of each file,
// a loop over the kernel paths, dense reference products, the quantization
// schemes to test, whether the race detector is on, the checks of a
// panic's value, and the .npz bomb with which the readers' memory budget
// is tested.
package testutil
