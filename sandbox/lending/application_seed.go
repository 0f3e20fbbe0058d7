package lending

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/gazetteer"
	"lender/sandbox/personas"
)

// Seeded applications (sandbox/README.md, "Seeded applications"). Every regstage-… persona has a
// legacy application whose first pending stage is its RegStage, so spec §4's legacy resume rules send
// the applicant to that stage's screen; the one-page persona has a one-page application whose first
// missing step is the housing step (RentalInfo). A persona's application is owned by the default brand
// unless the persona names another (personas.Borrower.ApplicationOwner).
//
// They are built from the same facts as any application, by the journey's steps in order up to the
// persona's stage: the loan (£5,000 over 24 months, for a car), housing (renting, £700 a month), the
// persona's gazetteer address since five years ago, the e-mail, open banking, income (£30,000, full
// time) with the future change and credit-assessment answers, the submission and its decision, then
// the after-approval steps. A persona's PIN and phone number come from the customer record (a PIN is
// what setPassword checks, a phone what setPhone checks). From commissionConsent on, the applications
// were introduced by Northgate Finance Brokers, so there is a commission to accept. The additionalOps
// persona has the address operation outstanding (its Branch). The waitingPage persona's application is referred,
// due 24 hours after the seed (after a reset) on the sandbox clock, then approved. Seeded applications
// follow no recorded eligibility check (EligibilityCheckID is empty): the seed records no checks.
//
// The branch personas (personas.ScenarioApplicationBranch) are built the same way through the stages
// personas.Borrower.SeededStages names, then seedBranch adds what routes them: purpose_text,
// credit_consent, signOver or one additional operation each.

// SeedApplicationID is the id of a seeded persona's application: "app_" and the persona key with '-'
// as '_', e.g. app_regstage_setcpa.
func SeedApplicationID(personaKey string) string {
	return "app_" + strings.ReplaceAll(personaKey, "-", "_")
}

// seedApplications attaches the personas' applications to a fresh state (called by seedState, after
// the customers).
func seedApplications(st *state, now time.Time) {
	st.apps = newApplicationBook()
	for i, b := range personas.Borrowers() {
		switch b.Scenario {
		case personas.ScenarioApplication:
			st.seedApplication(b, i, false, seedStagesBefore(b.RegStage), now)
		case personas.ScenarioApplicationBranch:
			st.seedApplication(b, i, false, b.SeededStages(), now)
		case personas.ScenarioOnePageApplication:
			st.seedApplication(b, i, true, []string{lending.StageWelcome, lending.StageEmailConf}, now)
		}
	}
}

// seedStagesBefore is every stage before stage in journey order.
func seedStagesBefore(stage string) []string {
	names := lending.RegStageNames()
	i := slices.Index(names, stage)
	if i < 0 {
		panic("lending: persona at unknown regStage " + stage) // caught by the tests
	}
	return names[:i]
}

// seedApplication builds persona b's application with the facts of stages done.
func (st *state) seedApplication(b personas.Borrower, n int, onePage bool, done []string, now time.Time) {
	c := st.customers[b.CustomerID]
	q, _ := priceLoan(5_000_00, 24, nil, 0, now)
	owner := cmp.Or(b.ApplicationOwner, lending.DefaultBrand)
	if _, ok := st.brands[owner]; !ok {
		panic("lending: seeding " + b.Key + ": no seeded brand " + owner) // caught by the tests
	}
	a := &application{ // no eligibility check: the seed records none (eligibilityCheckId is empty)
		id: SeedApplicationID(b.Key), customerID: c.id, onePage: onePage, owner: owner,
		ab:     lending.ABChoice{Welcome: lending.ChoiceA, EmailConf: lending.ChoiceA},
		status: lending.ApplicationInProgress, quote: q, purpose: lending.PurposeCar,
		ob: lending.OpenBankingState{Status: lending.OpenBankingNone}, createdAt: now, updatedAt: now,
	}
	if slices.Contains(done, lending.StageCommissionConsent) || b.RegStage == lending.StageCommissionConsent {
		a.brokerID, a.brokerFirm = personas.NorthgateID, personas.NorthgateFirm
	}
	st.addApplication(a)
	for _, s := range done {
		switch s {
		case lending.StageWelcome:
			a.loanConfirmedAt = now
		case lending.StageRentInfo:
			a.housing = &lending.HousingDetails{Status: lending.HousingRentingPrivate, MonthlyCostPence: 700_00,
				PayMethod: lending.PayStandingOrder}
			a.addresses = []lending.AddressHistoryEntry{{Address: b.Address, GazetteerID: b.AddressID,
				MovedIn: now.AddDate(-5, 0, 0).Format("2006-01"), Label: seedLabel(b)}}
		case lending.StageEmailConf:
			a.emailVerifiedAt = now
		case lending.StageOpenBanking:
			a.ob = lending.OpenBankingState{Status: lending.OpenBankingLinked, ConsentID: seedRef(b, b.ConsentID), UpdatedAt: now}
		case lending.StageIncomeVerification:
			a.income = &lending.Income{AnnualIncomePence: 30_000_00, EmploymentStatus: lending.EmploymentFullTime,
				PayFrequency: lending.PayMonthly}
			a.future = &lending.FutureIncomeChange{}
			a.answers = []lending.CreditAssessmentAnswer{{QuestionID: "dependants", Value: "0"},
				{QuestionID: "credit_commitments", Value: "0"}, {QuestionID: "missed_payments", Value: "no"},
				{QuestionID: "expenses_change", Value: "no"}}
		case lending.StageContractSubmitted:
			// submitted and referred, as +refer would be; the waitingPage step decides it
			req := a.decisionRequest(c)
			req.Email = strings.Replace(req.Email, "@", "+refer@", 1)
			st.mustSeed(b, st.decideApplication(a, req, now))
			a.submittedAt = now
		case lending.StageWaitingPage:
			a.decision = nil
			st.mustSeed(b, st.decideApplication(a, a.decisionRequest(c), now))
		case lending.StageConfirmationPayee:
			a.payee = &payeeAccount{AccountName: c.firstName + " " + c.lastName, SortCode: "990102",
				AccountNumber: fmt.Sprintf("%08d", 31_000_000+n), ConfirmedAt: now}
		case lending.StageSetCPA:
			a.cpa = &lending.CPA{CardToken: seedRef(b, b.CPACardToken), AttachedAt: now}
		case lending.StageCommissionConsent:
			a.commissionConsented = now
		case lending.StageSignature:
			digest, perr := st.agreementToSign(a, now)
			st.mustSeed(b, perr)
			st.mustSeed(b, st.recordSignature(a, c.firstName+" "+c.lastName, digest, now))
		case lending.StageIDV:
			a.identity = &lending.IdentityVerification{CheckID: seedRef(b, b.IdentityCheckID), VerifiedAt: now}
		}
	}
	seedBranch(a, b.Branch)
	a.updatedAt = now
}

// seedBranch gives a persona's application what makes its spec §4 branch apply (personas.Branch…):
// purpose "other" not yet described, the lender's own aggregator, or an additional operation
// outstanding with what asking for it clears (as requestAdditionalOperation does). signOver needs
// nothing more than every stage done.
func seedBranch(a *application, branch string) {
	switch branch {
	case personas.BranchPurposeText:
		a.purpose, a.purposeText = lending.PurposeOther, ""
	case personas.BranchCreditConsent:
		a.aggregator = lending.AggregatorOwn
	case lending.OpResetCPA, lending.OpSignAgain, lending.OpChangeLoan, lending.OpAddress, lending.OpOpenBanking:
		a.ops = []string{branch}
		switch branch {
		case lending.OpResetCPA:
			a.cpa = nil
		case lending.OpSignAgain:
			a.clearSignature()
		}
	}
}

// seedRef is one of persona b's references at another provider (sandbox/personas is their one source,
// and the providers seed them): it must be there.
func seedRef(b personas.Borrower, ref string) string {
	if ref == "" {
		panic("lending: seeding " + b.Key + ": personas gives no reference the stage needs") // caught by the tests
	}
	return ref
}

func seedLabel(b personas.Borrower) string {
	g, _ := gazetteer.Find(b.AddressID) // the personas tests check every persona's address is there
	return g.Label
}

// mustSeed stops on a seed that the rules refuse: a programming error the tests catch.
func (st *state) mustSeed(b personas.Borrower, perr *problem) {
	if perr != nil {
		panic("lending: seeding " + b.Key + ": " + perr.Error())
	}
}
