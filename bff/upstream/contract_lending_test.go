package upstream_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/transport"
	"lender/sandbox/personas"
	"lender/sandbox/server"
)

// The lending core's contract cases live in this file so that they can grow without touching the
// other providers' cases; TestContract runs them with the rest, in this order, on one sandbox.
func init() { contract = append(contract, lendingContract...) }

// statusIs reports whether err carries a 4xx answer with that status and code.
func statusIs(err error, status int, code string) bool {
	var se *transport.StatusError
	return errors.As(err, &se) && se.Status == status && se.Code == code
}

func typicalApplicant(email string) lending.EligibilityRequest {
	return lending.EligibilityRequest{
		FirstName: "Jo", LastName: "Bloggs", DateOfBirth: "1990-05-01", Email: email, AnnualIncomePence: 30_000_00,
		Housing:     lending.Housing{Status: lending.HousingRentingPrivate, MonthlyCostPence: 700_00},
		Address:     lending.Address{HouseNumber: "1", Street: "Acacia Avenue", Town: "Lowmere", County: "Wessex", Postcode: "LM1 1AA"},
		AmountPence: 5_000_00, TermMonths: 24, Purpose: lending.PurposeCar,
	}
}

func createCustomer(t *testing.T, ctx context.Context, c clients, email string) lending.Customer {
	t.Helper()
	cu, err := c.lending.CreateCustomer(ctx, lending.CreateCustomerRequest{Email: email, FirstName: "Sam", LastName: "Taylor"}, "")
	if err != nil {
		t.Fatal(err)
	}
	return cu
}

func brokerOffer(portalUserID string) lending.CreateBrokerOfferRequest {
	return lending.CreateBrokerOfferRequest{PortalUserID: portalUserID,
		Client:      lending.OfferClient{FirstName: "Chris", LastName: "Lee", Email: "chris.lee@example.com", Phone: "07700 900777"},
		AmountPence: 7_500_00, TermMonths: 60, AnnualRatePercent: lending.Rate("6.7")}
}

// sandboxControl calls the sandbox's control API next to the lending client's base URL.
func sandboxControl(t *testing.T, c clients, method, path string, body, out any) {
	t.Helper()
	base := strings.TrimSuffix(c.lending.(*lending.Client).Transport().BaseURL(), server.Prefix(lending.Name))
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, base+path, bytes.NewReader(b))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s = %d", method, path, resp.StatusCode)
	}
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
}

// sandboxNow is the shared sandbox's time, to the second (the control API's precision).
func sandboxNow(t *testing.T, c clients) time.Time {
	t.Helper()
	var clk server.ClockState
	sandboxControl(t, c, http.MethodGet, "/_sandbox/clock", nil, &clk)
	now, err := time.Parse(time.RFC3339Nano, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	return now
}

var lendingContract = []contractCase{
	{"lending.Product", "bounds, rate table and representative loan", func(t *testing.T, ctx context.Context, c clients) {
		p, err := c.lending.Product(ctx, 0)
		if err != nil || p.MinAmountPence != 1_000_00 || p.MaxAmountPence != 25_000_00 || p.MinTermMonths != 12 ||
			p.MaxTermMonths != 60 || p.MaxAnnualRatePercent != "40.0" || len(p.RateTable) != 10 {
			t.Fatalf("Product = %+v, %v", p, err)
		}
		if r := p.Representative; r.AmountPence != 7_500_00 || r.TermMonths != 60 || r.APRPercent != "6.9" ||
			!strings.HasSuffix(r.RepresentativeExample, "Total amount payable £8,847.01. Representative 6.9% APR.") {
			t.Fatalf("Product.Representative = %+v", r)
		}
	}},
	{"lending.Product", "representative loan priced with a fee", func(t *testing.T, ctx context.Context, c clients) {
		p, err := c.lending.Product(ctx, 1200)
		if r := p.Representative; err != nil || r.AmountPence != 7_500_00 || r.TermMonths != 60 || r.APRPercent != "7.0" ||
			!strings.Contains(r.RepresentativeExample, "with a £12.00 fee added to the loan") ||
			!strings.HasSuffix(r.RepresentativeExample, "Total amount payable £8,861.07. Representative 7.0% APR.") {
			t.Fatalf("Product(1200).Representative = %+v, %v", p.Representative, err)
		}
		if _, err := c.lending.Product(ctx, 100_001); !errors.Is(err, lending.ErrOutOfBounds) {
			t.Fatalf("Product with a fee above the maximum: %v, want ErrOutOfBounds", err)
		}
	}},
	{"lending.Quote", "worked example", func(t *testing.T, ctx context.Context, c clients) {
		q, err := c.lending.Quote(ctx, lending.QuoteRequest{AmountPence: 7_500_00, TermMonths: 60})
		if err != nil || q.MonthlyInstalmentPence != 14745 || q.FinalInstalmentPence != 14746 || q.TotalPayablePence != 884701 ||
			q.AnnualRatePercent != "6.7" || q.APRPercent != "6.9" || !q.RateFromTable || len(q.Schedule) != 60 ||
			q.Schedule[0].DueDate != q.FirstDueDate || q.RepresentativeExample == "" {
			t.Fatalf("Quote = %+v, %v", q, err)
		}
		q, err = c.lending.Quote(ctx, lending.QuoteRequest{AmountPence: 5_000_00, TermMonths: 24, AnnualRatePercent: lending.Rate("9.9"), FeePence: 150_00})
		if err != nil || q.MonthlyInstalmentPence != 23741 || q.TotalPayablePence != 569784 || q.APRPercent != "13.7" || q.RateFromTable {
			t.Fatalf("Quote with a fee = %+v, %v", q, err)
		}
	}},
	{"lending.Quote", "outside the product bounds", func(t *testing.T, ctx context.Context, c clients) {
		tests := []struct {
			req  lending.QuoteRequest
			code string
		}{
			{lending.QuoteRequest{AmountPence: 999_99, TermMonths: 24}, lending.CodeAmountBelowMinimum},
			{lending.QuoteRequest{AmountPence: 25_000_01, TermMonths: 24}, lending.CodeAmountAboveMaximum},
			{lending.QuoteRequest{AmountPence: 5_000_00, TermMonths: 6}, lending.CodeTermBelowMinimum},
			{lending.QuoteRequest{AmountPence: 5_000_00, TermMonths: 72}, lending.CodeTermAboveMaximum},
			{lending.QuoteRequest{AmountPence: 5_000_00, TermMonths: 24, AnnualRatePercent: lending.Rate("40.5")}, lending.CodeRateAboveMaximum},
			{lending.QuoteRequest{AmountPence: 5_000_00, TermMonths: 24, FeePence: 1_000_01}, lending.CodeFeeAboveMaximum},
		}
		for _, tt := range tests {
			if _, err := c.lending.Quote(ctx, tt.req); !errors.Is(err, lending.ErrOutOfBounds) || !statusIs(err, 422, tt.code) {
				t.Errorf("Quote(%+v) error = %v, want ErrOutOfBounds %s", tt.req, err, tt.code)
			}
		}
		_, err := c.lending.Quote(ctx, lending.QuoteRequest{AmountPence: 5_000_00, TermMonths: 24, AnnualRatePercent: lending.Rate("6.789")})
		if !errors.Is(err, lending.ErrInvalidRequest) || !statusIs(err, 422, lending.CodeRateInvalid) {
			t.Fatalf("a rate with three decimals: %v", err)
		}
	}},
	{"lending.Addresses", "gazetteer look-ups", func(t *testing.T, ctx context.Context, c clients) {
		l, err := c.lending.Addresses(ctx, "lm2 4qt")
		if err != nil || l.Postcode != "LM2 4QT" || len(l.Addresses) != 7 || l.Addresses[0].Line != "Flat 1, Rose Court, 14, Mill Lane" {
			t.Fatalf("Addresses(lm2 4qt) = %+v, %v", l, err)
		}
		l, err = c.lending.Addresses(ctx, "ZZ99ZZ")
		if err != nil || l.Postcode != "ZZ9 9ZZ" || l.Addresses == nil || len(l.Addresses) != 0 {
			t.Fatalf("Addresses(ZZ9 9ZZ) = %+v, %v", l, err)
		}
		for _, pc := range []string{"nonsense", "", "LM1 1CA"} {
			if _, err := c.lending.Addresses(ctx, pc); !errors.Is(err, lending.ErrPostcodeInvalid) || !statusIs(err, 400, lending.CodePostcodeInvalid) {
				t.Errorf("Addresses(%q) error = %v, want ErrPostcodeInvalid from a 400", pc, err)
			}
		}
	}},
	{"lending.CheckEligibility", "one outcome per persona rule", func(t *testing.T, ctx context.Context, c clients) {
		tests := []struct {
			email, outcome, reason string
			quoteAmount            int64
		}{
			{"contract@example.com", lending.OutcomeApproved, "", 5_000_00},
			{"contract+decline@example.com", lending.OutcomeDeclined, lending.ReasonCreditHistory, 0},
			{"contract+refer@example.com", lending.OutcomeReferred, lending.ReasonManualReview, 0},
			{"contract+counteroffer@example.com", lending.OutcomeCounteroffer, lending.ReasonLowerAmount, 3_000_00},
		}
		for _, tt := range tests {
			e, err := c.lending.CheckEligibility(ctx, typicalApplicant(tt.email))
			if err != nil || e.Outcome != tt.outcome || !strings.HasPrefix(e.ID, "elig_") {
				t.Fatalf("%s: = %+v, %v", tt.email, e, err)
			}
			if (tt.reason == "") != (len(e.Reasons) == 0) || (tt.reason != "" && e.Reasons[0].Code != tt.reason) {
				t.Errorf("%s: reasons %+v", tt.email, e.Reasons)
			}
			if (tt.quoteAmount == 0) != (e.Quote == nil) || (e.Quote != nil && e.Quote.AmountPence != tt.quoteAmount) {
				t.Errorf("%s: quote %+v", tt.email, e.Quote)
			}
			if tt.outcome == lending.OutcomeReferred && !e.DecisionDueAt.Equal(e.CheckedAt.Add(24*time.Hour)) {
				t.Errorf("%s: decision due %v", tt.email, e.DecisionDueAt)
			}
		}
		minor := typicalApplicant("young@example.com")
		minor.DateOfBirth = time.Now().AddDate(-17, 0, 0).Format(time.DateOnly)
		if e, err := c.lending.CheckEligibility(ctx, minor); err != nil || e.Outcome != lending.OutcomeDeclined || e.Rule != lending.RuleAge {
			t.Fatalf("a 17-year-old: %+v, %v", e, err)
		}
		poor := typicalApplicant("poor@example.com")
		poor.AnnualIncomePence = 12_000_00
		if e, err := c.lending.CheckEligibility(ctx, poor); err != nil || e.Outcome != lending.OutcomeDeclined ||
			e.Reasons[0].Code != lending.ReasonAffordability || e.Affordability == nil || e.Affordability.Affordable {
			t.Fatalf("unaffordable: %+v, %v", e, err)
		}
		bad := typicalApplicant("not-an-email")
		if _, err := c.lending.CheckEligibility(ctx, bad); !errors.Is(err, lending.ErrInvalidRequest) || !statusIs(err, 422, lending.CodeEmailInvalid) {
			t.Fatalf("bad e-mail: %v", err)
		}
	}},
	{"lending.EligibilityCheck", "a recorded check", func(t *testing.T, ctx context.Context, c clients) {
		made, err := c.lending.CheckEligibility(ctx, typicalApplicant("recorded+refer@example.com"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.lending.EligibilityCheck(ctx, made.ID)
		if err != nil || got.ID != made.ID || got.Outcome != lending.OutcomeReferred || !got.DecisionDueAt.Equal(made.DecisionDueAt) {
			t.Fatalf("EligibilityCheck = %+v, %v", got, err)
		}
		for _, id := range []string{"elig_0000000000000000", "", "../customers"} {
			if _, err := c.lending.EligibilityCheck(ctx, id); !errors.Is(err, lending.ErrEligibilityCheckNotFound) {
				t.Errorf("EligibilityCheck(%q) = %v", id, err)
			}
		}
	}},
	{"lending.CreateCustomer", "created once, then exists", func(t *testing.T, ctx context.Context, c clients) {
		req := lending.CreateCustomerRequest{Email: "Contract.Customer@Example.com", Phone: "07700 900888", FirstName: "Casey", LastName: "Jones",
			DateOfBirth: "1990-01-01", Address: &lending.Address{HouseName: "Gull Cottage", Street: "Harbour Row", Town: "Saltharbour", Postcode: "hb12wx"}}
		cu, err := c.lending.CreateCustomer(ctx, req, "contract-customer-1")
		if err != nil || cu.Email != "contract.customer@example.com" || cu.Phone != "+447700900888" || cu.PIN.Set ||
			cu.Address == nil || cu.Address.Postcode != "HB1 2WX" {
			t.Fatalf("CreateCustomer = %+v, %v", cu, err)
		}
		again, err := c.lending.CreateCustomer(ctx, req, "contract-customer-1")
		if err != nil || again.ID != cu.ID {
			t.Fatalf("repeated key = %+v, %v, want %s", again, err, cu.ID)
		}
		if _, err := c.lending.CreateCustomer(ctx, req, ""); !errors.Is(err, lending.ErrCustomerExists) || !statusIs(err, 409, lending.CodeCustomerExists) {
			t.Fatalf("same e-mail without a key: %v, want ErrCustomerExists", err)
		}
		req.Email = "other.customer@example.com"
		if _, err := c.lending.CreateCustomer(ctx, req, "contract-customer-1"); !errors.Is(err, lending.ErrIdempotencyConflict) {
			t.Fatalf("same key, other request: %v, want ErrIdempotencyConflict", err)
		}
		if _, err := c.lending.CreateCustomer(ctx, lending.CreateCustomerRequest{Email: "x@example.com", FirstName: "X", LastName: "Y",
			Phone: "020 7946 0000"}, ""); !errors.Is(err, lending.ErrInvalidRequest) || !statusIs(err, 422, lending.CodePhoneInvalid) {
			t.Fatalf("a landline: %v", err)
		}
	}},
	{"lending.Register", "customer and application together, from the person's own check, once", func(t *testing.T, ctx context.Context, c clients) {
		check, err := c.lending.CheckEligibility(ctx, lending.EligibilityRequest{FirstName: "Robin", LastName: "Contract",
			DateOfBirth: "1988-08-08", Email: "robin.contract@example.com", AnnualIncomePence: 40_000_00,
			Housing:     lending.Housing{Status: lending.HousingRentingPrivate, MonthlyCostPence: 600_00},
			Address:     lending.Address{HouseNumber: "2", Street: "Acacia Avenue", Town: "Lowmere", Postcode: "LM1 1AA"},
			AmountPence: 4_000_00, TermMonths: 24, Purpose: lending.PurposeCar})
		if err != nil {
			t.Fatal(err)
		}
		req := lending.RegistrationRequest{
			Customer:    lending.CreateCustomerRequest{Email: "Robin.Contract@Example.com", FirstName: "robin", LastName: "CONTRACT", DateOfBirth: "1988-08-08"},
			Application: lending.CreateApplicationRequest{EligibilityCheckID: check.ID, OnePage: true},
		}
		mismatch := req
		mismatch.Customer.DateOfBirth = "1988-08-09"
		if _, err := c.lending.Register(ctx, mismatch, ""); !errors.Is(err, lending.ErrEligibilityCheckMismatch) ||
			!statusIs(err, 422, lending.CodeEligibilityCheckMismatch) {
			t.Fatalf("another birthday: %v", err)
		}
		reg, err := c.lending.Register(ctx, req, "contract-registration-1")
		if err != nil || !reg.Customer.Provisional || reg.Application.CustomerID != reg.Customer.ID || reg.Application.EligibilityCheckID != check.ID {
			t.Fatalf("Register = %+v, %v", reg, err)
		}
		if again, err := c.lending.Register(ctx, req, "contract-registration-1"); err != nil || again.Customer.ID != reg.Customer.ID {
			t.Fatalf("repeated key = %+v, %v", again, err)
		}
		if _, err := c.lending.Register(ctx, req, ""); !errors.Is(err, lending.ErrCustomerExists) {
			t.Fatalf("the address again: %v", err)
		}
		if err := c.lending.DiscardCustomer(ctx, reg.Customer.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := c.lending.Register(ctx, req, ""); !errors.Is(err, lending.ErrEligibilityCheckUsed) || !statusIs(err, 409, lending.CodeEligibilityCheckUsed) {
			t.Fatalf("the check again: %v", err)
		}
	}},
	{"lending.DiscardCustomer", "a provisional customer only, and idempotently", func(t *testing.T, ctx context.Context, c clients) {
		b := personas.Borrowers()[0]
		if err := c.lending.DiscardCustomer(ctx, b.CustomerID); !errors.Is(err, lending.ErrCustomerNotProvisional) ||
			!statusIs(err, 409, lending.CodeCustomerNotProvisional) {
			t.Fatalf("discarding a borrower: %v", err)
		}
		if err := c.lending.DiscardCustomer(ctx, "cus_0000000000000000"); err != nil {
			t.Fatalf("discarding nobody: %v", err)
		}
		if _, err := c.lending.Customer(ctx, b.CustomerID); err != nil {
			t.Fatalf("the borrower after a refused discard: %v", err)
		}
	}},
	{"lending.Customer", "by id", func(t *testing.T, ctx context.Context, c clients) {
		b := personas.Borrowers()[0]
		cu, err := c.lending.Customer(ctx, b.CustomerID)
		if err != nil || cu.Email != b.Email || cu.Persona != b.Key || !cu.PIN.Set {
			t.Fatalf("Customer(%s) = %+v, %v", b.CustomerID, cu, err)
		}
		for _, id := range []string{"cus_nobody", "", "a/b"} {
			if _, err := c.lending.Customer(ctx, id); !errors.Is(err, lending.ErrCustomerNotFound) {
				t.Errorf("Customer(%q) = %v", id, err)
			}
		}
	}},
	{"lending.CustomerByEmail", "seeded personas sign in by e-mail", func(t *testing.T, ctx context.Context, c clients) {
		for _, b := range personas.Borrowers() {
			cu, err := c.lending.CustomerByEmail(ctx, strings.ToUpper(b.Email))
			if err != nil || cu.ID != b.CustomerID || cu.PIN.Set != (b.PIN != "") || cu.PIN.Locked != b.PINLocked {
				t.Fatalf("CustomerByEmail(%s) = %+v, %v", b.Email, cu, err)
			}
		}
		for _, e := range []string{"nobody@example.com", ""} {
			if _, err := c.lending.CustomerByEmail(ctx, e); !errors.Is(err, lending.ErrCustomerNotFound) {
				t.Errorf("CustomerByEmail(%q) = %v", e, err)
			}
		}
	}},
	{"lending.CustomerByPhone", "national or E.164", func(t *testing.T, ctx context.Context, c clients) {
		b := personas.Borrowers()[1]
		national := "0" + strings.TrimPrefix(b.Phone, "+44")
		for _, p := range []string{b.Phone, national} {
			cu, err := c.lending.CustomerByPhone(ctx, p)
			if err != nil || cu.ID != b.CustomerID {
				t.Fatalf("CustomerByPhone(%s) = %+v, %v", p, cu, err)
			}
		}
		if _, err := c.lending.CustomerByPhone(ctx, "07700 900999"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("unknown number: %v", err)
		}
		if _, err := c.lending.CustomerByPhone(ctx, "not a number"); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("malformed number: %v", err)
		}
	}},
	{"lending.SetPIN", "4 to 6 digits", func(t *testing.T, ctx context.Context, c clients) {
		cu := createCustomer(t, ctx, c, "contract-setpin@example.com")
		got, err := c.lending.SetPIN(ctx, cu.ID, "2468")
		if err != nil || got.PIN != (lending.PINStatus{Set: true}) {
			t.Fatalf("SetPIN = %+v, %v", got.PIN, err)
		}
		for _, pin := range []string{"123", "1234567", "12ab"} {
			if _, err := c.lending.SetPIN(ctx, cu.ID, pin); !errors.Is(err, lending.ErrPINInvalid) || !statusIs(err, 422, lending.CodePINInvalid) {
				t.Errorf("SetPIN(%q) = %v", pin, err)
			}
		}
		if _, err := c.lending.SetPIN(ctx, "cus_nobody", "2468"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("unknown customer: %v", err)
		}
	}},
	{"lending.VerifyPIN", "five wrong attempts lock", func(t *testing.T, ctx context.Context, c clients) {
		cu := createCustomer(t, ctx, c, "contract-verifypin@example.com")
		if _, err := c.lending.VerifyPIN(ctx, cu.ID, "2468"); !errors.Is(err, lending.ErrPINNotSet) || !statusIs(err, 409, lending.CodePINNotSet) {
			t.Fatalf("before a PIN is set: %v", err)
		}
		if _, err := c.lending.SetPIN(ctx, cu.ID, "2468"); err != nil {
			t.Fatal(err)
		}
		if v, err := c.lending.VerifyPIN(ctx, cu.ID, "2468"); err != nil || !v.Verified || v.AttemptsRemaining != lending.MaxPINAttempts {
			t.Fatalf("right PIN = %+v, %v", v, err)
		}
		var locked lending.PINVerification
		from := sandboxNow(t, c)
		for i := 1; i <= lending.MaxPINAttempts; i++ {
			v, err := c.lending.VerifyPIN(ctx, cu.ID, "1111")
			if err != nil || v.Verified || v.FailedAttempts != i || v.AttemptsRemaining != lending.MaxPINAttempts-i ||
				v.Locked != (i == lending.MaxPINAttempts) || v.LockedUntil.IsZero() == v.Locked {
				t.Fatalf("wrong PIN %d = %+v, %v", i, v, err)
			}
			locked = v
		}
		// The lock lasts the lock period from the attempt that made it, and the customer says until when.
		by := sandboxNow(t, c).Add(time.Second)
		if locked.LockedUntil.Before(from.Add(lending.PINLockPeriod)) || !locked.LockedUntil.Before(by.Add(lending.PINLockPeriod)) {
			t.Fatalf("locked until %s, want %s after the fifth wrong PIN", locked.LockedUntil, lending.PINLockPeriod)
		}
		if got, err := c.lending.Customer(ctx, cu.ID); err != nil || got.PIN != (lending.PINStatus{Set: true, Locked: true,
			FailedAttempts: lending.MaxPINAttempts, LockedUntil: locked.LockedUntil}) {
			t.Fatalf("the locked customer = %+v, %v", got.PIN, err)
		}
		if _, err := c.lending.VerifyPIN(ctx, cu.ID, "2468"); !errors.Is(err, lending.ErrPINLocked) || !statusIs(err, 423, lending.CodePINLocked) {
			t.Fatalf("right PIN once locked: %v, want ErrPINLocked", err)
		}
		if _, err := c.lending.VerifyPIN(ctx, cu.ID, "x"); !errors.Is(err, lending.ErrPINLocked) {
			t.Fatalf("malformed PIN once locked: %v", err)
		}
		// At lockedUntil the lock lifts by itself (the shared sandbox's clock is put back afterwards).
		atSandboxTime(t, c, locked.LockedUntil.Format(time.RFC3339Nano))
		if got, err := c.lending.Customer(ctx, cu.ID); err != nil || got.PIN != (lending.PINStatus{Set: true}) {
			t.Fatalf("the customer once the lock period is over = %+v, %v", got.PIN, err)
		}
		if v, err := c.lending.VerifyPIN(ctx, cu.ID, "2468"); err != nil || !v.Verified {
			t.Fatalf("the right PIN once the lock period is over = %+v, %v", v, err)
		}
	}},
	{"lending.UnlockPIN", "lifts a lock, keeps the PIN", func(t *testing.T, ctx context.Context, c clients) {
		cu := createCustomer(t, ctx, c, "contract-unlockpin@example.com")
		if _, err := c.lending.SetPIN(ctx, cu.ID, "97531"); err != nil {
			t.Fatal(err)
		}
		for range lending.MaxPINAttempts {
			if _, err := c.lending.VerifyPIN(ctx, cu.ID, "0000"); err != nil {
				t.Fatal(err)
			}
		}
		got, err := c.lending.UnlockPIN(ctx, cu.ID)
		if err != nil || got.PIN != (lending.PINStatus{Set: true}) {
			t.Fatalf("UnlockPIN = %+v, %v", got.PIN, err)
		}
		if v, err := c.lending.VerifyPIN(ctx, cu.ID, "97531"); err != nil || !v.Verified {
			t.Fatalf("the PIN after unlocking = %+v, %v", v, err)
		}
		if _, err := c.lending.UnlockPIN(ctx, "cus_nobody"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("unknown customer: %v", err)
		}
	}},
	{"lending.StaffSignIn", "seeded staff account", func(t *testing.T, ctx context.Context, c clients) {
		s := personas.StaffAccounts()[0]
		sess, err := c.lending.StaffSignIn(ctx, s.Account, s.Password)
		if err != nil || sess.Staff.ID != s.ID || sess.Staff.DisplayName != s.DisplayName || sess.AuthenticatedAt.IsZero() {
			t.Fatalf("StaffSignIn = %+v, %v", sess, err)
		}
		for _, cred := range [][2]string{{s.Account, "wrong"}, {"nobody", s.Password}} {
			_, err := c.lending.StaffSignIn(ctx, cred[0], cred[1])
			if !errors.Is(err, lending.ErrInvalidCredentials) || !statusIs(err, 401, lending.CodeInvalidCredentials) {
				t.Errorf("StaffSignIn(%q, …) = %v, want ErrInvalidCredentials from a 401", cred[0], err)
			}
		}
	}},
	{"lending.PortalSignIn", "brokers and finance staff", func(t *testing.T, ctx context.Context, c clients) {
		for _, u := range personas.PortalUsers() {
			sess, err := c.lending.PortalSignIn(ctx, u.Email, u.Password)
			if err != nil || sess.User.ID != u.ID || sess.User.Role != u.Role || sess.User.BrokerID != u.BrokerID {
				t.Fatalf("PortalSignIn(%s) = %+v, %v", u.Email, sess, err)
			}
		}
		if _, err := c.lending.PortalSignIn(ctx, "broker@northgate-brokers.example", "guess"); !errors.Is(err, lending.ErrInvalidCredentials) {
			t.Fatalf("wrong password: %v", err)
		}
	}},
	{"lending.PortalUser", "a portal user by id, with the firm's brand", func(t *testing.T, ctx context.Context, c clients) {
		for _, u := range personas.PortalUsers() {
			got, err := c.lending.PortalUser(ctx, u.ID)
			if err != nil || got.Name != u.Name || got.Role != u.Role || got.BrokerFirm != u.BrokerFirm || got.ClientName != u.ClientName {
				t.Fatalf("PortalUser(%s) = %+v, %v", u.ID, got, err)
			}
		}
		if _, err := c.lending.PortalUser(ctx, "pu_nobody"); !errors.Is(err, lending.ErrPortalUserNotFound) || !statusIs(err, 404, lending.CodePortalUserNotFound) {
			t.Fatalf("unknown portal user: %v", err)
		}
	}},
	{"lending.CreateBrokerOffer", "priced, with a one-time client token", func(t *testing.T, ctx context.Context, c clients) {
		o, err := c.lending.CreateBrokerOffer(ctx, brokerOffer("pu_northgate_broker"))
		if err != nil || !lending.ValidClientToken(o.ClientToken) || o.Offer.BrokerID != personas.NorthgateID ||
			o.Offer.Status != lending.OfferStatusActive || o.Offer.Quote.MonthlyInstalmentPence != 14745 ||
			!o.Offer.ExpiresAt.Equal(o.Offer.CreatedAt.Add(lending.BrokerOfferTTL)) {
			t.Fatalf("CreateBrokerOffer = %+v, %v", o, err)
		}
		if _, err := c.lending.CreateBrokerOffer(ctx, brokerOffer("pu_nobody")); !errors.Is(err, lending.ErrPortalUserNotFound) {
			t.Fatalf("unknown portal user: %v", err)
		}
		req := brokerOffer("pu_northgate_broker")
		req.TermMonths = 84
		if _, err := c.lending.CreateBrokerOffer(ctx, req); !errors.Is(err, lending.ErrOutOfBounds) || !statusIs(err, 422, lending.CodeTermAboveMaximum) {
			t.Fatalf("a term too long: %v", err)
		}
	}},
	{"lending.BrokerOffers", "each firm sees its own", func(t *testing.T, ctx context.Context, c clients) {
		mine, err := c.lending.CreateBrokerOffer(ctx, brokerOffer("pu_kestrel_broker"))
		if err != nil {
			t.Fatal(err)
		}
		list, err := c.lending.BrokerOffers(ctx, personas.KestrelID)
		if err != nil || len(list) == 0 || list[0].ID != mine.Offer.ID {
			t.Fatalf("BrokerOffers(kestrel) = %+v, %v", list, err)
		}
		for _, o := range list {
			if o.BrokerID != personas.KestrelID {
				t.Fatalf("Kestrel sees %s's offer", o.BrokerID)
			}
		}
		if list, err := c.lending.BrokerOffers(ctx, "brk_nobody"); err != nil || list == nil || len(list) != 0 {
			t.Fatalf("BrokerOffers(nobody) = %+v, %v", list, err)
		}
	}},
	{"lending.BrokerOffer", "by id", func(t *testing.T, ctx context.Context, c clients) {
		made, err := c.lending.CreateBrokerOffer(ctx, brokerOffer("pu_northgate_finance"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.lending.BrokerOffer(ctx, made.Offer.ID)
		if err != nil || got.ID != made.Offer.ID || got.CreatedBy != "pu_northgate_finance" || got.Client.Email != "chris.lee@example.com" {
			t.Fatalf("BrokerOffer = %+v, %v", got, err)
		}
		if _, err := c.lending.BrokerOffer(ctx, "bo_nobody"); !errors.Is(err, lending.ErrBrokerOfferNotFound) || !statusIs(err, 404, lending.CodeBrokerOfferNotFound) {
			t.Fatalf("unknown offer: %v", err)
		}
	}},
	{"lending.BrokerOfferByToken", "opens until it expires on the sandbox clock", func(t *testing.T, ctx context.Context, c clients) {
		made, err := c.lending.CreateBrokerOffer(ctx, brokerOffer("pu_northgate_broker"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.lending.BrokerOfferByToken(ctx, made.ClientToken)
		if err != nil || got.ID != made.Offer.ID || got.Status != lending.OfferStatusActive {
			t.Fatalf("BrokerOfferByToken = %+v, %v", got, err)
		}
		for _, tok := range []string{strings.Repeat("A", lending.ClientTokenLength), made.Offer.ID, "", "../../health"} {
			if _, err := c.lending.BrokerOfferByToken(ctx, tok); !errors.Is(err, lending.ErrBrokerOfferNotFound) {
				t.Errorf("BrokerOfferByToken(%q) = %v", tok, err)
			}
		}
		// Move the shared sandbox's clock past the expiry, then put it back for the cases after this one.
		var clk server.ClockState
		sandboxControl(t, c, http.MethodGet, "/_sandbox/clock", nil, &clk)
		t.Cleanup(func() {
			sandboxControl(t, c, http.MethodPost, "/_sandbox/clock", server.ClockChange{Set: clk.Now}, nil)
		})
		sandboxControl(t, c, http.MethodPost, "/_sandbox/clock", server.ClockChange{Advance: lending.BrokerOfferTTL.String()}, nil)
		if _, err := c.lending.BrokerOfferByToken(ctx, made.ClientToken); !errors.Is(err, lending.ErrBrokerOfferExpired) ||
			!statusIs(err, 410, lending.CodeBrokerOfferExpired) {
			t.Fatalf("after 30 days: %v, want ErrBrokerOfferExpired from a 410", err)
		}
	}},
}
