//go:build race

package kernels

// raceEnabled reports a -race build: the product glue then tells the race
// detector about every row the assembly writes, which costs a loop over the
// rows or entries that other builds skip.
const raceEnabled = true
