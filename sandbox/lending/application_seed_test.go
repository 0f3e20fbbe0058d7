package lending

import (
	"cmp"
	"net/http"
	"slices"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

// legacyResume is spec §4 "Resume target, legacy (not one-page)", as the apps implement it: the
// screen an applicant resumes at. Where the spec offers two screens (contractSubmitted: all_done or
// all_submit) the first is taken; additional operations come before signOver.
func legacyResume(a lending.Application) string {
	if a.ApplicationTypeID != 1 || a.PreDispersalStatus == lending.PreDispersalDisbursed {
		return "main"
	}
	if a.PreDispersalStatus == lending.PreDispersalFailed {
		return "decline"
	}
	r := a.RegStage
	var queue []string
	if r.Welcome == 0 {
		queue = append(queue, map[bool]string{true: "quote_review", false: "start_b"}[a.ABChoice.Welcome == "b"])
	}
	if r.RentInfo == 0 {
		queue = append(queue, "address")
	}
	if r.EmailConf == 0 {
		queue = append(queue, map[bool]string{true: "email_verify_soft", false: "email_verify_again"}[a.ABChoice.EmailConf == "b"])
	}
	if r.OpenBanking == 0 {
		queue = append(queue, "connect_accounts")
	}
	if a.Purpose == lending.PurposeOther && a.PurposeText == "" && a.ApprovalStatus == lending.ApprovalPending {
		queue = append(queue, "purpose_text")
	}
	if r.IncomeVerification == 0 {
		queue = append(queue, map[bool]string{true: "credit_consent", false: "all_submit"}[a.Aggregator == lending.AggregatorOwn])
	}
	if r.ContractSubmitted == 0 {
		queue = append(queue, "all_done")
	}
	if r.WaitingPage == 0 {
		queue = append(queue, "received")
	}
	if len(queue) > 0 {
		return queue[0]
	}
	switch a.ApprovalStatus {
	case lending.ApprovalDeclined:
		return "decline"
	case lending.ApprovalApproved:
	default:
		return "counteroffer"
	}
	for _, s := range []struct {
		pending bool
		screen  string
	}{
		{r.SetPassword == 0, "approved"}, {r.SetPhone == 0, "phoneNumber"}, {r.ConfirmationPayee == 0, "disbursal/account"},
		{r.SetCPA == 0, "connectBank"}, {r.CommissionConsent == 0, "commission-consent"}, {r.Signature == 0, "sign"},
		{r.IDV == 0, "identity_start"},
	} {
		if s.pending {
			return s.screen
		}
	}
	if r.AdditionalOps == 0 && len(a.AdditionalOps) > 0 {
		return map[string]string{lending.OpResetCPA: "connectBank", lending.OpSignAgain: "sign", lending.OpChangeLoan: "quote_review",
			lending.OpAddress: "address_history", lending.OpOpenBanking: "connect_accounts"}[a.AdditionalOps[0]]
	}
	if a.PreDispersalStatus == lending.PreDispersalPending {
		return "signOver"
	}
	return "main"
}

// onePageResume is spec §4 "Resume target, one-page application".
func onePageResume(a lending.Application) string {
	j := a.JourneyMap
	if !j.YourLoan.LoanValueConfirm {
		return "quote_review_b"
	}
	for _, s := range []struct {
		done bool
		step string
	}{
		{j.AboutYou.EmailVerification, "EmailConfirmation"}, {j.AboutYou.LoanPurposeConfirm, "LoanPurpose"},
		{j.AboutYou.RentConfirm, "RentalInfo"}, {j.AboutYou.AddressUpdate, "AddressVerification"},
		{j.VerifyIncome.OpenBanking || j.AboutYou.OBSkip, "OpenBankingConnect"}, {j.VerifyIncome.IsFinished, "IncomeDetails"},
		{j.Submission.IsFinished, "ApplicationSubmit"},
	} {
		if !s.done {
			return s.step
		}
	}
	return "application_submitted"
}

// TestSeededApplicationsResumeWhereTheSpecSays: every persona's application sends them to the screen
// of its stage.
func TestSeededApplicationsResumeWhereTheSpecSays(t *testing.T) {
	want := map[string]string{
		"welcome": "start_b", "rentInfo": "address", "emailConf": "email_verify_again", "openBanking": "connect_accounts",
		"incomeVerification": "all_submit", "contractSubmitted": "all_done", "waitingPage": "received", "setPassword": "approved",
		"setPhone": "phoneNumber", "confirmationPayee": "disbursal/account", "setCpa": "connectBank",
		"commissionConsent": "commission-consent", "signature": "sign", "idv": "identity_start", "additionalOps": "address_history",
	}
	h := newHarness(t)
	seen := 0
	for _, b := range personas.Borrowers() {
		if b.Scenario != personas.ScenarioApplication && b.Scenario != personas.ScenarioOnePageApplication {
			continue
		}
		seen++
		t.Run(b.Key, func(t *testing.T) {
			var list lending.ApplicationList
			h.must(h.do(http.MethodGet, "/applications?customerId="+b.CustomerID, nil), http.StatusOK, &list)
			if len(list.Applications) != 1 || list.Applications[0].ID != SeedApplicationID(b.Key) {
				t.Fatalf("applications %+v", list.Applications)
			}
			a := list.Applications[0]
			if owner := cmp.Or(b.ApplicationOwner, lending.DefaultBrand); a.ApplicationOwner != owner {
				t.Fatalf("owned by %q, want %q", a.ApplicationOwner, owner)
			}
			if b.Scenario == personas.ScenarioOnePageApplication {
				if !a.OnePage || onePageResume(a) != b.OnePageStep {
					t.Fatalf("one-page resumes at %s, want %s (%+v)", onePageResume(a), b.OnePageStep, a.JourneyMap)
				}
				return
			}
			if a.OnePage {
				t.Fatal("a legacy persona has a one-page application")
			}
			if pending := a.RegStage.Pending(); len(pending) == 0 || pending[0] != b.RegStage {
				t.Fatalf("first pending stage %v, want %s", pending, b.RegStage)
			}
			if got := legacyResume(a); got != want[b.RegStage] {
				t.Fatalf("resumes at %s, want %s (pending %v)", got, want[b.RegStage], a.RegStage.Pending())
			}
			if a.EligibilityCheckID != "" || a.Quote.AmountPence != 5_000_00 || a.Purpose != lending.PurposeCar {
				t.Fatalf("seeded %+v", a)
			}
			for _, kind := range lending.DocumentKinds() {
				ans := h.do(http.MethodGet, "/applications/"+a.ID+"/documents/"+kind+"?format=pdf", nil, "Accept: application/json")
				if a.ApprovalStatus == lending.ApprovalApproved || kind != lending.DocumentCreditAgreement {
					h.must(ans, http.StatusOK, nil)
				}
			}
		})
	}
	if seen != len(personas.LegacyRegStages())+countScenario(personas.ScenarioOnePageApplication) {
		t.Fatalf("%d application personas", seen)
	}
}

func TestSeededWaitingPersonaIsDecidedADayAfterTheReset(t *testing.T) {
	h := newHarness(t)
	id := SeedApplicationID("regstage-waitingpage")
	if a := h.app(id); a.Status != lending.ApplicationReferred || !a.Decision.DecisionDueAt.Equal(testNow.Add(ReferralDelay)) {
		t.Fatalf("seeded %s %+v", a.Status, a.Decision)
	}
	h.clock.Advance(ReferralDelay)
	a := h.app(id)
	if a.Status != lending.ApplicationApproved || legacyResume(a) != "approved" {
		t.Fatalf("after a day: %s, resumes at %s", a.Status, legacyResume(a))
	}
}

func TestSeededApplicationsGoOnLikeAnyOther(t *testing.T) {
	h := newHarness(t)
	id := SeedApplicationID("regstage-idv")
	a := h.appStep(http.MethodPost, id, "identity-verification", lending.IdentityVerificationRequest{CheckID: "idc_1"})
	if a.Status != lending.ApplicationReadyForDrawdown || legacyResume(a) != "signOver" {
		t.Fatalf("after identity: %s, resumes at %s", a.Status, legacyResume(a))
	}
	h.p.mu.Lock()
	d, perr := h.p.st.ApplicationForDrawdown(id, h.clock.Now())
	h.p.mu.Unlock()
	if perr != nil || d.CPACardToken != "card_seed_regstage_idv" || d.Payee.AccountName != "Tatum Fox" || d.Terms.AmountPence != 5_000_00 {
		t.Fatalf("drawdown %+v %v", d, perr)
	}
	op := h.appStep(http.MethodPut, SeedApplicationID("regstage-additionalops"), "addresses", testHistory())
	if op.Status != lending.ApplicationReadyForDrawdown || len(op.AdditionalOps) != 0 {
		t.Fatalf("additionalOps persona after the address: %s %v", op.Status, op.AdditionalOps)
	}
	one := SeedApplicationID("one-page")
	h.appStep(http.MethodPut, one, "housing", testHousing)
	if got := onePageResume(h.app(one)); got != "AddressVerification" {
		t.Fatalf("one-page after housing resumes at %s", got)
	}
}

func TestResetRestoresTheSeededApplications(t *testing.T) {
	h := newHarness(t)
	made := h.newApplication("transient@example.com", true)
	h.appStep(http.MethodPost, SeedApplicationID("regstage-welcome"), "loan-confirmation", lending.ConfirmLoanRequest{})
	h.clock.Advance(time.Hour)
	h.p.Reset()
	h.refused(h.do(http.MethodGet, "/applications/"+made.ID, nil), http.StatusNotFound, lending.CodeApplicationNotFound)
	a := h.app(SeedApplicationID("regstage-welcome"))
	if !a.LoanConfirmedAt.IsZero() || !a.CreatedAt.Equal(testNow.Add(time.Hour)) {
		t.Fatalf("after the reset: %+v", a)
	}
	h.p.mu.Lock()
	n := len(h.p.st.apps.byID)
	h.p.mu.Unlock()
	if want := countScenario(personas.ScenarioApplication, personas.ScenarioOnePageApplication,
		personas.ScenarioApplicationBranch); n != want {
		t.Fatalf("%d applications after the reset, want %d", n, want)
	}
	if !slices.Contains(a.RegStage.Pending(), lending.StageWelcome) {
		t.Fatal("welcome done after the reset")
	}
}

// countScenario is how many personas have one of the scenarios.
func countScenario(scs ...personas.Scenario) int {
	n := 0
	for _, b := range personas.Borrowers() {
		if slices.Contains(scs, b.Scenario) {
			n++
		}
	}
	return n
}

// TestSeededBranchApplications: each branch persona's application, read over HTTP, has the fields
// that make its spec §4 rule apply, and the rules send the applicant to that rule's screen.
func TestSeededBranchApplications(t *testing.T) {
	resume := map[string]string{
		personas.BranchPurposeText: "purpose_text", personas.BranchCreditConsent: "credit_consent",
		personas.BranchSignOver: "signOver", lending.OpResetCPA: "connectBank", lending.OpSignAgain: "sign",
		lending.OpChangeLoan: "quote_review", lending.OpAddress: "address_history", lending.OpOpenBanking: "connect_accounts",
	}
	h := newHarness(t)
	seen := map[string]bool{}
	for _, b := range personas.Borrowers() {
		if b.Branch == "" {
			continue
		}
		seen[b.Branch] = true
		t.Run(b.Key, func(t *testing.T) {
			var list lending.ApplicationList
			h.must(h.do(http.MethodGet, "/applications?customerId="+b.CustomerID, nil), http.StatusOK, &list)
			if len(list.Applications) != 1 || list.Applications[0].ID != SeedApplicationID(b.Key) {
				t.Fatalf("applications %+v", list.Applications)
			}
			a := list.Applications[0]
			pending := a.RegStage.Pending()
			if a.OnePage || a.ApplicationTypeID != lending.ApplicationTypeNewLoan {
				t.Fatalf("not a legacy new-loan application: %+v", a)
			}
			if b.RegStage == "" && len(pending) != 0 || b.RegStage != "" && (len(pending) == 0 || pending[0] != b.RegStage) {
				t.Fatalf("pending %v, want the first to be %q", pending, b.RegStage)
			}
			switch b.Branch {
			case personas.BranchPurposeText:
				if a.Purpose != lending.PurposeOther || a.PurposeText != "" || a.ApprovalStatus != lending.ApprovalPending ||
					a.JourneyMap.AboutYou.LoanPurposeConfirm || a.Status != lending.ApplicationInProgress {
					t.Fatalf("purpose %q %q, approvalStatus %d, status %s", a.Purpose, a.PurposeText, a.ApprovalStatus, a.Status)
				}
			case personas.BranchCreditConsent:
				if a.Aggregator != lending.AggregatorOwn || a.RegStage.IncomeVerification != lending.StagePending ||
					a.ApprovalStatus != lending.ApprovalPending {
					t.Fatalf("aggregator %q, incomeVerification %d", a.Aggregator, a.RegStage.IncomeVerification)
				}
			case personas.BranchSignOver:
				if a.Identity == nil || a.Identity.CheckID != b.IdentityCheckID || a.PreDispersalStatus != lending.PreDispersalPending ||
					a.Status != lending.ApplicationReadyForDrawdown || len(a.AdditionalOps) != 0 {
					t.Fatalf("identity %+v, preDispersalStatus %d, status %s, ops %v", a.Identity, a.PreDispersalStatus, a.Status, a.AdditionalOps)
				}
			default: // an additional operation
				if !slices.Equal(a.AdditionalOps, []string{b.Branch}) || a.RegStage.AdditionalOps != lending.StagePending ||
					a.ApprovalStatus != lending.ApprovalApproved || a.Status != lending.ApplicationApproved {
					t.Fatalf("ops %v, approvalStatus %d, status %s", a.AdditionalOps, a.ApprovalStatus, a.Status)
				}
				if (a.CPA == nil) != (b.Branch == lending.OpResetCPA) || (a.Signature == nil) != (b.Branch == lending.OpSignAgain) {
					t.Fatalf("%s: cpa %+v, signature %+v", b.Branch, a.CPA, a.Signature)
				}
			}
			if got := legacyResume(a); got != resume[b.Branch] {
				t.Fatalf("resumes at %s, want %s (pending %v)", got, resume[b.Branch], pending)
			}
		})
	}
	if len(seen) != len(resume) {
		t.Fatalf("branches seeded %v, want one persona each of %v", seen, resume)
	}
}

// TestSeededBranchApplicationsGoOn: doing what a branch asks clears it, as for any application.
func TestSeededBranchApplicationsGoOn(t *testing.T) {
	h := newHarness(t)
	a := h.appStep(http.MethodPut, SeedApplicationID("purpose-text"), "purpose",
		lending.PurposeRequest{Purpose: lending.PurposeOther, PurposeText: "A new boiler"})
	if got := legacyResume(a); got != "all_submit" {
		t.Fatalf("after the purpose text: resumes at %s", got)
	}
	a = h.appStep(http.MethodPut, SeedApplicationID("ops-reset-cpa"), "cpa",
		lending.CPARequest{CardToken: "card_seed_ops_reset_cpa"})
	if a.Status != lending.ApplicationReadyForDrawdown || legacyResume(a) != "signOver" {
		t.Fatalf("after a new card: %s, resumes at %s", a.Status, legacyResume(a))
	}
}
