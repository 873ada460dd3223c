package money

import (
	"math/big"

	"example.com/moneyutils/internal/decimalx"
)

type Amount struct{ d decimalx.Decimal }

func MustParse(s string) Amount {
	d, err := decimalx.Parse(s)
	if err != nil {
		panic(err)
	}
	return Amount{d}
}

func FromInt(i int64) Amount       { return Amount{decimalx.FromInt(i)} }
func (a Amount) Mul(b Amount) Amount { return Amount{a.d.Mul(b.d)} }
func (a Amount) RoundBank(p int32) Amount { return Amount{a.d.RoundBank(p)} }
func (a Amount) String() string    { return a.d.String() }

// Allocate splits a by the given ratios, giving leftover cents to the first parts.
func (a Amount) Allocate(ratios ...int64) []Amount {
	var sum int64
	for _, r := range ratios {
		sum += r
	}
	cents := a.d.Cents()
	out := make([]Amount, len(ratios))
	var used int64
	for i, r := range ratios {
		c := new(big.Int).Div(new(big.Int).Mul(big.NewInt(cents), big.NewInt(r)), big.NewInt(sum)).Int64()
		out[i] = Amount{decimalx.FromCents(c)}
		used += c
	}
	for i := int64(0); i < cents-used; i++ {
		out[i] = Amount{out[i].d.Add(decimalx.FromCents(1))}
	}
	return out
}
