module example.com/moneyutils

go 1.22
