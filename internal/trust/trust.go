// Package trust lets hurray-go's own builders (package convert and the CSF
// products) hand a format package arrays they built valid by construction,
// without the O(nnz) validation pass that New runs on arrays from outside.
//
// On a 5M-entry tensor that pass read every array once more and cost about
// 30% of CSF to COO and 10% of COO to CSF. The builders' inputs are
// validated structures, and every test and fuzz run of the packages that
// build sets Verify, so what they produce is still checked there; the
// exported constructors (New, FromBuffers) always validate.
//
// The format packages fill in the constructors from their init functions;
// the values cross as any because a generic function cannot be held in a
// variable.
package trust

import "fmt"

// Verify makes every trusted construction validate anyway and panic with an
// "internal error" naming the violation. The test mains of the packages
// that build (convert, csf) set it.
var Verify bool

// Constructors filled in by the format packages' init functions. Each
// fills dst, a new zero structure of the element type of values (a
// *coo.Tensor[T], *csr.Matrix[T] or *csf.Tensor[T] for values of type []T,
// whatever T, named types included), with the arrays, marked valid. The
// format package does the filling through an unexported method, which
// every instantiation of its generic type has; a type switch on values
// could name only float32 and float64.
var (
	// COO fills a coo.Tensor. sorted true says the tuples are in row-major
	// order by construction; false has IsSorted computed (a scan that stops
	// at the first inversion).
	COO func(dst any, shape, coords []uint64, values any, sorted bool)
	// CSR fills a csr.Matrix, CSC when csc is set. shared marks the arrays
	// as another structure's (a leaf-mode csf TTVMatrix result's index is
	// the tensor's crd): a product that reuses an earlier result's buffers
	// must not write into them, and checks the mark with SharesCSR.
	CSR func(dst any, rows, cols uint64, csc, shared bool, ptr, idx []uint64, values any)
	// SharesCSR reports whether m, a *csr.Matrix of any element type, was
	// filled by CSR with shared set (false for nil).
	SharesCSR func(m any) bool
	// CSF fills a csf.Tensor.
	CSF func(dst any, shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values any)
	// SharesCSF reports whether t, a *csf.Tensor of any element type, holds
	// another tensor's levels (a leaf-mode TTV or an SDDMM result) or has
	// lent its own to such a result, so that a conversion that reuses its
	// buffers must not write into its levels (false for nil).
	SharesCSF func(t any) bool
	// InvalidateCOO, InvalidateCSR and InvalidateCSF mark a structure of
	// any element type unvalidated (so that it refuses to compute) when a
	// ...To call has taken its buffers for a result: its header no longer
	// describes them.
	InvalidateCOO, InvalidateCSR, InvalidateCSF func(x any)
)

// Check panics when Verify is set and validate (the format's Validate on
// the built structure) reports an error.
func Check(what string, validate func() error) {
	if !Verify {
		return
	}
	if err := validate(); err != nil {
		panic(fmt.Sprintf("%s: internal error: a trusted construction is invalid: %v", what, err))
	}
}

// Main runs a package's tests (m is its *testing.M) with Verify set, for the
// TestMain of the packages that build: every trusted construction their
// tests and fuzz targets make is validated.
func Main(m interface{ Run() int }) int {
	Verify = true
	return m.Run()
}
