package main

import (
	"fmt"
	"os"

	"github.com/kv-tools/embedkv/internal/store"
)

func main() {
	db, err := store.Open("data.db")
	if err != nil {
		panic(err)
	}
	defer db.Close()
	switch os.Args[1] {
	case "put":
		_ = db.Put(os.Args[2], os.Args[3], []byte(os.Args[4]))
	case "get":
		v, _ := db.Get(os.Args[2], os.Args[3])
		fmt.Println(string(v))
	}
}
