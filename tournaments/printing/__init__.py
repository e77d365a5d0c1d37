"""Print sheets of an event: the pages for the hall's wall and the arbiters' table,
as HTML with print CSS and as PDF (WeasyPrint). ``sheets.py`` says what each sheet holds and who
may print it, ``pdf.py`` renders one, ``qr.py`` draws the QR code of the event's public page."""
