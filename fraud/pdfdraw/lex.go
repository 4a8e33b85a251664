package pdfdraw

import (
	"bytes"
	"strconv"
)

// The lexer reads a content stream's operands and operators. pdfcpu parses
// objects and decodes streams but exposes no tokenizer of content streams
// (its content parser only collects resource names), so the few lexical
// rules of ISO 32000-1 §7.2 and §8.9.7 (inline images) live here.

type kind uint8

const (
	kNum kind = iota
	kName
	kStr
	kArr
	kDict
	kBool
	kNull
	kOp
)

// token is an operand or an operator.
type token struct {
	k   kind
	num float64
	s   string // name without the slash, string bytes, operator
	arr []token
}

type lexer struct {
	b   []byte
	pos int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		switch {
		case isSpace(c):
			l.pos++
		case c == '%':
			for l.pos < len(l.b) && l.b[l.pos] != '\n' && l.b[l.pos] != '\r' {
				l.pos++
			}
		default:
			return
		}
	}
}

// next returns the next token; ok is false at the end of the stream.
func (l *lexer) next() (token, bool) {
	l.skipSpace()
	if l.pos >= len(l.b) {
		return token{}, false
	}
	c := l.b[l.pos]
	switch {
	case c == '/':
		l.pos++
		start := l.pos
		for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
			l.pos++
		}
		return token{k: kName, s: unescapeName(l.b[start:l.pos])}, true
	case c == '(':
		return token{k: kStr, s: l.literal()}, true
	case c == '<' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '<':
		l.pos += 2
		return l.dict(), true
	case c == '<':
		return token{k: kStr, s: l.hex()}, true
	case c == '[':
		l.pos++
		var arr []token
		for {
			l.skipSpace()
			if l.pos >= len(l.b) {
				return token{k: kArr, arr: arr}, true
			}
			if l.b[l.pos] == ']' {
				l.pos++
				return token{k: kArr, arr: arr}, true
			}
			t, ok := l.next()
			if !ok {
				return token{k: kArr, arr: arr}, true
			}
			arr = append(arr, t)
		}
	case c == ']' || c == '>' || c == ')' || c == '{' || c == '}':
		// Stray delimiters of a damaged stream: skip them.
		l.pos++
		return l.next()
	case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
		start := l.pos
		l.pos++
		for l.pos < len(l.b) {
			d := l.b[l.pos]
			if (d >= '0' && d <= '9') || d == '.' || d == '-' || d == '+' {
				l.pos++
				continue
			}
			break
		}
		f, err := strconv.ParseFloat(string(l.b[start:l.pos]), 64)
		if err != nil {
			f = 0
		}
		return token{k: kNum, num: f}, true
	default:
		start := l.pos
		for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
			l.pos++
		}
		if l.pos == start {
			l.pos++
			return l.next()
		}
		word := string(l.b[start:l.pos])
		switch word {
		case "true", "false":
			return token{k: kBool, s: word}, true
		case "null":
			return token{k: kNull}, true
		}
		return token{k: kOp, s: word}, true
	}
}

func unescapeName(b []byte) string {
	if bytes.IndexByte(b, '#') < 0 {
		return string(b)
	}
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '#' && i+2 < len(b) {
			if v, err := strconv.ParseUint(string(b[i+1:i+3]), 16, 8); err == nil {
				out = append(out, byte(v))
				i += 2
				continue
			}
		}
		out = append(out, b[i])
	}
	return string(out)
}

func (l *lexer) literal() string {
	l.pos++ // (
	depth := 1
	var out []byte
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '\\':
			if l.pos >= len(l.b) {
				return string(out)
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
			case '\n':
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
						v = v*8 + int(l.b[l.pos]-'0')
						l.pos++
					}
					out = append(out, byte(v))
				} else {
					out = append(out, e)
				}
			}
		case '(':
			depth++
			out = append(out, c)
		case ')':
			depth--
			if depth == 0 {
				return string(out)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

func (l *lexer) hex() string {
	l.pos++ // <
	var out []byte
	var hi byte
	half := false
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		if c == '>' {
			break
		}
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			continue
		}
		if half {
			out = append(out, hi<<4|v)
			half = false
		} else {
			hi, half = v, true
		}
	}
	if half {
		out = append(out, hi<<4)
	}
	return string(out)
}

// dict reads a dictionary's entries after "<<" (the marked-content
// properties of BDC); only the keys and simple values are kept.
func (l *lexer) dict() token {
	var arr []token
	for {
		l.skipSpace()
		if l.pos >= len(l.b) {
			return token{k: kDict, arr: arr}
		}
		if l.b[l.pos] == '>' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '>' {
			l.pos += 2
			return token{k: kDict, arr: arr}
		}
		t, ok := l.next()
		if !ok {
			return token{k: kDict, arr: arr}
		}
		arr = append(arr, t)
	}
}

// inlineImage reads an inline image after BI: its dictionary up to ID, then
// skips the data up to EI. The data may hold any byte, so EI counts only
// when whitespace stands on both sides of it.
func (l *lexer) inlineImage() map[string]token {
	d := map[string]token{}
	for {
		t, ok := l.next()
		if !ok {
			return d
		}
		if t.k == kOp && t.s == "ID" {
			break
		}
		if t.k != kName {
			continue
		}
		v, ok := l.next()
		if !ok {
			return d
		}
		d[t.s] = v
	}
	if l.pos < len(l.b) && isSpace(l.b[l.pos]) {
		l.pos++
	}
	for i := l.pos; i+1 < len(l.b); i++ {
		if l.b[i] == 'E' && l.b[i+1] == 'I' && i > l.pos && isSpace(l.b[i-1]) && (i+2 == len(l.b) || isSpace(l.b[i+2])) {
			l.pos = i + 2
			return d
		}
	}
	l.pos = len(l.b)
	return d
}
