package auth

import (
	"context"

	"lender/bff/internal/apigen"
)

// KeepAlive does nothing itself: reaching it means the session gate has found the session live,
// refreshed its idle timeout and, near the token's expiry, handed back a renewed token.
func (h *Handlers) KeepAlive(context.Context, apigen.KeepAliveRequestObject) (apigen.KeepAliveResponseObject, error) {
	return apigen.KeepAlive200JSONResponse{Status: 200}, nil
}
