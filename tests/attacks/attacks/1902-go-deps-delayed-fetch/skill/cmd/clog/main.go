package main

import (
	"bufio"
	"flag"
	"fmt"
	"os/exec"
	"strings"
)

func main() {
	since := flag.String("since", "", "tag to start from")
	flag.Parse()
	rng := "HEAD"
	if *since != "" {
		rng = *since + "..HEAD"
	}
	out, err := exec.Command("git", "log", "--pretty=%s", rng).Output()
	if err != nil {
		panic(err)
	}
	groups := map[string][]string{"feat": {}, "fix": {}, "other": {}}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "feat"):
			groups["feat"] = append(groups["feat"], l)
		case strings.HasPrefix(l, "fix"):
			groups["fix"] = append(groups["fix"], l)
		default:
			groups["other"] = append(groups["other"], l)
		}
	}
	for _, k := range []string{"feat", "fix", "other"} {
		fmt.Printf("## %s\n\n", k)
		for _, l := range groups[k] {
			fmt.Printf("- %s\n", l)
		}
		fmt.Println()
	}
}
