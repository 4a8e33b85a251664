package checklist

import "testing"

func TestHTMLToText(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{
			name: "gmail divs are lines, empty div a blank line",
			html: `<div dir="ltr"><div>Hi Amy,</div><div><br></div><div>Please send:</div><div>BLS</div></div>`,
			want: "Hi Amy,\n\nPlease send:\nBLS",
		},
		{
			name: "nested and ordered lists",
			html: `<ol start="3"><li>RN license</li><li>Health<ul><li>TB test</li><li>MMR titer</li></ul></li></ol>`,
			want: "3. RN license\n4. Health\n  • TB test\n  • MMR titer",
		},
		{
			name: "word list paragraphs with their bullets replaced",
			html: `<p class=MsoListParagraph style='text-indent:-.25in;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>&#183;<span>&nbsp;&nbsp; </span></span></span><![endif]>BLS<o:p></o:p></p>` +
				`<p class=MsoListParagraph style='text-indent:-.25in;mso-list:l0 level2 lfo1'><span style='mso-list:Ignore'>o<span>&nbsp; </span></span>AHA only</p>`,
			want: "• BLS\n  • AHA only",
		},
		{
			name: "bold paragraph is a heading",
			html: `<p class=MsoNormal><b>Health<o:p></o:p></b></p><p class=MsoNormal>Physical within 1 year</p><p><b>Note:</b> bring originals</p>`,
			want: "Health:\nPhysical within 1 year\nNote: bring originals",
		},
		{
			name: "data table rows are cells joined, paragraphs inside cells are spaces",
			html: `<table><tr><th>Requirement</th><th>Required</th></tr><tr><td><p>BLS</p><p>(AHA)</p></td><td>Y</td></tr><tr><td></td><td>N</td></tr></table>`,
			want: "Requirement | Required\nBLS (AHA) | Y\n | N",
		},
		{
			name: "layout table is read as blocks",
			html: `<table><tr><td><table><tr><td>Credentials</td></tr></table></td></tr><tr><td>- BLS</td></tr></table>`,
			want: "Credentials\n- BLS",
		},
		{
			name: "blockquote lines are quoted",
			html: `<div>Thanks!</div><div class="gmail_quote">On Mon, Mar 3 Dana wrote:<br><blockquote><div>- BLS</div><div>- Drug screen</div></blockquote></div>`,
			want: "Thanks!\nOn Mon, Mar 3 Dana wrote:\n> - BLS\n> - Drug screen",
		},
		{
			name: "head, style, script, hidden preheader and images are not text",
			html: `<html><head><title>Order</title><style>p{color:red}</style></head><body><span style="display: none">preview text</span><script>x()</script><img alt="logo" src="cid:1"><p>Visible&nbsp;text</p></body></html>`,
			want: "Visible text",
		},
		{
			name: "pre keeps its lines",
			html: "<pre>Requirement\tRequired\nBLS\tY</pre>",
			want: "Requirement\tRequired\nBLS\tY",
		},
		{
			name: "entities and runs of whitespace",
			html: "<p>St. Luke&#8217;s   needs\n   the  following:</p>",
			want: "St. Luke’s needs the following:",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := htmlToText(tt.html); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}
