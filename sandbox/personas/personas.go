// Package personas is the sandbox's deterministic test people (DESIGN §5): the applicant rules chosen
// by an e-mail plus-tag, the way card networks use test card numbers; the seeded staff account; the
// finance-portal users; and the seeded borrowers, each a customer of the lending core in a known state.
//
// It is data only. The lending core (sandbox/lending) applies the applicant rules in its eligibility
// checks and seeds its customers and credentials from this catalogue on every reset; GET
// /_sandbox/personas serves the catalogue as JSON; sandbox/README.md documents it for people.
//
// Every credential here is public on purpose: it exists only in the sandbox. All e-mail domains are on
// .example and all phone numbers in Ofcom's ranges reserved for drama (07700 900000–900999), so
// nothing reaches a real person.
//
// # Borrowers and the parts of the lending core that attach to them
//
// Each Borrower has a stable CustomerID and a Scenario. The lending core creates the customer (e-mail,
// phone, name, date of birth, address, PIN and its lock) from it. Loans and applications are attached
// by Scenario (with RegStage or OnePageStep): a seeding step for loans and applications switches on
// Scenario and creates that customer's loan or application, keyed by CustomerID.
package personas

import (
	"net/http"
	"slices"
	"strings"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	sandboxidentity "lender/sandbox/identity"
	"lender/sandbox/lending/gazetteer"
	sandboxob "lender/sandbox/openbanking"
	sandboxpayments "lender/sandbox/payments"
)

// ApplicantRule is an outcome an applicant's e-mail chooses with a plus-tag.
type ApplicantRule struct {
	// Tag is the plus-tag, e.g. "+decline".
	Tag string `json:"tag"`
	// Outcome is the eligibility outcome it forces (lending.Outcome…).
	Outcome string `json:"outcome"`
	// Example is an e-mail address that triggers it.
	Example      string `json:"example"`
	Demonstrates string `json:"demonstrates"`
}

// applicantRules is the one table of applicant rules.
var applicantRules = []ApplicantRule{
	{Tag: "+decline", Outcome: lending.OutcomeDeclined, Example: "jo+decline@example.com",
		Demonstrates: "Declined on credit history (reason credit_history), whatever the income: the decline screen and its reasons."},
	{Tag: "+refer", Outcome: lending.OutcomeReferred, Example: "jo+refer@example.com",
		Demonstrates: "Referred to an underwriter (reason manual_review), decision due 24 hours later on the sandbox clock: the waiting screens."},
	{Tag: "+counteroffer", Outcome: lending.OutcomeCounteroffer, Example: "jo+counteroffer@example.com",
		Demonstrates: "A counteroffer at 60% of the amount asked for (rounded down to £100, at least £1,000), same term, rate from the table: the counteroffer screen."},
}

// ApplicantRules returns the applicant rules (a fresh copy). An e-mail without any of these tags is
// decided by the lending core's ordinary rules (age, affordability), which approve a typical applicant.
func ApplicantRules() []ApplicantRule {
	return append([]ApplicantRule(nil), applicantRules...)
}

// Tags returns the lower-cased plus-tags of an e-mail's local part: "Jo+Decline+7@example.com" →
// ["decline", "7"]. Tags let testers make many distinct addresses with one outcome.
func Tags(email string) []string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return nil
	}
	parts := strings.Split(strings.ToLower(email[:at]), "+")
	return parts[1:]
}

// RuleFor returns the applicant rule an e-mail triggers: the first of its plus-tags that names a rule,
// so jo+decline@…, jo+decline+7@… and jo+7+decline@… all decline.
func RuleFor(email string) (ApplicantRule, bool) {
	for _, tag := range Tags(email) {
		for _, r := range applicantRules {
			if "+"+tag == r.Tag {
				return r, true
			}
		}
	}
	return ApplicantRule{}, false
}

// Staff is a seeded member of the lender's staff (the borrower area's staff sign-in).
type Staff struct {
	ID           string `json:"id"`
	Account      string `json:"account"`
	Password     string `json:"password"`
	DisplayName  string `json:"displayName"`
	Demonstrates string `json:"demonstrates"`
}

var staff = []Staff{
	{ID: "stf_demo", Account: "sandbox.staff", Password: "Meadow-Staff-2026", DisplayName: "Robin Hale",
		Demonstrates: "The staff sign-in dialog (account and password)."},
}

// StaffAccounts returns the seeded staff accounts (a fresh copy).
func StaffAccounts() []Staff { return append([]Staff(nil), staff...) }

// PortalUser is a seeded finance-portal user.
type PortalUser struct {
	ID         string `json:"id"`
	Email      string `json:"email"`
	Password   string `json:"password"`
	Name       string `json:"name"`
	Role       string `json:"role"` // lending.RoleBroker or lending.RoleFinance
	BrokerID   string `json:"brokerId"`
	BrokerFirm string `json:"brokerFirm"`
	// ClientName is the brand clientName of the firm: the finance portal is drawn in it for its users.
	ClientName   string `json:"clientName"`
	Demonstrates string `json:"demonstrates"`
}

// Broker firms.
const (
	NorthgateID   = "brk_northgate"
	NorthgateFirm = "Northgate Finance Brokers"
	KestrelID     = "brk_kestrel"
	KestrelFirm   = "Kestrel Brokers"
	// The brand clientName of each firm.
	NorthgateClientName = "northgate"
	KestrelClientName   = "kestrel"
)

var portalUsers = []PortalUser{
	{ID: "pu_northgate_broker", Email: "broker@northgate-brokers.example", Password: "Northgate-Broker-2026",
		Name: "Nadia Price", Role: lending.RoleBroker, BrokerID: NorthgateID, BrokerFirm: NorthgateFirm, ClientName: NorthgateClientName,
		Demonstrates: "A broker: signs in to the finance portal, creates offers, lists the firm's offers."},
	{ID: "pu_northgate_finance", Email: "finance@northgate-brokers.example", Password: "Northgate-Finance-2026",
		Name: "Owen Reid", Role: lending.RoleFinance, BrokerID: NorthgateID, BrokerFirm: NorthgateFirm, ClientName: NorthgateClientName,
		Demonstrates: "Finance staff of the same firm: sees the offers its brokers made."},
	{ID: "pu_kestrel_broker", Email: "broker@kestrel-brokers.example", Password: "Kestrel-Broker-2026",
		Name: "Priya Shah", Role: lending.RoleBroker, BrokerID: KestrelID, BrokerFirm: KestrelFirm, ClientName: KestrelClientName,
		Demonstrates: "A broker of another firm: never sees Northgate's offers."},
}

// PortalUsers returns the seeded finance-portal users (a fresh copy).
func PortalUsers() []PortalUser { return append([]PortalUser(nil), portalUsers...) }

// Scenario is what a seeded borrower demonstrates, and what the lending core attaches to them.
type Scenario string

// Scenarios.
const (
	ScenarioLoanUpToDate       Scenario = "loan_up_to_date"
	ScenarioLoanInArrears      Scenario = "loan_in_arrears"
	ScenarioLoanPaymentHoliday Scenario = "loan_payment_holiday"
	ScenarioLoanTopUpEligible  Scenario = "loan_top_up_eligible"
	ScenarioLoanSettled        Scenario = "loan_settled"
	// ScenarioTwoLoans: two open loans, both up to date, drawn down months apart.
	ScenarioTwoLoans Scenario = "two_loans"
	// ScenarioApplication: a legacy (not one-page) application at RegStage.
	ScenarioApplication Scenario = "application"
	// ScenarioOnePageApplication: a one-page application whose next step is OnePageStep.
	ScenarioOnePageApplication Scenario = "one_page_application"
	// ScenarioApplicationBranch: a legacy application that a spec §4 resume rule other than its first
	// pending regStage routes (Branch); RegStage is its first pending stage, "" when none is.
	ScenarioApplicationBranch Scenario = "application_branch"
)

// Branches of spec §4 "Resume target, legacy" that are not a regStage of their own (Borrower.Branch):
// the screen a rule sends to, or the additionalOps value it routes on (lending.Op…).
const (
	BranchPurposeText   = "purpose_text"   // purpose "other" without its text, approvalStatus 9
	BranchCreditConsent = "credit_consent" // incomeVerification pending, aggregator the lender's own
	BranchSignOver      = "signOver"       // idv done, nothing more asked, preDispersalStatus 9
)

// Borrower is a seeded customer of the lending core.
type Borrower struct {
	// Key is the persona's label, e.g. "up-to-date"; the lending core's Customer.Persona.
	Key        string `json:"key"`
	CustomerID string `json:"customerId"`
	FirstName  string `json:"firstName"`
	LastName   string `json:"lastName"`
	Email      string `json:"email"`
	// Phone is E.164, or "" for a persona that has not given one yet.
	Phone string `json:"phone"`
	// PIN is the persona's PIN, "" when none is set.
	PIN string `json:"pin,omitempty"`
	// PINLocked: the PIN starts locked after five wrong attempts, from the seed's time (a start or a
	// reset), so the lock lifts lending.PINLockPeriod later on the sandbox clock like any other.
	PINLocked   bool            `json:"pinLocked,omitempty"`
	DateOfBirth string          `json:"dateOfBirth"`
	Address     lending.Address `json:"address"`
	AddressID   string          `json:"addressId"` // the gazetteer id of Address
	Scenario    Scenario        `json:"scenario"`
	// RegStage is the legacy application's stage (ScenarioApplication), one of spec §3's values.
	RegStage string `json:"regStage,omitempty"`
	// OnePageStep is the next step of a one-page application (ScenarioOnePageApplication), one of the
	// journey's step names in spec §2 (EmailConfirmation … ApplicationSubmit).
	OnePageStep string `json:"onePageStep,omitempty"`
	// CPACardToken is the payment gateway's token of the card the lending core holds for continuous
	// payments (a loan's, or an application's past setCpa); "" when none. The gateway seeds that card
	// (a Visa ending 4242 that succeeds) for CustomerID.
	CPACardToken string `json:"cpaCardToken,omitempty"`
	// ConsentID is the open-banking consent of an application past openBanking; "" when none. The
	// open-banking provider seeds it authorised for CustomerID.
	ConsentID string `json:"consentId,omitempty"`
	// IdentityCheckID is the identity check of an application past idv; "" when none. The identity
	// provider seeds it passed, with CustomerID as its reference.
	IdentityCheckID string `json:"identityCheckId,omitempty"`
	// Branch is the spec §4 legacy resume rule beyond the regStages that the application demonstrates
	// (Branch… or an additionalOps value), "" for none.
	Branch string `json:"branch,omitempty"`
	// ApplicationOwner is the clientName of the brand that owns the persona's application (spec §3
	// applicationOwner), one the lending core seeds; "" for the default brand.
	ApplicationOwner string `json:"applicationOwner,omitempty"`
	Demonstrates     string `json:"demonstrates"`
}

// Domain is the e-mail domain of the seeded borrowers.
const Domain = "personas.example"

// HarbourBrand is the clientName of the white-label brand the lending core seeds (Harbour Credit),
// which owns the application of the persona white-label-one-page.
const HarbourBrand = "harbour"

// PIN is the PIN of most seeded borrowers who have one.
const PIN = "1357"

// borrower builds a Borrower; the e-mail is key@Domain and the address comes from the gazetteer.
func borrower(key, first, last, phone, pin, dob, addressID string, sc Scenario, demonstrates string) Borrower {
	a, ok := gazetteer.Find(addressID)
	if !ok {
		panic("personas: no gazetteer address " + addressID) // caught by the tests
	}
	return Borrower{Key: key, CustomerID: "cus_" + strings.ReplaceAll(key, "-", "_"), FirstName: first, LastName: last,
		Email: key + "@" + Domain, Phone: phone, PIN: pin, DateOfBirth: dob, Address: a.Address, AddressID: a.ID,
		Scenario: sc, Demonstrates: demonstrates}
}

// legacyStages are the regStage values spec §4 routes a legacy application on, in journey order,
// with what each shows; stagesWithPIN are those reached after the applicant set a PIN.
var legacyStages = []struct {
	stage, first, last, dob, addressID, demonstrates string
	pin, phone                                       bool
}{
	{"welcome", "Harper", "Quinn", "1990-04-12", "gz_LM11AA_02", "Pending at the start: resumes at start_b (or quote_review when the welcome choice is b).", false, true},
	{"rentInfo", "Indigo", "Rowe", "1987-09-30", "gz_LM24QT_03", "Pending housing details: resumes at address.", false, true},
	{"emailConf", "Jesse", "Stone", "1995-01-08", "gz_LM38RD_03", "E-mail not yet confirmed: resumes at email_verify_again (email_verify_soft for choice b).", false, true},
	{"openBanking", "Kai", "Turner", "1983-06-21", "gz_HB12WX_04", "Bank not yet connected: resumes at connect_accounts.", false, true},
	{"incomeVerification", "Logan", "Underwood", "1979-11-02", "gz_KD129PL_02", "Income to verify: resumes at credit_consent or all_submit.", false, true},
	{"contractSubmitted", "Morgan", "Vale", "1992-02-17", "gz_AV72RW_03", "Contract submitted: resumes at all_done or all_submit.", false, true},
	{"waitingPage", "Noel", "Walsh", "1988-08-08", "gz_LM11AA_03", "Waiting for a decision: resumes at received.", false, true},
	{"setPassword", "Oakley", "Young", "1991-12-24", "gz_LM24QT_04", "Approved, no PIN yet: resumes at approved, then sets a PIN.", false, true},
	{"setPhone", "Parker", "Ashby", "1986-03-03", "gz_LM38RD_04", "Approved with a PIN but no phone number: resumes at phoneNumber.", true, false},
	{"confirmationPayee", "Reese", "Blake", "1984-07-19", "gz_HB12WX_05", "Approved: confirms the payee at the partner disbursal account screen.", true, true},
	{"setCpa", "Rowan", "Chase", "1993-10-10", "gz_KD129PL_03", "Approved: sets up the continuous payment authority at connectBank.", true, true},
	{"commissionConsent", "Sage", "Dunn", "1981-05-05", "gz_AV72RW_04", "Approved: consents to the broker's commission.", true, true},
	{"signature", "Skyler", "Eaton", "1996-06-16", "gz_LM11AA_06", "Approved: signs the agreement at sign.", true, true},
	{"idv", "Tatum", "Fox", "1989-09-09", "gz_LM24QT_05", "Approved: verifies identity at identity_start.", true, true},
	{"additionalOps", "Unity", "Grant", "1985-04-25", "gz_HB12WX_03", "Approved with the address operation outstanding: resumes at address_history.", true, true},
}

// legacyBranches are the seeded applications of spec §4's legacy resume rules that are not regStages
// (ScenarioApplicationBranch). The additionalOps value address is regstage-additionalops's.
var legacyBranches = []struct {
	key, first, last, dob, addressID, branch, demonstrates string
}{
	{"purpose-text", "Wren", "Abbott", "1991-03-19", "gz_LM11AA_05", BranchPurposeText,
		"Bank linked, purpose \"other\" without its description, not yet decided: resumes at purpose_text, then income."},
	{"credit-consent", "Ellis", "Brook", "1986-10-04", "gz_LM24QT_06", BranchCreditConsent,
		"Came through the lender's own comparison site; income to verify: resumes at credit_consent."},
	{"sign-over", "Jordan", "Cole", "1980-12-12", "gz_LM38RD_02", BranchSignOver,
		"Approved, every step done including identity, not yet paid out: resumes at signOver."},
	{"ops-reset-cpa", "Marlowe", "Drake", "1984-02-09", "gz_HB12WX_01", lending.OpResetCPA,
		"Ready but asked to attach a new payment card (reset_cpa, the CPA cleared): resumes at connectBank."},
	{"ops-sign-again", "Remy", "Ellery", "1992-07-27", "gz_KD129PL_02", lending.OpSignAgain,
		"Ready but asked to sign the agreement again (sign_again, the signature cleared): resumes at sign."},
	{"ops-change-loan", "Shiloh", "Finch", "1989-05-15", "gz_AV72RW_02", lending.OpChangeLoan,
		"Ready but asked to confirm the loan again (change_loan): resumes at quote_review."},
	{"ops-open-banking", "Tegan", "Gale", "1987-01-21", "gz_LM11AA_07", lending.OpOpenBanking,
		"Ready but asked to link a bank again (open_banking): resumes at connect_accounts."},
}

// Borrowers returns the seeded borrowers (freshly built).
func Borrowers() []Borrower {
	out := []Borrower{
		borrower("up-to-date", "Alex", "Morgan", "+447700900101", PIN, "1985-03-14", "gz_LM11AA_01", ScenarioLoanUpToDate,
			"An active loan with every instalment paid on time: the loan dashboard, statements, early repayment."),
		borrower("arrears", "Bailey", "Carter", "+447700900102", PIN, "1978-07-02", "gz_LM24QT_02", ScenarioLoanInArrears,
			"An active loan with missed instalments: the arrears banner and the payment-trouble journeys."),
		borrower("payment-holiday", "Casey", "Doyle", "+447700900103", PIN, "1990-11-23", "gz_LM38RD_01", ScenarioLoanPaymentHoliday,
			"An active loan on a payment holiday: the holiday shown on the schedule."),
		borrower("top-up", "Devon", "Ellis", "+447700900104", "135790", "1982-01-30", "gz_HB12WX_03", ScenarioLoanTopUpEligible,
			"An active loan eligible to borrow more (a six-digit PIN): the top-up journey."),
		borrower("settled", "Emery", "Foster", "+447700900105", PIN, "1975-05-18", "gz_KD129PL_01", ScenarioLoanSettled,
			"A loan repaid in full: the settled state, statements and documents only."),
		borrower("pin-locked", "Frankie", "Green", "+447700900106", PIN, "1993-08-11", "gz_AV72RW_01", ScenarioLoanUpToDate,
			"An up-to-date loan whose PIN starts locked after five wrong attempts, for 30 minutes of sandbox time from the start or reset: the locked-PIN dialog, then signing in with an e-mail code or link, which leads to choosing a new PIN (not `1357`, not a run like `1234`, not the date of birth); the new PIN unlocks it."),
	}
	out[len(out)-1].PINLocked = true
	out = append(out, borrower("two-loans", "Glenn", "Hart", "+447700900107", PIN, "1987-02-14", "gz_LM24QT_01", ScenarioTwoLoans,
		"Two open loans, both up to date: £3,500 over 24 months drawn 11 months ago and £1,200 over 12 months drawn 2 months ago (the newer listed first): choosing a loan, every loan screen about the one chosen."))
	for i := range out {
		out[i].CPACardToken = seedRef("card_seed_", out[i].Key) // every loan is collected by CPA
	}
	for i, s := range legacyStages {
		pin, phone := "", ""
		if s.pin {
			pin = PIN
		}
		if s.phone {
			phone = "+4477009002" + twoDigits(i+1)
		}
		b := borrower("regstage-"+strings.ToLower(s.stage), s.first, s.last, phone, pin, s.dob, s.addressID,
			ScenarioApplication, s.demonstrates)
		b.RegStage = s.stage
		if s.stage == lending.StageAdditionalOps {
			b.Branch = lending.OpAddress
		}
		out = append(out, withRefs(b))
	}
	for i, s := range legacyBranches {
		approved := BranchApproved(s.branch)
		pin := ""
		if approved {
			pin = PIN
		}
		b := borrower(s.key, s.first, s.last, "+4477009004"+twoDigits(i+1), pin, s.dob, s.addressID,
			ScenarioApplicationBranch, s.demonstrates)
		b.Branch = s.branch
		b.RegStage = firstPending(b.SeededStages(), s.branch)
		out = append(out, withRefs(b))
	}
	op := borrower("one-page", "Vesper", "Hughes", "+447700900301", "", "1994-02-28", "gz_LM11AA_04", ScenarioOnePageApplication,
		"Mid-way through the one-page journey: e-mail confirmed and purpose given, next is the housing step.")
	op.OnePageStep = "RentalInfo"
	// Applied through the white label on another device: signing in from the default brand's path, the
	// app takes the white-label brand once it reads who owns the application.
	wl := borrower("white-label-one-page", "Isla", "Marsh", "+447700900302", "", "1991-07-19", "gz_HB12WX_02",
		ScenarioOnePageApplication,
		"Mid-way through the one-page journey of the white-label brand (Harbour Credit owns the application), next is the housing step: signing in from the default brand's path, the app turns to the white-label brand once it reads the application.")
	wl.OnePageStep, wl.ApplicationOwner = "RentalInfo", HarbourBrand
	return append(out, op, wl)
}

// withRefs gives b the references at the other providers that its application's done stages hold.
func withRefs(b Borrower) Borrower {
	done := b.SeededStages()
	if slices.Contains(done, lending.StageOpenBanking) {
		b.ConsentID = seedRef("cons_seed_", b.Key)
	}
	if slices.Contains(done, lending.StageSetCPA) {
		b.CPACardToken = seedRef("card_seed_", b.Key)
	}
	if slices.Contains(done, lending.StageIDV) {
		b.IdentityCheckID = seedRef("idc_seed_", b.Key)
	}
	return b
}

// BranchApproved reports whether a Branch's application is approved (the purpose_text and
// credit_consent ones are still before submission).
func BranchApproved(branch string) bool {
	return branch != BranchPurposeText && branch != BranchCreditConsent
}

// SeededStages is every regStage the persona's legacy application was built through, in journey
// order: the stages before RegStage, or for a branch persona every stage up to its branch (before
// incomeVerification for purpose_text and credit_consent, all of them for the approved ones, whose
// additional operation then undoes what it asks for again). Nil for other scenarios.
func (b Borrower) SeededStages() []string {
	switch b.Scenario {
	case ScenarioApplication:
		return stagesBefore(b.RegStage)
	case ScenarioApplicationBranch:
		if BranchApproved(b.Branch) {
			return lending.RegStageNames()
		}
		return stagesBefore(lending.StageIncomeVerification)
	}
	return nil
}

// firstPending is the first regStage a branch application leaves pending: the additional operation's
// own stage when it clears one (reset_cpa the CPA, sign_again the signature), otherwise the first
// stage not done, or "" when every stage is.
func firstPending(done []string, branch string) string {
	switch branch {
	case lending.OpResetCPA:
		return lending.StageSetCPA
	case lending.OpSignAgain:
		return lending.StageSignature
	case lending.OpChangeLoan, lending.OpOpenBanking, lending.OpAddress:
		return lending.StageAdditionalOps
	}
	for _, s := range lending.RegStageNames() {
		if !slices.Contains(done, s) {
			return s
		}
	}
	return ""
}

// seedRef is a seeded reference: prefix and the persona key with '-' as '_', e.g.
// card_seed_regstage_setcpa.
func seedRef(prefix, key string) string {
	return prefix + strings.ReplaceAll(key, "-", "_")
}

// stagesBefore is every regStage before stage in journey order.
func stagesBefore(stage string) []string {
	names := lending.RegStageNames()
	i := slices.Index(names, stage)
	if i < 0 {
		panic("personas: unknown regStage " + stage) // caught by the tests
	}
	return names[:i]
}

// SeedCards are the cards on file the payment gateway seeds: each borrower's CPACardToken, a Visa
// ending 4242 (TestCardSucceeds) in the borrower's name, primary, for CustomerID.
func SeedCards() []sandboxpayments.SeedCard {
	var out []sandboxpayments.SeedCard
	for _, b := range Borrowers() {
		if b.CPACardToken != "" {
			out = append(out, sandboxpayments.SeedCard{CustomerReference: b.CustomerID, Token: b.CPACardToken,
				Number: sandboxpayments.TestCardSucceeds, CardholderName: b.FirstName + " " + b.LastName})
		}
	}
	return out
}

// SeedConsents are the authorised consents the open-banking provider seeds: each borrower's ConsentID.
func SeedConsents() []sandboxob.SeedConsent {
	var out []sandboxob.SeedConsent
	for _, b := range Borrowers() {
		if b.ConsentID != "" {
			out = append(out, sandboxob.SeedConsent{ID: b.ConsentID, CustomerReference: b.CustomerID})
		}
	}
	return out
}

// SeedChecks are the passed identity checks the identity provider seeds: each borrower's
// IdentityCheckID.
func SeedChecks() []sandboxidentity.SeedCheck {
	var out []sandboxidentity.SeedCheck
	for _, b := range Borrowers() {
		if b.IdentityCheckID != "" {
			out = append(out, sandboxidentity.SeedCheck{ID: b.IdentityCheckID, Reference: b.CustomerID})
		}
	}
	return out
}

func twoDigits(n int) string {
	return string([]byte{byte('0' + n/10%10), byte('0' + n%10)})
}

// LegacyRegStages returns the regStage values that have a seeded application, in journey order.
func LegacyRegStages() []string {
	out := make([]string, len(legacyStages))
	for i, s := range legacyStages {
		out[i] = s.stage
	}
	return out
}

// Catalogue is every persona, plus the other providers' test data (their own tables, not copies): the
// JSON of GET /_sandbox/personas.
type Catalogue struct {
	Applicants  []ApplicantRule `json:"applicants"`
	Staff       []Staff         `json:"staff"`
	PortalUsers []PortalUser    `json:"portalUsers"`
	Borrowers   []Borrower      `json:"borrowers"`
	// TestCards are the payment gateway's test card numbers and what they do.
	TestCards []sandboxpayments.TestCard `json:"testCards"`
	// ShareCodes are the identity provider's documented share codes, each with the date of birth that
	// verifies it.
	ShareCodes []sandboxidentity.ShareCode `json:"shareCodes"`
	// DataProfiles are the open-banking provider's data profiles and the +tags that choose them.
	DataProfiles []sandboxob.DataProfile `json:"dataProfiles"`
}

// All returns the whole catalogue.
func All() Catalogue {
	return Catalogue{Applicants: ApplicantRules(), Staff: StaffAccounts(), PortalUsers: PortalUsers(), Borrowers: Borrowers(),
		TestCards: sandboxpayments.TestCards(), ShareCodes: sandboxidentity.ShareCodes(), DataProfiles: sandboxob.DataProfiles()}
}

// Serve answers the catalogue as JSON (GET /_sandbox/personas).
func Serve(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, All())
}
