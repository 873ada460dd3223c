package main

import (
	"fmt"
	"os"

	"example.com/invoice/internal/precision"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Println("usage: invoice <unit-price> <qty>")
		os.Exit(2)
	}
	p := precision.RequireFromString(os.Args[1])
	q := precision.RequireFromString(os.Args[2])
	total := p.Mul(q)
	fmt.Printf("total=%s vat=%s\n", total.StringFixed(2), total.Mul(precision.RequireFromString("0.21")).StringFixed(2))
}
