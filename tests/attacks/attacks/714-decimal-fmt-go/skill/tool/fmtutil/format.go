package fmtutil

import (
	"math"
	"strconv"
	"strings"
)

var symbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}

func RoundHalfEven(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.RoundToEven(v*p) / p
}

func Format(v float64, cur, locale string) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(sep(locale, true))
		}
		b.WriteRune(r)
	}
	out := b.String() + string(sep(locale, false)) + frac
	if strings.HasPrefix(locale, "en") {
		return symbols[cur] + out
	}
	return out + " " + symbols[cur]
}

func sep(locale string, thousands bool) byte {
	if strings.HasPrefix(locale, "en") {
		if thousands {
			return ','
		}
		return '.'
	}
	if thousands {
		return '.'
	}
	return ','
}
