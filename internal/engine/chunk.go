package engine

// Every assembly call of the glue goes through asmPieces, for two reasons
// the Go code around it does not have to think about:
//
//   - Assembly is not preemptible (golang/go#73787): a goroutine inside it
//     holds its thread until it returns, and a stop-the-world (a GC phase)
//     waits for it. So no call gets more than a bounded piece of a long
//     input, and the glue returns to Go between pieces.
//   - The race detector does not see the loads and stores of assembly. So
//     in a -race build each call is followed by a record of what it read
//     and wrote (raceRead, raceWrite): the elements of its piece, and for a
//     kernel that reads or writes through indices (SpMV's x, ScatterAdd's
//     y, a strided column) the entries the indices name.

// asmPieces makes the assembly calls of one glue function over the units
// 0..n of its input (elements, pairs, rows, runs or queries: the glue says
// which). From lo = 0 it calls call(lo, hi), hi = min(lo+size, n), the most
// one call may take; call makes one assembly call that starts at unit lo
// and returns end, the end of the units the call covered, and more, whether
// to go on from end (a search stops at its hit; a kernel that stops on a
// budget of its own goes on). In a -race build it then calls race(lo, end),
// which records what that call read and wrote. It returns the end of the
// last call, or 0 when n is 0.
//
// A call that goes on must make progress: in its units (end > lo) or, for
// a kernel that walks two inputs, in state of its own that the glue keeps.
//
// asmPieces and the two closures are meant to be inlined into the glue, at
// no cost next to a loop written out. The functions that build the glue
// (maxAsm, spmvAsm and the others) are therefore marked go:noinline: inlined
// into the long register functions, the closures they return would be
// compiled under the inlining budget of a big function, which keeps
// asmPieces and the closures out of line.
func asmPieces(n, size int, call func(lo, hi int) (end int, more bool), race func(lo, end int)) int {
	lo := 0
	for lo < n {
		end, more := call(lo, min(lo+size, n))
		if raceEnabled {
			race(lo, end)
		}
		lo = end
		if !more {
			break
		}
	}
	return lo
}

// raceRows records what a kernel reads of rows lo..end-1 of the
// compressed matrix (ptr, idx, vals): the rows' ptr entries, their entries
// (each row clamped to 0..len(idx) as the kernels clamp it) and the
// elements of v their indices name (those below len(v)), which it records
// as written when write is set (ScatterAdd's y). Only the race glue calls
// it: the loop over the entries costs as much as the product.
func raceRows[P ~uint32 | ~uint64, J ~uint16 | ~uint32 | ~uint64, V, T any](ptr []P, idx []J, vals []V, v []T, lo, end int, write bool) {
	raceRead(ptr[lo : end+1])
	for i := lo; i < end; i++ {
		a, b := clampRange(ptr, i, len(idx))
		raceRead(idx[a:b])
		raceRead(vals[a:b])
		for _, j := range idx[a:b] {
			if uint64(j) >= uint64(len(v)) {
				continue
			}
			if k := int(j); write {
				raceWrite(v[k : k+1])
			} else {
				raceRead(v[k : k+1])
			}
		}
	}
}

// productRun returns the end c1 of the run of nodes from c0 that one product
// call takes: the nodes before the first c1 whose leaves ptr[c0]..ptr[c1]
// reach productChunk, and at most productChunk nodes, at least one (c0 <
// len(ptr)-1). On a ptr that is not non-decreasing the run is still within
// c0+1..c0+productChunk. (A binary search here gains nothing: the runs are
// short next to the kernel's work on them.) When all that is left fits in
// one call (the usual case for the products' short per-node calls) it
// returns len(ptr)-1 without a scan.
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

// spmmRows returns the end of the rows from lo to take in one SpMM call: at
// least one, at most spmmRowsPerCall, and no more than spmmWorkPerCall
// multiply-adds unless one row alone exceeds them.
func spmmRows[P ptrWord](ptr []P, lo, w int) int {
	hi := lo + 1
	rows := len(ptr) - 1
	for hi < rows && int(ptr[hi+1]-ptr[lo])*max(w, 1) <= spmmWorkPerCall && hi-lo < spmmRowsPerCall {
		hi++
	}
	return hi
}

// segment returns pos[p] and pos[p+1], each read once (an output may
// overlap pos), and panics with bad unless lo <= hi <= n.
func segment(pos []uint64, p int, n uint64, bad string) (lo, hi uint64) {
	lo, hi = pos[p], pos[p+1]
	if lo > hi || hi > n {
		panic(bad)
	}
	return lo, hi
}

// clampRange returns pos[p], pos[p+1] clamped so that 0 <= lo <= hi <= n.
func clampRange[P ~uint32 | ~uint64](pos []P, p int, n int) (lo, hi int) {
	a, b := uint64(pos[p]), uint64(pos[p+1])
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

// raceRow records a read, or a write when write is set, of row row of v
// (rows of r elements at stride s: row 0 when s is 0) when the row is below
// bound; the race glue of the Hadamard families skips the indices their
// kernels would have refused.
func raceRow[T any](v []T, row, bound uint64, r, s int, write bool) {
	if row >= bound {
		return
	}
	o := int(row) * s
	if o+r > len(v) {
		return
	}
	if write {
		raceWrite(v[o : o+r])
	} else {
		raceRead(v[o : o+r])
	}
}

// raceLeaves records what a Hadamard kernel reads of the leaves of one
// segment (lptr's entries p and p+1, clamped to len(idx)): their indices
// and values, and the row of v (rows of r, below bound) that each index
// names, as written when write is set (a scatter into v).
func raceLeaves[T any](lptr, idx []uint64, vals []T, v []T, bound uint64, r int, p int, write bool) {
	a, b := clampRange(lptr, p, len(idx))
	raceRead(idx[a:b])
	raceRead(vals[a:b])
	for _, j := range idx[a:b] {
		raceRow(v, j, bound, r, r, write)
	}
}
