package sandboxmail

import (
	"context"

	"lender/bff/upstream/notify"
	"lender/bff/upstream/sandboxctl"
)

// Notify is the calls this feature makes of the notification provider (notify.API documents each);
// *notify.Client has them all.
type Notify interface {
	Message(ctx context.Context, id string) (notify.Message, error)
	Messages(ctx context.Context, q notify.MessageQuery) ([]notify.Message, error)
}

// SandboxControl is the calls this feature makes of the sandbox's control API (sandboxctl.API documents each);
// *sandboxctl.Client has them all.
type SandboxControl interface {
	Personas(ctx context.Context) (sandboxctl.Catalogue, error)
}
