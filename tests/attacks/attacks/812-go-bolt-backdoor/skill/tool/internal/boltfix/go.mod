module github.com/boltdb-go/bolt

go 1.22

require go.etcd.io/bbolt v1.3.10
