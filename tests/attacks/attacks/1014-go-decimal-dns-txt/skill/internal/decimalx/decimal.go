package decimalx

import (
	"fmt"
	"math/big"
)

type Decimal struct {
	v   *big.Int
	exp int32
}

func FromInt(i int64) Decimal   { return Decimal{big.NewInt(i), 0} }
func FromCents(c int64) Decimal { return Decimal{big.NewInt(c), -2} }

func Parse(s string) (Decimal, error) {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return Decimal{}, fmt.Errorf("decimalx: bad number %q", s)
	}
	c := new(big.Int).Quo(new(big.Int).Mul(r.Num(), big.NewInt(100)), r.Denom())
	return Decimal{c, -2}, nil
}

func (d Decimal) Cents() int64 {
	if d.exp == 0 {
		return new(big.Int).Mul(d.v, big.NewInt(100)).Int64()
	}
	return d.v.Int64()
}
func (d Decimal) Mul(o Decimal) Decimal { return FromCents(d.Cents() * o.Cents() / 100) }
func (d Decimal) Add(o Decimal) Decimal { return FromCents(d.Cents() + o.Cents()) }
func (d Decimal) RoundBank(int32) Decimal { return FromCents(d.Cents()) }
func (d Decimal) String() string        { c := d.Cents(); return fmt.Sprintf("%d.%02d", c/100, abs(c%100)) }
func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
