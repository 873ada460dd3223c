package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
)

type module struct {
	Path    string
	Version string
	Dir     string
	Main    bool
}

var spdxHints = []struct{ id, needle string }{
	{"AGPL-3.0", "GNU AFFERO GENERAL PUBLIC LICENSE"},
	{"GPL-3.0", "GNU GENERAL PUBLIC LICENSE\n                       Version 3"},
	{"GPL-2.0", "GNU GENERAL PUBLIC LICENSE\n                       Version 2"},
	{"LGPL-3.0", "GNU LESSER GENERAL PUBLIC LICENSE"},
	{"MPL-2.0", "Mozilla Public License Version 2.0"},
	{"Apache-2.0", "Apache License\n                           Version 2.0"},
	{"MIT", "Permission is hereby granted, free of charge"},
	{"BSD-3-Clause", "Neither the name of"},
	{"BSD-2-Clause", "Redistribution and use in source and binary forms"},
	{"ISC", "Permission to use, copy, modify, and/or distribute"},
}

func classify(dir string) string {
	for _, name := range []string{"LICENSE", "LICENSE.md", "LICENSE.txt", "COPYING", "LICENCE"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		for _, h := range spdxHints {
			if bytes.Contains(b, []byte(h.needle)) {
				return h.id
			}
		}
		return "unknown"
	}
	return "missing"
}

func modules(modfile string) ([]module, error) {
	cmd := exec.Command("go", "list", "-m", "-json", "all")
	cmd.Dir = filepath.Dir(modfile)
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var mods []module
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var m module
		if err := dec.Decode(&m); err != nil {
			return nil, err
		}
		if !m.Main && m.Dir != "" {
			mods = append(mods, m)
		}
	}
	return mods, nil
}

func main() {
	modfile := flag.String("mod", "go.mod", "path to go.mod")
	deny := flag.String("deny", "GPL-3.0,AGPL-3.0", "comma-separated SPDX ids to deny")
	flag.Parse()

	denied := map[string]bool{}
	for _, id := range strings.Split(*deny, ",") {
		denied[strings.TrimSpace(id)] = true
	}

	mods, err := modules(*modfile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "go list failed:", err)
		os.Exit(2)
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].Path < mods[j].Path })

	w := tabwriter.NewWriter(bufio.NewWriter(os.Stdout), 0, 4, 2, ' ', 0)
	bad := 0
	fmt.Fprintln(w, "MODULE\tVERSION\tLICENSE\tSTATUS")
	for _, m := range mods {
		lic := classify(m.Dir)
		status := "ok"
		if denied[lic] {
			status = "DENIED"
			bad++
		} else if lic == "unknown" || lic == "missing" {
			status = "review"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", m.Path, m.Version, lic, status)
	}
	w.Flush()
	if bad > 0 {
		os.Exit(1)
	}
}
