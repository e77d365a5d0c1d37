"""Vietnamese dates as Vietnamese write them: 24/11/2026, and the time before the date
(14:30, 24/11/2026); Django's own short form uses dashes."""

DATE_FORMAT = r"\n\gà\y j \t\há\n\g n \nă\m Y"
SHORT_DATE_FORMAT = "d/m/Y"
DATETIME_FORMAT = r"H:i, \n\gà\y j \t\há\n\g n \nă\m Y"
SHORT_DATETIME_FORMAT = "H:i, d/m/Y"
TIME_FORMAT = "H:i"
# Typed and shown as 24/11/2026 (forms.LocalDateInput); ISO still read (the API, old links).
DATE_INPUT_FORMATS = ["%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y"]
# A moment typed as 24/11/2026 08:00 (forms.LocalDateTimeInput: registration opens, closes).
DATETIME_INPUT_FORMATS = ["%d/%m/%Y %H:%M", "%d/%m/%Y %H:%M:%S", "%Y-%m-%d %H:%M",
                          "%Y-%m-%d %H:%M:%S", "%d/%m/%Y"]
