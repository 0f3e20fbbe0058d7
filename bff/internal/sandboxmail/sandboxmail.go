// Package sandboxmail serves the calls that exist only while the BFF runs against the sandbox: for
// now whether that is so (sandbox/info); the mailbox and sandbox sign-in come with the sign-in work.
package sandboxmail

import (
	"context"

	"lender/bff/internal/apigen"
)

// Handlers implements the sandbox part of the generated API.
type Handlers struct {
	enabled bool
}

// New returns the handlers; enabled is the BFF_SANDBOX_ENDPOINTS setting (never true in production).
func New(enabled bool) *Handlers { return &Handlers{enabled: enabled} }

// GetSandboxInfo tells the apps whether to offer the sandbox mailbox.
func (h *Handlers) GetSandboxInfo(context.Context, apigen.GetSandboxInfoRequestObject) (apigen.GetSandboxInfoResponseObject, error) {
	return apigen.GetSandboxInfo200JSONResponse{Status: 200, ResultData: apigen.SandboxInfo{Enabled: h.enabled}}, nil
}
