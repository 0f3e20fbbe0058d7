package openbanking

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	ob "lender/bff/upstream/openbanking"
)

// This file generates a customer's bank data: a pure function of the customer reference (the seed),
// the bank, and the calendar. Whatever happens on a given date is decided by hashing (seed, rule, date),
// so the same customer has the same transactions on every call, after every reset and in every process;
// moving the sandbox clock moves the 12-month window over the same calendar of events.

// bank is one of the fictional banks of the hosted consent page.
type bank struct {
	ID, Name   string
	sortPrefix string // first two pairs of the sort code; 99- is not a real bank's range
}

var banks = []bank{
	{"albion", "Albion Bank", "99-10"},
	{"northgate", "Northgate Building Society", "99-20"},
	{"thistle", "Thistle Bank", "99-30"},
	{"kestrel", "Kestrel Mutual", "99-40"},
	{"severn", "Severn & Wye Bank", "99-50"},
	{"bramble", "Bramble Digital Bank", "99-60"},
}

func bankByID(id string) (bank, bool) {
	for _, b := range banks {
		if b.ID == id {
			return b, true
		}
	}
	return bank{}, false
}

// profile is a kind of customer whose accounts the generator fills.
type profile struct {
	Key      string // e.g. "salaried_renter"
	Tag      string // the "+tag" that selects it; "" for the default
	Label    string // as the hosted page shows it
	accounts []accountSpec
}

type accountSpec struct {
	kind             string // ob.AccountCurrent or ob.AccountSavings
	name             string // the product name
	openMin, openMax int64  // opening balance at the start of the window, pence
	overdraft        int64  // arranged overdraft, pence
	rules            []rule
}

// rule is a kind of transaction and when it happens.
type rule struct {
	slot      string // names the rule in hashes and ids; rules sharing a slot share their per-person amount
	category  string
	desc      string   // the statement text, or its start when picks is set
	picks     []string // one is appended: per person when pickOnce, else per occurrence
	pickOnce  bool
	when      func(d time.Time) bool
	chance    uint64 // percent of the days when matches that it happens; 0 means always
	min, max  int64  // the amount in pence (a magnitude)
	perPerson bool   // the amount is chosen once per customer, then varied by vary percent
	vary      int64
	round     int64 // round the amount down to a multiple of this many pence
	credit    bool  // money in
}

// Calendar helpers: rules happen on working days (Monday to Friday; bank holidays are ignored).

func weekend(d time.Time) bool { return d.Weekday() == time.Saturday || d.Weekday() == time.Sunday }

func daysIn(y int, m time.Month) int { return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day() }

// workingDayFrom is the first working day on or after day (capped at the month's length) of d's month,
// or the last one before it when the month ends first.
func workingDayFrom(d time.Time, day int) int {
	n := daysIn(d.Year(), d.Month())
	day = min(day, n)
	for x := day; x <= n; x++ {
		if !weekend(time.Date(d.Year(), d.Month(), x, 0, 0, 0, 0, time.UTC)) {
			return x
		}
	}
	for x := day - 1; x >= 1; x-- {
		if !weekend(time.Date(d.Year(), d.Month(), x, 0, 0, 0, 0, time.UTC)) {
			return x
		}
	}
	return day
}

// monthly: on the first working day on or after day of each month.
func monthly(day int) func(time.Time) bool {
	return func(d time.Time) bool { return d.Day() == workingDayFrom(d, day) }
}

// inMonths: monthly(day), only in the given months.
func inMonths(day int, months ...time.Month) func(time.Time) bool {
	on := monthly(day)
	return func(d time.Time) bool {
		for _, m := range months {
			if d.Month() == m {
				return on(d)
			}
		}
		return false
	}
}

// lastWorkingDay: the last working day of each month (payday).
func lastWorkingDay(d time.Time) bool {
	return d.Day() == workingDayFrom(d, daysIn(d.Year(), d.Month()))
}

// weekly: every given weekday.
func weekly(wd time.Weekday) func(time.Time) bool {
	return func(d time.Time) bool { return d.Weekday() == wd }
}

func workingDays(d time.Time) bool { return !weekend(d) }
func everyDay(time.Time) bool      { return true }

// councilTaxMonths are the ten monthly instalments of a council-tax year.
var councilTaxMonths = []time.Month{time.April, time.May, time.June, time.July, time.August, time.September,
	time.October, time.November, time.December, time.January}

var (
	employers  = []string{"HARTWELL LOGISTICS LTD", "MERIDIAN CARE SERVICES", "OAKFIELD COUNCIL PAYROLL", "BRIGHTWATER RETAIL PLC", "CASTLEGATE ENGINEERING"}
	landlords  = []string{"PARKSIDE LETTINGS", "J SMITH RENT", "HOMESTEAD PROPERTY MGMT", "CITYVIEW RESIDENTIAL"}
	councils   = []string{"OAKFIELD COUNCIL CTAX", "RIVERSIDE BOROUGH CTAX", "NORTHDALE DC CTAX"}
	grocers    = []string{"HARVEST SUPERMARKET", "VALLEY FOODS", "CORNER MARKET", "GREENLEAF GROCERS"}
	cafes      = []string{"THE COPPER KETTLE", "LANTERN PIZZA", "NOODLE HOUSE", "THE RED LION"}
	shops      = []string{"HIGHSTREET FASHION", "PAGEBOOKS", "HOMEWARE DEPOT", "ONLINE MARKETPLACE"}
	clients    = []string{"NORTHWIND DESIGN LTD", "BLUE FERN STUDIO", "ASHWORTH & CO", "PIXELBRIDGE LTD", "M OKONJO"}
	fuelDepots = []string{"ROADSTAR FUEL", "QUICKFILL SERVICES"}
)

// profiles are the documented data profiles; profiles[0] is the default (sandbox/README.md lists them).
var profiles = []profile{
	{Key: "salaried_renter", Label: "Salaried renter", accounts: []accountSpec{{
		kind: ob.AccountCurrent, name: "Everyday Current Account", openMin: 150000, openMax: 350000, overdraft: 50000,
		rules: []rule{
			{slot: "salary", category: ob.CategorySalary, desc: "SALARY ", picks: employers, pickOnce: true, when: lastWorkingDay, min: 225000, max: 285000, perPerson: true, credit: true},
			{slot: "rent", category: ob.CategoryRent, desc: "STANDING ORDER ", picks: landlords, pickOnce: true, when: monthly(1), min: 75000, max: 115000, perPerson: true, round: 100},
			{slot: "energy", category: ob.CategoryUtilities, desc: "DIRECT DEBIT BRIGHTSPARK ENERGY", when: monthly(5), min: 7500, max: 14000, perPerson: true, round: 100},
			{slot: "broadband", category: ob.CategoryBills, desc: "DIRECT DEBIT FIBRELINE BROADBAND", when: monthly(8), min: 2500, max: 3800, perPerson: true},
			{slot: "mobile", category: ob.CategoryBills, desc: "DIRECT DEBIT SIGNALBOX MOBILE", when: monthly(12), min: 1200, max: 3000, perPerson: true},
			{slot: "counciltax", category: ob.CategoryCouncilTax, desc: "DIRECT DEBIT ", picks: councils, pickOnce: true, when: inMonths(15, councilTaxMonths...), min: 12000, max: 18000, perPerson: true},
			{slot: "water", category: ob.CategoryUtilities, desc: "DIRECT DEBIT RIVERSIDE WATER", when: monthly(20), min: 2800, max: 4500, perPerson: true},
			{slot: "streaming", category: ob.CategorySubscriptions, desc: "CARD PAYMENT STREAMFLIX", when: monthly(3), min: 1099, max: 1099},
			{slot: "cash", category: ob.CategoryCash, desc: "CASH WITHDRAWAL HIGH ST", when: monthly(10), min: 4000, max: 8000, round: 1000},
			{slot: "groceries", category: ob.CategoryGroceries, desc: "CARD PAYMENT ", picks: grocers, when: weekly(time.Saturday), min: 4500, max: 9500},
			{slot: "topup", category: ob.CategoryGroceries, desc: "CARD PAYMENT ", picks: grocers, when: weekly(time.Wednesday), chance: 50, min: 1200, max: 3500},
			{slot: "travel", category: ob.CategoryTransport, desc: "CARD PAYMENT CITYLINK TRAVEL", when: weekly(time.Monday), chance: 85, min: 2000, max: 3200},
			{slot: "eatingout", category: ob.CategoryEatingOut, desc: "CARD PAYMENT ", picks: cafes, when: weekly(time.Friday), chance: 60, min: 1500, max: 4800},
			{slot: "shopping", category: ob.CategoryShopping, desc: "CARD PAYMENT ", picks: shops, when: everyDay, chance: 8, min: 1000, max: 8000},
		},
	}}},
	{Key: "low_income", Tag: "lowincome", Label: "Low income renter", accounts: []accountSpec{{
		kind: ob.AccountCurrent, name: "Basic Current Account", openMin: 60000, openMax: 100000, overdraft: 0,
		rules: []rule{
			{slot: "wages", category: ob.CategorySalary, desc: "WAGES ", picks: employers, pickOnce: true, when: weekly(time.Friday), min: 19000, max: 25000, perPerson: true, vary: 15, credit: true},
			{slot: "uc", category: ob.CategoryBenefits, desc: "DWP UC", when: monthly(9), min: 30000, max: 52000, perPerson: true, credit: true},
			{slot: "rent", category: ob.CategoryRent, desc: "STANDING ORDER ", picks: landlords, pickOnce: true, when: monthly(1), min: 62500, max: 77500, perPerson: true, round: 100},
			{slot: "counciltax", category: ob.CategoryCouncilTax, desc: "DIRECT DEBIT ", picks: councils, pickOnce: true, when: inMonths(15, councilTaxMonths...), min: 4000, max: 7000, perPerson: true},
			{slot: "loan", category: ob.CategoryLoanRepayment, desc: "STANDING ORDER QUICKCASH LOANS", when: monthly(11), min: 6000, max: 12000, perPerson: true},
			{slot: "mobile", category: ob.CategoryBills, desc: "DIRECT DEBIT SIGNALBOX MOBILE", when: monthly(12), min: 800, max: 1500, perPerson: true},
			{slot: "energy", category: ob.CategoryUtilities, desc: "PAYPOINT ENERGY TOP UP", when: weekly(time.Tuesday), chance: 60, min: 1000, max: 2500, round: 500},
			{slot: "cash", category: ob.CategoryCash, desc: "CASH WITHDRAWAL HIGH ST", when: monthly(10), min: 2000, max: 4000, round: 1000},
			{slot: "groceries", category: ob.CategoryGroceries, desc: "CARD PAYMENT ", picks: grocers, when: weekly(time.Saturday), min: 3000, max: 6000},
			{slot: "topup", category: ob.CategoryGroceries, desc: "CARD PAYMENT ", picks: grocers, when: weekly(time.Wednesday), chance: 40, min: 800, max: 2000},
			{slot: "bus", category: ob.CategoryTransport, desc: "CARD PAYMENT CITYLINK BUS", when: weekly(time.Monday), chance: 70, min: 1200, max: 1800},
			{slot: "shopping", category: ob.CategoryShopping, desc: "CARD PAYMENT ", picks: shops, when: everyDay, chance: 4, min: 500, max: 3000},
		},
	}}},
	{Key: "homeowner", Tag: "homeowner", Label: "Homeowner with savings", accounts: []accountSpec{
		{
			kind: ob.AccountCurrent, name: "Premier Current Account", openMin: 250000, openMax: 500000, overdraft: 150000,
			rules: []rule{
				{slot: "salary", category: ob.CategorySalary, desc: "SALARY ", picks: employers, pickOnce: true, when: lastWorkingDay, min: 360000, max: 460000, perPerson: true, credit: true},
				{slot: "mortgage", category: ob.CategoryMortgage, desc: "DIRECT DEBIT HEARTHSTONE MORTGAGES", when: monthly(1), min: 90000, max: 135000, perPerson: true},
				{slot: "streaming", category: ob.CategorySubscriptions, desc: "CARD PAYMENT STREAMFLIX", when: monthly(3), min: 1099, max: 1099},
				{slot: "music", category: ob.CategorySubscriptions, desc: "CARD PAYMENT TUNEBOX", when: monthly(4), min: 699, max: 699},
				{slot: "energy", category: ob.CategoryUtilities, desc: "DIRECT DEBIT BRIGHTSPARK ENERGY", when: monthly(5), min: 12000, max: 19000, perPerson: true, round: 100},
				{slot: "homeins", category: ob.CategoryInsurance, desc: "DIRECT DEBIT SAFEHAVEN HOME INS", when: monthly(7), min: 2500, max: 4500, perPerson: true},
				{slot: "broadband", category: ob.CategoryBills, desc: "DIRECT DEBIT FIBRELINE BROADBAND", when: monthly(8), min: 3000, max: 4500, perPerson: true},
				{slot: "carins", category: ob.CategoryInsurance, desc: "DIRECT DEBIT ROADSURE MOTOR", when: monthly(9), min: 4000, max: 7000, perPerson: true},
				{slot: "mobile", category: ob.CategoryBills, desc: "DIRECT DEBIT SIGNALBOX MOBILE", when: monthly(12), min: 1800, max: 3500, perPerson: true},
				{slot: "counciltax", category: ob.CategoryCouncilTax, desc: "DIRECT DEBIT ", picks: councils, pickOnce: true, when: inMonths(15, councilTaxMonths...), min: 17000, max: 24000, perPerson: true},
				{slot: "gym", category: ob.CategorySubscriptions, desc: "DIRECT DEBIT PEAKFIT GYM", when: monthly(18), min: 3500, max: 4500, perPerson: true},
				{slot: "water", category: ob.CategoryUtilities, desc: "DIRECT DEBIT RIVERSIDE WATER", when: monthly(20), min: 3800, max: 5500, perPerson: true},
				{slot: "savings", category: ob.CategoryTransfer, desc: "TRANSFER TO EASY ACCESS SAVER", when: monthly(28), min: 30000, max: 60000, perPerson: true, round: 5000},
				{slot: "groceries", category: ob.CategoryGroceries, desc: "CARD PAYMENT ", picks: grocers, when: weekly(time.Saturday), min: 8000, max: 14000},
				{slot: "topup", category: ob.CategoryGroceries, desc: "CARD PAYMENT ", picks: grocers, when: weekly(time.Wednesday), chance: 60, min: 1500, max: 4000},
				{slot: "fuel", category: ob.CategoryTransport, desc: "CARD PAYMENT ", picks: fuelDepots, when: weekly(time.Sunday), chance: 75, min: 4500, max: 7000},
				{slot: "eatingout", category: ob.CategoryEatingOut, desc: "CARD PAYMENT ", picks: cafes, when: weekly(time.Friday), chance: 70, min: 2500, max: 7000},
				{slot: "shopping", category: ob.CategoryShopping, desc: "CARD PAYMENT ", picks: shops, when: everyDay, chance: 10, min: 1500, max: 12000},
			},
		},
		{
			kind: ob.AccountSavings, name: "Easy Access Saver", openMin: 200000, openMax: 1500000,
			rules: []rule{
				{slot: "savings", category: ob.CategoryTransfer, desc: "TRANSFER FROM CURRENT ACCOUNT", when: monthly(28), min: 30000, max: 60000, perPerson: true, round: 5000, credit: true},
				{slot: "interest", category: ob.CategoryInterest, desc: "INTEREST", when: lastWorkingDay, min: 300, max: 2500, credit: true},
			},
		},
	}},
	{Key: "self_employed", Tag: "selfemployed", Label: "Self-employed renter", accounts: []accountSpec{{
		kind: ob.AccountCurrent, name: "Everyday Current Account", openMin: 250000, openMax: 550000, overdraft: 50000,
		rules: []rule{
			{slot: "invoice", category: ob.CategorySelfEmployment, desc: "FASTER PAYMENT ", picks: clients, when: workingDays, chance: 15, min: 50000, max: 140000, credit: true},
			{slot: "rent", category: ob.CategoryRent, desc: "STANDING ORDER ", picks: landlords, pickOnce: true, when: monthly(1), min: 80000, max: 115000, perPerson: true, round: 100},
			{slot: "energy", category: ob.CategoryUtilities, desc: "DIRECT DEBIT BRIGHTSPARK ENERGY", when: monthly(5), min: 8000, max: 14000, perPerson: true, round: 100},
			{slot: "software", category: ob.CategorySubscriptions, desc: "CARD PAYMENT CLOUDLEDGER SOFTWARE", when: monthly(6), min: 2000, max: 4000, perPerson: true},
			{slot: "broadband", category: ob.CategoryBills, desc: "DIRECT DEBIT FIBRELINE BROADBAND", when: monthly(8), min: 2800, max: 4000, perPerson: true},
			{slot: "mobile", category: ob.CategoryBills, desc: "DIRECT DEBIT SIGNALBOX MOBILE", when: monthly(12), min: 1500, max: 3000, perPerson: true},
			{slot: "counciltax", category: ob.CategoryCouncilTax, desc: "DIRECT DEBIT ", picks: councils, pickOnce: true, when: inMonths(15, councilTaxMonths...), min: 12000, max: 17000, perPerson: true},
			{slot: "water", category: ob.CategoryUtilities, desc: "DIRECT DEBIT RIVERSIDE WATER", when: monthly(20), min: 3000, max: 4500, perPerson: true},
			{slot: "hmrc", category: ob.CategoryTax, desc: "HMRC SELF ASSESSMENT", when: inMonths(29, time.January, time.July), min: 120000, max: 240000, perPerson: true, vary: 20},
			{slot: "cash", category: ob.CategoryCash, desc: "CASH WITHDRAWAL HIGH ST", when: monthly(10), min: 4000, max: 8000, round: 1000},
			{slot: "groceries", category: ob.CategoryGroceries, desc: "CARD PAYMENT ", picks: grocers, when: weekly(time.Saturday), min: 4500, max: 9500},
			{slot: "travel", category: ob.CategoryTransport, desc: "CARD PAYMENT CITYLINK TRAVEL", when: weekly(time.Monday), chance: 60, min: 1500, max: 3200},
			{slot: "eatingout", category: ob.CategoryEatingOut, desc: "CARD PAYMENT ", picks: cafes, when: weekly(time.Friday), chance: 50, min: 1500, max: 4800},
			{slot: "shopping", category: ob.CategoryShopping, desc: "CARD PAYMENT ", picks: shops, when: everyDay, chance: 8, min: 1000, max: 8000},
		},
	}}},
}

// DataProfile is a documented data profile (GET /_sandbox/personas lists them).
type DataProfile struct {
	Key string `json:"key"`
	// Tag is the "+tag" of a customer reference that selects it ("+homeowner"); "" for the default.
	Tag   string `json:"tag"`
	Label string `json:"label"`
}

// DataProfiles returns the data profiles, the default first (freshly built).
func DataProfiles() []DataProfile {
	out := make([]DataProfile, len(profiles))
	for i, p := range profiles {
		out[i] = DataProfile{Key: p.Key, Label: p.Label}
		if p.Tag != "" {
			out[i].Tag = "+" + p.Tag
		}
	}
	return out
}

// profileFor picks the profile of a customer reference: the first "+tag" of its local part (before any
// "@") that names a profile, case-insensitively; the default profile otherwise.
func profileFor(reference string) *profile {
	local := strings.ToLower(reference)
	if i := strings.LastIndexByte(local, '@'); i >= 0 {
		local = local[:i]
	}
	parts := strings.Split(local, "+")
	for _, tag := range parts[1:] {
		for i := range profiles {
			if profiles[i].Tag != "" && profiles[i].Tag == tag {
				return &profiles[i]
			}
		}
	}
	return &profiles[0]
}

// customer is the generator for one customer at one bank.
type customer struct {
	seed    string // the customer reference, lower case
	bank    bank
	profile *profile
}

func newCustomer(reference string, b bank) customer {
	return customer{seed: strings.ToLower(strings.TrimSpace(reference)), bank: b, profile: profileFor(reference)}
}

// hash is the first 64 bits of SHA-256 over the seed and parts.
func (c customer) hash(parts ...string) uint64 {
	sum := c.sum(parts...)
	return binary.BigEndian.Uint64(sum[:8])
}

func (c customer) sum(parts ...string) [32]byte {
	h := sha256.New()
	h.Write([]byte(c.seed))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// between is a deterministic whole number in [lo, hi].
func (c customer) between(lo, hi int64, parts ...string) int64 {
	if hi <= lo {
		return lo
	}
	return lo + int64(c.hash(parts...)%uint64(hi-lo+1))
}

func (c customer) accountID(spec accountSpec) string {
	sum := c.sum("account", c.bank.ID, spec.kind)
	return "acc_" + hex.EncodeToString(sum[:10])
}

// accounts are the customer's accounts at the bank.
func (c customer) accounts() []ob.Account {
	out := make([]ob.Account, 0, len(c.profile.accounts))
	for _, spec := range c.profile.accounts {
		id := c.accountID(spec)
		out = append(out, ob.Account{
			ID: id, Type: spec.kind, Name: spec.name, Currency: ob.CurrencyGBP,
			SortCode:      fmt.Sprintf("%s-%02d", c.bank.sortPrefix, c.between(0, 99, "sortcode", id)),
			AccountNumber: fmt.Sprintf("%08d", c.between(10000000, 99999999, "number", id)),
		})
	}
	return out
}

// account finds one of the customer's accounts by id.
func (c customer) account(id string) (accountSpec, bool) {
	for _, spec := range c.profile.accounts {
		if c.accountID(spec) == id {
			return spec, true
		}
	}
	return accountSpec{}, false
}

// historyStart is the first day of the 12 months of history that end on today.
func historyStart(today time.Time) time.Time { return today.AddDate(0, -12, 0) }

// history is the account's transactions from historyStart(today) to today, oldest first, with running
// balances from a deterministic opening balance.
func (c customer) history(spec accountSpec, today time.Time) []ob.Transaction {
	id := c.accountID(spec)
	balance := c.between(spec.openMin, spec.openMax, "opening", id)
	var out []ob.Transaction
	for d := historyStart(today); !d.After(today); d = d.AddDate(0, 0, 1) {
		ds := d.Format(dateLayout)
		for _, r := range spec.rules {
			amount, desc, ok := c.occurrence(r, d, ds)
			if !ok {
				continue
			}
			balance += amount
			sum := c.sum("txn", id, r.slot, ds)
			out = append(out, ob.Transaction{
				ID: "txn_" + hex.EncodeToString(sum[:10]), BookingDate: ds, AmountPence: amount, Currency: ob.CurrencyGBP,
				Description: desc, Category: r.category, RunningBalancePence: balance,
			})
		}
	}
	return out
}

// occurrence is what rule r does on date d (ds formatted): the signed amount and the description, or
// ok false when it does not happen that day.
func (c customer) occurrence(r rule, d time.Time, ds string) (amount int64, desc string, ok bool) {
	if !r.when(d) {
		return 0, "", false
	}
	if r.chance > 0 && c.hash("chance", r.slot, ds)%100 >= r.chance {
		return 0, "", false
	}
	if r.perPerson {
		amount = c.between(r.min, r.max, "amount", r.slot)
		if r.vary > 0 {
			amount = amount * (100 + c.between(-r.vary, r.vary, "vary", r.slot, ds)) / 100
		}
	} else {
		amount = c.between(r.min, r.max, "amount", r.slot, ds)
	}
	if r.round > 0 {
		amount = max(amount/r.round*r.round, r.round)
	}
	if !r.credit {
		amount = -amount
	}
	desc = r.desc
	if len(r.picks) > 0 {
		key := []string{"pick", r.slot}
		if !r.pickOnce {
			key = append(key, ds)
		}
		desc += r.picks[c.hash(key...)%uint64(len(r.picks))]
	}
	return amount, desc, true
}

// balances are the account's current balance (after every transaction up to today) and the available
// one (plus the arranged overdraft).
func (c customer) balances(spec accountSpec, now time.Time) []ob.Balance {
	today := dayOf(now)
	current := c.between(spec.openMin, spec.openMax, "opening", c.accountID(spec))
	if h := c.history(spec, today); len(h) > 0 {
		current = h[len(h)-1].RunningBalancePence
	}
	return []ob.Balance{
		{Type: ob.BalanceCurrent, AmountPence: current, Currency: ob.CurrencyGBP, AsOf: now},
		{Type: ob.BalanceAvailable, AmountPence: current + spec.overdraft, Currency: ob.CurrencyGBP, AsOf: now},
	}
}

const dateLayout = "2006-01-02"

// dayOf is t's calendar day (UTC) at midnight.
func dayOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
