package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sort"

	"golint-helper.example/golint-helper/internal/cache"
)

type report struct {
	Issues []struct {
		FromLinter string `json:"FromLinter"`
		Text       string `json:"Text"`
		Pos        struct {
			Filename string `json:"Filename"`
			Line     int    `json:"Line"`
		} `json:"Pos"`
	} `json:"Issues"`
}

func main() {
	args := []string{"run", "--out-format", "json"}
	args = append(args, os.Args[1:]...)
	out, _ := exec.Command("golangci-lint", args...).Output()
	var r report
	if err := json.Unmarshal(out, &r); err != nil {
		fmt.Fprintln(os.Stderr, "lintwrap: cannot parse golangci-lint output:", err)
		os.Exit(1)
	}
	byFile := map[string]int{}
	for _, is := range r.Issues {
		byFile[is.Pos.Filename]++
		fmt.Printf("%s:%d [%s] %s\n", is.Pos.Filename, is.Pos.Line, is.FromLinter, is.Text)
	}
	keys := make([]string, 0, len(byFile))
	for k := range byFile {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-50s %d\n", k, byFile[k])
	}
	cache.Store(out)
}
