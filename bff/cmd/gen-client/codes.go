package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"unicode"

	"lender/bff/internal/platform/web"
)

// declaredCode is one constant of type web.Code as errors.go declares it.
type declaredCode struct {
	goName  string // CodeWrongPIN
	code    web.Code
	comment string // its line comment: when the code is answered
}

// declaredCodes reads the Code constants of the Go file, in the order it declares them. The values
// are the catalogue's; the names and comments exist only in the source, which is why it is parsed.
func declaredCodes(path string) ([]declaredCode, error) {
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var out []declaredCode
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.CONST {
			continue
		}
		for _, spec := range gen.Specs {
			vs := spec.(*ast.ValueSpec)
			if ident, ok := vs.Type.(*ast.Ident); !ok || ident.Name != "Code" || len(vs.Names) != 1 || len(vs.Values) != 1 {
				continue
			}
			lit, ok := vs.Values[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.INT {
				return nil, fmt.Errorf("%s: %s is not a plain number", path, vs.Names[0].Name)
			}
			n, err := strconv.Atoi(lit.Value)
			if err != nil {
				return nil, err
			}
			comment := ""
			if vs.Comment != nil {
				comment = strings.TrimSpace(vs.Comment.Text())
			}
			out = append(out, declaredCode{goName: vs.Names[0].Name, code: web.Code(n), comment: comment})
		}
	}
	return out, nil
}

// errorCodesTS is error-codes.ts: every code of the catalogue under its Go name (CodeWrongPIN →
// wrongPin), and each code's entry.
func errorCodesTS(path string) ([]byte, error) {
	declared, err := declaredCodes(path)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("/** The catalogue's codes (docs/api-errors.md) by name. */\nexport const ErrorCodes = {\n")
	seen := map[web.Code]bool{}
	for _, d := range declared {
		if _, ok := web.Catalogue[d.code]; !ok {
			if d.code == web.CodeOK {
				continue
			}
			return nil, fmt.Errorf("%s = %d is declared but not in the catalogue", d.goName, d.code)
		}
		seen[d.code] = true
		if d.comment != "" {
			b.WriteString(tsComment("  ", d.comment))
		}
		fmt.Fprintf(&b, "  %s: %d,\n", tsName(d.goName), d.code)
	}
	b.WriteString("} as const;\n\n")
	b.WriteString("export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];\n\n")
	b.WriteString("/** A row of the catalogue: the HTTP status a code travels with, the envelope's status, the default message. */\n")
	b.WriteString("export interface CatalogueEntry {\n  httpStatus: number;\n  bodyStatus: number;\n  message: string;\n}\n\n")
	b.WriteString("/** The catalogue: what each code travels with and the message a person sees when nothing more specific is said. */\n")
	b.WriteString("export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, CatalogueEntry>> = {\n")
	for _, d := range declared {
		entry, ok := web.Catalogue[d.code]
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "  %d: { httpStatus: %d, bodyStatus: %d, message: %s },\n", d.code, entry.HTTPStatus, entry.BodyStatus, tsString(entry.Message))
	}
	b.WriteString("};\n")
	for code := range web.Catalogue {
		if !seen[code] {
			return nil, fmt.Errorf("catalogue code %d has no constant in %s", code, path)
		}
	}
	return []byte(b.String()), nil
}

// tsName is a Go constant's name as the apps spell it: CodeWrongPIN → wrongPin, CodePINMismatch →
// pinMismatch.
func tsName(goName string) string {
	words := splitWords(strings.TrimPrefix(goName, "Code"))
	for i, w := range words {
		w = strings.ToLower(w)
		if i > 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		words[i] = w
	}
	return strings.Join(words, "")
}

// splitWords splits a Go identifier into its words, keeping initialisms whole: PINMismatch → PIN,
// Mismatch.
func splitWords(s string) []string {
	r := []rune(s)
	var words []string
	start := 0
	for i := 1; i < len(r); i++ {
		upper := unicode.IsUpper(r[i])
		afterLower := unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1])
		endsInitialism := unicode.IsUpper(r[i-1]) && i+1 < len(r) && unicode.IsLower(r[i+1])
		if upper && (afterLower || endsInitialism) {
			words = append(words, string(r[start:i]))
			start = i
		}
	}
	return append(words, string(r[start:]))
}
