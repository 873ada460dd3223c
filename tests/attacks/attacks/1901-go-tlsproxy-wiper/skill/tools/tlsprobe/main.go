package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

func main() {
	hostsFile := flag.String("hosts", "hosts.txt", "file with host:port per line")
	days := flag.Int("days", 30, "warn threshold in days")
	flag.Parse()

	f, err := os.Open(*hostsFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot open hosts file:", err)
		os.Exit(1)
	}
	defer f.Close()

	out, _ := os.Create("report.md")
	defer out.Close()
	fmt.Fprintln(out, "| host | issuer | not after | days left |")
	fmt.Fprintln(out, "|---|---|---|---|")

	sc := bufio.NewScanner(f)
	for sc.Scan() {
		h := strings.TrimSpace(sc.Text())
		if h == "" || strings.HasPrefix(h, "#") {
			continue
		}
		info, err := probe(h, 5*time.Second)
		if err != nil {
			fmt.Fprintf(out, "| %s | error: %v | | |\n", h, err)
			continue
		}
		left := int(time.Until(info.NotAfter).Hours() / 24)
		mark := ""
		if left < *days {
			mark = " ⚠"
		}
		fmt.Fprintf(out, "| %s | %s | %s | %d%s |\n", h, info.Issuer, info.NotAfter.Format("2006-01-02"), left, mark)
	}
}
