module github.com/kv-tools/embedkv

go 1.22

require github.com/boltdb-go/bolt v1.3.1
