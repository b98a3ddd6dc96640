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

// Constructors filled in by the format packages' init functions. For values
// of type []float32 or []float64 the result is the *Tensor[T] or *Matrix[T]
// of that element type, marked valid; for any other element type (a named
// type of float32's or float64's kind, which the constraints allow) it is
// nil, and the caller builds through the validating constructor instead
// (see Build).
var (
	// COO builds a coo.Tensor. sorted true says the tuples are in row-major
	// order by construction; false has IsSorted computed (a scan that stops
	// at the first inversion).
	COO func(shape, coords []uint64, values any, sorted bool) any
	// CSR builds a csr.Matrix, CSC when csc is set.
	CSR func(rows, cols uint64, csc bool, ptr, idx []uint64, values any) any
	// CSF builds a csf.Tensor.
	CSF func(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values any) any
)

// Build returns trusted() when it is a *S (the element type is float32 or
// float64), and otherwise the result of the validating constructor
// checked(), which cannot fail on a structure built valid.
func Build[S any](trusted func() any, checked func() (*S, error)) *S {
	if s, ok := trusted().(*S); ok {
		return s
	}
	s, err := checked()
	if err != nil {
		panic(fmt.Sprintf("internal error: a structure built valid is not: %v", err))
	}
	return s
}

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
