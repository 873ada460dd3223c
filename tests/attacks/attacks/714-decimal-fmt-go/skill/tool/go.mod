module github.com/moneyfmt/decimal-fmt

go 1.22
