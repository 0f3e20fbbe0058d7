// Package sandboxmail serves the calls that exist only while the BFF runs against the sandbox (spec
// §6 "sandbox user"): whether that is so (sandbox/info), the sandbox user's sign-in, the mailbox of
// captured e-mails and SMS, and the persona catalogue. With the sandbox endpoints off (always in
// production) every one of them except sandbox/info answers 404, as an unknown route does.
package sandboxmail

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/safehtml"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/sandboxctl"
)

// The sandbox user's session: one shared pseudo-subject, because the mailbox belongs to no one.
const (
	RoleSandbox    = "sandbox"
	SubjectSandbox = "sandbox-user"
)

// smsSubjectRunes is how much of an SMS stands for its subject in the list.
const smsSubjectRunes = 60

// Handlers implements the sandbox part of the generated API.
type Handlers struct {
	enabled  bool
	sessions *session.Manager
	notify   Notify
	control  SandboxControl
}

// New returns the handlers; enabled is the BFF_SANDBOX_ENDPOINTS setting (never true in production).
func New(enabled bool, sessions *session.Manager, n Notify, control SandboxControl) *Handlers {
	return &Handlers{enabled: enabled, sessions: sessions, notify: n, control: control}
}

// errDisabled is the cause logged when a sandbox call reaches a BFF that does not serve them.
var errDisabled = errors.New("sandbox endpoints are off")

// GetSandboxInfo tells the apps whether to offer the sandbox mailbox.
func (h *Handlers) GetSandboxInfo(context.Context, apigen.GetSandboxInfoRequestObject) (apigen.GetSandboxInfoResponseObject, error) {
	return apigen.GetSandboxInfo200JSONResponse{Status: 200, ResultData: apigen.SandboxInfo{Enabled: h.enabled}}, nil
}

// SandboxLogin starts a session of the sandbox audience; its token opens only the sandbox calls.
func (h *Handlers) SandboxLogin(ctx context.Context, _ apigen.SandboxLoginRequestObject) (apigen.SandboxLoginResponseObject, error) {
	if !h.enabled {
		return nil, web.Fail(web.CodeNotFound, errDisabled)
	}
	c, ok := ctx.(*gin.Context)
	if !ok {
		return nil, web.Fail(web.CodeInternal, errors.New("sandboxmail: the handler context is not a gin context"))
	}
	token, err := h.sessions.Start(ctx, c, session.NewSession{Subject: SubjectSandbox, Audience: session.AudienceSandbox, Role: RoleSandbox,
		Proof: session.ProofSandbox})
	if err != nil {
		return nil, err
	}
	res := apigen.SandboxLogin200JSONResponse{Status: 200}
	res.ResultData.SandboxToken = token
	return res, nil
}

// SandboxSearchEmail lists what was sent to an e-mail address or UK mobile number, newest first.
func (h *Handlers) SandboxSearchEmail(ctx context.Context, req apigen.SandboxSearchEmailRequestObject) (apigen.SandboxSearchEmailResponseObject, error) {
	if !h.enabled {
		return nil, web.Fail(web.CodeNotFound, errDisabled)
	}
	to, ok := Recipient(req.Body.Address)
	if !ok {
		return nil, web.FailWith(web.CodeBadRequest, "Enter an e-mail address or a UK mobile number.", errors.New("not an address"))
	}
	msgs, err := h.notify.Messages(ctx, notify.MessageQuery{To: to, Limit: 200})
	if err != nil {
		if errors.Is(err, notify.ErrInvalidAddress) || errors.Is(err, notify.ErrInvalidMessage) {
			return nil, web.FailWith(web.CodeBadRequest, "Enter an e-mail address or a UK mobile number.", err)
		}
		return nil, web.FailUpstream(err)
	}
	res := apigen.SandboxSearchEmail200JSONResponse{Status: 200}
	res.ResultData.Messages = make([]apigen.SandboxMessageSummary, 0, len(msgs))
	for _, m := range msgs {
		res.ResultData.Messages = append(res.ResultData.Messages, summary(m))
	}
	return res, nil
}

// SandboxGetEmail is one captured message with its HTML sanitised.
func (h *Handlers) SandboxGetEmail(ctx context.Context, req apigen.SandboxGetEmailRequestObject) (apigen.SandboxGetEmailResponseObject, error) {
	if !h.enabled {
		return nil, web.Fail(web.CodeNotFound, errDisabled)
	}
	m, err := h.notify.Message(ctx, req.Id)
	if err != nil {
		if errors.Is(err, notify.ErrMessageNotFound) {
			return nil, web.FailWith(web.CodeNotFound, "There is no such message.", err)
		}
		return nil, web.FailUpstream(err)
	}
	s := summary(m)
	out := apigen.SandboxMessage{Id: s.Id, Kind: apigen.SandboxMessageKind(s.Kind), To: s.To, Subject: s.Subject,
		CreatedAt: s.CreatedAt, Html: safehtml.Mail(m.HTML), Text: m.Text, Links: m.Links}
	if out.Links == nil {
		out.Links = []string{}
	}
	if m.From != "" {
		out.From = &m.From
	}
	return apigen.SandboxGetEmail200JSONResponse{Status: 200, ResultData: out}, nil
}

func summary(m notify.Message) apigen.SandboxMessageSummary {
	subject := m.Subject
	if m.Kind == notify.KindSMS {
		subject = firstRunes(m.Text, smsSubjectRunes)
	}
	return apigen.SandboxMessageSummary{Id: m.ID, Kind: apigen.SandboxMessageSummaryKind(m.Kind), To: m.To,
		Subject: subject, CreatedAt: m.CreatedAt}
}

func firstRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// Recipient turns what a tester typed into the address the notifications provider searches by: an
// e-mail address lower-cased, or a UK mobile number (07…, 447…, 00447…, +447… or +44 (0)7…, with
// any spaces, dashes, dots or brackets) in E.164. It reports false for anything else.
func Recipient(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "@") {
		at := strings.LastIndexByte(s, '@')
		if at == 0 || at == len(s)-1 || strings.ContainsFunc(s, unicode.IsSpace) {
			return "", false
		}
		return strings.ToLower(s), true
	}
	digits := strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9':
			return r
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' || r == '+':
			return -1
		}
		return 'x' // anything else makes it not a number
	}, s)
	if strings.ContainsRune(digits, 'x') {
		return "", false
	}
	switch {
	case strings.HasPrefix(digits, "0044"):
		digits = digits[4:]
	case strings.HasPrefix(digits, "44"):
		digits = digits[2:]
	}
	// The trunk 0: of a national number, or written as +44 (0)7700 … .
	digits = strings.TrimPrefix(digits, "0")
	// A UK mobile is 7 followed by nine digits.
	if len(digits) != 10 || digits[0] != '7' {
		return "", false
	}
	return "+44" + digits, true
}

// SandboxPersonas is the sandbox's persona catalogue shaped for the mailbox screen.
func (h *Handlers) SandboxPersonas(ctx context.Context, _ apigen.SandboxPersonasRequestObject) (apigen.SandboxPersonasResponseObject, error) {
	if !h.enabled {
		return nil, web.Fail(web.CodeNotFound, errDisabled)
	}
	cat, err := h.control.Personas(ctx)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	res := apigen.SandboxPersonas200JSONResponse{Status: 200}
	res.ResultData.Personas, res.ResultData.TestCards, res.ResultData.ShareCodes = Shape(cat)
	return res, nil
}

// Shape turns the catalogue into the mailbox screen's lists: every applicant rule, staff account,
// portal user and seeded borrower as a persona, and the test cards and share codes as values.
func Shape(cat sandboxctl.Catalogue) (personas []apigen.SandboxPersona, cards, codes []apigen.SandboxTestValue) {
	personas = []apigen.SandboxPersona{}
	for _, a := range cat.Applicants {
		tag := strings.TrimPrefix(a.Tag, "+")
		personas = append(personas, apigen.SandboxPersona{
			Key:         "applicant-" + tag,
			Title:       "New applicant: " + a.Outcome,
			Description: a.Demonstrates,
			SignIn:      fmt.Sprintf("any address tagged %s, e.g. %s", a.Tag, a.Example),
		})
	}
	for _, b := range cat.Borrowers {
		desc := b.Demonstrates
		switch {
		case b.PIN != "" && b.PINLocked:
			desc += " PIN " + b.PIN + " (locked)."
		case b.PIN != "":
			desc += " PIN " + b.PIN + "."
		}
		if b.Phone != "" {
			desc += " Phone " + b.Phone + "."
		}
		personas = append(personas, apigen.SandboxPersona{
			Key:         b.Key,
			Title:       strings.TrimSpace(b.FirstName + " " + b.LastName),
			Description: desc,
			SignIn:      b.Email,
		})
	}
	for _, s := range cat.Staff {
		personas = append(personas, apigen.SandboxPersona{
			Key:         "staff-" + s.Account,
			Title:       "Staff: " + s.DisplayName,
			Description: s.Demonstrates,
			SignIn:      fmt.Sprintf("staff sign-in: account %s, password %s", s.Account, s.Password),
		})
	}
	for _, u := range cat.PortalUsers {
		personas = append(personas, apigen.SandboxPersona{
			Key:         "portal-" + u.ID,
			Title:       fmt.Sprintf("%s (%s, %s)", u.Name, u.Role, u.BrokerFirm),
			Description: u.Demonstrates,
			SignIn:      fmt.Sprintf("finance portal: %s, password %s", u.Email, u.Password),
		})
	}
	cards = []apigen.SandboxTestValue{}
	for _, c := range cat.TestCards {
		cards = append(cards, apigen.SandboxTestValue{Value: c.Number, Description: strings.TrimSpace(c.Brand + ": " + c.Demonstrates)})
	}
	codes = []apigen.SandboxTestValue{}
	for _, sc := range cat.ShareCodes {
		desc := fmt.Sprintf("%s; date of birth %s (%s %s)", sc.Purpose, sc.DateOfBirth, sc.GivenName, sc.FamilyName)
		if sc.ExpiresOn != "" {
			desc += "; usable until " + sc.ExpiresOn
		}
		codes = append(codes, apigen.SandboxTestValue{Value: sc.Code, Description: desc})
	}
	return personas, cards, codes
}

// Gate answers every sandbox call but sandbox/info 404 while the sandbox endpoints are off, before
// the session gate runs: without it a call that needs a session would answer 401 and so tell that
// the route exists. Mount it ahead of the session middleware on the API routes; with the endpoints
// on it does nothing.
func (h *Handlers) Gate(basePath string) gin.HandlerFunc {
	prefix, info := basePath+"/sandbox/", basePath+"/sandbox/info"
	return func(c *gin.Context) {
		if p := c.Request.URL.Path; !h.enabled && strings.HasPrefix(p, prefix) && p != info {
			web.SetRoute(c, "api-unmatched")
			web.NotFound(c)
			return
		}
		c.Next()
	}
}
