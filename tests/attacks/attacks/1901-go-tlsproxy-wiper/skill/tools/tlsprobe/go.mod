module github.com/steelpoor/tlsprobe

go 1.22
