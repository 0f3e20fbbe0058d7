package brand

import (
	"context"

	"lender/bff/upstream/lending"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	Branding(ctx context.Context, clientName string) (lending.Branding, error)
}
