// Package credential finds credentials in config text: the detector of
// values that are very likely a credential (provider key formats, tokens,
// passwords under credential names), the credentials a TOML document
// holds (values and comment words), and the masking and hiding that keep
// them out of every output. Pure functions of text: lint's rules and its
// findings use them; it knows no rule.
package credential

import (
	"encoding/base64"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A credential detector for [env] values. It decides in three steps, the
// way secret scanners such as gitleaks and detect-secrets do, with rules of
// its own: a value of a known shape (a provider key format, a JSON Web
// Token, a bearer value, a PEM private key, a service-account JSON key, a
// URL with a password) is a credential whatever its name; a value under a
// credential-like name (*_TOKEN, *_SECRET, *_PASSWORD, *_API_KEY, ...) is
// one when it looks random; any other value only when it is long and very
// random. Templates, references, plain URLs, paths, words and hashes under
// ordinary names stay quiet.

// Credential says what a value was taken for.
type Credential struct {
	// What names it: "an OpenAI API key", "a JSON Web Token".
	What string
	// Lead is how many bytes of the trimmed value may be shown: a
	// provider's prefix, never a byte of the secret part.
	Lead int
	// Detail adds why, when the form alone does not say it.
	Detail string
}

// Describe names a credential value without showing it: its lead, if any,
// and its length ("`sk-proj-…`, 164 characters").
func (c Credential) Describe(value string) string {
	v := strings.TrimSpace(value)
	out := strconv.Itoa(utf8.RuneCountInString(v)) + " characters"
	if c.Lead > 0 {
		out = "`" + v[:c.Lead] + "…`, " + out
	}
	if c.Detail != "" {
		out += ", " + c.Detail
	}
	return out
}

// Detect reports whether the value of the env var name is very
// likely a credential.
func Detect(name, value string) (Credential, bool) {
	v := strings.TrimSpace(value)
	if len(v) < 6 {
		return Credential{}, false
	}
	if documentedExample(v) {
		return Credential{}, false
	}
	if c, ok := knownShape(v); ok {
		return c, true
	}
	if templated(v) || reference(v) {
		return Credential{}, false
	}
	if c, ok := underCredentialName(name, v); ok {
		return c, true
	}
	if len(v) >= 40 && tokenLike(v) && !allIn(v, hexDigits) && classes(v) >= 2 && Entropy(v) >= 4.5 && !wordy(v) {
		if text, ok := base64Text(v); ok {
			// a blob of encoded configuration, unless what it encodes is
			// a credential
			if c, ok := knownShape(strings.TrimSpace(text)); ok {
				return Credential{What: "a base64-encoded " + strings.TrimPrefix(strings.TrimPrefix(c.What, "an "), "a ")}, true
			}
			return Credential{}, false
		}
		return Credential{What: "a credential", Detail: "a long random-looking token: " + formatBits(Entropy(v)) + " bits of entropy per character"}, true
	}
	return Credential{}, false
}

// base64Text decodes v as base64 (standard or URL alphabet, padded or
// not) and returns the text it encodes, if it is text: valid UTF-8 without
// control characters other than white space. A random key decodes to
// bytes that are not.
func base64Text(v string) (string, bool) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(v)
		if err != nil || len(b) == 0 || !utf8.Valid(b) {
			continue
		}
		text := true
		for _, r := range string(b) {
			if r < 0x20 && r != '\n' && r != '\r' && r != '\t' || r == 0x7f || r == utf8.RuneError {
				text = false
				break
			}
		}
		if text {
			return string(b), true
		}
	}
	return "", false
}

// connectionStringSecret finds the secret part of a key=value;...
// connection string (Azure storage and service bus, ADO.NET, ODBC): an
// account key, a shared access key or signature, a password.
func connectionStringSecret(v string) (string, bool) {
	if !strings.Contains(v, ";") || !strings.Contains(v, "=") {
		return "", false
	}
	for _, part := range strings.Split(v, ";") {
		k, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		if len(val) < 6 || templated(val) || reference(val) || masked(val) {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "accountkey", "sharedaccesskey", "sharedaccesssignature":
			return "key", true
		case "password", "pwd":
			return "password", true
		}
	}
	return "", false
}

// knownShape recognizes credentials by their form alone.
func knownShape(v string) (Credential, bool) {
	if v == "" || documentedExample(v) {
		return Credential{}, false
	}
	for _, f := range formatsByFirst[v[0]] {
		if c, ok := f.match(v); ok {
			return c, true
		}
	}
	switch {
	case strings.Contains(v, "-----BEGIN") && strings.Contains(v, "PRIVATE KEY"):
		return Credential{What: "a PEM private key", Lead: len("-----BEGIN")}, true
	case strings.HasPrefix(v, "{") && strings.Contains(v, `"private_key"`):
		return Credential{What: "a service-account JSON key"}, true
	case isJWT(v):
		return Credential{What: "a JSON Web Token", Lead: 3}, true
	}
	if scheme, rest, ok := cutFold(v, "bearer ", "basic ", "token "); ok {
		// the credentials of RFC 9110: one token68 (no spaces, no words)
		if t := strings.TrimSpace(rest); len(t) >= 8 && allIn(t, token68) && !masked(t) && (classes(t) >= 2 || len(t) >= 20) && !templated(t) && !reference(t) {
			return Credential{What: "an Authorization header value", Lead: len(scheme)}, true
		}
	}
	if !strings.Contains(v, "@") {
		// no user information, so no URL with a password (and no parse)
	} else if u, err := url.Parse(v); err == nil && u.Scheme != "" && u.User != nil {
		if p, ok := u.User.Password(); ok && p != "" && !templated(p) && !reference(p) && !masked(p) {
			return Credential{What: "a URL with a password", Lead: len(u.Scheme) + len("://")}, true
		}
	}
	if k, ok := connectionStringSecret(v); ok {
		return Credential{What: "a connection string with a " + k}, true
	}
	if i := strings.IndexByte(v, ':'); i >= 8 && i <= 10 && allIn(v[:i], Digits) && len(v)-i-1 == 35 && allIn(v[i+1:], Alnum+"_-") {
		return Credential{What: "a Telegram bot token"}, true
	}
	return Credential{}, false
}

// keyFormat is a provider's key format: a fixed prefix and a body of a
// known alphabet and length.
type keyFormat struct {
	what     string
	prefix   string
	alphabet string
	min, max int
	// random requires the body to look random too: for prefixes that an
	// ordinary value can start with (sk-learn-..., secret_sauce).
	random bool
}

func (f keyFormat) match(v string) (Credential, bool) {
	if !strings.HasPrefix(v, f.prefix) {
		return Credential{}, false
	}
	body := v[len(f.prefix):]
	if len(body) < f.min || f.max > 0 && len(body) > f.max || !allIn(body, f.alphabet) {
		return Credential{}, false
	}
	if masked(body) || Entropy(body) < 2.5 || standIn(body) {
		// a template's stand-in: ghp_xxxx..., AKIAXXXXXXXXXXXXXXXX,
		// sk-proj-REPLACE_WITH_YOUR_KEY
		return Credential{}, false
	}
	if f.random && !(classes(body) >= 2 && Entropy(body) >= 3.5 && !wordy(body)) {
		return Credential{}, false
	}
	return Credential{What: f.what, Lead: len(f.prefix)}, true
}

const (
	Digits      = "0123456789"
	Upper       = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	Lower       = "abcdefghijklmnopqrstuvwxyz"
	Alnum       = Digits + Upper + Lower
	URLSafe     = Alnum + "_-"
	HexLower    = Digits + "abcdef"
	hexDigits   = HexLower + "ABCDEF"
	Base64Chars = Alnum + "+/="
	token68     = Alnum + "-._~+/="
)

// keyFormats are tried in order: a longer prefix before its shorter one.
var keyFormats = []keyFormat{
	{"an Anthropic API key", "sk-ant-api03-", URLSafe, 20, 0, false},
	{"an Anthropic admin key", "sk-ant-admin01-", URLSafe, 20, 0, false},
	{"an Anthropic key", "sk-ant-", URLSafe, 32, 0, true},
	{"an OpenRouter API key", "sk-or-v1-", HexLower, 64, 64, false},
	{"an OpenAI project key", "sk-proj-", URLSafe, 32, 0, false},
	{"an OpenAI service account key", "sk-svcacct-", URLSafe, 32, 0, false},
	{"an OpenAI admin key", "sk-admin-", URLSafe, 32, 0, false},
	{"an API key (the sk- form of OpenAI, DeepSeek and others)", "sk-", URLSafe, 20, 0, true},
	{"a GitHub personal access token", "ghp_", Alnum, 36, 36, false},
	{"a GitHub OAuth token", "gho_", Alnum, 36, 36, false},
	{"a GitHub user-to-server token", "ghu_", Alnum, 36, 36, false},
	{"a GitHub server-to-server token", "ghs_", Alnum, 36, 36, false},
	{"a GitHub refresh token", "ghr_", Alnum, 36, 36, false},
	{"a GitHub fine-grained token", "github_pat_", Alnum + "_", 50, 0, false},
	{"a GitLab personal access token", "glpat-", URLSafe + ".", 20, 0, false},
	{"a GitLab deploy token", "gldt-", URLSafe, 20, 0, false},
	{"a GitLab runner token", "glrt-", URLSafe, 20, 0, false},
	{"a GitLab pipeline trigger token", "glptt-", HexLower, 40, 40, false},
	{"a GitLab feed token", "glft-", URLSafe, 20, 0, false},
	{"a GitLab SCIM token", "glsoat-", URLSafe, 20, 0, false},
	{"a GitLab OAuth application secret", "gloas-", URLSafe, 64, 0, false},
	{"a GitLab agent token", "glagent-", URLSafe, 50, 0, false},
	{"a GitLab CI/CD job token", "glcbt-", URLSafe, 20, 0, false},
	{"an AWS access key id", "AKIA", Digits + Upper, 16, 16, false},
	{"an AWS temporary access key id", "ASIA", Digits + Upper, 16, 16, false},
	{"an AWS session token", "FwoGZXIvYXdz", Base64Chars, 80, 0, false},
	{"an AWS session token", "IQoJb3JpZ2lu", Base64Chars, 80, 0, false},
	{"a Hugging Face token", "hf_", Alnum, 30, 40, false},
	{"a Hugging Face organization token", "api_org_", Alnum, 30, 40, false},
	{"a Slack bot token", "xoxb-", Alnum + "-", 20, 0, false},
	{"a Slack user token", "xoxp-", Alnum + "-", 20, 0, false},
	{"a Slack token", "xoxa-", Alnum + "-", 20, 0, false},
	{"a Slack token", "xoxr-", Alnum + "-", 20, 0, false},
	{"a Slack token", "xoxe-", Alnum + "-.", 20, 0, false},
	{"a Slack app token", "xapp-", Alnum + "-", 20, 0, false},
	{"a Slack webhook URL", "https://hooks.slack.com/services/", Alnum + "/", 30, 0, false},
	{"a Discord webhook URL", "https://discord.com/api/webhooks/", URLSafe + "/", 40, 0, false},
	{"a Stripe secret key", "sk_live_", Alnum, 24, 0, false},
	{"a Stripe test secret key", "sk_test_", Alnum, 24, 0, false},
	{"a Stripe restricted key", "rk_live_", Alnum, 24, 0, false},
	{"a Stripe restricted test key", "rk_test_", Alnum, 24, 0, false},
	{"a Stripe webhook secret", "whsec_", Alnum, 24, 0, false},
	{"a Google API key", "AIza", URLSafe, 35, 35, false},
	{"a Google OAuth client secret", "GOCSPX-", URLSafe, 24, 0, false},
	{"a Groq API key", "gsk_", Alnum, 40, 0, false},
	{"an xAI API key", "xai-", Alnum, 60, 0, false},
	{"an npm token", "npm_", Alnum, 36, 36, false},
	{"a PyPI token", "pypi-AgE", URLSafe, 50, 0, false},
	{"a Pinecone API key", "pcsk_", URLSafe, 40, 0, false},
	{"a Replicate API token", "r8_", Alnum, 30, 0, false},
	{"a Perplexity API key", "pplx-", Alnum, 40, 0, false},
	{"a Fireworks API key", "fw_", Alnum, 20, 0, false},
	{"a Daytona API key", "dtn_", Alnum, 20, 0, false},
	{"a LangSmith API key", "lsv2_pt_", HexLower + "_", 30, 0, false},
	{"a LangSmith service key", "lsv2_sk_", HexLower + "_", 30, 0, false},
	{"a Tavily API key", "tvly-", URLSafe, 20, 0, false},
	{"a SendGrid API key", "SG.", URLSafe + ".", 60, 0, false},
	{"a Databricks token", "dapi", HexLower, 32, 32, false},
	{"a DigitalOcean token", "dop_v1_", HexLower, 64, 64, false},
	{"a Shopify access token", "shpat_", HexLower + "ABCDEF", 32, 32, false},
	{"a Linear API key", "lin_api_", Alnum, 40, 0, false},
	{"a Notion token", "ntn_", Alnum, 40, 0, false},
	{"a Notion token", "secret_", Alnum, 43, 43, true},
	{"a Supabase token", "sbp_", HexLower, 40, 40, false},
	{"a Sentry token", "sntrys_", Base64Chars + "_", 50, 0, false},
	{"a Sentry user token", "sntryu_", HexLower, 64, 64, false},
	{"a Postman API key", "PMAK-", HexLower + "-", 59, 59, false},
	{"a Mailgun API key", "key-", HexLower, 32, 32, true},
	{"a Doppler token", "dp.st.", URLSafe + ".", 40, 0, false},
	{"a Heroku API key", "HRKU-", URLSafe, 40, 0, false},
	{"an age secret key", "AGE-SECRET-KEY-1", Digits + Upper, 50, 0, false},
}

// indexedFormat is a key format and its place in keyFormats.
type indexedFormat struct {
	keyFormat
	index int
}

// maxFormats bounds len(keyFormats): a search keeps a fixed array of
// that many positions, one per format (see eachShaped).
const maxFormats = 128

// formatsByFirst holds keyFormats by the first byte of their prefix, in
// their order: a value meets only the formats it could match (a file of
// many values costs a few comparisons each).
// They share one array, made at start-up, so it is one allocation.
var formatsByFirst = func() (out [256][]indexedFormat) {
	if len(keyFormats) > maxFormats {
		panic("credential: more key formats than maxFormats")
	}
	var n [256]int
	for _, f := range keyFormats {
		n[f.prefix[0]]++
	}
	all := make([]indexedFormat, len(keyFormats))
	off := 0
	for c, k := range n {
		out[c] = all[off : off : off+k] // capped: an append stays in its own part
		off += k
	}
	for i, f := range keyFormats {
		out[f.prefix[0]] = append(out[f.prefix[0]], indexedFormat{f, i})
	}
	return out
}()

// underCredentialName decides a value whose name says it holds a secret.
func underCredentialName(name, v string) (Credential, bool) {
	tier := credentialName(name)
	if tier == nameOrdinary || strings.ContainsAny(v, " \t") || strings.Contains(v, "://") || pathLike(v) || allIn(v, Digits) {
		return Credential{}, false
	}
	if standIn(v) {
		return Credential{}, false
	}
	h := Entropy(v)
	switch {
	case tier == nameWeak && identifierLike(v):
		// a key of a cache, a bucket or a run: grpo_qwen3_8b_lr1e-6,
		// checkpoints/run-42/step-1000.pt
		return Credential{}, false
	case tier == namePassword && len(v) >= 6 && (classes(v) >= 2 || len(v) >= 12) && !wordy(v):
		return Credential{What: "a password"}, true
	case tier == namePassword && len(v) >= 8 && classes(v) >= 2 && symbols(v) && !placeholderWords(v):
		// a password of words, made strong the usual way: sunshine2024!
		return Credential{What: "a password"}, true
	case tier == nameWeak && (allIn(v, hexDigits) || isUUID(v)):
		// a hash or an id under a name such as CACHE_KEY or IDEMPOTENCY_KEY
		return Credential{}, false
	case len(v) >= 16 && classes(v) >= 2 && h >= RandomEntropy(v) && !wordy(v):
		return Credential{What: "a credential", Detail: "random-looking under a credential name: " + formatBits(h) + " bits of entropy per character"}, true
	}
	return Credential{}, false
}

// RandomEntropy is the entropy a random value of v's alphabet reaches:
// hex digits carry 4 bits at most, so random hex of 16 to 64 digits comes
// to about 3.5 to 3.9; other token alphabets to 3.8 and more.
func RandomEntropy(v string) float64 {
	if allIn(v, hexDigits) {
		return 3.0
	}
	return 3.5
}

type nameTier int

const (
	nameOrdinary nameTier = iota
	// nameWeak: *_KEY, which also names cache, sort and partition keys
	nameWeak
	nameStrong
	namePassword
)

// credentialName classifies an env var name by its last words.
func credentialName(name string) nameTier {
	parts := strings.FieldsFunc(strings.ToUpper(name), func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	if len(parts) == 0 {
		return nameOrdinary
	}
	last := parts[len(parts)-1]
	two := last
	if len(parts) > 1 {
		two = parts[len(parts)-2] + "_" + last
	}
	switch last {
	case "PASSWORD", "PASSWD", "PWD", "PASS", "PASSPHRASE":
		return namePassword
	case "TOKEN", "SECRET", "PAT", "CREDENTIALS", "CREDENTIAL", "APIKEY", "PRIVATEKEY", "SECRETKEY":
		return nameStrong
	case "KEY":
		switch two {
		case "API_KEY", "SECRET_KEY", "ACCESS_KEY", "PRIVATE_KEY", "AUTH_KEY", "SIGNING_KEY", "ENCRYPTION_KEY", "MASTER_KEY", "SERVICE_KEY", "ACCOUNT_KEY",
			"APP_KEY", "CLIENT_KEY", "LICENSE_KEY", "WRITE_KEY", "ADMIN_KEY", "DEPLOY_KEY", "INGEST_KEY":
			return nameStrong
		}
		return nameWeak
	}
	return nameOrdinary
}

// symbols reports a character that is neither a letter nor a digit, as
// password rules demand.
func symbols(v string) bool {
	for _, r := range v {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// passwordStandIns and keyStandIns are the words of values that stand for
// a password or a key (written as one text: each is a word, not an id).
var (
	passwordStandIns = strings.Fields("change your replace example placeholder secret password dummy todo fixme")
	keyStandIns      = strings.Fields("your replace example placeholder changeme change_me change-me dummy fixme insert_ insert- redacted")
)

// placeholderWords reports a value that says it stands for a password:
// change-me-123, your_password_1.
func placeholderWords(v string) bool {
	l := strings.ToLower(v)
	for _, w := range passwordStandIns {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// standIn reports a value that says it is to be replaced: your-key-here,
// REPLACE_WITH_YOUR_TOKEN, an example. A random key does not spell these
// words.
func standIn(v string) bool {
	l := strings.ToLower(v)
	for _, w := range keyStandIns {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// identifierLike reports a value built of short readable parts, as names
// of runs, cache keys and object paths are: a path (a slash, no base64
// padding or plus), a file name, or three or more separators between
// parts of six characters or fewer on average. Random tokens have few
// separators, far apart.
func identifierLike(v string) bool {
	if strings.Contains(v, "/") && !strings.ContainsAny(v, "+=") {
		return true
	}
	if i := strings.LastIndexByte(v, '.'); i > 0 && len(v)-i-1 >= 1 && len(v)-i-1 <= 5 && allIn(v[i+1:], Lower) {
		return true
	}
	seps := 0
	for i := 0; i < len(v); i++ {
		if v[i] == '-' || v[i] == '_' || v[i] == '.' || v[i] == ':' {
			seps++
		}
	}
	return seps >= 3 && (len(v)-seps) <= 6*(seps+1)
}

// isUUID reports the 8-4-4-4-12 hex form of a UUID.
func isUUID(v string) bool {
	if len(v) != 36 {
		return false
	}
	for i := 0; i < len(v); i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if v[i] != '-' {
				return false
			}
		} else if strings.IndexByte(HexLower+"ABCDEF", v[i]) < 0 {
			return false
		}
	}
	return true
}

// documentedExample reports the stand-ins of providers' documentation
// that templates copy: AWS's AKIAIOSFODNN7EXAMPLE and its secret key
// ending in EXAMPLEKEY.
func documentedExample(v string) bool {
	return strings.HasSuffix(v, "EXAMPLE") || strings.HasSuffix(v, "EXAMPLEKEY")
}

// templated reports a placeholder or an interpolation: {name}, ${NAME},
// {{ name }}, <your-key>, %(name)s, $NAME.
func templated(v string) bool {
	switch {
	case strings.Contains(v, "${"), strings.Contains(v, "{{"), strings.Contains(v, "$("), strings.Contains(v, "%("):
		return true
	case strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") && isIdent(v[1:len(v)-1]):
		return true
	case strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">"):
		return true
	case strings.HasPrefix(v, "$") && isIdent(v[1:]):
		return true
	}
	return false
}

// reference reports a pointer to a secret held elsewhere.
func reference(v string) bool {
	for _, p := range []string{"op://", "vault:", "env:", "secret://", "arn:aws:secretsmanager:", "projects/"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// masked reports a value that stands for a hidden one: ****, xxxx.
func masked(v string) bool {
	return strings.Trim(v, "*xX•.") == ""
}

func pathLike(v string) bool {
	return strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "~/")
}

// tokenLike reports a value of one piece in a token alphabet.
func tokenLike(v string) bool {
	return allIn(v, Base64Chars+"_-.") && !strings.HasPrefix(v, ".")
}

func isJWT(v string) bool {
	if !strings.HasPrefix(v, "eyJ") || strings.Count(v, ".") != 2 {
		return false
	}
	parts := strings.Split(v, ".")
	return len(parts) == 3 && strings.HasPrefix(parts[0], "eyJ") && strings.HasPrefix(parts[1], "eyJ") &&
		len(parts[0]) >= 10 && len(parts[1]) >= 10 && allIn(parts[0]+parts[1]+parts[2], URLSafe)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && (unicode.IsDigit(r) || r == '.' || r == '-')) {
			return false
		}
	}
	return true
}

func allIn(s, alphabet string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(alphabet, s[i]) < 0 {
			return false
		}
	}
	return s != ""
}

// classes counts the character classes of s among lower case, upper case
// and digits.
func classes(s string) int {
	var l, u, d int
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			l = 1
		case r >= 'A' && r <= 'Z':
			u = 1
		case r >= '0' && r <= '9':
			d = 1
		}
	}
	return l + u + d
}

// wordy reports a value made mostly of lower-case words
// (learn-random-forest-v2, conversation_id_column): runs of five or more
// letters of one case cover half of it. A random token of a 62-letter
// alphabet rarely has such runs.
func wordy(s string) bool {
	inRuns, run := 0, 0
	var prevLower bool
	flush := func() {
		if run >= 5 {
			inRuns += run
		}
		run = 0
	}
	for _, r := range s {
		isLower := r >= 'a' && r <= 'z'
		isUpper := r >= 'A' && r <= 'Z'
		switch {
		case isLower && (run == 0 || prevLower), isUpper && (run == 0 || !prevLower):
			run++
		case isLower || isUpper:
			flush()
			run = 1
		default:
			flush()
		}
		prevLower = isLower
	}
	flush()
	return inRuns*2 >= len(s)
}

// Entropy is the Shannon entropy of s in bits per character.
func Entropy(s string) float64 {
	counts := map[rune]int{}
	n := 0
	for _, r := range s {
		counts[r]++
		n++
	}
	var h float64
	for _, c := range counts {
		p := float64(c) / float64(n)
		h -= p * math.Log2(p)
	}
	return h
}

func formatBits(h float64) string { return strconv.FormatFloat(h, 'f', 1, 64) }

// cutFold cuts one of the prefixes from s, ignoring case.
func cutFold(s string, prefixes ...string) (prefix, rest string, ok bool) {
	for _, p := range prefixes {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			return s[:len(p)], s[len(p):], true
		}
	}
	return "", "", false
}
