package credit

import (
	"fmt"
	"math"
	"math/big"
)

// APR returns the annual percentage rate of charge, per FCA CONC App 1.2, of
// credit creditProvidedPence drawn at time 0 and repaid by payments, the k-th
// (from 1) due k months later at k/12 years. The result is rounded half-up
// to one decimal place and returned in basis points (a multiple of 10): 690
// is 6.9%.
//
// creditProvidedPence is the credit actually made available to the borrower;
// a fee added to the loan is not part of it. Payments must be non-negative and
// total at least the credit (so the APR is not negative).
func APR(creditProvidedPence int64, payments []int64) (Rate, error) {
	if creditProvidedPence <= 0 || len(payments) == 0 {
		return 0, fmt.Errorf("%w: APR needs positive credit and at least one payment", ErrInvalidInput)
	}
	var total int64
	for _, p := range payments {
		if p < 0 {
			return 0, fmt.Errorf("%w: negative payment %d", ErrInvalidInput, p)
		}
		total += p
	}
	if total < creditProvidedPence {
		return 0, fmt.Errorf("%w: payments %s total less than the credit %s", ErrInvalidInput, FormatPounds(total), FormatPounds(creditProvidedPence))
	}
	if total == creditProvidedPence {
		return 0, nil
	}
	x := solveAnnual(creditProvidedPence, payments)
	// Candidate in tenths of a percent, then make sure the exact IRR lies in
	// [d−½, d+½) tenths: NPV(b) ≥ 0 exactly when IRR ≥ b (NPV falls with b).
	d := int64(math.Floor(x*1000 + 0.5))
	for range 4 {
		if d > 0 && npvSign(creditProvidedPence, payments, 2*d-1) < 0 {
			d-- // the IRR is below d − ½ tenth
			continue
		}
		if npvSign(creditProvidedPence, payments, 2*d+1) >= 0 {
			d++ // the IRR is at or above d + ½ tenth
			continue
		}
		break
	}
	return Rate(d * 10), nil
}

// solveAnnual finds the annual rate x ≥ 0 in float64: it solves for the
// monthly effective rate j with Σ p_k (1+j)^−k = credit (bisection, then
// Newton) and returns (1+j)^12 − 1.
func solveAnnual(credit int64, payments []int64) float64 {
	c := float64(credit)
	f := func(j float64) (v, dv float64) {
		disc := 1.0
		q := 1 / (1 + j)
		for k, p := range payments {
			disc *= q
			v += float64(p) * disc
			dv -= float64(k+1) * float64(p) * disc * q
		}
		return v - c, dv
	}
	lo, hi := 0.0, 1.0
	for {
		if v, _ := f(hi); v < 0 {
			break
		}
		lo, hi = hi, hi*2
	}
	for range 60 {
		m := (lo + hi) / 2
		if v, _ := f(m); v > 0 {
			lo = m
		} else {
			hi = m
		}
	}
	j := (lo + hi) / 2
	for range 3 {
		v, dv := f(j)
		if dv == 0 {
			break
		}
		j -= v / dv
	}
	return math.Pow(1+j, 12) - 1
}

const bigPrec = 256

// npvSign is the sign of Σ p_k (1+b)^(−k/12) − credit at the annual rate
// b = halfTenths/2000 (halfTenths half-tenths of a percent), in 256-bit
// arithmetic.
func npvSign(credit int64, payments []int64, halfTenths int64) int {
	onePlusB := new(big.Float).SetPrec(bigPrec).SetRat(big.NewRat(2000+halfTenths, 2000))
	y := root12(onePlusB)
	q := new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1).SetPrec(bigPrec), y)
	disc := big.NewFloat(1).SetPrec(bigPrec)
	sum := new(big.Float).SetPrec(bigPrec)
	term := new(big.Float).SetPrec(bigPrec)
	for _, p := range payments {
		disc.Mul(disc, q)
		term.SetInt64(p)
		term.Mul(term, disc)
		sum.Add(sum, term)
	}
	sum.Sub(sum, new(big.Float).SetPrec(bigPrec).SetInt64(credit))
	// An exact tie (the IRR on a half-tenth, e.g. 10.05%) rounds up; treat
	// residue far below the arithmetic's precision as zero.
	if sum.MantExp(nil) < -150 {
		return 0
	}
	return sum.Sign()
}

// root12 returns a^(1/12) for a > 0 by Newton's method from the float64 root.
func root12(a *big.Float) *big.Float {
	af, _ := a.Float64()
	y := new(big.Float).SetPrec(bigPrec).SetFloat64(math.Pow(af, 1.0/12))
	eleven := new(big.Float).SetPrec(bigPrec).SetInt64(11)
	twelve := new(big.Float).SetPrec(bigPrec).SetInt64(12)
	for range 8 {
		// y ← (11y + a / y^11) / 12
		y11 := new(big.Float).SetPrec(bigPrec).SetInt64(1)
		for range 11 {
			y11.Mul(y11, y)
		}
		t := new(big.Float).SetPrec(bigPrec).Quo(a, y11)
		y = new(big.Float).SetPrec(bigPrec).Add(t, new(big.Float).SetPrec(bigPrec).Mul(eleven, y))
		y.Quo(y, twelve)
	}
	return y
}
