// Package staffaudit records, in the lending core, every request a member of staff makes while acting
// for a borrower (issue 5 §4 "Auditing"): who (the staff id), for whom (the customer id), what (the
// operation), when, and the request id. The record is written before the handler runs; when it cannot
// be written the request fails closed with 503 and is never served unaudited.
package staffaudit

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gin-gonic/gin"

	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
)

// Recorder stores audit events; lending.API is one.
type Recorder interface {
	RecordAudit(ctx context.Context, e lending.AuditEvent) (lending.AuditEvent, error)
}

// failedMessage is what a member of staff sees when the record could not be written.
const failedMessage = "This action could not be recorded in the staff audit trail, so it was not carried out. Please try again."

// Auditor is the gin middleware that records staff-acting requests.
type Auditor struct {
	rec     Recorder
	now     func() time.Time
	actions map[string]string // "METHOD /gin/route" → operationId
}

// New reads the operation ids of spec, whose paths are served under basePath. now may be nil
// (time.Now).
func New(spec *openapi3.T, basePath string, rec Recorder, now func() time.Time) *Auditor {
	if now == nil {
		now = time.Now
	}
	a := &Auditor{rec: rec, now: now, actions: map[string]string{}}
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			if op.OperationID != "" {
				a.actions[method+" "+basePath+web.GinPath(path)] = operationID(op.OperationID)
			}
		}
	}
	return a
}

// Middleware must run after the session gate (it reads the request's session) and before the
// handler. A request without a staff-acting session passes untouched.
func (a *Auditor) Middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		sess, ok := session.From(c)
		if !ok {
			c.Next()
			return
		}
		staffID, acting := signin.StaffActing(sess)
		if !acting {
			c.Next()
			return
		}
		route := c.Request.Method + " " + c.FullPath()
		action, named := a.actions[route]
		if !named {
			action = route
		}
		e := lending.AuditEvent{
			RequestID:  web.RequestID(c),
			ActorID:    staffID,
			CustomerID: sess.Subject,
			Action:     action,
			OccurredAt: a.now().UTC(),
		}
		if _, err := a.rec.RecordAudit(c.Request.Context(), e); err != nil {
			web.Abort(c, web.FailWith(web.CodeDependencyDown, failedMessage, errors.Join(errors.New("staffaudit: record"), err)))
			return
		}
		c.Next()
	}
}

// operationID is the operation's id as bff/openapi.yaml spells it. The generator capitalises the ids in
// the spec it embeds (checkPinCode becomes CheckPinCode); every id in the contract is lowerCamelCase, so
// lowering the first letter gives back the contract's name, which is what the trail should show.
func operationID(generated string) string {
	return strings.ToLower(generated[:1]) + generated[1:]
}
