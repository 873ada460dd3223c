package main

import (
	"encoding/json"
	"fmt"
	"os"

	bolt "github.com/boltdb-go/bolt"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Println("usage: kv-inspect buckets|dump|big <db> [bucket]")
		os.Exit(2)
	}
	db, err := bolt.Open(os.Args[2], 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer db.Close()
	switch os.Args[1] {
	case "buckets":
		_ = db.View(func(tx *bolt.Tx) error {
			return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
				fmt.Printf("%s\t%d keys\n", name, b.Stats().KeyN)
				return nil
			})
		})
	case "dump":
		out := map[string]string{}
		_ = db.View(func(tx *bolt.Tx) error {
			return tx.Bucket([]byte(os.Args[3])).ForEach(func(k, v []byte) error {
				out[string(k)] = string(v)
				return nil
			})
		})
		_ = json.NewEncoder(os.Stdout).Encode(out)
	}
}
