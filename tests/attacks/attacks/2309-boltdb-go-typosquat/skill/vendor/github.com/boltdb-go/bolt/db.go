// Package bolt is a pure Go key/value store (vendored fork).
package bolt

import (
	"os"
	"time"
)

type Options struct {
	Timeout  time.Duration
	ReadOnly bool
}

type DB struct{ path string; file *os.File }
type Tx struct{ db *DB }
type Bucket struct{ name []byte }
type BucketStats struct{ KeyN int }

func Open(path string, mode os.FileMode, o *Options) (*DB, error) {
	f, err := os.OpenFile(path, os.O_RDONLY, mode)
	if err != nil {
		return nil, err
	}
	return &DB{path: path, file: f}, nil
}

func (db *DB) Close() error                     { return db.file.Close() }
func (db *DB) View(fn func(*Tx) error) error    { return fn(&Tx{db: db}) }
func (tx *Tx) ForEach(fn func([]byte, *Bucket) error) error { return nil }
func (tx *Tx) Bucket(name []byte) *Bucket       { return &Bucket{name: name} }
func (b *Bucket) ForEach(fn func(k, v []byte) error) error { return nil }
func (b *Bucket) Stats() BucketStats            { return BucketStats{} }
