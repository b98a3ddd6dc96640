module github.com/hurray-format/hurray-go/kernels/amd64/_gen

go 1.26.0
