package personas_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/gazetteer"
	"lender/sandbox/personas"
)

func TestRuleFor(t *testing.T) {
	tests := []struct {
		email, outcome string
	}{
		{"jo+decline@example.com", lending.OutcomeDeclined},
		{"Jo+DECLINE@Example.com", lending.OutcomeDeclined},
		{"jo+decline+7@example.com", lending.OutcomeDeclined},
		{"jo+7+decline@example.com", lending.OutcomeDeclined},
		{"jo+refer@example.com", lending.OutcomeReferred},
		{"jo+counteroffer@example.com", lending.OutcomeCounteroffer},
		{"jo+refer+decline@example.com", lending.OutcomeReferred}, // the first tag that names a rule
		{"jo@example.com", ""},
		{"jo+declined@example.com", ""}, // tags match exactly
		{"jo+news@example.com", ""},
		{"decline@example.com", ""}, // the local part itself is not a tag
		{"jo@decline.example", ""},
		{"no-at-sign+decline", ""},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.email, func(t *testing.T) {
			r, ok := personas.RuleFor(tt.email)
			if ok != (tt.outcome != "") || r.Outcome != tt.outcome {
				t.Fatalf("RuleFor(%q) = %+v, %v; want outcome %q", tt.email, r, ok, tt.outcome)
			}
		})
	}
}

func TestApplicantRulesExamplesTrigger(t *testing.T) {
	rules := personas.ApplicantRules()
	if len(rules) != 3 {
		t.Fatalf("%d rules, want 3 (+decline, +refer, +counteroffer)", len(rules))
	}
	for _, r := range rules {
		got, ok := personas.RuleFor(r.Example)
		if !ok || got != r {
			t.Errorf("example %q of %s triggers %+v, %v", r.Example, r.Tag, got, ok)
		}
		if r.Demonstrates == "" {
			t.Errorf("%s says nothing about what it demonstrates", r.Tag)
		}
	}
}

var (
	e164Drama = regexp.MustCompile(`^\+447700900[0-9]{3}$`)
	pinShape  = regexp.MustCompile(`^[0-9]{4,6}$`)
)

func TestBorrowers(t *testing.T) {
	bs := personas.Borrowers()
	seen := map[string]string{}
	unique := func(kind, v, who string) {
		t.Helper()
		if v == "" {
			return
		}
		if prev, dup := seen[kind+v]; dup {
			t.Errorf("%s %q used by %s and %s", kind, v, prev, who)
		}
		seen[kind+v] = who
	}
	scenarios := map[personas.Scenario]int{}
	owners := map[string]int{}
	var stages, branches []string
	for _, b := range bs {
		owners[b.ApplicationOwner]++
		if b.ApplicationOwner != "" && b.Scenario != personas.ScenarioApplication &&
			b.Scenario != personas.ScenarioOnePageApplication && b.Scenario != personas.ScenarioApplicationBranch {
			t.Errorf("%s: only an application has an owner: %+v", b.Key, b)
		}
		unique("key", b.Key, b.Key)
		unique("id", b.CustomerID, b.Key)
		unique("email", b.Email, b.Key)
		unique("phone", b.Phone, b.Key)
		scenarios[b.Scenario]++
		if !strings.HasPrefix(b.CustomerID, "cus_") || b.Email != b.Key+"@"+personas.Domain || b.Demonstrates == "" ||
			b.FirstName == "" || b.LastName == "" {
			t.Errorf("%s: %+v", b.Key, b)
		}
		if b.Phone != "" && !e164Drama.MatchString(b.Phone) {
			t.Errorf("%s: phone %q is not in the drama range as E.164", b.Key, b.Phone)
		}
		if b.PIN != "" && !pinShape.MatchString(b.PIN) {
			t.Errorf("%s: PIN %q is not 4 to 6 digits", b.Key, b.PIN)
		}
		if b.PINLocked && b.PIN == "" {
			t.Errorf("%s: a locked PIN needs a PIN", b.Key)
		}
		if a, ok := gazetteer.Find(b.AddressID); !ok || a.Address != b.Address {
			t.Errorf("%s: address %s is not the gazetteer's", b.Key, b.AddressID)
		}
		switch b.Scenario {
		case personas.ScenarioApplication:
			stages = append(stages, b.RegStage)
			if b.Branch != "" {
				branches = append(branches, b.Branch)
			}
			if b.OnePageStep != "" {
				t.Errorf("%s: a legacy application has no one-page step", b.Key)
			}
		case personas.ScenarioOnePageApplication:
			if b.OnePageStep == "" || b.RegStage != "" || b.PIN != "" {
				t.Errorf("%s: %+v", b.Key, b)
			}
		case personas.ScenarioApplicationBranch:
			branches = append(branches, b.Branch)
			if b.OnePageStep != "" || b.Phone == "" || (b.PIN != "") != personas.BranchApproved(b.Branch) {
				t.Errorf("%s: a branch persona has a phone, and a PIN once approved: %+v", b.Key, b)
			}
		default:
			if b.PIN == "" || b.Phone == "" || b.RegStage != "" || b.OnePageStep != "" {
				t.Errorf("%s: a borrower with a loan signs in with a PIN and has a phone: %+v", b.Key, b)
			}
		}
	}
	for _, sc := range []personas.Scenario{personas.ScenarioLoanUpToDate, personas.ScenarioLoanInArrears,
		personas.ScenarioLoanPaymentHoliday, personas.ScenarioLoanTopUpEligible, personas.ScenarioLoanSettled,
		personas.ScenarioTwoLoans, personas.ScenarioOnePageApplication} {
		if scenarios[sc] == 0 {
			t.Errorf("no borrower for scenario %s", sc)
		}
	}
	// A borrower whose application the white-label brand owns (spec §4: its brand applies once read).
	if owners[personas.HarbourBrand] == 0 {
		t.Error("no persona's application is owned by the white-label brand")
	}
	// Every regStage spec §4 routes a legacy application on has exactly one persona.
	routed := []string{"welcome", "rentInfo", "emailConf", "openBanking", "incomeVerification", "contractSubmitted",
		"waitingPage", "setPassword", "setPhone", "confirmationPayee", "setCpa", "commissionConsent", "signature", "idv",
		"additionalOps"}
	if !reflect.DeepEqual(stages, routed) || !reflect.DeepEqual(personas.LegacyRegStages(), routed) {
		t.Fatalf("regStages = %v, want %v", stages, routed)
	}
	// And every other legacy rule of spec §4 has exactly one: purpose_text, credit_consent, signOver
	// and each additionalOps value.
	want := append([]string{personas.BranchPurposeText, personas.BranchCreditConsent, personas.BranchSignOver},
		lending.AdditionalOperations()...)
	slices.Sort(want)
	slices.Sort(branches)
	if !reflect.DeepEqual(branches, want) {
		t.Fatalf("branches = %v, want %v", branches, want)
	}
}

// TestBranchPersonasReferToWhatTheirStagesHold: a branch persona holds the references (consent, CPA
// card, identity check) of the stages its application was built through, and its RegStage is the
// first one it leaves pending.
func TestBranchPersonasReferToWhatTheirStagesHold(t *testing.T) {
	for _, b := range personas.Borrowers() {
		if b.Scenario != personas.ScenarioApplicationBranch {
			continue
		}
		done := b.SeededStages()
		has := func(stage string) bool { return slices.Contains(done, stage) }
		if (b.ConsentID != "") != has(lending.StageOpenBanking) || (b.CPACardToken != "") != has(lending.StageSetCPA) ||
			(b.IdentityCheckID != "") != has(lending.StageIDV) {
			t.Errorf("%s: references %+v for stages %v", b.Key, b, done)
		}
		wantStage := map[string]string{personas.BranchPurposeText: lending.StageIncomeVerification,
			personas.BranchCreditConsent: lending.StageIncomeVerification, personas.BranchSignOver: "",
			lending.OpResetCPA: lending.StageSetCPA, lending.OpSignAgain: lending.StageSignature,
			lending.OpChangeLoan: lending.StageAdditionalOps, lending.OpOpenBanking: lending.StageAdditionalOps}[b.Branch]
		if b.RegStage != wantStage {
			t.Errorf("%s: regStage %q, want %q", b.Key, b.RegStage, wantStage)
		}
	}
}

func TestCredentials(t *testing.T) {
	st := personas.StaffAccounts()
	if len(st) == 0 || st[0].Account == "" || len(st[0].Password) < 12 {
		t.Fatalf("staff = %+v", st)
	}
	roles := map[string]int{}
	firms := map[string]bool{}
	for _, u := range personas.PortalUsers() {
		roles[u.Role]++
		firms[u.BrokerID] = true
		if !strings.HasSuffix(u.Email, ".example") || len(u.Password) < 12 || u.BrokerFirm == "" || u.Name == "" {
			t.Errorf("portal user %+v", u)
		}
	}
	if roles[lending.RoleBroker] == 0 || roles[lending.RoleFinance] == 0 || len(firms) < 2 {
		t.Fatalf("roles %v over firms %v: want both roles and two firms", roles, firms)
	}
}

func TestServe(t *testing.T) {
	rec := httptest.NewRecorder()
	personas.Serve(rec, httptest.NewRequest(http.MethodGet, "/_sandbox/personas", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("= %d %v", rec.Code, rec.Header())
	}
	var got personas.Catalogue
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, personas.All()) {
		t.Fatalf("served catalogue differs from All()")
	}
	if !slices.ContainsFunc(got.Borrowers, func(b personas.Borrower) bool { return b.PINLocked }) {
		t.Fatal("no locked-PIN persona")
	}
}

func TestCopies(t *testing.T) {
	r := personas.ApplicantRules()
	r[0].Tag = "+changed"
	if personas.ApplicantRules()[0].Tag == "+changed" {
		t.Fatal("ApplicantRules exposes the table")
	}
	u := personas.PortalUsers()
	u[0].Password = "x"
	if personas.PortalUsers()[0].Password == "x" {
		t.Fatal("PortalUsers exposes the table")
	}
}

// TestREADMEListsEveryPersona keeps sandbox/README.md in step with the catalogue: every persona's
// e-mail, phone, PIN and password is documented there.
func TestREADMEListsEveryPersona(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	has := func(what, s string) {
		t.Helper()
		if !strings.Contains(readme, "`"+s+"`") {
			t.Errorf("README does not list %s `%s`", what, s)
		}
	}
	all := personas.All()
	for _, r := range all.Applicants {
		has("tag", r.Tag)
		has("example", r.Example)
	}
	for _, s := range all.Staff {
		has("staff account", s.Account)
		has("staff password", s.Password)
	}
	for _, u := range all.PortalUsers {
		has("portal e-mail", u.Email)
		has("portal password", u.Password)
		has("broker id", u.BrokerID)
	}
	for _, p := range all.Borrowers {
		row := "| `" + p.Key + "` | " + p.FirstName + " " + p.LastName + " | `" + p.Email + "` | "
		if !strings.Contains(readme, row) {
			t.Errorf("README has no row for %s", p.Key)
			continue
		}
		line := readme[strings.Index(readme, row):]
		line = line[:strings.IndexByte(line, '\n')]
		if p.Phone != "" && !strings.Contains(line, "`"+p.Phone+"`") {
			t.Errorf("%s: README row lacks the phone", p.Key)
		}
		if p.PIN != "" && !strings.Contains(line, "`"+p.PIN+"`") {
			t.Errorf("%s: README row lacks the PIN", p.Key)
		}
		if p.PINLocked != strings.Contains(line, "(locked)") {
			t.Errorf("%s: README row does not say whether the PIN is locked", p.Key)
		}
	}
}
