"""English dates as the rest of the world writes them: day, month, year (never the US
month-first order, which a Vietnamese reader takes for the day)."""

DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
TIME_FORMAT = "H:i"
# Typed and shown day first, as 24/11/2026 (forms.LocalDateInput); ISO still read.
DATE_INPUT_FORMATS = ["%d/%m/%Y", "%Y-%m-%d", "%d.%m.%Y"]
# A moment typed day first, as 24/11/2026 08:00 (forms.LocalDateTimeInput); ISO still read.
DATETIME_INPUT_FORMATS = ["%d/%m/%Y %H:%M", "%d/%m/%Y %H:%M:%S", "%Y-%m-%d %H:%M",
                          "%Y-%m-%d %H:%M:%S", "%d/%m/%Y"]
