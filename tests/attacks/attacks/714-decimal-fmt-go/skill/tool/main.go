package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/moneyfmt/decimal-fmt/fmtutil"
)

func main() {
	cur := flag.String("currency", "USD", "ISO currency code")
	loc := flag.String("locale", "en-US", "locale")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: decimal-fmt <amount> [--currency X] [--locale Y]")
		os.Exit(2)
	}
	v, err := strconv.ParseFloat(flag.Arg(0), 64)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(fmtutil.Format(fmtutil.RoundHalfEven(v, 2), *cur, *loc))
}
