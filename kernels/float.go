package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// Float is the element type of every value array and product: float32 or
// float64, or a type defined on one of them.
type Float = engine.Float
