package app

import (
	"context"
	"net/http"
	"testing"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// applicationInfo is the part of accountApplication/getApplicationInfo the tests compare.
type applicationInfo struct {
	ApplicationID      string            `json:"applicationId"`
	UUID               string            `json:"uuid"`
	Status             string            `json:"status"`
	ApprovalStatus     int               `json:"approvalStatus"`
	OnePage            bool              `json:"onePage"`
	ApplicationOwner   string            `json:"applicationOwner"`
	DecisionID         string            `json:"decisionId"`
	ApplicationTypeID  int               `json:"applicationTypeId"`
	PreDispersalStatus int               `json:"preDispersalStatus"`
	RegStage           lending.RegStages `json:"regStage"`
	ABChoice           lending.ABChoice  `json:"abChoice"`
	Application        struct {
		LoanPurpose     string `json:"loanPurpose"`
		LoanPurposeText string `json:"loanPurposeText"`
	} `json:"application"`
	Aggregator        string   `json:"aggregator"`
	EmailVerification int      `json:"emailVerification"`
	Loan              loanInfo `json:"loan"`
	Decision          *struct {
		Outcome string `json:"outcome"`
		Reasons []struct {
			Code string `json:"code"`
			Text string `json:"text"`
		} `json:"reasons"`
	} `json:"decision"`
	AdditionalOps []string `json:"additionalOps"`
	RenderData    struct {
		RenderApplicantID string `json:"renderApplicantId"`
	} `json:"renderData"`
}

type loanInfo struct {
	AmountPence            int64  `json:"amountPence"`
	TermMonths             int    `json:"termMonths"`
	AprPercent             string `json:"aprPercent"`
	MonthlyInstalmentPence int64  `json:"monthlyInstalmentPence"`
	TotalPayablePence      int64  `json:"totalPayablePence"`
	Confirmed              bool   `json:"confirmed"`
}

// wantInfoOf checks the answer against the application the lending core holds.
func wantInfoOf(t *testing.T, got applicationInfo, a lending.Application) {
	t.Helper()
	owner := a.ApplicationOwner
	if owner == "" {
		owner = "default"
	}
	if got.ApplicationID != a.ID || got.UUID != a.CustomerID || got.Status != a.Status ||
		got.ApprovalStatus != a.ApprovalStatus || got.OnePage != a.OnePage || got.ApplicationOwner != owner ||
		got.DecisionID != a.DecisionID || got.ApplicationTypeID != a.ApplicationTypeID ||
		got.PreDispersalStatus != a.PreDispersalStatus || got.RegStage != a.RegStage || got.ABChoice != a.ABChoice ||
		got.Application.LoanPurpose != a.Purpose || got.Application.LoanPurposeText != a.PurposeText ||
		got.Aggregator != a.Aggregator || got.EmailVerification != a.EmailVerification ||
		len(got.AdditionalOps) != len(a.AdditionalOps) {
		t.Fatalf("application info %+v\nthe lending core holds %+v", got, a)
	}
	// What the app keeps as applicationInfo and analytics identifies the person by (spec §3, §7).
	if got.RenderData.RenderApplicantID == "" || got.RenderData.RenderApplicantID != a.RenderApplicantID {
		t.Fatalf("renderData %+v, the lending core's applicant id %q", got.RenderData, a.RenderApplicantID)
	}
	q := a.Quote
	if got.Loan.AmountPence != q.AmountPence || got.Loan.TermMonths != q.TermMonths || got.Loan.AprPercent != q.APRPercent ||
		got.Loan.MonthlyInstalmentPence != q.MonthlyInstalmentPence || got.Loan.TotalPayablePence != q.TotalPayablePence ||
		got.Loan.Confirmed != a.JourneyMap.YourLoan.LoanValueConfirm {
		t.Fatalf("loan %+v, the lending core's quote %+v", got.Loan, q)
	}
	if (got.Decision == nil) != (a.Decision == nil) {
		t.Fatalf("decision %+v, the lending core's %+v", got.Decision, a.Decision)
	}
	if a.Decision != nil && (got.Decision.Outcome != a.Decision.Outcome || len(got.Decision.Reasons) != len(a.Decision.Reasons)) {
		t.Fatalf("decision %+v, the lending core's %+v", got.Decision, a.Decision)
	}
}

func TestGetApplicationInfoAnswersTheLatestApplication(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	r, creds := st.registered("info@example.com")

	res, env := st.get("/accountApplication/getApplicationInfo", &creds)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("getApplicationInfo = HTTP %d %+v", res.StatusCode, env)
	}
	got := decode[applicationInfo](t, env)
	a := st.application(r.ApplyID)
	wantInfoOf(t, got, a)
	if got.RegStage.PreApproval != lending.StageDone || got.RegStage.Welcome != lending.StagePending ||
		got.ApprovalStatus != lending.ApprovalPending || got.ApplicationOwner != "harbour" || got.Decision != nil {
		t.Fatalf("a new application reads %+v", got)
	}

	// The spec's uuid query: the session's own id is served, any other is not found.
	_, env = st.get("/accountApplication/getApplicationInfo?uuid="+r.UUID, &creds)
	wantInfoOf(t, decode[applicationInfo](t, env), a)
	other, _ := st.registered("other@example.com")
	res, env = st.get("/accountApplication/getApplicationInfo?uuid="+other.UUID, &creds)
	wantFailure(t, res, env, web.CodeNotFound)

	res, env = st.get("/accountApplication/getApplicationInfo", nil)
	wantFailure(t, res, env, web.CodeUnauthenticated)

	cu, err := st.lending().CreateCustomer(context.Background(), lending.CreateCustomerRequest{Email: "noapp@example.com", FirstName: "No", LastName: "App"}, "")
	if err != nil {
		t.Fatal(err)
	}
	none := st.signIn(cu.ID)
	res, env = st.get("/accountApplication/getApplicationInfo", &none)
	wantFailure(t, res, env, web.CodeNotFound)
}

// A seeded legacy applicant, approved and waiting to set a PIN: the stages and the decision the resume
// rules of spec §4 read are the lending core's.
func TestGetApplicationInfoOfAnApprovedLegacyApplicant(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	cu, err := st.lending().CustomerByEmail(ctx, withoutPIN)
	if err != nil {
		t.Fatal(err)
	}
	apps, err := st.lending().CustomerApplications(ctx, cu.ID)
	if err != nil || len(apps) == 0 {
		t.Fatalf("the persona's applications: %v %v", apps, err)
	}
	creds := st.signIn(cu.ID)
	_, env := st.get("/accountApplication/getApplicationInfo", &creds)
	got := decode[applicationInfo](t, env)
	wantInfoOf(t, got, st.application(apps[0].ID))
	if got.ApprovalStatus != lending.ApprovalApproved || got.RegStage.SetPassword != lending.StagePending || got.Decision == nil {
		t.Fatalf("an approved applicant without a PIN reads %+v", got)
	}
}
