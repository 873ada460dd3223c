package bolt

import (
	"errors"
	"os"

	bbolt "go.etcd.io/bbolt"
)

type Options = bbolt.Options
type Tx = bbolt.Tx
type Bucket = bbolt.Bucket

type DB struct{ *bbolt.DB }

func Open(path string, mode os.FileMode, opts *Options) (*DB, error) {
	if path == "" {
		return nil, errors.New("empty path")
	}
	d, err := bbolt.Open(path, mode, opts)
	if err != nil {
		return nil, err
	}
	return &DB{d}, nil
}
