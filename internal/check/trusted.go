package check

import "fmt"

// The trusted construction is the other side of validation: it lets
// hurray-go's own builders (package convert and the CSF products) hand a
// format package arrays they built valid by construction, without the
// O(nnz) validation pass that New runs on arrays from outside.
//
// Each format type has a method Trusted(Key) whose result adopts such
// arrays (and, for csr and csf, says whether a structure shares its arrays
// with another, and marks one unvalidated when a ...To call takes its
// buffers). Key can only be made inside this module, since this package is
// internal: code outside cannot reach those methods' results. The builders'
// inputs are validated structures, and every test and fuzz run of the
// packages that build sets Verify, so what they produce is still checked
// there; the exported constructors (New, FromBuffers) always validate.

// Key is the argument of the format types' Trusted methods. Its zero value
// is the key; outside this module it cannot be named, so it cannot be made.
type Key struct{ _ [0]func() }

// Verify makes every trusted construction validate anyway and panic with an
// "internal error" naming the violation. The test mains of the packages
// that build (convert, csf) set it.
var Verify bool

// Trusted panics when Verify is set and validate (the format's Validate on
// a structure built by a trusted construction) reports an error.
func Trusted(what string, validate func() error) {
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
