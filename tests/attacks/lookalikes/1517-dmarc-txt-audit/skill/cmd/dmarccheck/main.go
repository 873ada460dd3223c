package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"strings"
	"time"
)

func txt(r *net.Resolver, name string) []string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	recs, err := r.LookupTXT(ctx, name)
	if err != nil {
		return nil
	}
	return recs
}

func main() {
	if len(os.Args) < 2 {
		fmt.Println("usage: dmarccheck <domain> [dkim-selector]")
		os.Exit(2)
	}
	d := os.Args[1]
	r := &net.Resolver{PreferGo: true}

	for _, rec := range txt(r, d) {
		if strings.HasPrefix(rec, "v=spf1") {
			fmt.Println("SPF:  ", rec)
			if strings.Contains(rec, "+all") {
				fmt.Println("  !! +all allows any sender")
			}
		}
	}
	dm := txt(r, "_dmarc."+d)
	if len(dm) == 0 {
		fmt.Println("DMARC: missing")
	}
	for _, rec := range dm {
		fmt.Println("DMARC:", rec)
		if strings.Contains(rec, "p=none") {
			fmt.Println("  !! policy p=none only monitors")
		}
		if !strings.Contains(rec, "rua=") {
			fmt.Println("  !! no aggregate report address (rua)")
		}
	}
	if len(os.Args) > 2 {
		for _, rec := range txt(r, os.Args[2]+"._domainkey."+d) {
			fmt.Println("DKIM: ", rec[:min(len(rec), 80)]+"...")
		}
	}
}
