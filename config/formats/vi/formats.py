"""Vietnamese dates as Vietnamese write them: 24/11/2026, and the time before the date
(14:30, 24/11/2026); Django's own short form uses dashes."""

DATE_FORMAT = r"\n\gà\y j \t\há\n\g n \nă\m Y"
SHORT_DATE_FORMAT = "d/m/Y"
DATETIME_FORMAT = r"H:i, \n\gà\y j \t\há\n\g n \nă\m Y"
SHORT_DATETIME_FORMAT = "H:i, d/m/Y"
TIME_FORMAT = "H:i"
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%d-%m-%Y"]
