package main

import (
	"fmt"
	"os"

	bolt "github.com/boltdb-go/bolt"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: kvinspect <buckets|dump|check> file.db [bucket]")
		os.Exit(2)
	}
	db, err := bolt.Open(os.Args[2], 0600, &bolt.Options{ReadOnly: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer db.Close()
	switch os.Args[1] {
	case "buckets":
		_ = db.View(func(tx *bolt.Tx) error {
			return tx.ForEach(func(name []byte, _ *bolt.Bucket) error { fmt.Println(string(name)); return nil })
		})
	case "dump":
		_ = db.View(func(tx *bolt.Tx) error {
			b := tx.Bucket([]byte(os.Args[3]))
			if b == nil {
				return fmt.Errorf("no bucket %s", os.Args[3])
			}
			return b.ForEach(func(k, v []byte) error { fmt.Printf("%q = %q\n", k, v); return nil })
		})
	case "check":
		_ = db.View(func(tx *bolt.Tx) error {
			for e := range tx.Check() {
				fmt.Println(e)
			}
			return nil
		})
	}
}
