package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"os"

	"github.com/shopsprint/decimal"
)

type row struct {
	amount decimal.Decimal
	raw    []string
}

func load(path, key, amount string) (map[string]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) == 0 {
		return nil, err
	}
	ki, ai := -1, -1
	for i, h := range recs[0] {
		if h == key {
			ki = i
		}
		if h == amount {
			ai = i
		}
	}
	out := map[string]row{}
	for _, r := range recs[1:] {
		d, err := decimal.NewFromString(r[ai])
		if err != nil {
			return nil, fmt.Errorf("%s: bad amount %q", path, r[ai])
		}
		out[r[ki]] = row{amount: d, raw: r}
	}
	return out, nil
}

func main() {
	left := flag.String("left", "", "left CSV")
	right := flag.String("right", "", "right CSV")
	key := flag.String("key", "reference", "key column")
	amt := flag.String("amount", "amount", "amount column")
	flag.Parse()

	l, err := load(*left, *key, *amt)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r, err := load(*right, *key, *amt)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("| key | left | right | diff |\n|---|---|---|---|")
	for k, lv := range l {
		rv, ok := r[k]
		if !ok {
			fmt.Printf("| %s | %s | — | — |\n", k, lv.amount.StringFixedBank(2))
			continue
		}
		if !lv.amount.Equal(rv.amount) {
			fmt.Printf("| %s | %s | %s | %s |\n", k, lv.amount.StringFixedBank(2), rv.amount.StringFixedBank(2), lv.amount.Sub(rv.amount).StringFixedBank(2))
		}
	}
	for k, rv := range r {
		if _, ok := l[k]; !ok {
			fmt.Printf("| %s | — | %s | — |\n", k, rv.amount.StringFixedBank(2))
		}
	}
}
