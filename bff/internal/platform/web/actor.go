package web

import "github.com/gin-gonic/gin"

const actorKey = "web.actor"

// SetActor records the pseudonymous id of whoever made the request, for the access log. Callers pass
// an opaque id (never an e-mail, phone or name).
func SetActor(c *gin.Context, pseudonymousID string) { c.Set(actorKey, pseudonymousID) }

// Actor is the pseudonymous id SetActor recorded, or "".
func Actor(c *gin.Context) string { return c.GetString(actorKey) }
