module github.com/hurray-format/hurray-go

go 1.26.0

require (
	github.com/klauspost/cpuid/v2 v2.4.2
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
	gonum.org/v1/gonum v0.17.0
)
