package service

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/redistest"
	"lender/bff/internal/platform/web"
)

const route = "/api/v2/lender/application/getServiceDisable"

func TestMain(m *testing.M) {
	gin.SetMode(gin.TestMode)
	os.Exit(m.Run())
}

// api is the generated strict interface with only this feature's operation implemented; the other
// operations are not routed to in these tests.
type api struct {
	apigen.StrictServerInterface
	h *Handlers
}

func (a api) GetServiceDisable(ctx context.Context, r apigen.GetServiceDisableRequestObject) (apigen.GetServiceDisableResponseObject, error) {
	return a.h.GetServiceDisable(ctx, r)
}

// newEngine mounts the handlers as the BFF does: the strict server, with failures turned into the
// envelope by web.Abort.
func newEngine(h *Handlers) *gin.Engine {
	engine := gin.New()
	strict := apigen.NewStrictHandlerWithOptions(api{h: h}, nil, apigen.StrictGinServerOptions{
		HandlerErrorFunc: web.Abort,
	})
	apigen.RegisterHandlersWithOptions(engine, strict, apigen.GinServerOptions{BaseURL: "/api/v2/lender"})
	return engine
}

func get(t *testing.T, engine *gin.Engine) (*httptest.ResponseRecorder, apigen.ServiceStatusEnvelope) {
	t.Helper()
	rec := httptest.NewRecorder()
	engine.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, route, nil))
	var env apigen.ServiceStatusEnvelope
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		t.Fatalf("decode %q: %v", rec.Body.String(), err)
	}
	return rec, env
}

func TestGetServiceDisable(t *testing.T) {
	ctx := context.Background()
	store := newTestStore(t)
	engine := newEngine(New(store))

	rec, env := get(t, engine)
	if rec.Code != http.StatusOK || env.Status != 200 || env.ErrorCode != 0 || env.ResultData.Disabled {
		t.Fatalf("enabled: HTTP %d %s", rec.Code, rec.Body)
	}
	if env.ResultData.Title != nil || env.ResultData.BodyHtml != nil {
		t.Fatalf("enabled answer carries a notice: %s", rec.Body)
	}

	if err := store.Disable(ctx, "Planned maintenance", `<p>Back at <strong>9am</strong></p>`); err != nil {
		t.Fatal(err)
	}
	rec, env = get(t, engine)
	if rec.Code != http.StatusOK || env.Status != 200 || env.ErrorCode != 0 || !env.ResultData.Disabled {
		t.Fatalf("disabled: HTTP %d %s", rec.Code, rec.Body)
	}
	if env.ResultData.Title == nil || *env.ResultData.Title != "Planned maintenance" ||
		env.ResultData.BodyHtml == nil || *env.ResultData.BodyHtml != `<p>Back at <strong>9am</strong></p>` {
		t.Fatalf("disabled notice: %s", rec.Body)
	}

	// Without title and body the app shows its defaults: the fields are absent, not empty.
	if err := store.Disable(ctx, "", ""); err != nil {
		t.Fatal(err)
	}
	rec, env = get(t, engine)
	if !env.ResultData.Disabled || strings.Contains(rec.Body.String(), "title") || strings.Contains(rec.Body.String(), "bodyHtml") {
		t.Fatalf("disabled with defaults: %s", rec.Body)
	}

	if err := store.Enable(ctx); err != nil {
		t.Fatal(err)
	}
	if _, env = get(t, engine); env.ResultData.Disabled {
		t.Fatal("still disabled after Enable")
	}
}

func TestGetServiceDisableSanitisesWhatRedisHolds(t *testing.T) {
	store := newTestStore(t)
	engine := newEngine(New(store))
	if err := store.client.HSet(context.Background(), store.Key(),
		"disabled", "1",
		"title", `<img src=x onerror=alert(1)>Back soon`,
		"bodyHtml", `<p>Soon</p><script>alert(1)</script><a href="javascript:alert(2)" onclick="alert(3)">x</a>`,
	).Err(); err != nil {
		t.Fatal(err)
	}
	rec, env := get(t, engine)
	if rec.Code != http.StatusOK || !env.ResultData.Disabled {
		t.Fatalf("HTTP %d %s", rec.Code, rec.Body)
	}
	if *env.ResultData.Title != "Back soon" || *env.ResultData.BodyHtml != "<p>Soon</p>x" {
		t.Fatalf("answer %s", rec.Body)
	}
	if strings.Contains(strings.ToLower(rec.Body.String()), "alert") {
		t.Fatalf("script reached the answer: %s", rec.Body)
	}
}

// storeOnStoppedRedis is a Store whose Redis was started and then stopped: connections are refused.
func storeOnStoppedRedis(t *testing.T) *Store {
	t.Helper()
	srv := redistest.Start(t)
	opts, err := redis.ParseURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	opts.DisableIdentity = true
	opts.MaxRetries = -1
	client := redis.NewClient(opts)
	t.Cleanup(func() { _ = client.Close() })
	if err := client.Ping(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	return NewStore(client, "test:down:")
}

func TestGetServiceDisableRedisDownFailsClosed(t *testing.T) {
	h := New(storeOnStoppedRedis(t))

	resp, err := h.GetServiceDisable(context.Background(), apigen.GetServiceDisableRequestObject{})
	if resp != nil {
		t.Fatalf("answered %#v with Redis down", resp)
	}
	var werr *web.Error
	if !errors.As(err, &werr) || werr.Code != web.CodeDependencyDown {
		t.Fatalf("err = %v, want a *web.Error with CodeDependencyDown", err)
	}

	// Through the strict server the error becomes the 503 envelope, without the cause.
	rec, env := get(t, newEngine(h))
	if rec.Code != http.StatusServiceUnavailable || env.Status != http.StatusServiceUnavailable ||
		env.ErrorCode != int(web.CodeDependencyDown) || env.ErrorMessage != web.Catalogue[web.CodeDependencyDown].Message {
		t.Fatalf("HTTP %d %s", rec.Code, rec.Body)
	}
	if strings.Contains(rec.Body.String(), "127.0.0.1") || strings.Contains(rec.Body.String(), "service:status") {
		t.Fatalf("the cause leaked into the answer: %s", rec.Body)
	}
}
