package engine

// COOScatter adds alpha*v*X[in,:] into Y[out,:] for every entry of a rank-2
// COO tensor's coords and vals (len(vals) tuples of 2 coordinates; oi and
// ii pick the output and the input row), for the float products of package
// coo and, a decoded tile at a time, QCOOMul. With runs set (k = 1 and the
// entries of an output row adjacent: a row-major sorted tensor, not
// transposed) it sums each run of one output row first (scatterRuns). The
// coordinates must be below len(y)/k and len(x)/k, which it does not
// check: the slicing would panic. It branches rather than taking a func
// value (a generic func value allocates).
func COOScatter[T Float](runs bool, y, x []T, k int, coords []uint64, vals []T, oi, ii int, alpha T) {
	if runs {
		scatterRuns(y, x, coords, vals, oi, ii, alpha)
	} else {
		scatter(y, x, k, coords, vals, oi, ii, alpha)
	}
}

// scatter adds alpha*v*X[in,:] into Y[out,:] for every entry.
func scatter[T Float](y, x []T, k int, coords []uint64, vals []T, oi, ii int, alpha T) {
	coords = coords[:2*len(vals)]
	if k == 1 {
		for e, v := range vals {
			y[coords[2*e+oi]] += alpha * v * x[coords[2*e+ii]]
		}
		return
	}
	for e, v := range vals {
		a := alpha * v
		yr := y[int(coords[2*e+oi])*k:][:k]
		xr := x[int(coords[2*e+ii])*k:][:k]
		for c, xv := range xr {
			yr[c] += a * xv
		}
	}
}

// scatterRuns is scatter for k = 1 when the entries of an output row are
// adjacent: a row's sum stays in two registers (even and odd entries) and
// y is written once per row. scatter's read-modify-write of y per entry
// waits on the previous entry's store to the same row, a dependency that
// the per-row sum removes.
func scatterRuns[T Float](y, x []T, coords []uint64, vals []T, oi, ii int, alpha T) {
	n := len(vals)
	coords = coords[:2*n]
	for e := 0; e < n; {
		// A run of entries with output row cur (correct for any order; fast
		// when rows are contiguous).
		cur := coords[2*e+oi]
		var s0, s1 T
		for {
			if e+1 < n && coords[2*e+2+oi] == cur {
				s0 += vals[e] * x[coords[2*e+ii]]
				s1 += vals[e+1] * x[coords[2*e+2+ii]]
				e += 2
				if e < n && coords[2*e+oi] == cur {
					continue
				}
			} else {
				s0 += vals[e] * x[coords[2*e+ii]]
				e++
			}
			break
		}
		y[cur] += alpha * (s0 + s1)
	}
}
