package wire

import (
	"encoding/json"
	"testing"
)

func TestReadInt(t *testing.T) {
	tests := []struct {
		in   string
		want Int
		err  string
	}{
		{in: `200`, want: NewInt(200)},
		{in: `"200"`, want: NewInt(200)},
		{in: ` 0 `, want: NewInt(0)},
		{in: `null`, want: Int{}},
		{in: `""`, want: Int{}},
		{in: `"20x"`, err: "not an integer: 20x"},
		{in: `1.5`, err: "not an integer: 1.5"},
		{in: `true`, err: "not an integer: true"},
	}
	for _, tt := range tests {
		var got struct {
			N Int  `json:"n"`
			C Code `json:"c"`
		}
		err := json.Unmarshal([]byte(`{"n":`+tt.in+`,"c":`+tt.in+`}`), &got)
		switch {
		case tt.err != "":
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: error %v, want %q", tt.in, err, tt.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.in, err)
		case got.N != tt.want || got.C.Int != tt.want:
			t.Errorf("%s: read %+v and %+v, want %+v", tt.in, got.N, got.C, tt.want)
		}
	}
}

func TestWriteInt(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"number", NewInt(385), `385`},
		{"zero is a number", NewInt(0), `0`},
		{"absent", Int{}, `null`},
		{"status code as a string", NewCode(507), `"507"`},
		{"absent status code", Code{}, `null`},
		{"absent text", Optional(""), `null`},
		{"text", Optional("JR"), `"JR"`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.v)
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: %s, %v; want %s", tt.name, got, err, tt.want)
		}
	}
}

func TestNameSpellings(t *testing.T) {
	tests := []struct {
		in         string
		given, sur string
	}{
		{`{"givenName":"JOHN","surName":"DOE"}`, "JOHN", "DOE"},
		{`{"firstName":"John","lastName":"Doe"}`, "John", "Doe"},
		{`{"givenName":"JOHN","firstName":"Jon","surName":"DOE","lastName":"Do"}`, "JOHN", "DOE"},
	}
	for _, tt := range tests {
		var n Name
		if err := json.Unmarshal([]byte(tt.in), &n); err != nil {
			t.Fatal(err)
		}
		if n.Given() != tt.given || n.Sur() != tt.sur {
			t.Errorf("%s: %q %q, want %q %q", tt.in, n.Given(), n.Sur(), tt.given, tt.sur)
		}
	}
}
