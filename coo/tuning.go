package coo

// minParallelWork is the product size (entries times k, plus the output's
// length) below which one goroutine does all the work, as
// csr.DefaultParallelThreshold is for CSR; above it every goroutine gets at
// least half of it (parallel.Options).
const minParallelWork = 1 << 15

// maxParts caps the parts of one product (and so the goroutines it uses).
const maxParts = 64

// scatterScratch is the most bytes of private accumulators one product
// holds (unless one copy of its output is larger: then one copy), whatever
// the worker count (dense.ScatterGoroutines).
const scatterScratch = 64 << 20

// scanBlock is how many tuples scanCoords checks at a time: the bound check
// and the order check read the block while it is in L1 (2048 rank-3 tuples
// are 48 KiB), so the coordinates come from memory once.
const scanBlock = 2048

// scanMin is the tuple count from which scanCoords splits the work over
// goroutines (each then takes at least half of it).
const scanMin = 1 << 16
