package coo_test

import (
	"fmt"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
)

// ExampleTensor_ToDense expands a tensor with a duplicate coordinate.
func ExampleTensor_ToDense() {
	x, _ := coo.New([]uint64{2, 3}, []uint64{0, 2, 1, 0, 0, 2}, []float32{1, 2, 10})
	fmt.Println(x.ToDense())
	// Output:
	// [0 0 11 2 0 0]
}

func TestToDenseOverflow(t *testing.T) {
	x, err := coo.New([]uint64{1 << 40, 1 << 40}, nil, []float64{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if r := fmt.Sprint(recover()); r != "coo: ToDense: a tensor of shape [1099511627776 1099511627776] does not fit an int" {
			t.Errorf("recovered %q", r)
		}
	}()
	x.ToDense()
}
