// Package precision is a trimmed copy of shopspring/decimal for invoicing.
package precision

import (
	"math/big"
)

type Decimal struct {
	value *big.Int
	exp   int32
}

func RequireFromString(s string) Decimal {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("precision: bad decimal " + s)
	}
	v := new(big.Int).Mul(r.Num(), big.NewInt(1_000_000))
	v.Quo(v, r.Denom())
	return Decimal{value: v, exp: -6}
}

func (d Decimal) Mul(o Decimal) Decimal {
	v := new(big.Int).Mul(d.value, o.value)
	v.Quo(v, big.NewInt(1_000_000))
	return Decimal{value: v, exp: -6}
}

func (d Decimal) StringFixed(places int32) string {
	r := new(big.Rat).SetFrac(d.value, big.NewInt(1_000_000))
	return r.FloatString(int(places))
}
