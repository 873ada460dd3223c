module github.com/example/go-http-retry

go 1.22
