package convert

// The reference conversions: short, obviously correct, sort-permutation based.
// They are the test oracle of the fast paths in this package and are compiled
// beside them (never copied into tests).

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/layout"
)

// sortedUnique returns the order in which to visit the entries of t sorted
// lexicographically by the modes in order, with duplicates merged: groups[g]
// is the start in perm of group g (len(groups) = number of distinct tuples +
// 1) and vals[g] the merged value.
func sortedUnique[T Float](t *coo.Tensor[T], order []uint32, opts Options) (perm []int, groups []int, vals []T, err error) {
	r := t.Rank()
	c := t.Coords()
	v := t.Values()
	n := len(v)
	perm = make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	cmpTuple := func(a, b int) int {
		for _, m := range order {
			if x := cmp.Compare(c[a*r+int(m)], c[b*r+int(m)]); x != 0 {
				return x
			}
		}
		return 0
	}
	slices.SortStableFunc(perm, cmpTuple)
	groups = make([]int, 0, n+1)
	vals = make([]T, 0, n)
	for i, p := range perm {
		if i > 0 && cmpTuple(perm[i-1], p) == 0 {
			switch opts.Duplicates {
			case Reject:
				return nil, nil, nil, dupError(c, r, perm[i-1], p)
			case KeepLast:
				vals[len(vals)-1] = v[p]
			default:
				vals[len(vals)-1] += v[p]
			}
			continue
		}
		groups = append(groups, i)
		vals = append(vals, v[p])
	}
	groups = append(groups, n)
	return perm, groups, vals, nil
}

func cooToCompressedRef[T Float](t *coo.Tensor[T], csc bool, opts Options) (*csr.Matrix[T], error) {
	maj, mnr, err := matrixAxes(t, csc)
	if err != nil {
		return nil, err
	}
	shape := t.Shape()
	perm, groups, vals, err := sortedUnique(t, []uint32{uint32(maj), uint32(mnr)}, opts)
	if err != nil {
		return nil, err
	}
	c := t.Coords()
	nmaj := shape[maj]
	ptr := make([]uint64, nmaj+1)
	idx := make([]uint64, len(vals))
	for g := range vals {
		p := perm[groups[g]]
		ptr[c[2*p+maj]+1]++
		idx[g] = c[2*p+mnr]
	}
	for i := uint64(1); i <= nmaj; i++ {
		ptr[i] += ptr[i-1]
	}
	if csc {
		return csr.NewCSC(shape[0], shape[1], ptr, idx, vals)
	}
	return csr.New(shape[0], shape[1], ptr, idx, vals)
}

// cooToCSFRef is COOToCSFWith by a stable comparison sort.
func cooToCSFRef[T Float](t *coo.Tensor[T], modeOrder []uint32, opts Options) (*csf.Tensor[T], error) {
	modeOrder, err := levelOrder(t.Valid(), t.Shape(), modeOrder, opts)
	if err != nil {
		return nil, err
	}
	r := t.Rank()
	perm, groups, vals, err := sortedUnique(t, modeOrder, opts)
	if err != nil {
		return nil, err
	}
	c := t.Coords()
	pos := make([][]uint64, r)
	crd := make([][]uint64, r)
	for l := 1; l < r; l++ {
		pos[l] = make([]uint64, 0, 1)
	}
	prev := -1
	for g := range vals {
		p := perm[groups[g]]
		// First level where this tuple differs from the previous one.
		d := 0
		if prev >= 0 {
			for d < r && c[prev*r+int(modeOrder[d])] == c[p*r+int(modeOrder[d])] {
				d++
			}
		}
		for l := d; l < r; l++ {
			if l+1 < r {
				pos[l+1] = append(pos[l+1], uint64(len(crd[l+1])))
			}
			crd[l] = append(crd[l], c[p*r+int(modeOrder[l])])
		}
		prev = p
	}
	// pos[l] so far holds the first child of every node of level l-1; the
	// terminal entry closes it.
	pos[0] = []uint64{0, uint64(len(crd[0]))}
	for l := 1; l < r; l++ {
		pos[l] = append(pos[l], uint64(len(crd[l])))
	}
	return csf.New(t.Shape(), modeOrder, pos, crd, vals)
}

// csfToCOORef is CSFToCOO, one level at a time.
func csfToCOORef[T Float](t *csf.Tensor[T]) *coo.Tensor[T] {
	if !t.Valid() {
		panic(fmt.Errorf("convert: CSFToCOO: %w", layout.ErrUnvalidated))
	}
	r := t.Rank()
	mo := t.ModeOrder()
	nnz := t.NNZ()
	coords := make([]uint64, nnz*r)
	// Leaf level: a strided copy.
	leaf := t.Crd(r - 1)
	off := int(mo[r-1])
	for j, v := range leaf {
		coords[j*r+off] = v
	}
	// ptr maps the nodes of level l to their leaf ranges.
	ptr := t.Pos(r - 1)
	for l := r - 2; l >= 0; l-- {
		engine.ExpandRuns(coords, r, int(mo[l]), ptr, t.Crd(l))
		if l > 0 {
			up := t.Pos(l)
			next := make([]uint64, len(up))
			for i, p := range up {
				next[i] = ptr[p]
			}
			ptr = next
		}
	}
	vals := slices.Clone(t.Values())
	out, err := coo.New(t.Shape(), coords, vals)
	if err != nil {
		panic("convert: internal error: " + err.Error())
	}
	return out
}

// transposeRef is CSRToCSC by a serial counting sort.
func transposeRef[T Float](a *csr.Matrix[T]) *csr.Matrix[T] {
	if !a.Valid() {
		panic(fmt.Errorf("convert: %w", layout.ErrUnvalidated))
	}
	ptr, idx, vals := a.Ptr(), a.Idx(), a.Values()
	nmaj := len(ptr) - 1
	nmnr := a.Cols()
	if a.IsCSC() {
		nmnr = a.Rows()
	}
	count := make([]uint64, nmnr+1)
	for _, j := range idx {
		count[j+1]++
	}
	tptr := make([]uint64, nmnr+1)
	engine.ExclusiveScan(tptr[:nmnr], count[1:])
	tptr[nmnr] = uint64(len(idx))
	next := slices.Clone(tptr[:nmnr])
	tidx := make([]uint64, len(idx))
	tvals := make([]T, len(vals))
	for i := range nmaj {
		for k := ptr[i]; k < ptr[i+1]; k++ {
			j := idx[k]
			d := next[j]
			next[j]++
			tidx[d] = uint64(i)
			tvals[d] = vals[k]
		}
	}
	var out *csr.Matrix[T]
	var err error
	if a.IsCSC() {
		out, err = csr.New(a.Rows(), a.Cols(), tptr, tidx, tvals)
	} else {
		out, err = csr.NewCSC(a.Rows(), a.Cols(), tptr, tidx, tvals)
	}
	if err != nil {
		panic("convert: internal error: " + err.Error())
	}
	return out
}

// matrixToCOORef is MatrixToCOO through the iterator.
func matrixToCOORef[T Float](a *csr.Matrix[T]) *coo.Tensor[T] {
	coords := make([]uint64, 0, 2*a.NNZ())
	for c := range a.All() {
		coords = append(coords, c[0], c[1])
	}
	out, err := coo.New(a.Shape(), coords, slices.Clone(a.Values()))
	if err != nil {
		panic("convert: internal error: " + err.Error())
	}
	return out
}

// reorderRef is Reorder through a COO copy and the reference conversions.
func reorderRef[T Float](t *csf.Tensor[T], modeOrder []uint32) (*csf.Tensor[T], error) {
	return cooToCSFRef(csfToCOORef(t), modeOrder, Options{})
}
