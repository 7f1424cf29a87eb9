"""Form fields that name no unembedded font, and none at all in a PDF for the press.

reportlab's form fields can only be set in the standard 14 fonts, so every text field names
Helvetica, unembedded: `pdffonts` lists it and a print shop's preflight refuses the file. On
screen, the fields are pointed at the embedded face's first subset instead (which holds every
printable ASCII character at its own code, as reportlab lays subsets out), so what a player
types shows in the sheet's own type. A press has no use for a field: there they are flattened
into the page as they print (the fields are transparent and empty, so nothing changes on paper)
and the form is removed.
"""

from __future__ import annotations

import io

import pikepdf

from printkit.draw.fonts import FACES, subset_tag

# The face typed text takes: the embedded regular face's first subset, as reportlab names it.
_FIELD_FONT = "/{}+DejaVuSansCondensed".format(subset_tag(FACES["regular"][0], 0).decode())


def with_embedded_field_fonts(pdf: bytes) -> bytes:
    """A rendered PDF whose form fields are set in the embedded face (embed_field_fonts)."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        embed_field_fonts(document)
        out = io.BytesIO()
        document.save(out, deterministic_id=True)
        return out.getvalue()


def embed_field_fonts(document: pikepdf.Pdf) -> None:
    """Point the form's default resources and every field's appearance at the embedded face."""
    form = document.Root.get("/AcroForm")
    if form is None:
        return
    embedded = _embedded_face(document)
    _repoint(form.get("/DR"), embedded)
    for page in document.pages:
        for annotation in page.obj.get("/Annots", ()):
            if annotation.get("/FT") == "/Tx":
                _value_appearance(annotation)
            for appearance in _appearance_streams(annotation):
                _repoint(appearance.get("/Resources"), embedded)


def _value_appearance(field: pikepdf.Object) -> None:
    """A text field shows its value two points in from the left and centred in its height,
    as draw/ops.py field_value sets it where no form holds it (reportlab's own appearance puts
    it in the top left corner, touching the box)."""
    font, colour = str(field.DA).split(" Tf")
    size = float(font.split()[-1])
    colour = colour.strip() or "0 g"  # the field's own: CMYK black in a PDF for the press
    _, bottom, _, top = (float(v) for v in field.Rect)
    value = str(field.get("/V", ""))
    shown = value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    baseline = (top - bottom - size * 0.7) / 2
    content = "/Tx BMC\n"
    if value:
        content += f"q\nBT\n/Helv {size:g} Tf\n{colour}\n2 {baseline:.3f} Td\n({shown}) Tj\nET\nQ\n"
    field.AP.N.write((content + "EMC\n").encode("ascii"))


def flatten_fields(document: pikepdf.Pdf) -> None:
    """Draw every field as it prints into its page and drop the form (PDF/X has none)."""
    if "/AcroForm" not in document.Root:
        return
    document.flatten_annotations("print")  # qpdf drops the form once its fields are drawn
    if "/AcroForm" in document.Root:
        del document.Root.AcroForm


def _embedded_face(document: pikepdf.Pdf) -> pikepdf.Object:
    for page in document.pages:
        fonts = page.obj.get("/Resources", {}).get("/Font", {})
        for font in fonts.values():
            if font.get("/BaseFont") == _FIELD_FONT:
                return font
    # Every sheet with fields prints text in the regular face (its footer, at the least).
    raise LookupError(f"no page uses {_FIELD_FONT[1:]}, the face form fields are set in")


def _repoint(resources: pikepdf.Object | None, embedded: pikepdf.Object) -> None:
    fonts = resources.get("/Font") if resources is not None else None
    for name in list(fonts.keys()) if fonts is not None else ():
        fonts[name] = embedded


def _appearance_streams(annotation: pikepdf.Object) -> list[pikepdf.Object]:
    """The appearance streams of an annotation: one per state, or one when it has no states."""
    streams = []
    for appearance in annotation.get("/AP", {}).values():
        if isinstance(appearance, pikepdf.Stream):
            streams.append(appearance)
        else:
            streams.extend(appearance.values())
    return streams
