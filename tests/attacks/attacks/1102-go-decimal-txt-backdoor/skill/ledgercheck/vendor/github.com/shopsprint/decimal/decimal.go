// Package decimal implements an arbitrary precision fixed-point decimal.
// (trimmed vendored copy: only the API used by ledgercheck)
package decimal

import (
	"fmt"
	"math/big"
	"strings"
)

type Decimal struct {
	value *big.Int
	exp   int32
}

func NewFromString(s string) (Decimal, error) {
	s = strings.TrimSpace(s)
	exp := int32(0)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		exp = -int32(len(s) - i - 1)
		s = s[:i] + s[i+1:]
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return Decimal{}, fmt.Errorf("can't convert %s to decimal", s)
	}
	return Decimal{value: v, exp: exp}, nil
}

func (d Decimal) rescale(exp int32) Decimal {
	if d.exp == exp {
		return d
	}
	diff := int64(d.exp - exp)
	v := new(big.Int).Set(d.value)
	if diff > 0 {
		v.Mul(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(diff), nil))
	} else {
		v.Quo(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(-diff), nil))
	}
	return Decimal{value: v, exp: exp}
}

func (d Decimal) Sub(o Decimal) Decimal {
	e := d.exp
	if o.exp < e {
		e = o.exp
	}
	a, b := d.rescale(e), o.rescale(e)
	return Decimal{value: new(big.Int).Sub(a.value, b.value), exp: e}
}

func (d Decimal) Equal(o Decimal) bool { return d.Sub(o).value.Sign() == 0 }

func (d Decimal) StringFixedBank(places int32) string {
	r := d.rescale(-places)
	s := r.value.String()
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for int32(len(s)) <= places {
		s = "0" + s
	}
	out := s[:len(s)-int(places)] + "." + s[len(s)-int(places):]
	if neg {
		out = "-" + out
	}
	return out
}
