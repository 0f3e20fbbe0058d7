package app

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/upstream/lending"
)

// lendingCore asks the sandbox's lending core itself, the quote features' source of truth.
func lendingCore[T any](t testing.TB, call func(context.Context) (T, error)) T {
	t.Helper()
	v, err := call(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// product is the lending core's loan product, its representative loan priced with feePence.
func (st *stack) product(feePence int64) lending.Product {
	st.t.Helper()
	return lendingCore(st.t, func(ctx context.Context) (lending.Product, error) { return st.lending().Product(ctx, feePence) })
}

func TestLoanProductIsTheLendingCoresBoundsAndRepresentativeExampleWithTheBrandsFee(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	_, harbourApplicant := st.registered("owner@example.com") // their application's owner is harbour
	for _, c := range []struct {
		name, query string
		creds       *credentials
		feePence    int64 // the brand's fee in bff/config.yaml
	}{
		{"no brand named: the default brand's £12", "", nil, 1200},
		{"the default brand", "?clientName=default", nil, 1200},
		{"the white-label brand's £10", "?clientName=harbour", nil, 1000},
		{"a signed-in borrower: their application's brand, whatever is named", "?clientName=default", &harbourApplicant, 1000},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := st.product(c.feePence)
			// The representative example is the lending core's quote of its representative loan with the brand's fee.
			q := lendingCore(t, func(ctx context.Context) (lending.Quote, error) {
				return st.lending().Quote(ctx, lending.QuoteRequest{AmountPence: p.Representative.AmountPence,
					TermMonths: p.Representative.TermMonths, FeePence: c.feePence})
			})
			res, env := st.call(http.MethodGet, st.api+"/ledger/loanProduct"+c.query, nil, c.creds, nil)
			if res.StatusCode != 200 || env.Status != 200 {
				t.Fatalf("HTTP %d %+v", res.StatusCode, env)
			}
			var got apigen.LoanProduct
			if err := json.Unmarshal(env.ResultData, &got); err != nil {
				t.Fatal(err)
			}
			want := apigen.LoanProduct{MinAmountPence: p.MinAmountPence, MaxAmountPence: p.MaxAmountPence,
				MinTermMonths: p.MinTermMonths, MaxTermMonths: p.MaxTermMonths,
				Representative: apigen.RepresentativeLoan{AmountPence: q.AmountPence, TermMonths: q.TermMonths,
					AprPercent: q.APRPercent, RepresentativeExample: q.RepresentativeExample}}
			if got != want || want.MinAmountPence == 0 || want.Representative.AmountPence == 0 ||
				!strings.HasSuffix(got.Representative.RepresentativeExample, "Representative "+got.Representative.AprPercent+"% APR.") {
				t.Fatalf("product %+v, want %+v", got, want)
			}
			fee := "with a £" + strconv.FormatInt(c.feePence/100, 10) + ".00 fee added to the loan"
			total := "Total amount payable " + loanquote.Pounds(q.TotalPayablePence)
			if q.FeePence != c.feePence || !strings.Contains(got.Representative.RepresentativeExample, fee) ||
				!strings.Contains(got.Representative.RepresentativeExample, total) {
				t.Fatalf("the example does not carry the brand's fee (%s) and its total (%s): %q", fee, total,
					got.Representative.RepresentativeExample)
			}
		})
	}
	res, env := st.call(http.MethodGet, st.api+"/ledger/loanProduct?clientName=nobody", nil, nil, nil)
	if res.StatusCode != 400 || env.ErrorCode != 100400 || !strings.Contains(env.ErrorMessage, "nobody") {
		t.Fatalf("an unknown brand: HTTP %d %+v", res.StatusCode, env)
	}
}

func TestLoanCalcPubAnswersTheLendingCoresQuoteWithTheBrandsFee(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	for _, c := range []struct {
		name, clientName string
		feePence         int64 // the brand's fee in bff/config.yaml
	}{
		{"no brand named: the default brand's £12", "", 1200},
		{"the default brand", `,"clientName":"default"`, 1200},
		{"the white-label brand's £10", `,"clientName":"harbour"`, 1000},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := lendingCore(t, func(ctx context.Context) (lending.Quote, error) {
				return st.lending().Quote(ctx, lending.QuoteRequest{AmountPence: 750000, TermMonths: 60, FeePence: c.feePence})
			})
			res, env := st.call(http.MethodPost, st.api+"/ledger/loanCalcPub", bodyOf(`{"amountPence":750000,"termMonths":60`+c.clientName+`}`), nil,
				map[string]string{"Content-Type": "application/json"})
			if res.StatusCode != 200 || env.Status != 200 {
				t.Fatalf("HTTP %d %+v", res.StatusCode, env)
			}
			var got apigen.LoanQuote
			if err := json.Unmarshal(env.ResultData, &got); err != nil {
				t.Fatal(err)
			}
			if got.MonthlyInstalmentPence != q.MonthlyInstalmentPence || got.TotalPayablePence != q.TotalPayablePence ||
				got.AprPercent != q.APRPercent || got.AnnualRatePercent != q.AnnualRatePercent ||
				got.FinalInstalmentPence != q.FinalInstalmentPence || got.TotalInterestPence != q.TotalInterestPence ||
				got.FirstDueDate.Format("2006-01-02") != q.FirstDueDate || got.RepresentativeExample != q.RepresentativeExample {
				t.Fatalf("quote %+v, want the lending core's %+v", got, q)
			}
			fee := "£" + strconv.FormatInt(c.feePence/100, 10) + ".00 fee"
			if q.FeePence != c.feePence || got.MonthlyInstalmentPence == 0 || !strings.Contains(got.RepresentativeExample, fee) {
				t.Fatalf("the quote does not carry the brand's %s: %+v", fee, got)
			}
		})
	}
	res, env := st.call(http.MethodPost, st.api+"/ledger/loanCalcPub", bodyOf(`{"amountPence":750000,"termMonths":60,"clientName":"nobody"}`), nil,
		map[string]string{"Content-Type": "application/json"})
	if res.StatusCode != 400 || env.ErrorCode != 100400 || !strings.Contains(env.ErrorMessage, "nobody") {
		t.Fatalf("an unknown brand: HTTP %d %+v", res.StatusCode, env)
	}
}

func TestLoanCalcPubNamesTheBoundThatWasCrossed(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	p := st.product(0)
	for _, c := range []struct {
		name, body, want string
	}{
		{"amount too small", `{"amountPence":` + itoa(p.MinAmountPence-100) + `,"termMonths":` + itoa(int64(p.MinTermMonths)) + `}`,
			"Enter an amount between "},
		{"amount too large", `{"amountPence":` + itoa(p.MaxAmountPence+100) + `,"termMonths":` + itoa(int64(p.MinTermMonths)) + `}`,
			"Enter an amount between "},
		{"term too long", `{"amountPence":` + itoa(p.MinAmountPence) + `,"termMonths":` + itoa(int64(p.MaxTermMonths+1)) + `}`,
			"Choose a term between "},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, env := st.call(http.MethodPost, st.api+"/ledger/loanCalcPub", bodyOf(c.body), nil,
				map[string]string{"Content-Type": "application/json"})
			if res.StatusCode != 400 || env.ErrorCode != 100400 || !strings.HasPrefix(env.ErrorMessage, c.want) {
				t.Fatalf("HTTP %d %+v, want 100400 %q…", res.StatusCode, env, c.want)
			}
		})
	}
}

func TestPostCodeQueryListsTheGazetteer(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	l := lendingCore(t, func(ctx context.Context) (lending.AddressList, error) {
		return st.lending().Addresses(ctx, "LM2 4QT")
	})

	res, env := st.call(http.MethodGet, st.api+"/eligibility/postCodeQuery?postCode=lm24qt", nil, nil, nil)
	if res.StatusCode != 200 || env.Status != 200 {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
	var got struct {
		Postcode  string                   `json:"postcode"`
		Addresses []apigen.PostcodeAddress `json:"addresses"`
	}
	if err := json.Unmarshal(env.ResultData, &got); err != nil {
		t.Fatal(err)
	}
	if got.Postcode != "LM2 4QT" || len(got.Addresses) != len(l.Addresses) || len(l.Addresses) == 0 {
		t.Fatalf("%s: %d addresses, want %d at LM2 4QT", got.Postcode, len(got.Addresses), len(l.Addresses))
	}
	for i, a := range got.Addresses {
		w := l.Addresses[i]
		if a.Id != w.ID || a.Line != w.Line || a.Label != w.Label || a.Town != w.Town || a.Postcode != w.Postcode {
			t.Errorf("address %d: %+v, want %+v", i, a, w)
		}
	}

	// The documented postcode that finds nothing, and a malformed one.
	res, env = st.call(http.MethodGet, st.api+"/eligibility/postCodeQuery?postCode=ZZ9+9ZZ", nil, nil, nil)
	if res.StatusCode != 200 || string(env.ResultData) != `{"addresses":[],"postcode":"ZZ9 9ZZ"}` {
		t.Fatalf("ZZ9 9ZZ: HTTP %d %s", res.StatusCode, env.ResultData)
	}
	res, env = st.call(http.MethodGet, st.api+"/eligibility/postCodeQuery?postCode=NOT+A+CODE", nil, nil, nil)
	if res.StatusCode != 400 || env.ErrorCode != 100400 || env.ErrorMessage != "Enter a real postcode, like AB1 2CD" {
		t.Fatalf("malformed: HTTP %d %+v", res.StatusCode, env)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// eligibilityBody is an applicant who passes every rule unless their e-mail carries a persona tag:
// £45,000 a year and £700 rent afford £7,500 over 60 months.
func eligibilityBody(email string, amountPence int64) string {
	return `{"firstName":"Jo","lastName":"Bloggs","dateOfBirth":"1990-04-12","email":"` + email + `",` +
		`"annualIncomePence":4500000,"housingStatus":"renting_private","monthlyHousingCostPence":70000,` +
		`"address":{"houseNumber":"14","street":"Mill Lane","town":"Lowmere","postcode":"LM2 4QT"},` +
		`"amountPence":` + itoa(amountPence) + `,"termMonths":60,"purpose":"car"}`
}

func TestEligibilitySubmitAnswersTheLendingCoresDecision(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	// No brand named: the default brand's £12 fee is priced in (bff/config.yaml).
	q := lendingCore(t, func(ctx context.Context) (lending.Quote, error) {
		return st.lending().Quote(ctx, lending.QuoteRequest{AmountPence: 750000, TermMonths: 60, FeePence: 1200})
	})
	json200 := map[string]string{"Content-Type": "application/json"}

	for _, c := range []struct {
		email   string
		outcome apigen.EligibilityResultOutcome
	}{
		{"jo.bloggs@example.com", "approved"},
		{"jo.bloggs+decline@example.com", "declined"},
		{"jo.bloggs+refer@example.com", "referred"},
		{"jo.bloggs+counteroffer@example.com", "counteroffer"},
	} {
		t.Run(string(c.outcome), func(t *testing.T) {
			res, env := st.call(http.MethodPost, st.api+"/eligibility/eligibilitySubmit", bodyOf(eligibilityBody(c.email, 750000)), nil, json200)
			if res.StatusCode != 200 || env.Status != 200 {
				t.Fatalf("HTTP %d %+v", res.StatusCode, env)
			}
			var got apigen.EligibilityResult
			if err := json.Unmarshal(env.ResultData, &got); err != nil {
				t.Fatal(err)
			}
			if got.Outcome != c.outcome || got.EligibilityCheckId == "" {
				t.Fatalf("outcome %+v, want %s", got, c.outcome)
			}
			switch c.outcome {
			case "approved":
				if got.Quote == nil || got.Quote.MonthlyInstalmentPence != q.MonthlyInstalmentPence || got.Quote.AprPercent != q.APRPercent ||
					len(got.Reasons) != 0 || got.OfferExpiresAt == nil {
					t.Fatalf("approval %+v, want the quote %d a month at %s%% APR", got, q.MonthlyInstalmentPence, q.APRPercent)
				}
			case "declined":
				if got.Quote != nil || len(got.Reasons) == 0 || got.Reasons[0].Text == "" {
					t.Fatalf("decline without reasons: %+v", got)
				}
			case "referred":
				if got.Quote != nil || got.DecisionDueAt == nil {
					t.Fatalf("referral without a decision time: %+v", got)
				}
			case "counteroffer":
				if got.Quote == nil || got.Quote.AmountPence >= 750000 || got.OfferExpiresAt == nil {
					t.Fatalf("counteroffer not lower than asked: %+v", got)
				}
			}
		})
	}

	// The white-label brand's £10 fee.
	harbour := lendingCore(t, func(ctx context.Context) (lending.Quote, error) {
		return st.lending().Quote(ctx, lending.QuoteRequest{AmountPence: 750000, TermMonths: 60, FeePence: 1000})
	})
	body := strings.Replace(eligibilityBody("jo.harbour@example.com", 750000), `{`, `{"clientName":"harbour",`, 1)
	_, env := st.call(http.MethodPost, st.api+"/eligibility/eligibilitySubmit", bodyOf(body), nil, json200)
	if got := decode[apigen.EligibilityResult](t, env); got.Quote == nil || got.Quote.MonthlyInstalmentPence != harbour.MonthlyInstalmentPence ||
		got.Quote.RepresentativeExample != harbour.RepresentativeExample {
		t.Fatalf("a white-label approval %+v, want the quote %+v", got.Quote, harbour)
	}

	// Outside the product's bounds: the bound is named, as on the calculator.
	res, env := st.call(http.MethodPost, st.api+"/eligibility/eligibilitySubmit", bodyOf(eligibilityBody("jo.bloggs@example.com", 100)), nil, json200)
	if res.StatusCode != 400 || env.ErrorCode != 100400 || !strings.HasPrefix(env.ErrorMessage, "Enter an amount between ") {
		t.Fatalf("out of bounds: HTTP %d %+v", res.StatusCode, env)
	}
	// A field the contract refuses is named by the validator, and nothing reaches the lending core. A
	// choice the app offers has no message of its own (nobody types it): the generic one.
	res, env = st.call(http.MethodPost, st.api+"/eligibility/eligibilitySubmit",
		bodyOf(strings.Replace(eligibilityBody("jo.bloggs@example.com", 750000), `"car"`, `"yacht"`, 1)), nil, json200)
	wantFieldRefusal(t, res, env, web.GenericFieldMessage(), "purpose")
}

func TestVerifyUserStatusByEmailTellsARegisteredAddress(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	json200 := map[string]string{"Content-Type": "application/json"}
	res, env := st.call(http.MethodPost, st.api+"/eligibility/verifyUserStatusByEmail", bodyOf(`{"email":"someone.new@example.com"}`), nil, json200)
	if res.StatusCode != 200 || env.Status != 200 || env.ErrorCode != 0 {
		t.Fatalf("a free address: HTTP %d %+v", res.StatusCode, env)
	}
	p := persona(t)
	res, env = st.call(http.MethodPost, st.api+"/eligibility/verifyUserStatusByEmail", bodyOf(`{"email":"`+strings.ToUpper(p.Email)+`"}`), nil, json200)
	if res.StatusCode != 200 || env.ErrorCode != 100613 || env.Status != 409 {
		t.Fatalf("a customer's address: HTTP %d %+v, want 100613", res.StatusCode, env)
	}
}
