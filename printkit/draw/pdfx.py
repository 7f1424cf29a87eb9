"""Make a rendered CMYK PDF PDF/X-1a-shaped for print shops.

reportlab draws the pages; what it cannot write (the output intent with its ICC profile and the
PDF/X keys of the document information) is added here with pikepdf, a maintained binding of
qpdf, rather than by patching PDF syntax by hand.
"""

from __future__ import annotations

import io

import pikepdf

from printkit.draw.pdf_forms import embed_field_fonts, flatten_fields
from printkit.draw.press import OUTPUT_CONDITION, OUTPUT_CONDITION_NAME, profile_bytes

PDFX_VERSION = "PDF/X-1a:2003"


def make_pdfx(pdf: bytes) -> bytes:
    """Add the output intent and the PDF/X keys; every page gets a TrimBox (its MediaBox when the
    material set none), which PDF/X requires; form fields are flattened and every other
    annotation dropped (PDF/X allows none in the page)."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        embed_field_fonts(document)  # before flattening, so the drawn fields name no Helvetica
        flatten_fields(document)
        _no_annotations(document)
        profile = pikepdf.Stream(document, profile_bytes())
        profile.N = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=OUTPUT_CONDITION,
            OutputCondition=OUTPUT_CONDITION_NAME,
            RegistryName="http://www.color.org",
            Info=OUTPUT_CONDITION_NAME,
            DestOutputProfile=document.make_indirect(profile),
        )
        document.Root.OutputIntents = pikepdf.Array([intent])
        info = document.docinfo
        info.GTS_PDFXVersion = PDFX_VERSION
        info.GTS_PDFXConformance = PDFX_VERSION
        info.Trapped = pikepdf.Name("/False")
        for page in document.pages:
            if "/TrimBox" not in page.obj:
                page.obj.TrimBox = page.obj.MediaBox
        _pictures_kept_deflated(document)
        out = io.BytesIO()
        document.save(out, deterministic_id=True, min_version="1.4")
        return out.getvalue()


def _no_annotations(document: pikepdf.Pdf) -> None:
    """No page keeps an annotation. PDF/X-1a allows none inside the page but printer's marks and
    trap networks, which printkit never writes: a rules reference's contents and section links
    fail a print shop's preflight ("annotation inside page area"), and paper is not clicked. The
    outline (bookmarks) is no annotation and stays, for whoever checks the file on screen."""
    for page in document.pages:
        if "/Annots" in page.obj:
            del page.obj["/Annots"]


def _pictures_kept_deflated(document: pikepdf.Pdf) -> None:
    """Each picture's stream filtered by the name /FlateDecode, not by an array of it as
    reportlab writes: qpdf copies the first as it is, and inflates the second only to deflate
    it again to the same bytes (7 s for a photograph of 49 million pixels)."""
    deflated = pikepdf.Array([pikepdf.Name.FlateDecode])
    for stream in document.objects:
        if (
            isinstance(stream, pikepdf.Stream)
            and stream.get("/Subtype") == "/Image"
            and stream.get("/Filter") == deflated
        ):
            stream.Filter = pikepdf.Name.FlateDecode
