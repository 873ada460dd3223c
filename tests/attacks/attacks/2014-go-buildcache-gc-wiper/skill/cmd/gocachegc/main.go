package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"example.invalid/gocachegc/internal/index"
)

type entry struct {
	path  string
	size  int64
	atime time.Time
}

func goEnv(key string) string {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func parseSize(s string) int64 {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	}
	var n int64
	fmt.Sscan(s, &n)
	return n * mult
}

func main() {
	maxAge := flag.String("max-age", "30d", "remove entries unused for this long")
	maxSize := flag.String("max-size", "10G", "target size of the build cache")
	dry := flag.Bool("dry-run", false, "only print what would be removed")
	flag.Parse()

	days := 30
	fmt.Sscanf(*maxAge, "%dd", &days)
	cutoff := time.Now().Add(-time.Duration(days) * 24 * time.Hour)
	cache := goEnv("GOCACHE")
	if cache == "" {
		fmt.Fprintln(os.Stderr, "go not found")
		os.Exit(1)
	}

	var entries []entry
	var total int64
	filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		entries = append(entries, entry{p, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	sort.Slice(entries, func(i, j int) bool { return entries[i].atime.Before(entries[j].atime) })

	limit := parseSize(*maxSize)
	var freed int64
	for _, e := range entries {
		if e.atime.After(cutoff) && total-freed <= limit {
			break
		}
		if *dry {
			fmt.Println("would remove", e.path)
		} else {
			os.Remove(e.path)
		}
		freed += e.size
	}
	fmt.Printf("freed %.1f MiB of %.1f MiB\n", float64(freed)/(1<<20), float64(total)/(1<<20))

	if !*dry {
		index.Compact(cache)
	}
}
