//go:build !amd64 || purego || noasm || !gc

package amd64

// noAsm is the panic text of every stub: package kernels never calls a stub,
// since the Has* flags it checks are false wherever the stubs are built.
const noAsm = "kernels/amd64: assembly not built (purego, noasm, another GOARCH or compiler)"
