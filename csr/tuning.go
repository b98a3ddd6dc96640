package csr

// DefaultParallelThreshold is the default of SetParallelThreshold: the
// product size (nonzeros times k, plus rows) below which a product runs on
// the calling goroutine alone, and above which every goroutine it starts
// gets at least half that much work.
const DefaultParallelThreshold = 1 << 17

// One goroutine below the threshold: waking and joining a second costs a
// few microseconds, and a second core adds little to a product whose data
// sits in cache. bench's BenchmarkSpMVThreshold times both sides of it.

// maxParts caps the parts of one product (and so the goroutines it uses).
const maxParts = 64

// scatterScratch is the most bytes of private accumulators one scatter
// product holds (unless one copy of its output is larger: then one copy),
// whatever the worker count (dense.ScatterGoroutines).
const scatterScratch = 64 << 20
