module example.invalid/kv-inspect

go 1.22

require github.com/boltdb-go/bolt v1.3.1
