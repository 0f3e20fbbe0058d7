// Package archtest checks the BFF's dependency rule:
//
//	cmd → app → features → shared → platform → upstream
//
// A package imports packages of its own layer or of the layers after it, and a feature imports no
// other feature: what several features use is shaped once in a shared package (internal/shared/…).
// Every package has its layer written in the table below; a new package fails the test until it is
// given one. Only the packages' own files count, not their tests: the full-stack tests of app reach
// every layer, and the contract tests of upstream run the sandbox.
package archtest

import (
	"bufio"
	"errors"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layer is a package's place in the rule; a higher one may import a lower one.
type layer int

const (
	upstream layer = iota // bff/upstream/…: the providers' clients, knowing nothing of the BFF
	platform              // what every part of the BFF runs on: HTTP, sessions, Redis helpers, the contract
	shared                // shaping several features use, named for what it holds
	feature               // one part of the API each, behind the generated strict server
	app                   // wires the platform, the upstreams and the features together
	command               // the binaries
)

func (l layer) String() string {
	return [...]string{"upstream", "platform", "shared", "feature", "app", "cmd"}[l]
}

// layers is the layer of every package of the BFF, by its path under the module's bff folder.
var layers = map[string]layer{
	"cmd/bff":        command,
	"cmd/bffctl":     command,
	"cmd/gen-client": command,
	"cmd/loadbench":  command,

	"internal/app": app,

	"internal/account":     feature,
	"internal/application": feature,
	"internal/approval":    feature,
	"internal/auth":        feature,
	"internal/brand":       feature,
	"internal/legacy":      feature,
	"internal/loan":        feature,
	"internal/payment":     feature,
	"internal/profile":     feature,
	"internal/notices":     feature,
	"internal/onepage":     feature,
	"internal/portal":      feature,
	"internal/quote":       feature,
	"internal/sandboxmail": feature,
	"internal/service":     feature,
	"internal/staffaudit":  feature,
	"internal/telemetry":   feature,

	"internal/shared/applicationview": shared,
	"internal/shared/branding":        shared,
	"internal/shared/coredate":        shared,
	"internal/shared/journeystep":     shared,
	"internal/shared/loanquote":       shared,
	"internal/shared/ownapplication":  shared,
	"internal/shared/ownloan":         shared,
	"internal/shared/signin":          shared,
	"internal/shared/uktime":          shared,

	"":                            platform, // the embedded default configuration
	"internal/apigen":             platform, // generated from the contract
	"internal/browserbind":        platform,
	"internal/platform/config":    platform,
	"internal/platform/health":    platform,
	"internal/platform/logging":   platform,
	"internal/platform/metrics":   platform,
	"internal/platform/oneuse":    platform,
	"internal/platform/redistest": platform,
	"internal/platform/safehtml":  platform,
	"internal/platform/static":    platform,
	"internal/platform/web":       platform,
	"internal/ratelimit":          platform,
	"internal/session":            platform,

	"upstream":             upstream,
	"upstream/identity":    upstream,
	"upstream/lending":     upstream,
	"upstream/notify":      upstream,
	"upstream/openbanking": upstream,
	"upstream/payments":    upstream,
	"upstream/sandboxctl":  upstream,
	"upstream/transport":   upstream,
}

// violations lists every import of graph (a package's path → the paths it imports, both under the
// BFF's folder, "" being the folder itself) that breaks the rule of layerOf, and every package
// layerOf does not place. Imports from outside the BFF (the standard library, modules) are not in
// graph; others are named by the caller (see outside).
func violations(graph map[string][]string, layerOf map[string]layer) []string {
	var out []string
	pkgs := make([]string, 0, len(graph))
	for p := range graph {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	for _, from := range pkgs {
		fl, ok := layerOf[from]
		if !ok {
			out = append(out, fmt.Sprintf("%s has no layer: add it to the layers table in bff/archtest/layers_test.go", name(from)))
			continue
		}
		for _, to := range graph[from] {
			tl, ok := layerOf[to]
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("%s (%s) imports %s, which has no layer: add it to the layers table in bff/archtest/layers_test.go",
					name(from), fl, name(to)))
			case fl == feature && tl == feature && from != to:
				out = append(out, fmt.Sprintf("%s (feature) imports %s (feature): a feature imports no other feature; "+
					"move what both use into a package under internal/shared, or hand one to the other through an interface in app",
					name(from), name(to)))
			case tl > fl:
				out = append(out, fmt.Sprintf("%s (%s) imports %s (%s): a package imports only its own layer or the ones after it in "+
					"cmd → app → feature → shared → platform → upstream", name(from), fl, name(to), tl))
			}
		}
	}
	return out
}

func name(p string) string {
	if p == "" {
		return "bff"
	}
	return "bff/" + p
}

// TestLayers holds the BFF's packages to the rule.
func TestLayers(t *testing.T) {
	graph, outside := loadGraph(t)
	for _, v := range violations(graph, layers) {
		t.Error(v)
	}
	for _, o := range outside {
		t.Error(o)
	}
	for p := range layers {
		if _, ok := graph[p]; !ok {
			t.Errorf("the layers table names %s, which is not a package: remove it", name(p))
		}
	}
	if len(graph) < len(layers)/2 {
		t.Fatalf("found only %d packages: the walk did not see the tree", len(graph))
	}
}

// TestViolationsNamesEachBrokenRule runs the rule over a made-up graph, so a rule that stopped
// firing would be seen even while the real tree keeps it.
func TestViolationsNamesEachBrokenRule(t *testing.T) {
	layerOf := map[string]layer{
		"cmd/bff": command, "internal/app": app,
		"internal/quote": feature, "internal/legacy": feature,
		"internal/shared/loanquote": shared,
		"internal/platform/web":     platform, "internal/session": platform,
		"upstream/lending": upstream, "upstream/transport": upstream,
	}
	allowed := map[string][]string{
		"cmd/bff":                   {"internal/app", "internal/platform/web"},
		"internal/app":              {"internal/quote", "internal/legacy", "internal/session", "upstream/lending"},
		"internal/quote":            {"internal/shared/loanquote", "internal/platform/web", "upstream/lending"},
		"internal/legacy":           {"internal/shared/loanquote", "internal/session"},
		"internal/shared/loanquote": {"internal/platform/web", "upstream/lending"},
		"internal/session":          {"internal/platform/web"},
		"internal/platform/web":     {"upstream/transport"},
		"upstream/lending":          {"upstream/transport"},
		"upstream/transport":        nil,
	}
	if got := violations(allowed, layerOf); len(got) != 0 {
		t.Fatalf("a graph that keeps the rule was refused:\n%s", strings.Join(got, "\n"))
	}
	for _, tc := range []struct {
		name       string
		from, to   string
		wantPhrase string
	}{
		{"a feature imports a feature", "internal/legacy", "internal/quote",
			"bff/internal/legacy (feature) imports bff/internal/quote (feature): a feature imports no other feature"},
		{"shared imports a feature", "internal/shared/loanquote", "internal/quote",
			"bff/internal/shared/loanquote (shared) imports bff/internal/quote (feature)"},
		{"platform imports a feature", "internal/session", "internal/legacy",
			"bff/internal/session (platform) imports bff/internal/legacy (feature)"},
		{"platform imports shared", "internal/platform/web", "internal/shared/loanquote",
			"bff/internal/platform/web (platform) imports bff/internal/shared/loanquote (shared)"},
		{"a feature imports app", "internal/quote", "internal/app",
			"bff/internal/quote (feature) imports bff/internal/app (app)"},
		{"platform imports app", "internal/session", "internal/app",
			"bff/internal/session (platform) imports bff/internal/app (app)"},
		{"an upstream imports the platform", "upstream/lending", "internal/platform/web",
			"bff/upstream/lending (upstream) imports bff/internal/platform/web (platform)"},
		{"an import of an unplaced package", "internal/quote", "internal/quote/helpers",
			"bff/internal/quote (feature) imports bff/internal/quote/helpers, which has no layer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			graph := map[string][]string{}
			for p, imps := range allowed {
				graph[p] = slices.Clone(imps)
			}
			graph[tc.from] = append(graph[tc.from], tc.to)
			got := violations(graph, layerOf)
			if len(got) != 1 || !strings.Contains(got[0], tc.wantPhrase) {
				t.Errorf("violations = %q, want one naming %q", got, tc.wantPhrase)
			}
		})
	}
	t.Run("an unplaced package", func(t *testing.T) {
		graph := map[string][]string{"internal/payments": {"internal/platform/web"}, "internal/platform/web": nil}
		got := violations(graph, layerOf)
		if len(got) != 1 || !strings.Contains(got[0], "bff/internal/payments has no layer") {
			t.Errorf("violations = %q, want one naming bff/internal/payments", got)
		}
	})
}

// loadGraph reads the import lists of every package under the module's bff folder (its own files,
// for this platform's build tags). outside lists imports of the module's packages outside that
// folder, which nothing in the BFF may use.
func loadGraph(t *testing.T) (graph map[string][]string, outside []string) {
	t.Helper()
	root, module := moduleRoot(t)
	bffDir := filepath.Join(root, "bff")
	bffPath := module + "/bff"
	graph = map[string][]string{}
	err := filepath.WalkDir(bffDir, func(dir string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if base := d.Name(); dir != bffDir && (base == "testdata" || base == "node_modules" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(dir, build.ImportComment)
		var noGo *build.NoGoError
		switch {
		case errors.As(err, &noGo):
			return nil
		case err != nil:
			return fmt.Errorf("%s: %w", dir, err)
		case len(pkg.GoFiles) == 0:
			return nil // tests only, such as this folder's
		}
		rel, _ := filepath.Rel(bffDir, dir)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			rel = ""
		}
		graph[rel] = nil
		for _, imp := range pkg.Imports {
			switch {
			case imp == bffPath:
				graph[rel] = append(graph[rel], "")
			case strings.HasPrefix(imp, bffPath+"/"):
				graph[rel] = append(graph[rel], strings.TrimPrefix(imp, bffPath+"/"))
			case imp == module || strings.HasPrefix(imp, module+"/"):
				outside = append(outside, fmt.Sprintf("%s imports %s: the BFF's code imports nothing of the module outside bff/", name(rel), imp))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return graph, outside
}

// moduleRoot finds go.mod above this folder and reads the module's path from it.
func moduleRoot(t *testing.T) (dir, module string) {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		f, err := os.Open(filepath.Join(dir, "go.mod"))
		if err == nil {
			defer f.Close()
			s := bufio.NewScanner(f)
			for s.Scan() {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(s.Text()), "module "); ok {
					return dir, strings.Trim(strings.TrimSpace(rest), `"`)
				}
			}
			t.Fatalf("%s/go.mod names no module", dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}
