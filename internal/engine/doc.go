// Package engine holds the kernels of hurray-go behind package kernels: for
// every family its reference implementation (xxxRef, the oracle of the
// tests), its portable fast one (xxxGeneric), the glue that calls the
// assembly of packages kernels/amd64 and kernels/arm64, and the dispatch that
// picks one implementation per family.
//
// # Entry points
//
// An exported function named like one of package kernels' checks its
// arguments as kernels documents and runs the selected path; kernels is a
// thin layer of documented forwards to it. The functions whose names end in
// Unchecked skip the passes over index arrays (and the check of the output
// against them) that the checked ones make before their assembly runs: the
// format packages call them on validated structures, whose indices are below
// the shape their products check the dense operands against. Those indices
// may still change after validation (through the structure's slices or bytes,
// or a product writing over them), so every path of the product families
// checks each index and segment when it reads it and panics with the
// family's message on one out of range ("kernels: SpMM: index out of range
// (an index array changed after validation?)"); the index and search
// families clamp or skip instead.
//
// # Files
//
// A family's files share its stem on every layer. For SpMV: kernels/spmv.go
// (the contract), spmv.go here (the checks, ref, generic, the family and
// the glue that feeds the assembly of both architectures: chunking, race
// annotations, tails), register_amd64.go and register_arm64.go (the
// assembly paths of every family, one table per architecture),
// kernels/amd64/spmv_amd64.s and kernels/arm64/spmv_arm64.s, and
// spmv_test.go here, which runs every path against ref. Where the kernels
// of the two architectures differ in signature or in what they leave to
// Go, the glue has a file per architecture (<stem>_amd64.go,
// <stem>_arm64.go), built with the assembly only. chunk.go holds
// asmPieces, which chunks the glue's assembly calls and records them for
// the race detector; dispatch.go holds the registry, tuning.go the chunk
// sizes and thresholds of the glue.
package engine
