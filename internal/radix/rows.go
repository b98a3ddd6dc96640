package radix

// ScatterRows is the first scatter of a blocked transpose (package convert's
// CSR to CSC): for the rows lo..hi-1 of a compressed matrix (ptr, idx, src),
// entry (row, j) goes, as the key j<<32 | row with its value, to position
// off[j>>s] of dk and dv, which then advances. Rows go in order, so within
// a group the entries stay in row order (stable).
//
// With stage set (Tuning.Stages of the whole transpose's entry count) and
// at most 1<<MaxWidth groups, the entries go through the staging buffers
// of the radix sort's scatter: each group's entries gather in a line-sized
// buffer that stays in cache, and a full line goes out with non-temporal
// stores, so the few hundred destination streams are written without being
// read first. Otherwise each entry is stored directly and the result is
// nil. A full line may hold, at its start, slots of the part or group
// before it (not yet written): a non-nil result's Flush writes the partial
// lines left, and must run only once every part's ScatterRows has returned
// (as in the radix sort).
func ScatterRows[P any](ptr, idx []uint64, src []P, lo, hi int, s uint, off []uint64, dk []uint64, dv []P, stage bool) *RowScatter[P] {
	if !stage || len(off) > 1<<MaxWidth {
		for i := lo; i < hi; i++ {
			row := uint64(i)
			b, e := ptr[i], ptr[i+1]
			for q, j := range idx[b:e] {
				g := j >> s
				p := off[g]
				off[g] = p + 1
				dk[p] = j<<32 | row
				dv[p] = src[int(b)+q]
			}
		}
		return nil
	}
	st := getStaging[P]()
	const m = 1<<MaxWidth - 1
	of := &st.off
	for g, o := range off {
		of[g], st.start[g] = int(o), int(o)
	}
	kb, pb := &st.keys, &st.pay
	st.to(dk, dv)
	s &= 63
	for i := lo; i < hi; i++ {
		row := uint64(i)
		b, e := ptr[i], ptr[i+1]
		vs := src[b:e]
		for q, j := range idx[b:e] {
			d := int(j>>s) & m
			o := of[d]
			of[d] = o + 1
			x := d*line | o&(line-1)
			kb[x] = j<<32 | row
			pb[x] = vs[q]
			if o&(line-1) == line-1 {
				st.putLine(d, o)
			}
		}
	}
	storeFence()
	st.dk, st.dv = nil, nil
	return &RowScatter[P]{st: st, groups: len(off)}
}

// RowScatter is one part's staging between ScatterRows and Flush.
type RowScatter[P any] struct {
	st     *staging[P]
	groups int
}

// Flush writes the part's partial lines into dk and dv and returns its
// staging buffers to their pool. It does nothing on nil.
func (r *RowScatter[P]) Flush(dk []uint64, dv []P) {
	if r == nil {
		return
	}
	r.st.flush(dk, dv, r.groups)
	putStaging(r.st)
	r.st = nil
}
