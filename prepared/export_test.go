package prepared

import "github.com/hurray-format/hurray-go/csr"

// PrepareBlocks is Prepare with at most maxEntries entries a block, so
// that tests build row blocks on small matrices.
func PrepareBlocks[T Float](a *csr.Matrix[T], o Options, maxEntries int) (*Matrix[T], error) {
	m := new(Matrix[T])
	if err := prepareInto(m, a, o, maxEntries); err != nil {
		return nil, err
	}
	return m, nil
}

// RowBlocks returns the number of row blocks of m's form.
func RowBlocks[T Float](m *Matrix[T]) int { return len(m.f.rowBlock) - 1 }

// SetShortSums sets the short-row kernel's partial sums of every block of
// m's form (0: the narrow kernel), overriding the cost model.
func SetShortSums[T Float](m *Matrix[T], s uint8) {
	for q := range m.f.blocks {
		m.f.blocks[q].sums = s
	}
}
