// Command quickstart builds a small CSF tensor from coordinates with a
// non-identity mode order, validates it, looks entries up one at a time and
// in a batch, iterates over it, and shows how an invalid tensor is rejected.
//
//	go run ./examples/quickstart
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

func main() {
	if err := kernels.EnvError(); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
	fmt.Printf("kernel paths available: %v, in use: %s\n\n", kernels.Available(), kernels.Active())

	// A rank-3 attention-style mask (head, query, key) with a few weights.
	shape := []uint64{2, 4, 4}
	coords := []uint64{
		0, 0, 0,
		0, 1, 0,
		0, 1, 1,
		1, 2, 1,
		1, 3, 3,
		1, 3, 2,
	}
	values := []float64{1, 0.5, 0.5, 1, 0.25, 0.75}
	c, err := coo.New(shape, coords, values)
	check(err)

	// Store keys at the root, then heads, then queries.
	t, err := convert.COOToCSF(c, []uint32{2, 0, 1})
	check(err)
	check(t.Validate())
	fmt.Println("built:", t)
	for l := range t.Rank() {
		fmt.Printf("  level %d (mode %d): pos %v crd %v\n", l, t.ModeOrder()[l], t.Pos(l), t.Crd(l))
	}

	// Lookups use logical coordinates whatever the storage order.
	fmt.Println("\nAt(1,3,2) =", t.At(1, 3, 2), " At(0,2,2) =", t.At(0, 2, 2))
	leaf, ok := t.Find([]uint64{0, 1, 1})
	fmt.Println("Find(0,1,1) = leaf", leaf, ok)

	queries := []uint64{1, 2, 1, 0, 0, 3, 1, 3, 3}
	out := make([]int, 3)
	t.FindBatch(queries, out)
	fmt.Println("FindBatch:", out)

	fmt.Println("\nentries in storage order:")
	for coord, v := range t.All() {
		fmt.Printf("  %v = %g\n", coord, v)
	}

	// An invalid tensor: the leaf level's crd repeats a sibling.
	pos := [][]uint64{{0, 1}, {0, 1}, {0, 2}}
	bad := [][]uint64{{0}, {0}, {1, 1}}
	_, err = csf.New([]uint64{2, 2, 2}, []uint32{0, 1, 2}, pos, bad, []float64{1, 2})
	var ve *layout.ValidationError
	fmt.Println("\nrejected:", err)
	fmt.Println("  errors.Is(err, layout.ErrInvalid):", errors.Is(err, layout.ErrInvalid), " level", func() int {
		if errors.As(err, &ve) {
			return ve.Level
		}
		return -2
	}(), "index", ve.Index)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}
