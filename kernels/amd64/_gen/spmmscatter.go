package main

import "fmt"

// spmmscatter_amd64.s: the SpMMScatter kernels, whole and on one tile, from
// spmm.go's template.

// spmmScatterDoc opens spmmscatter_amd64.s.
var spmmScatterDoc = `// SpMMScatter, per row i: xs = alpha * x[i*ldx + c : ...] is held in
// registers while every entry k does y[idx[k]*ldy + c : ...] += vals[k]*xs
// (bad unless ptr[i] <= ptr[i+1] <= len(idx) and idx[k] < yrows).
// SpMMScatterTile is SpMMScatter on one tile of Y's rows (the Go side walks
// the tiles): row i's entries run from seg[2i] to seg[2i+1] and stop at the
// first whose index is >= limit; seg[2i] gets that stop. Each row start
// prefetches the first lines of the row TILE_PFD rows ahead.
//
` + spmmHeader

func spmmScatterFunc(v *spmmV, tile bool) []string {
	name, p, o := spmmOpen(v, "SpMMScatter", true, tile)
	if tile {
		o = append(o, spmmTilePrefetch(v, p)...)
	}
	// entry sets R15 to the address of Y's row idx[k]: at the limit the
	// tile kernel leaves for end; at or above yrows the untiled one leaves
	// for bad.
	entry := func(end string) []string {
		if tile {
			return spmmEntry(v, 0, "DI", "BX", spmmLimit(v, true), end)
		}
		return spmmEntry(v, 0, "DI", "BX", arg(name, "yrows"), p+"bad")
	}
	// entries walks the row's entries from AX (label L+"k") to out, each
	// adding vals[k] times xs into vector j of Y's row idx[k] (at R15) by
	// the instructions update writes (t the temporary).
	entries := func(L, out string, update func(j int, t string) []string, nv int) []string {
		o := []string{"\tMOVQ AX, R12", L + "k:", "\tCMPQ R12, R13", "\tJAE " + out}
		o = append(o, entry(out)...)
		o = append(o, fmt.Sprintf("\t%s (R11)(R12*%d), %s", v.bc, v.es, v.b0))
		for j := range nv {
			o = append(o, update(j, v.reg(j))...)
		}
		return append(o, "\tINCQ R12", "\tJMP "+L+"k")
	}
	full := func(L string, nv int) []string {
		var o []string
		for j := range nv {
			o = append(o, fmt.Sprintf("\t%s %d(SI)(R14*%d), %s, %s", v.mul, j*v.vb, v.es, v.alpha, v.xs[j]))
		}
		o = append(o, entries(L, L+"end", func(j int, t string) []string {
			m := fmt.Sprintf("%d(R15)(R14*%d)", j*v.vb, v.es)
			return []string{fmt.Sprintf("\t%s %s, %s", v.mov, m, t), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.xs[j], v.b0, t), fmt.Sprintf("\t%s %s, %s", v.mov, t, m)}
		}, nv)...)
		return append(o, L+"end:")
	}
	tail := func(L string) []string {
		var o []string
		if v.isa == "avx512" {
			o = append(o, fmt.Sprintf("\t%s.Z (SI)(R14*%d), K7, %s", v.mov, v.es, v.xs[0]))
		} else {
			o = append(o, fmt.Sprintf("\t%s (SI)(R14*%d), %s, %s", v.mask, v.es, v.tm, v.xs[0]))
		}
		o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.mul, v.xs[0], v.alpha, v.xs[0]))
		return append(o, entries(L, p+"next", func(_ int, t string) []string {
			m := fmt.Sprintf("(R15)(R14*%d)", v.es)
			if v.isa == "avx512" {
				return []string{fmt.Sprintf("\t%s.Z %s, K7, %s", v.mov, m, t), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.xs[0], v.b0, t), fmt.Sprintf("\t%s %s, K7, %s", v.mov, t, m)}
			}
			return []string{fmt.Sprintf("\t%s %s, %s, %s", v.mask, m, v.tm, t), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.xs[0], v.b0, t), fmt.Sprintf("\t%s %s, %s, %s", v.mask, t, v.tm, m)}
		}, 1)...)
	}
	o = append(o, spmmColumns(v, p, "R10", []int{4, 1}, full, tail)...)
	return append(o, spmmRowEnd(v, name, p, tile, "\tADDQ R8, SI")...)
}

// spmmScatterFile is spmmscatter_amd64.s after the build line.
func spmmScatterFile() string { return spmmFamily(spmmScatterDoc, []int{8}, spmmScatterFunc) }
