package csr

// DefaultParallelThreshold is the product size (nonzeros times k, plus
// rows) below which one goroutine does all the work: waking and joining a
// second costs a few microseconds, and a second core adds little to a
// product whose data sits in cache. Above it every goroutine gets at least
// half of it (parallel.Options). bench's BenchmarkSpMVThreshold times both
// sides of it.
const DefaultParallelThreshold = 1 << 17

// maxParts caps the parts of one product (and so the goroutines it uses).
const maxParts = 64

// scatterScratch is the most bytes of private accumulators one scatter
// product holds (unless one copy of its output is larger: then one copy),
// whatever the worker count (dense.ScatterGoroutines).
const scatterScratch = 64 << 20
