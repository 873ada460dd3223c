module example.com/invoice

go 1.22

require github.com/shopsprint/decimal v1.3.3
