module example.com/ledgercheck

go 1.22

require github.com/shopsprint/decimal v1.3.3
