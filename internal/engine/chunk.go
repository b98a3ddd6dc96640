package engine

// productRun returns the end c1 of the run of nodes from c0 that one product
// call takes: the nodes before the first c1 whose leaves ptr[c0]..ptr[c1]
// reach productChunk, and at most productChunk nodes, at least one (c0 <
// len(ptr)-1). On a ptr that is not non-decreasing the run is still within
// c0+1..c0+productChunk. (A binary search here measured no faster on idle
// runs: the runs are short next to the kernel's work on them.) When all
// that is left fits in one call (the usual case for the products' short
// per-node calls) it returns len(ptr)-1 without a scan.
func productRun(ptr []uint64, c0 int) int {
	nc := len(ptr) - 1
	if nc-c0 <= productChunk && ptr[nc]-ptr[c0] < productChunk {
		return nc
	}
	c1 := c0 + 1
	for c1 < nc && c1-c0 < productChunk && ptr[c1]-ptr[c0] < productChunk {
		c1++
	}
	return c1
}

// productRun2 is productRun for the two-level product: the run of nodes
// from c0 whose children and leaves both stay under productChunk, at most
// productChunk nodes, at least one.
func productRun2(ptr, lptr []uint64, c0 int) int {
	nc := len(ptr) - 1
	e0 := ptr[c0]
	if nc-c0 <= productChunk && ptr[nc]-e0 < productChunk && lptr[ptr[nc]]-lptr[e0] < productChunk {
		return nc
	}
	c1 := c0 + 1
	for c1 < nc && c1-c0 < productChunk && ptr[c1]-e0 < productChunk && lptr[ptr[c1]]-lptr[e0] < productChunk {
		c1++
	}
	return c1
}

// forRuns2 calls fn(c0, c1) on the runs of nodes of ptr that the two-level
// kernels take in one assembly call (productRun2), in order.
func forRuns2(ptr, lptr []uint64, fn func(c0, c1 int)) {
	nc := len(ptr) - 1
	for c0 := 0; c0 < nc; {
		c1 := productRun2(ptr, lptr, c0)
		fn(c0, c1)
		c0 = c1
	}
}

// spmmRows returns the end of the rows from lo to take in one SpMM call: at
// least one, at most 4096, and no more than spmmWorkPerCall multiply-adds
// unless one row alone exceeds them.
func spmmRows(ptr []uint64, lo, w int) int {
	hi := lo + 1
	rows := len(ptr) - 1
	for hi < rows && int(ptr[hi+1]-ptr[lo])*max(w, 1) <= spmmWorkPerCall && hi-lo < 4096 {
		hi++
	}
	return hi
}

// clampRange returns pos[p], pos[p+1] clamped so that 0 <= lo <= hi <= n.
func clampRange(pos []uint64, p int, n int) (lo, hi int) {
	a, b := pos[p], pos[p+1]
	if a > uint64(n) {
		a = uint64(n)
	}
	if b > uint64(n) {
		b = uint64(n)
	}
	if b < a {
		b = a
	}
	return int(a), int(b)
}
