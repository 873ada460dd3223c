module example.invalid/docsearch

go 1.22
