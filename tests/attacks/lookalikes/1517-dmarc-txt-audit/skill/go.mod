module example.com/emailaudit

go 1.22
