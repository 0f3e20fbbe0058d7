package upstream_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/pdf"
	"lender/sandbox/server"
)

// The lending core's applications cases: every ApplicationAPI method against the real sandbox. They
// share one sandbox with the other cases, so each makes its own customers (unique e-mails and phone
// numbers) and puts the clock back when it moves it.
func init() { contract = append(contract, applicationContract...) }

// appPhones hands out mobile numbers no persona and no other case uses (07700 900601 on).
var appPhones atomic.Int32

func nextAppPhone() string { return fmt.Sprintf("07700 900%03d", 600+appPhones.Add(1)) }

// applicationFor makes a customer (Jo Bloggs, with a date of birth) and a soft check, and opens an
// application; brokerID may be "".
func applicationFor(t *testing.T, ctx context.Context, c clients, email, brokerID string) lending.Application {
	t.Helper()
	cu, err := c.lending.CreateCustomer(ctx, lending.CreateCustomerRequest{Email: email, FirstName: "Jo", LastName: "Bloggs",
		DateOfBirth: "1990-05-01"}, "")
	if err != nil {
		t.Fatal(err)
	}
	check, err := c.lending.CheckEligibility(ctx, typicalApplicant("contract-check@example.com"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.lending.CreateApplication(ctx, lending.CreateApplicationRequest{CustomerID: cu.ID, EligibilityCheckID: check.ID,
		OnePage: true, BrokerID: brokerID}, "")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

var contractAnswers = []lending.CreditAssessmentAnswer{{QuestionID: "dependants", Value: "0"},
	{QuestionID: "credit_commitments", Value: "0"}, {QuestionID: "missed_payments", Value: "no"}, {QuestionID: "expenses_change", Value: "no"}}

// appJourney does every step before submission.
func appJourney(t *testing.T, ctx context.Context, c clients, a lending.Application, email string) lending.Application {
	t.Helper()
	id := a.ID
	for _, step := range []func() (lending.Application, error){
		func() (lending.Application, error) {
			return c.lending.ConfirmLoan(ctx, id, lending.ConfirmLoanRequest{})
		},
		func() (lending.Application, error) { return c.lending.RecordEmailVerified(ctx, id, email) },
		func() (lending.Application, error) {
			return c.lending.UpdatePurpose(ctx, id, lending.PurposeRequest{Purpose: lending.PurposeCar})
		},
		func() (lending.Application, error) {
			return c.lending.UpdateHousing(ctx, id, lending.HousingDetails{Status: lending.HousingRentingPrivate, MonthlyCostPence: 700_00,
				PayMethod: lending.PayStandingOrder})
		},
		func() (lending.Application, error) {
			return c.lending.UpdateAddressHistory(ctx, id, lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
				{GazetteerID: "gz_LM38RD_03", MovedIn: "2015-01"}}})
		},
		func() (lending.Application, error) {
			return c.lending.UpdateIncome(ctx, id, lending.Income{AnnualIncomePence: 30_000_00, EmploymentStatus: lending.EmploymentFullTime,
				PayFrequency: lending.PayMonthly})
		},
		func() (lending.Application, error) {
			return c.lending.UpdateFutureIncomeChange(ctx, id, lending.FutureIncomeChange{})
		},
		func() (lending.Application, error) {
			return c.lending.AnswerCreditAssessment(ctx, id, lending.CreditAssessmentRequest{Answers: contractAnswers})
		},
		func() (lending.Application, error) {
			return c.lending.UpdateOpenBanking(ctx, id, lending.OpenBankingUpdate{Status: lending.OpenBankingLinked, ConsentID: "cons_contract"})
		},
	} {
		var err error
		if a, err = step(); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// approvedApplication is an application for email, through its journey and approved.
func approvedApplication(t *testing.T, ctx context.Context, c clients, email, brokerID string) lending.Application {
	t.Helper()
	a := appJourney(t, ctx, c, applicationFor(t, ctx, c, email, brokerID), email)
	a, err := c.lending.SubmitApplication(ctx, a.ID, "")
	if err != nil || a.Status != lending.ApplicationApproved {
		t.Fatalf("SubmitApplication = %s, %v", a.Status, err)
	}
	return a
}

// isAppCode: err is the sentinel and carries the exact code.
func isAppCode(err, sentinel error, status int, code string) bool {
	return errors.Is(err, sentinel) && statusIs(err, status, code)
}

var applicationContract = []contractCase{
	{"lending.CreditAssessmentQuestions", "the questionnaire", func(t *testing.T, ctx context.Context, c clients) {
		q, err := c.lending.CreditAssessmentQuestions(ctx)
		if err != nil || len(q.Questions) != 5 || q.Questions[0].ID != "dependants" || q.Questions[0].Type != lending.QuestionChoice ||
			len(q.Questions[0].Options) != 4 || !q.Questions[0].Required || q.Questions[4].Required {
			t.Fatalf("CreditAssessmentQuestions = %+v, %v", q, err)
		}
	}},
	{"lending.HousingOptions", "living situations and pay methods", func(t *testing.T, ctx context.Context, c clients) {
		o, err := c.lending.HousingOptions(ctx)
		if err != nil || len(o.LivingSituations) != 6 || len(o.PayMethods) != 5 || o.LivingSituations[1].AsksCost ||
			o.PayMethods[0].Code != lending.PayDirectDebit {
			t.Fatalf("HousingOptions = %+v, %v", o, err)
		}
	}},
	{"lending.CreateApplication", "from a soft check, once", func(t *testing.T, ctx context.Context, c clients) {
		cu, err := c.lending.CreateCustomer(ctx, lending.CreateCustomerRequest{Email: "contract-app-create@example.com", FirstName: "Jo",
			LastName: "Bloggs", DateOfBirth: "1990-05-01"}, "")
		if err != nil {
			t.Fatal(err)
		}
		check, _ := c.lending.CheckEligibility(ctx, typicalApplicant("contract-check@example.com"))
		req := lending.CreateApplicationRequest{CustomerID: cu.ID, EligibilityCheckID: check.ID, AmountPence: 7_500_00, TermMonths: 60}
		a, err := c.lending.CreateApplication(ctx, req, "contract-app-1")
		if err != nil || a.Status != lending.ApplicationInProgress || a.Quote.MonthlyInstalmentPence != 14745 || a.CustomerID != cu.ID ||
			a.ApprovalStatus != lending.ApprovalPending || a.RegStage.PreApproval != 1 || a.RegStage.Welcome != 0 {
			t.Fatalf("CreateApplication = %+v, %v", a, err)
		}
		if again, err := c.lending.CreateApplication(ctx, req, "contract-app-1"); err != nil || again.ID != a.ID {
			t.Fatalf("repeated key = %s, %v", again.ID, err)
		}
		if _, err := c.lending.CreateApplication(ctx, req, ""); !isAppCode(err, lending.ErrApplicationExists, 409, lending.CodeApplicationExists) {
			t.Fatalf("a second open application: %v", err)
		}
		declined, _ := c.lending.CheckEligibility(ctx, typicalApplicant("contract+decline@example.com"))
		req.EligibilityCheckID = declined.ID
		if _, err := c.lending.CreateApplication(ctx, req, ""); !isAppCode(err, lending.ErrEligibilityCheckUnusable, 409, lending.CodeEligibilityCheckDeclined) {
			t.Fatalf("a declined check: %v", err)
		}
		for _, tt := range []struct {
			req      lending.CreateApplicationRequest
			sentinel error
			code     string
		}{
			{lending.CreateApplicationRequest{CustomerID: cu.ID, EligibilityCheckID: "elig_nope"}, lending.ErrEligibilityCheckNotFound, lending.CodeEligibilityCheckNotFound},
			{lending.CreateApplicationRequest{CustomerID: "cus_nope", EligibilityCheckID: check.ID}, lending.ErrCustomerNotFound, lending.CodeCustomerNotFound},
			{lending.CreateApplicationRequest{CustomerID: cu.ID, EligibilityCheckID: check.ID, TermMonths: 6}, lending.ErrOutOfBounds, lending.CodeTermBelowMinimum},
			{lending.CreateApplicationRequest{CustomerID: cu.ID, EligibilityCheckID: check.ID, Aggregator: "x"}, lending.ErrInvalidRequest, lending.CodeInvalidRequest},
		} {
			if _, err := c.lending.CreateApplication(ctx, tt.req, ""); !isAppCode(err, tt.sentinel, 422, tt.code) {
				t.Errorf("CreateApplication(%+v) = %v, want %s", tt.req, err, tt.code)
			}
		}
	}},
	{"lending.Application", "by id", func(t *testing.T, ctx context.Context, c clients) {
		made := applicationFor(t, ctx, c, "contract-app-get@example.com", "")
		a, err := c.lending.Application(ctx, made.ID)
		if err != nil || a.ID != made.ID || !a.OnePage || a.JourneyMap != (lending.JourneyMap{}) {
			t.Fatalf("Application = %+v, %v", a, err)
		}
		for _, id := range []string{"app_nobody", "", "../customers"} {
			if _, err := c.lending.Application(ctx, id); !errors.Is(err, lending.ErrApplicationNotFound) {
				t.Errorf("Application(%q) = %v", id, err)
			}
		}
	}},
	{"lending.CustomerApplications", "a customer's, newest first", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-list@example.com", "")
		list, err := c.lending.CustomerApplications(ctx, a.CustomerID)
		if err != nil || len(list) != 1 || list[0].ID != a.ID {
			t.Fatalf("CustomerApplications = %+v, %v", list, err)
		}
		seeded, err := c.lending.CustomerApplications(ctx, "cus_regstage_setcpa")
		if err != nil || len(seeded) != 1 || seeded[0].ID != "app_regstage_setcpa" || seeded[0].RegStage.Pending()[0] != lending.StageSetCPA {
			t.Fatalf("the setCpa persona's = %+v, %v", seeded, err)
		}
		for _, id := range []string{"cus_nobody", "a b"} {
			if list, err := c.lending.CustomerApplications(ctx, id); err != nil || list == nil || len(list) != 0 {
				t.Errorf("CustomerApplications(%q) = %+v, %v", id, list, err)
			}
		}
	}},
	{"lending.ConfirmLoan", "re-prices a change", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-loan@example.com", "")
		got, err := c.lending.ConfirmLoan(ctx, a.ID, lending.ConfirmLoanRequest{AmountPence: 7_500_00, TermMonths: 60})
		if err != nil || got.Quote.TotalPayablePence != 884701 || !got.JourneyMap.YourLoan.LoanValueConfirm || got.RegStage.Welcome != 1 {
			t.Fatalf("ConfirmLoan = %+v, %v", got.Quote, err)
		}
		if _, err := c.lending.ConfirmLoan(ctx, a.ID, lending.ConfirmLoanRequest{AmountPence: 30_000_00}); !isAppCode(err, lending.ErrOutOfBounds, 422, lending.CodeAmountAboveMaximum) {
			t.Fatalf("too much: %v", err)
		}
	}},
	{"lending.RecordEmailVerified", "the customer's address only", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-email@example.com", "")
		got, err := c.lending.RecordEmailVerified(ctx, a.ID, "CONTRACT-APP-EMAIL@example.com")
		if err != nil || got.EmailVerification != 1 || !got.JourneyMap.AboutYou.EmailVerification {
			t.Fatalf("RecordEmailVerified = %+v, %v", got, err)
		}
		if _, err := c.lending.RecordEmailVerified(ctx, a.ID, "someone@example.com"); !isAppCode(err, lending.ErrInvalidRequest, 422, lending.CodeEmailMismatch) {
			t.Fatalf("another address: %v", err)
		}
	}},
	{"lending.UpdatePurpose", "with the text of other", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-purpose@example.com", "")
		got, err := c.lending.UpdatePurpose(ctx, a.ID, lending.PurposeRequest{Purpose: lending.PurposeOther, PurposeText: "A piano"})
		if err != nil || got.PurposeText != "A piano" || !got.JourneyMap.AboutYou.LoanPurposeConfirm {
			t.Fatalf("UpdatePurpose = %+v, %v", got, err)
		}
		if _, err := c.lending.UpdatePurpose(ctx, a.ID, lending.PurposeRequest{Purpose: lending.PurposeOther}); !isAppCode(err, lending.ErrInvalidRequest, 422, lending.CodeInvalidRequest) {
			t.Fatalf("other without text: %v", err)
		}
	}},
	{"lending.UpdateHousing", "status, cost and pay method", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-housing@example.com", "")
		got, err := c.lending.UpdateHousing(ctx, a.ID, lending.HousingDetails{Status: lending.HousingLivingWithFamily, MonthlyCostPence: 200_00, PayMethod: lending.PayCash})
		if err != nil || got.Housing == nil || got.Housing.PayMethod != lending.PayCash || !got.JourneyMap.AboutYou.RentConfirm {
			t.Fatalf("UpdateHousing = %+v, %v", got.Housing, err)
		}
		if _, err := c.lending.UpdateHousing(ctx, a.ID, lending.HousingDetails{Status: lending.HousingRentingSocial, MonthlyCostPence: 1}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("no pay method: %v", err)
		}
	}},
	{"lending.UpdateAddressHistory", "3 years of addresses", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-addresses@example.com", "")
		recent := time.Now().UTC().AddDate(-1, 0, 0).Format("2006-01")
		got, err := c.lending.UpdateAddressHistory(ctx, a.ID, lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
			{GazetteerID: "gz_AV72RW_03", MovedIn: recent}}})
		if err != nil || len(got.Addresses) != 1 || got.Addresses[0].Label != "23 Station Road, Brackenford, AV7 2RW" || got.JourneyMap.AboutYou.AddressUpdate {
			t.Fatalf("a year of addresses = %+v, %v", got.Addresses, err)
		}
		got, err = c.lending.UpdateAddressHistory(ctx, a.ID, lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
			{GazetteerID: "gz_AV72RW_03", MovedIn: recent},
			{Address: &lending.Address{HouseNumber: "4", Street: "Elm Row", Town: "Farmouth", Postcode: "fm1 2ab"}, MovedIn: "2001-07"}}})
		if err != nil || len(got.Addresses) != 2 || !got.Addresses[1].Manual || got.Addresses[1].Address.Postcode != "FM1 2AB" || !got.JourneyMap.AboutYou.AddressUpdate {
			t.Fatalf("UpdateAddressHistory = %+v, %v", got.Addresses, err)
		}
		_, err = c.lending.UpdateAddressHistory(ctx, a.ID, lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
			{Address: &lending.Address{HouseNumber: "4", Street: "Elm Row", Town: "Farmouth", Postcode: "nope"}, MovedIn: "2001-07"}}})
		if !isAppCode(err, lending.ErrPostcodeInvalid, 422, lending.CodePostcodeInvalid) {
			t.Fatalf("a bad postcode: %v", err)
		}
	}},
	{"lending.UpdateIncome", "income and employment", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-income@example.com", "")
		got, err := c.lending.UpdateIncome(ctx, a.ID, lending.Income{AnnualIncomePence: 25_000_00, EmploymentStatus: lending.EmploymentRetired, PayFrequency: lending.PayFourWeekly})
		if err != nil || got.Income == nil || got.Income.PayFrequency != lending.PayFourWeekly || !got.JourneyMap.AboutYou.IncomeConfirm {
			t.Fatalf("UpdateIncome = %+v, %v", got.Income, err)
		}
		if _, err := c.lending.UpdateIncome(ctx, a.ID, lending.Income{EmploymentStatus: "pirate", PayFrequency: lending.PayMonthly}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("a bad status: %v", err)
		}
	}},
	{"lending.UpdateFutureIncomeChange", "expected or not", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-future@example.com", "")
		fc := lending.FutureIncomeChange{Expected: true, Direction: lending.IncomeDecrease, Reason: lending.IncomeChangeParentalLeave, NewAnnualIncomePence: 18_000_00}
		got, err := c.lending.UpdateFutureIncomeChange(ctx, a.ID, fc)
		if err != nil || got.FutureIncomeChange == nil || *got.FutureIncomeChange != fc {
			t.Fatalf("UpdateFutureIncomeChange = %+v, %v", got.FutureIncomeChange, err)
		}
		if _, err := c.lending.UpdateFutureIncomeChange(ctx, a.ID, lending.FutureIncomeChange{Expected: true}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("expected without details: %v", err)
		}
	}},
	{"lending.AnswerCreditAssessment", "every required question", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-assess@example.com", "")
		got, err := c.lending.AnswerCreditAssessment(ctx, a.ID, lending.CreditAssessmentRequest{Answers: contractAnswers})
		if err != nil || len(got.CreditAssessment) != 4 {
			t.Fatalf("AnswerCreditAssessment = %+v, %v", got.CreditAssessment, err)
		}
		if _, err := c.lending.AnswerCreditAssessment(ctx, a.ID, lending.CreditAssessmentRequest{Answers: contractAnswers[1:]}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("a missing answer: %v", err)
		}
	}},
	{"lending.UpdateOpenBanking", "linked or skipped", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-ob@example.com", "")
		got, err := c.lending.UpdateOpenBanking(ctx, a.ID, lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped})
		if err != nil || !got.JourneyMap.AboutYou.OBSkip || got.RegStage.OpenBanking != 1 {
			t.Fatalf("skipped = %+v, %v", got.OpenBanking, err)
		}
		got, err = c.lending.UpdateOpenBanking(ctx, a.ID, lending.OpenBankingUpdate{Status: lending.OpenBankingLinked, ConsentID: "cons_123"})
		if err != nil || got.JourneyMap.AboutYou.OBSkip || !got.JourneyMap.VerifyIncome.OpenBanking || got.OpenBanking.ConsentID != "cons_123" {
			t.Fatalf("linked = %+v, %v", got.OpenBanking, err)
		}
		if _, err := c.lending.UpdateOpenBanking(ctx, a.ID, lending.OpenBankingUpdate{Status: lending.OpenBankingLinked}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("linked without a consent: %v", err)
		}
	}},
	{"lending.StartOver", "a new application replaces the old", func(t *testing.T, ctx context.Context, c clients) {
		old := applicationFor(t, ctx, c, "contract-app-over@example.com", "")
		fresh, err := c.lending.StartOver(ctx, old.ID, "contract-over-1")
		if err != nil || fresh.ID == old.ID || fresh.Status != lending.ApplicationInProgress || fresh.CustomerID != old.CustomerID {
			t.Fatalf("StartOver = %+v, %v", fresh, err)
		}
		if again, err := c.lending.StartOver(ctx, old.ID, "contract-over-1"); err != nil || again.ID != fresh.ID {
			t.Fatalf("repeated key = %s, %v", again.ID, err)
		}
		if was, _ := c.lending.Application(ctx, old.ID); was.Status != lending.ApplicationWithdrawn || was.Withdrawal.ReplacedBy != fresh.ID {
			t.Fatalf("the old one = %s %+v", was.Status, was.Withdrawal)
		}
		if _, err := c.lending.StartOver(ctx, old.ID, ""); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeApplicationStatus) {
			t.Fatalf("starting a withdrawn one over: %v", err)
		}
	}},
	{"lending.SubmitApplication", "complete, once per key", func(t *testing.T, ctx context.Context, c clients) {
		const email = "contract-app-submit@example.com"
		a := applicationFor(t, ctx, c, email, "")
		if _, err := c.lending.SubmitApplication(ctx, a.ID, ""); !isAppCode(err, lending.ErrApplicationIncomplete, 409, lending.CodeApplicationIncomplete) {
			t.Fatalf("incomplete: %v", err)
		}
		appJourney(t, ctx, c, a, email)
		got, err := c.lending.SubmitApplication(ctx, a.ID, "contract-submit-1")
		if err != nil || got.Status != lending.ApplicationApproved || got.DecisionID == "" || !got.JourneyMap.Submission.IsFinished {
			t.Fatalf("SubmitApplication = %+v, %v", got, err)
		}
		if again, err := c.lending.SubmitApplication(ctx, a.ID, "contract-submit-1"); err != nil || again.DecisionID != got.DecisionID {
			t.Fatalf("repeated key = %s, %v", again.DecisionID, err)
		}
		if _, err := c.lending.SubmitApplication(ctx, a.ID, ""); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeApplicationStatus) {
			t.Fatalf("submitted twice: %v", err)
		}
	}},
	{"lending.Decision", "decline reasons", func(t *testing.T, ctx context.Context, c clients) {
		const email = "contract-app+decline@example.com"
		a := appJourney(t, ctx, c, applicationFor(t, ctx, c, email, ""), email)
		if _, err := c.lending.Decision(ctx, a.ID); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeApplicationStatus) {
			t.Fatalf("before submission: %v", err)
		}
		if a, _ = c.lending.SubmitApplication(ctx, a.ID, ""); a.Status != lending.ApplicationDeclined || a.ApprovalStatus != 0 || a.PreDispersalStatus != 0 {
			t.Fatalf("submitted: %s", a.Status)
		}
		d, err := c.lending.Decision(ctx, a.ID)
		if err != nil || d.Outcome != lending.OutcomeDeclined || len(d.Reasons) != 1 || d.Reasons[0].Code != lending.ReasonCreditHistory || d.Reasons[0].Text == "" {
			t.Fatalf("Decision = %+v, %v", d, err)
		}
	}},
	{"lending.Decision", "a referral decided when the sandbox clock passes its due time", func(t *testing.T, ctx context.Context, c clients) {
		const email = "contract-app+refer@example.com"
		a := appJourney(t, ctx, c, applicationFor(t, ctx, c, email, ""), email)
		a, err := c.lending.SubmitApplication(ctx, a.ID, "")
		if err != nil || a.Status != lending.ApplicationReferred || a.RegStage.WaitingPage != 0 {
			t.Fatalf("submitted: %s %v", a.Status, err)
		}
		var clk server.ClockState
		sandboxControl(t, c, http.MethodGet, "/_sandbox/clock", nil, &clk)
		t.Cleanup(func() {
			sandboxControl(t, c, http.MethodPost, "/_sandbox/clock", server.ClockChange{Set: clk.Now}, nil)
		})
		sandboxControl(t, c, http.MethodPost, "/_sandbox/clock", server.ClockChange{Advance: "24h"}, nil)
		d, err := c.lending.Decision(ctx, a.ID)
		if err != nil || d.Outcome != lending.OutcomeApproved || !d.DecidedAt.Equal(a.Decision.DecisionDueAt) {
			t.Fatalf("after 24 hours: %+v, %v", d, err)
		}
	}},
	{"lending.RespondToCounteroffer", "accepting the lower offer", func(t *testing.T, ctx context.Context, c clients) {
		const email = "contract-app+counteroffer@example.com"
		a := appJourney(t, ctx, c, applicationFor(t, ctx, c, email, ""), email)
		a, _ = c.lending.SubmitApplication(ctx, a.ID, "")
		if a.Status != lending.ApplicationCounteroffer || a.Decision.Offer == nil || a.Decision.Offer.AmountPence != 3_000_00 {
			t.Fatalf("submitted: %s %+v", a.Status, a.Decision)
		}
		got, err := c.lending.RespondToCounteroffer(ctx, a.ID, true)
		if err != nil || got.Status != lending.ApplicationApproved || got.Quote.AmountPence != 3_000_00 || got.Decision.Response != lending.CounterofferAccepted {
			t.Fatalf("RespondToCounteroffer = %s %+v, %v", got.Status, got.Decision, err)
		}
		if _, err := c.lending.RespondToCounteroffer(ctx, a.ID, false); !errors.Is(err, lending.ErrApplicationStatus) {
			t.Fatalf("answered twice: %v", err)
		}
	}},
	{"lending.SetApplicationPhone", "the setPhone stage", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-phone-early@example.com", "")
		if _, err := c.lending.SetApplicationPhone(ctx, a.ID, nextAppPhone()); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeApplicationStatus) {
			t.Fatalf("before approval: %v", err)
		}
		a = approvedApplication(t, ctx, c, "contract-app-phone@example.com", "")
		got, err := c.lending.SetApplicationPhone(ctx, a.ID, nextAppPhone())
		if err != nil || got.RegStage.SetPhone != 1 {
			t.Fatalf("SetApplicationPhone = %+v, %v", got.RegStage, err)
		}
		if _, err := c.lending.SetApplicationPhone(ctx, a.ID, "+447700900101"); !isAppCode(err, lending.ErrCustomerExists, 409, lending.CodeCustomerExists) {
			t.Fatalf("a persona's number: %v", err)
		}
		if _, err := c.lending.SetApplicationPhone(ctx, a.ID, "01632 960000"); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("a landline: %v", err)
		}
	}},
	{"lending.ConfirmPayee", "match, close match, no match", func(t *testing.T, ctx context.Context, c clients) {
		a := approvedApplication(t, ctx, c, "contract-app-cop@example.com", "")
		for _, tt := range []struct{ name, account, outcome, reason string }{
			{"Jon Bloggs", "12345678", lending.PayeeCloseMatch, ""},
			{"Sam Taylor", "12345678", lending.PayeeNoMatch, lending.PayeeReasonNameMismatch},
			{"Jo Bloggs", "99999999", lending.PayeeNoMatch, lending.PayeeReasonAccountNotFound},
			{"Jo Bloggs", "12121212", lending.PayeeNoMatch, lending.PayeeReasonBusinessAccount},
			{"Jo Bloggs", "12345678", lending.PayeeMatch, ""},
		} {
			pc, err := c.lending.ConfirmPayee(ctx, a.ID, lending.PayeeRequest{AccountName: tt.name, SortCode: "99-01-02", AccountNumber: tt.account})
			if err != nil || pc.Outcome != tt.outcome || pc.Reason != tt.reason || pc.Confirmed != (tt.outcome == lending.PayeeMatch) {
				t.Fatalf("ConfirmPayee(%s, %s) = %+v, %v", tt.name, tt.account, pc, err)
			}
		}
		if got, _ := c.lending.Application(ctx, a.ID); got.Payee == nil || got.Payee.AccountNumberLast4 != "5678" || got.RegStage.ConfirmationPayee != 1 {
			t.Fatalf("payee = %+v", got.Payee)
		}
		if _, err := c.lending.ConfirmPayee(ctx, a.ID, lending.PayeeRequest{AccountName: "Jo Bloggs", SortCode: "1", AccountNumber: "12345678"}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("a bad sort code: %v", err)
		}
	}},
	{"lending.AttachCPA", "a card token", func(t *testing.T, ctx context.Context, c clients) {
		a := approvedApplication(t, ctx, c, "contract-app-cpa@example.com", "")
		got, err := c.lending.AttachCPA(ctx, a.ID, "card_0123456789abcdef")
		if err != nil || got.CPA == nil || got.CPA.CardToken != "card_0123456789abcdef" || got.RegStage.SetCPA != 1 {
			t.Fatalf("AttachCPA = %+v, %v", got.CPA, err)
		}
		if _, err := c.lending.AttachCPA(ctx, a.ID, "not a token"); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("a bad token: %v", err)
		}
	}},
	{"lending.Commission", "disclosed for a broker's applicant", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-app-commission@example.com", "brk_northgate")
		cm, err := c.lending.Commission(ctx, a.ID)
		if err != nil || !cm.Required || cm.BrokerFirm != "Northgate Finance Brokers" || cm.AmountPence != 150_00 || cm.Disclosure == "" {
			t.Fatalf("Commission = %+v, %v", cm, err)
		}
		if _, err := c.lending.Commission(ctx, "app_nobody"); !isAppCode(err, lending.ErrApplicationNotFound, 404, lending.CodeApplicationNotFound) {
			t.Fatalf("unknown: %v", err)
		}
	}},
	{"lending.ConsentToCommission", "then the agreement can be signed", func(t *testing.T, ctx context.Context, c clients) {
		a := approvedApplication(t, ctx, c, "contract-app-consent@example.com", "brk_kestrel")
		if _, err := c.lending.SignAgreement(ctx, a.ID, lending.SignatureRequest{SignerName: "Jo Bloggs"}); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeCommissionConsentNeeded) {
			t.Fatalf("signing first: %v", err)
		}
		got, err := c.lending.ConsentToCommission(ctx, a.ID)
		if err != nil || got.Commission.ConsentedAt.IsZero() || got.RegStage.CommissionConsent != 1 {
			t.Fatalf("ConsentToCommission = %+v, %v", got.Commission, err)
		}
		direct := approvedApplication(t, ctx, c, "contract-app-noconsent@example.com", "")
		if _, err := c.lending.ConsentToCommission(ctx, direct.ID); !errors.Is(err, lending.ErrApplicationStatus) {
			t.Fatalf("no broker: %v", err)
		}
	}},
	{"lending.SignAgreement", "the agreement shown, by the borrower", func(t *testing.T, ctx context.Context, c clients) {
		a := approvedApplication(t, ctx, c, "contract-app-sign@example.com", "")
		doc, err := c.lending.Document(ctx, a.ID, lending.DocumentCreditAgreement, lending.FormatPDF)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.lending.SignAgreement(ctx, a.ID, lending.SignatureRequest{SignerName: "Someone Else"}); !isAppCode(err, lending.ErrInvalidRequest, 422, lending.CodeSignerNameMismatch) {
			t.Fatalf("another name: %v", err)
		}
		if _, err := c.lending.SignAgreement(ctx, a.ID, lending.SignatureRequest{SignerName: "Jo Bloggs", DocumentSHA256: strings.Repeat("0", 64)}); !isAppCode(err, lending.ErrDocumentChanged, 409, lending.CodeDocumentChanged) {
			t.Fatalf("another document: %v", err)
		}
		got, err := c.lending.SignAgreement(ctx, a.ID, lending.SignatureRequest{SignerName: "jo bloggs", DocumentSHA256: doc.SHA256})
		if err != nil || got.Signature == nil || got.Signature.DocumentSHA256 != doc.SHA256 || got.RegStage.Signature != 1 {
			t.Fatalf("SignAgreement = %+v, %v", got.Signature, err)
		}
	}},
	{"lending.RecordIdentityVerified", "the last step: ready for drawdown", func(t *testing.T, ctx context.Context, c clients) {
		a := identityStageApplication(t, ctx, c, "contract-app-idv@example.com")
		got, err := c.lending.RecordIdentityVerified(ctx, a.ID, "idc_contract")
		if err != nil || got.Identity == nil || got.Status != lending.ApplicationReadyForDrawdown || len(got.RegStage.Pending()) != 0 {
			t.Fatalf("RecordIdentityVerified = %s %v, %v", got.Status, got.RegStage.Pending(), err)
		}
		if _, err := c.lending.RecordIdentityVerified(ctx, a.ID, ""); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("no check id: %v", err)
		}
	}},
	{"lending.RecordShareCodeVerified", "a share code's evidence instead of a check id", func(t *testing.T, ctx context.Context, c clients) {
		a := identityStageApplication(t, ctx, c, "contract-app-idv-sc@example.com")
		checked := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
		for _, bad := range []lending.ShareCodeEvidence{{Purpose: "passport", CheckedAt: checked}, {Purpose: "right_to_work"}} {
			if _, err := c.lending.RecordShareCodeVerified(ctx, a.ID, bad); !errors.Is(err, lending.ErrInvalidRequest) {
				t.Fatalf("share code %+v: %v", bad, err)
			}
		}
		got, err := c.lending.RecordShareCodeVerified(ctx, a.ID, lending.ShareCodeEvidence{Purpose: "right_to_work", CheckedAt: checked})
		if err != nil || got.Identity == nil || got.Identity.ShareCode == nil || got.Identity.CheckID != "" ||
			got.Identity.ShareCode.Purpose != "right_to_work" || !got.Identity.ShareCode.CheckedAt.Equal(checked) ||
			got.Status != lending.ApplicationReadyForDrawdown {
			t.Fatalf("RecordShareCodeVerified = %s %+v, %v", got.Status, got.Identity, err)
		}
	}},
	{"lending.RequestAdditionalOperation", "sign_again clears the signature", func(t *testing.T, ctx context.Context, c clients) {
		a := approvedApplication(t, ctx, c, "contract-app-ops@example.com", "")
		if _, err := c.lending.SignAgreement(ctx, a.ID, lending.SignatureRequest{SignerName: "Jo Bloggs"}); err != nil {
			t.Fatal(err)
		}
		got, err := c.lending.RequestAdditionalOperation(ctx, a.ID, lending.OpSignAgain)
		if err != nil || got.Signature != nil || got.RegStage.Signature != 0 || got.RegStage.AdditionalOps != 0 ||
			len(got.AdditionalOps) != 1 || got.AdditionalOps[0] != lending.OpSignAgain {
			t.Fatalf("RequestAdditionalOperation = %+v %v, %v", got.RegStage, got.AdditionalOps, err)
		}
		if _, err := c.lending.RequestAdditionalOperation(ctx, a.ID, "dance"); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("not an operation: %v", err)
		}
		early := applicationFor(t, ctx, c, "contract-app-ops-early@example.com", "")
		if _, err := c.lending.RequestAdditionalOperation(ctx, early.ID, lending.OpAddress); !errors.Is(err, lending.ErrApplicationStatus) {
			t.Fatalf("before approval: %v", err)
		}
	}},
	{"lending.Document", "HTML and PDF with the application's figures", func(t *testing.T, ctx context.Context, c clients) {
		a := approvedApplication(t, ctx, c, "contract-app-docs@example.com", "")
		for _, kind := range lending.DocumentKinds() {
			for _, format := range []string{lending.FormatHTML, lending.FormatPDF} {
				d, err := c.lending.Document(ctx, a.ID, kind, format)
				sum := sha256.Sum256(d.Content)
				if err != nil || d.Kind != kind || d.Format != format || d.SHA256 != hex.EncodeToString(sum[:]) || d.Title == "" {
					t.Fatalf("Document(%s, %s) = %s, %v", kind, format, d.Title, err)
				}
				text := string(d.Content)
				if format == lending.FormatPDF {
					pages, err := pdf.ExtractText(d.Content)
					if err != nil || d.ContentType != "application/pdf" {
						t.Fatalf("%s: %s %v", kind, d.ContentType, err)
					}
					text = strings.Join(strings.Fields(strings.Join(pages, " ")), " ")
				} else if d.ContentType != "text/html; charset=utf-8" || strings.Contains(text, "<script") {
					t.Fatalf("%s: %s", kind, d.ContentType)
				}
				if !strings.Contains(text, "£5,000.00") || !strings.Contains(text, "Jo Bloggs") {
					t.Errorf("%s %s lacks the amount or the borrower", kind, format)
				}
			}
		}
		early := applicationFor(t, ctx, c, "contract-app-docs-early@example.com", "")
		if _, err := c.lending.Document(ctx, early.ID, lending.DocumentCreditAgreement, lending.FormatPDF); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeDocumentNotAvailable) {
			t.Fatalf("an agreement before approval: %v", err)
		}
		if _, err := c.lending.Document(ctx, a.ID, "terms", lending.FormatPDF); !errors.Is(err, lending.ErrDocumentNotFound) {
			t.Fatalf("an unknown kind: %v", err)
		}
		if _, err := c.lending.Document(ctx, a.ID, lending.DocumentSECCI, "docx"); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("an unknown format: %v", err)
		}
	}},
}

// identityStageApplication is an approved application with every step but identity done.
func identityStageApplication(t *testing.T, ctx context.Context, c clients, email string) lending.Application {
	t.Helper()
	a := approvedApplication(t, ctx, c, email, "")
	if _, err := c.lending.SetPIN(ctx, a.CustomerID, "2468"); err != nil {
		t.Fatal(err)
	}
	steps := []func() (lending.Application, error){
		func() (lending.Application, error) { return c.lending.SetApplicationPhone(ctx, a.ID, nextAppPhone()) },
		func() (lending.Application, error) {
			pc, err := c.lending.ConfirmPayee(ctx, a.ID, lending.PayeeRequest{AccountName: "Jo Bloggs", SortCode: "990102", AccountNumber: "31926819"})
			if err == nil && !pc.Confirmed {
				err = errors.New("payee not confirmed")
			}
			return lending.Application{}, err
		},
		func() (lending.Application, error) { return c.lending.AttachCPA(ctx, a.ID, "card_contract") },
		func() (lending.Application, error) {
			return c.lending.SignAgreement(ctx, a.ID, lending.SignatureRequest{SignerName: "Jo Bloggs"})
		},
	}
	for _, s := range steps {
		if _, err := s(); err != nil {
			t.Fatal(err)
		}
	}
	return a
}
