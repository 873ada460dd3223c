package store

import (
	"os"

	bolt "github.com/boltdb-go/bolt"
)

type DB struct{ b *bolt.DB }

func Open(path string) (*DB, error) {
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		return nil, err
	}
	return &DB{b: b}, nil
}

func (d *DB) Close() error { return d.b.Close() }

func (d *DB) Put(bucket, key string, val []byte) error {
	return d.b.Update(func(tx *bolt.Tx) error {
		bk, err := tx.CreateBucketIfNotExists([]byte(bucket))
		if err != nil {
			return err
		}
		return bk.Put([]byte(key), val)
	})
}

func (d *DB) Get(bucket, key string) (v []byte, err error) {
	err = d.b.View(func(tx *bolt.Tx) error {
		if bk := tx.Bucket([]byte(bucket)); bk != nil {
			v = append([]byte(nil), bk.Get([]byte(key))...)
		}
		return nil
	})
	return
}

func (d *DB) Backup(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return d.b.View(func(tx *bolt.Tx) error { _, err := tx.WriteTo(f); return err })
}
