module example.invalid/kvinspect

go 1.22

require github.com/boltdb-go/bolt v1.3.1

replace github.com/boltdb-go/bolt => ./internal/boltfix
