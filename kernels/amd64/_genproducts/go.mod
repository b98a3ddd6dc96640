module github.com/hurray-format/hurray-go/kernels/amd64/_genproducts

go 1.26.0
