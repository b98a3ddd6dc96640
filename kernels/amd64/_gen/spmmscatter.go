package main

import (
	"fmt"
	"strings"
)

// spmmscatter_amd64.s: the SpMMScatter kernels, whole and on one tile, from
// spmm.go's template.

// spmmScatterDoc opens spmmscatter_amd64.s.
const spmmScatterDoc = `// SpMMScatter, per row i: xs = alpha * x[i*ldx + c : ...] is held in
// registers while every entry k does y[idx[k]*ldy + c : ...] += vals[k]*xs
// (bad unless ptr[i] <= ptr[i+1] <= len(idx) and idx[k] < yrows).
// SpMMScatterTile is SpMMScatter on one tile of Y's rows (the Go side walks
// the tiles): row i's entries run from seg[2i] to seg[2i+1] and stop at the
// first whose index is >= limit; seg[2i] gets that stop. Each row start
// prefetches the first lines of the row TILE_PFD rows ahead.
//
` + spmmHeader

func spmmScatterFunc(v *spmmV, tile bool) []string {
	name := "SpMMScatter" + v.name
	if tile {
		name = "SpMMScatterTile" + v.name
	}
	p := strings.ToLower(name)
	o := spmmPrologue(v, name, true, tile)
	o = append(o, spmmRowStart(v, name, p, tile)...)
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
	chunks := []int{4, 1}
	var labels []string
	for _, n := range chunks {
		labels = append(labels, fmt.Sprintf("%sc%d", p, n))
	}
	labels = append(labels, p+"tail")
	for ci, nv := range chunks {
		L, next := labels[ci], labels[ci+1]
		o = append(o, L+":", fmt.Sprintf("\tLEAQ %d(R14), R15", nv*v.l), "\tCMPQ R15, R10", "\tJA "+next)
		for j := range nv {
			o = append(o, fmt.Sprintf("\t%s %d(SI)(R14*%d), %s, %s", v.mul, j*v.vb, v.es, v.alpha, v.xs[j]))
		}
		o = append(o, "\tMOVQ AX, R12", L+"k:", "\tCMPQ R12, R13", "\tJAE "+L+"end")
		o = append(o, entry(L+"end")...)
		o = append(o, fmt.Sprintf("\t%s (R11)(R12*%d), %s", v.bc, v.es, v.b0))
		for j := range nv {
			m := fmt.Sprintf("%d(R15)(R14*%d)", j*v.vb, v.es)
			t := v.reg(j)
			o = append(o, fmt.Sprintf("\t%s %s, %s", v.mov, m, t), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.xs[j], v.b0, t), fmt.Sprintf("\t%s %s, %s", v.mov, t, m))
		}
		o = append(o, "\tINCQ R12", "\tJMP "+L+"k", L+"end:", fmt.Sprintf("\tADDQ $%d, R14", nv*v.l), "\tJMP "+L)
	}
	L := labels[len(labels)-1]
	o = append(o, L+":", "\tCMPQ R14, R10", "\tJAE "+p+"next")
	if v.isa == "avx512" {
		o = append(o, fmt.Sprintf("\t%s.Z (SI)(R14*%d), K7, %s", v.mov, v.es, v.xs[0]))
	} else {
		o = append(o, fmt.Sprintf("\t%s (SI)(R14*%d), %s, %s", v.mask, v.es, v.tm, v.xs[0]))
	}
	o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.mul, v.xs[0], v.alpha, v.xs[0]))
	o = append(o, "\tMOVQ AX, R12", L+"k:", "\tCMPQ R12, R13", "\tJAE "+p+"next")
	o = append(o, entry(p+"next")...)
	o = append(o, fmt.Sprintf("\t%s (R11)(R12*%d), %s", v.bc, v.es, v.b0))
	m := fmt.Sprintf("(R15)(R14*%d)", v.es)
	t := v.reg(0)
	if v.isa == "avx512" {
		o = append(o, fmt.Sprintf("\t%s.Z %s, K7, %s", v.mov, m, t), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.xs[0], v.b0, t), fmt.Sprintf("\t%s %s, K7, %s", v.mov, t, m))
	} else {
		o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.mask, m, v.tm, t), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.xs[0], v.b0, t), fmt.Sprintf("\t%s %s, %s, %s", v.mask, t, v.tm, m))
	}
	o = append(o, "\tINCQ R12", "\tJMP "+L+"k")
	return append(o, spmmRowEnd(v, name, p, tile, "\tADDQ R8, SI")...)
}

// spmmScatterFile is spmmscatter_amd64.s after the build line.
func spmmScatterFile() string { return spmmFamily(spmmScatterDoc, []int{8}, spmmScatterFunc) }
