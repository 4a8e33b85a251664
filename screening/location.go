package screening

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/clearedtostart/compliance/registry"
)

// zip3CSV is the ZIP3-prefix-to-state table; its header says where it
// comes from and what it leaves out.
//
//go:embed zip3_states.csv
var zip3CSV string

// usStates are the codes an address may carry, in a fixed order: a
// record's states are a bit set over it.
var usStates = strings.Fields(`AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO
	MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP`)

var stateNames = map[string]string{
	"ALABAMA": "AL", "ALASKA": "AK", "ARIZONA": "AZ", "ARKANSAS": "AR", "CALIFORNIA": "CA", "COLORADO": "CO",
	"CONNECTICUT": "CT", "DELAWARE": "DE", "DISTRICT OF COLUMBIA": "DC", "FLORIDA": "FL", "GEORGIA": "GA",
	"HAWAII": "HI", "IDAHO": "ID", "ILLINOIS": "IL", "INDIANA": "IN", "IOWA": "IA", "KANSAS": "KS",
	"KENTUCKY": "KY", "LOUISIANA": "LA", "MAINE": "ME", "MARYLAND": "MD", "MASSACHUSETTS": "MA",
	"MICHIGAN": "MI", "MINNESOTA": "MN", "MISSISSIPPI": "MS", "MISSOURI": "MO", "MONTANA": "MT",
	"NEBRASKA": "NE", "NEVADA": "NV", "NEW HAMPSHIRE": "NH", "NEW JERSEY": "NJ", "NEW MEXICO": "NM",
	"NEW YORK": "NY", "NORTH CAROLINA": "NC", "NORTH DAKOTA": "ND", "OHIO": "OH", "OKLAHOMA": "OK",
	"OREGON": "OR", "PENNSYLVANIA": "PA", "RHODE ISLAND": "RI", "SOUTH CAROLINA": "SC", "SOUTH DAKOTA": "SD",
	"TENNESSEE": "TN", "TEXAS": "TX", "UTAH": "UT", "VERMONT": "VT", "VIRGINIA": "VA", "WASHINGTON": "WA",
	"WEST VIRGINIA": "WV", "WISCONSIN": "WI", "WYOMING": "WY", "PUERTO RICO": "PR", "VIRGIN ISLANDS": "VI",
	"GUAM": "GU", "AMERICAN SAMOA": "AS", "NORTHERN MARIANA ISLANDS": "MP",
}

// states is a set of usStates.
type states uint64

func stateBit(code string) states {
	for i, s := range usStates {
		if s == code {
			return 1 << i
		}
	}
	return 0
}

func (s states) codes() []string {
	var out []string
	for i, c := range usStates {
		if s&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// zipStates maps a ZIP3 prefix (0–999) to its state bit, 0 when unknown.
type zipStates [1000]states

func loadZipStates(csv string) (*zipStates, error) {
	var z zipStates
	for n, line := range strings.Split(csv, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || line == "from,to,state" {
			continue
		}
		f := strings.Split(line, ",")
		if len(f) != 3 {
			return nil, fmt.Errorf("zip3 table line %d: %q", n+1, line)
		}
		from, err1 := strconv.Atoi(f[0])
		to, err2 := strconv.Atoi(f[1])
		bit := stateBit(f[2])
		if err1 != nil || err2 != nil || from < 0 || to > 999 || from > to || bit == 0 {
			return nil, fmt.Errorf("zip3 table line %d: %q", n+1, line)
		}
		for p := from; p <= to; p++ {
			if z[p] != 0 {
				return nil, fmt.Errorf("zip3 table line %d: prefix %03d twice", n+1, p)
			}
			z[p] = bit
		}
	}
	return &z, nil
}

// state returns the state of a ZIP code (5 digits or ZIP+4), 0 when the
// code is malformed or its prefix decides no state.
func (z *zipStates) state(zip string) states {
	zip = strings.TrimSpace(zip)
	if len(zip) < 5 {
		return 0
	}
	for i := 0; i < 5; i++ {
		if zip[i] < '0' || zip[i] > '9' {
			return 0
		}
	}
	if len(zip) > 5 && zip[5] != '-' && zip[5] != ' ' {
		return 0
	}
	p := int(zip[0]-'0')*100 + int(zip[1]-'0')*10 + int(zip[2]-'0')
	return z[p]
}

// addressStates returns the US states of a record's addresses: the state
// field when it names one, else the state of its ZIP code. Addresses in
// another country do not count.
func (z *zipStates) addressStates(addrs []registry.Address) states {
	var s states
	for _, a := range addrs {
		switch strings.ToUpper(strings.TrimSpace(a.Country)) {
		case "", "US", "USA", "UNITED STATES", "UNITED STATES OF AMERICA":
		default:
			continue
		}
		st := strings.ToUpper(strings.Join(strings.Fields(strings.ReplaceAll(a.State, ".", "")), " "))
		if code, ok := stateNames[st]; ok {
			st = code
		}
		if bit := stateBit(st); bit != 0 {
			s |= bit
		} else {
			s |= z.state(a.Zip)
		}
	}
	return s
}

// Location outcomes.
const (
	LocationSameState  = "same_state"
	LocationOtherState = "other_state"
	// LocationUnknown: the candidate's ZIP code decides no state, or the
	// record has no US address with a state.
	LocationUnknown  = "unknown"
	LocationNotGiven = "not_given"
)

// LocationCheck compares the candidate's state (from the ZIP code) with
// the states of the record's addresses.
type LocationCheck struct {
	Outcome        string   `json:"outcome"`
	CandidateState string   `json:"candidateState,omitempty"`
	ListedStates   []string `json:"listedStates,omitempty"`
}

// stateCodes renders state sets, once per distinct set of a list.
type stateCodes map[states][]string

func (sc stateCodes) add(s states) {
	if _, ok := sc[s]; !ok && s != 0 {
		sc[s] = s.codes()
	}
}

func checkLocation(candidate states, zipGiven bool, listed states, codes stateCodes) LocationCheck {
	c := LocationCheck{ListedStates: codes[listed]}
	for i, code := range usStates {
		if candidate == 1<<i {
			c.CandidateState = code
		}
	}
	switch {
	case !zipGiven:
		c.Outcome = LocationNotGiven
	case candidate == 0 || listed == 0:
		c.Outcome = LocationUnknown
	case candidate&listed != 0:
		c.Outcome = LocationSameState
	default:
		c.Outcome = LocationOtherState
	}
	return c
}
