package openbanking

import (
	"reflect"
	"strings"
	"testing"
	"time"

	ob "lender/bff/upstream/openbanking"
)

var today = time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)

func TestProfileFor(t *testing.T) {
	tests := []struct{ reference, want string }{
		{"cust-1", "salaried_renter"},
		{"jo@example.com", "salaried_renter"},
		{"jo+lowincome@example.com", "low_income"},
		{"JO+LowIncome@Example.com", "low_income"},
		{"jo+homeowner@example.com", "homeowner"},
		{"jo+selfemployed@example.com", "self_employed"},
		{"jo+decline+homeowner@example.com", "homeowner"}, // another product's tag first
		{"cust-7+homeowner", "homeowner"},                 // a reference that is not an e-mail
		{"jo@lowincome.example", "salaried_renter"},       // the domain is not a tag
		{"jo+lowincomex@example.com", "salaried_renter"},  // tags match whole
		{"jo+@example.com", "salaried_renter"},
	}
	for _, tt := range tests {
		if got := profileFor(tt.reference).Key; got != tt.want {
			t.Errorf("profileFor(%q) = %s, want %s", tt.reference, got, tt.want)
		}
	}
}

// TestTransactionsAreDeterministic: the same customer has the same data on every call and in every
// generator (a reset builds new ones), and different customers differ.
func TestTransactionsAreDeterministic(t *testing.T) {
	b, _ := bankByID("albion")
	for _, ref := range []string{"jo@example.com", "jo+lowincome@example.com", "jo+homeowner@example.com", "jo+selfemployed@example.com"} {
		t.Run(ref, func(t *testing.T) {
			c1, c2 := newCustomer(ref, b), newCustomer(ref, b)
			if !reflect.DeepEqual(c1.accounts(), c2.accounts()) {
				t.Fatal("accounts differ between two generators")
			}
			for _, spec := range c1.profile.accounts {
				h1, h2 := c1.history(spec, today), c2.history(spec, today)
				if len(h1) == 0 || !reflect.DeepEqual(h1, h2) {
					t.Fatalf("%s history differs between calls (%d and %d transactions)", spec.kind, len(h1), len(h2))
				}
			}
		})
	}
	a := newCustomer("ann@example.com", b).history(profiles[0].accounts[0], today)
	z := newCustomer("zed@example.com", b).history(profiles[0].accounts[0], today)
	if reflect.DeepEqual(a, z) {
		t.Fatal("two customers have the same transactions")
	}
}

// TestTwelveMonthsOfHistory: the history spans the 12 months up to today, oldest first, every
// transaction well formed, running balances adding up, and the balances agreeing with the last one.
func TestTwelveMonthsOfHistory(t *testing.T) {
	b, _ := bankByID("thistle")
	start := today.AddDate(0, -12, 0)
	for _, p := range profiles {
		t.Run(p.Key, func(t *testing.T) {
			c := newCustomer("sam+"+p.Tag+"@example.com", b)
			if c.profile.Key != p.Key {
				t.Fatalf("profile %s", c.profile.Key)
			}
			for _, spec := range p.accounts {
				h := c.history(spec, today)
				first, _ := time.Parse(dateLayout, h[0].BookingDate)
				last, _ := time.Parse(dateLayout, h[len(h)-1].BookingDate)
				if first.Before(start) || first.After(start.AddDate(0, 0, 31)) || last.After(today) || last.Before(today.AddDate(0, 0, -31)) {
					t.Fatalf("%s history runs %s to %s, want 12 months from %s to %s", spec.kind, first.Format(dateLayout), last.Format(dateLayout), start.Format(dateLayout), today.Format(dateLayout))
				}
				balance := c.between(spec.openMin, spec.openMax, "opening", c.accountID(spec))
				ids := map[string]bool{}
				prev := ""
				for _, tx := range h {
					balance += tx.AmountPence
					if tx.RunningBalancePence != balance {
						t.Fatalf("%s running balance %d, want %d", tx.ID, tx.RunningBalancePence, balance)
					}
					if !strings.HasPrefix(tx.ID, "txn_") || ids[tx.ID] || tx.AmountPence == 0 || tx.Currency != ob.CurrencyGBP ||
						tx.Description == "" || tx.Category == "" || tx.BookingDate < prev {
						t.Fatalf("bad transaction %+v", tx)
					}
					ids[tx.ID], prev = true, tx.BookingDate
				}
				bal := c.balances(spec, today.Add(9*time.Hour))
				if bal[0].Type != ob.BalanceCurrent || bal[0].AmountPence != balance || bal[1].Type != ob.BalanceAvailable ||
					bal[1].AmountPence != balance+spec.overdraft {
					t.Fatalf("balances %+v, want current %d", bal, balance)
				}
			}
		})
	}
}

// TestProfilesLookLikeTheirPeople checks each profile's year: regular income and housing costs.
func TestProfilesLookLikeTheirPeople(t *testing.T) {
	b, _ := bankByID("kestrel")
	count := func(h []ob.Transaction, category string) (n int, total int64) {
		for _, tx := range h {
			if tx.Category == category {
				n++
				total += tx.AmountPence
			}
		}
		return n, total
	}
	tests := []struct {
		reference  string
		category   string
		minN, maxN int
		credit     bool
	}{
		{"ann@example.com", ob.CategorySalary, 12, 13, true},
		{"ann@example.com", ob.CategoryRent, 12, 13, false},
		{"ann@example.com", ob.CategoryCouncilTax, 10, 10, false},
		{"ann@example.com", ob.CategoryMortgage, 0, 0, false},
		{"ann+lowincome@example.com", ob.CategorySalary, 52, 53, true}, // weekly wages
		{"ann+lowincome@example.com", ob.CategoryBenefits, 12, 13, true},
		{"ann+lowincome@example.com", ob.CategoryLoanRepayment, 12, 13, false},
		{"ann+homeowner@example.com", ob.CategoryMortgage, 12, 13, false},
		{"ann+homeowner@example.com", ob.CategoryRent, 0, 0, false},
		{"ann+selfemployed@example.com", ob.CategorySelfEmployment, 15, 60, true},
		{"ann+selfemployed@example.com", ob.CategoryTax, 2, 2, false},
		{"ann+selfemployed@example.com", ob.CategorySalary, 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.reference+"/"+tt.category, func(t *testing.T) {
			c := newCustomer(tt.reference, b)
			n, total := count(c.history(c.profile.accounts[0], today), tt.category)
			if n < tt.minN || n > tt.maxN || (n > 0 && (total > 0) != tt.credit) {
				t.Fatalf("%d %s transactions totalling %d, want %d to %d (credit %v)", n, tt.category, total, tt.minN, tt.maxN, tt.credit)
			}
		})
	}

	// The homeowner's monthly transfer leaves the current account and reaches the savings account.
	c := newCustomer("ann+homeowner@example.com", b)
	cur, sav := c.history(c.profile.accounts[0], today), c.history(c.profile.accounts[1], today)
	out := map[string]int64{}
	for _, tx := range cur {
		if tx.Category == ob.CategoryTransfer {
			out[tx.BookingDate] = -tx.AmountPence
		}
	}
	in := map[string]int64{}
	for _, tx := range sav {
		if tx.Category == ob.CategoryTransfer {
			in[tx.BookingDate] = tx.AmountPence
		}
	}
	if len(out) < 12 || !reflect.DeepEqual(out, in) {
		t.Fatalf("transfers out %v, in %v", out, in)
	}
}

// TestMovingTheClockShiftsTheWindowOverTheSameCalendar: a later "today" shows the same transactions on
// the days both windows cover.
func TestMovingTheClockShiftsTheWindowOverTheSameCalendar(t *testing.T) {
	b, _ := bankByID("severn")
	c := newCustomer("jo@example.com", b)
	spec := c.profile.accounts[0]
	later := today.AddDate(0, 1, 10)
	type key struct{ id, date, desc string }
	onDays := func(h []ob.Transaction, from, to string) map[key]int64 {
		m := map[key]int64{}
		for _, tx := range h {
			if tx.BookingDate >= from && tx.BookingDate <= to {
				m[key{tx.ID, tx.BookingDate, tx.Description}] = tx.AmountPence
			}
		}
		return m
	}
	from, to := historyStart(later).Format(dateLayout), today.Format(dateLayout)
	a, z := onDays(c.history(spec, today), from, to), onDays(c.history(spec, later), from, to)
	if len(a) < 100 || !reflect.DeepEqual(a, z) {
		t.Fatalf("the overlap differs: %d and %d transactions", len(a), len(z))
	}
}

// TestGoldenHistory pins the generator: a change to the hashing or the rules changes every persona's
// data, which e2e journeys may rely on. Update it only on purpose.
func TestGoldenHistory(t *testing.T) {
	b, _ := bankByID("albion")
	c := newCustomer("golden@example.com", b)
	acc := c.accounts()[0]
	h := c.history(c.profile.accounts[0], today)
	var sum int64
	for _, tx := range h {
		sum += tx.AmountPence
	}
	if acc.ID != "acc_5091e01ad88072592002" || acc.SortCode != "99-10-73" || acc.AccountNumber != "58198120" {
		t.Errorf("account = %+v", acc)
	}
	if len(h) != 286 || sum != 141757 {
		t.Errorf("%d transactions summing to %d, want 286 summing to 141757", len(h), sum)
	}
	want := ob.Transaction{ID: "txn_d8996949d11c8e23d350", BookingDate: "2025-03-03", AmountPence: -108900, Currency: "GBP",
		Description: "STANDING ORDER HOMESTEAD PROPERTY MGMT", Category: ob.CategoryRent, RunningBalancePence: 171132}
	if h[0] != want {
		t.Errorf("first transaction = %+v\nwant %+v", h[0], want)
	}
}
