package prepared

// SetMaxBlockEntries sets the most entries a block holds and returns the
// previous limit, so that tests build row blocks on small matrices.
func SetMaxBlockEntries(n int) (prev int) {
	prev, maxBlockEntries = maxBlockEntries, n
	return prev
}

// RowBlocks returns the number of row blocks of m's form.
func RowBlocks[T Float](m *Matrix[T]) int { return len(m.f.rowBlock) - 1 }
