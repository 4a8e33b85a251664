package heldout

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// A holder's digital signature, as a PDF reader's "sign with a digital ID"
// saves it: an incremental update adding an invisible signature field
// (widget on the page, AcroForm in the catalog) whose /Sig dictionary
// holds a detached CMS (PKCS #7) signature over the file's bytes outside
// its /Contents, under a self-signed certificate. The pages' content is
// untouched: it is the legitimate later revision a clean document can
// carry.

// sigHexLen is the room reserved for the signature's DER, in hex digits.
const sigHexLen = 8192

// signRevision adds the signature objects to rev; finish fills them in
// once the revision's bytes exist.
func (p *pdfDoc) signRevision(rev *revision, signer string, at time.Time) error {
	pnr, page, err := p.page(1)
	if err != nil {
		return err
	}
	sigNr := rev.add(fmt.Sprintf("<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange %s /Contents <%s> /M (%s) /Name (%s) /Reason (I have reviewed this document) >>",
		byteRangePlaceholder, bytes.Repeat([]byte("0"), sigHexLen), pdfDate(at), escapeLiteral(signer)))
	widget := rev.add(fmt.Sprintf("<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V %d 0 R /Rect [0 0 0 0] /F 132 /P %d 0 R >>", sigNr, pnr))
	wref := types.IndirectRef{ObjectNumber: types.Integer(widget)}
	pg := page.Clone().(types.Dict)
	annots, _ := p.ctx.DereferenceArray(pg["Annots"])
	pg["Annots"] = append(append(types.Array{}, annots...), wref)
	rev.replaceDict(pnr, pg)
	root, err := p.ctx.DereferenceDict(*p.ctx.Root)
	if err != nil {
		return err
	}
	root = root.Clone().(types.Dict)
	root["AcroForm"] = types.Dict{"Fields": types.Array{wref}, "SigFlags": types.Integer(3)}
	rev.replaceDict(p.ctx.Root.ObjectNumber.Value(), root)
	return nil
}

const byteRangePlaceholder = "[0 0000000000 0000000000 0000000000]"

// finishSignature writes the ByteRange and the CMS signature into a file
// whose last revision signRevision prepared.
func finishSignature(pdf []byte, signer string, at time.Time, rnd io.Reader) ([]byte, error) {
	br := bytes.LastIndex(pdf, []byte(byteRangePlaceholder))
	if br < 0 {
		return nil, errors.New("no signature placeholder")
	}
	open := bytes.Index(pdf[br:], []byte("/Contents <"))
	if open < 0 {
		return nil, errors.New("no signature contents")
	}
	start := br + open + len("/Contents ")
	end := start + 1 + sigHexLen + 1
	out := append([]byte{}, pdf...)
	copy(out[br:], fmt.Sprintf("[0 %010d %010d %010d]", start, end, len(out)-end))
	h := sha256.New()
	h.Write(out[:start])
	h.Write(out[end:])
	der, err := cmsDetached(h.Sum(nil), signer, at, rnd)
	if err != nil {
		return nil, err
	}
	hx := hex.EncodeToString(der)
	if len(hx) > sigHexLen {
		return nil, fmt.Errorf("signature of %d hex digits overflows its room", len(hx))
	}
	copy(out[start+1:], hx)
	return out, nil
}

var (
	oidData          = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 1}
	oidSignedData    = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 2}
	oidContentType   = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 3}
	oidMessageDigest = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 4}
	oidSigningTime   = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 5}
	oidSHA256        = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 1}
	oidECDSASHA256   = asn1.ObjectIdentifier{1, 2, 840, 10045, 4, 3, 2}
)

type algorithmIdentifier struct {
	Algorithm asn1.ObjectIdentifier
}

type issuerAndSerial struct {
	Issuer asn1.RawValue
	Serial *big.Int
}

type signerInfo struct {
	Version            int
	SID                issuerAndSerial
	DigestAlgorithm    algorithmIdentifier
	SignedAttrs        asn1.RawValue
	SignatureAlgorithm algorithmIdentifier
	Signature          []byte
}

type encapContent struct {
	ContentType asn1.ObjectIdentifier
}

type signedData struct {
	Version          int
	DigestAlgorithms []algorithmIdentifier `asn1:"set"`
	EncapContentInfo encapContent
	Certificates     asn1.RawValue
	SignerInfos      []signerInfo `asn1:"set"`
}

type contentInfo struct {
	ContentType asn1.ObjectIdentifier
	Content     asn1.RawValue // [0] EXPLICIT, written out by hand
}

// cmsDetached is RFC 5652 SignedData over a digest, signed attributes
// (content type, signing time, message digest) and the signer's
// self-signed certificate.
func cmsDetached(digest []byte, signer string, at time.Time, rnd io.Reader) ([]byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rnd)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(at.Unix()),
		Subject:      pkix.Name{CommonName: signer, Organization: []string{"Self-signed digital ID"}},
		NotBefore:    at.AddDate(0, 0, -1),
		NotAfter:     at.AddDate(5, 0, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment,
	}
	certDER, err := x509.CreateCertificate(rnd, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(certDER)
	if err != nil {
		return nil, err
	}
	var attrs [][]byte
	for _, a := range []struct {
		oid asn1.ObjectIdentifier
		v   any
	}{{oidContentType, oidData}, {oidSigningTime, at.UTC()}, {oidMessageDigest, digest}} {
		v, err := asn1.Marshal(a.v)
		if err != nil {
			return nil, err
		}
		der, err := asn1.Marshal(struct {
			Type   asn1.ObjectIdentifier
			Values asn1.RawValue
		}{a.oid, asn1.RawValue{Class: asn1.ClassUniversal, Tag: asn1.TagSet, IsCompound: true, Bytes: v}})
		if err != nil {
			return nil, err
		}
		attrs = append(attrs, der)
	}
	// DER sorts a SET OF by its members' encodings.
	sort.Slice(attrs, func(i, j int) bool { return bytes.Compare(attrs[i], attrs[j]) < 0 })
	body := bytes.Join(attrs, nil)
	toSign, err := asn1.Marshal(asn1.RawValue{Class: asn1.ClassUniversal, Tag: asn1.TagSet, IsCompound: true, Bytes: body})
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(toSign)
	sig, err := key.Sign(rnd, sum[:], crypto.SHA256)
	if err != nil {
		return nil, err
	}
	sd := signedData{
		Version:          1,
		DigestAlgorithms: []algorithmIdentifier{{oidSHA256}},
		EncapContentInfo: encapContent{oidData},
		Certificates:     asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: cert.Raw},
		SignerInfos: []signerInfo{{
			Version:            1,
			SID:                issuerAndSerial{Issuer: asn1.RawValue{FullBytes: cert.RawIssuer}, Serial: cert.SerialNumber},
			DigestAlgorithm:    algorithmIdentifier{oidSHA256},
			SignedAttrs:        asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: body},
			SignatureAlgorithm: algorithmIdentifier{oidECDSASHA256},
			Signature:          sig,
		}},
	}
	sdDER, err := asn1.Marshal(sd)
	if err != nil {
		return nil, err
	}
	return asn1.Marshal(contentInfo{ContentType: oidSignedData,
		Content: asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: sdDER}})
}
