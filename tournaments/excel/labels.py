"""The texts printed in the workbooks, in Vietnamese and in English.

Sheets are printed and pinned on the hall's notice board, and federations keep them: their
Vietnamese must be right (the law's terms, every diacritic) whether or not the message catalogue
has been compiled on the installation that produces them. So the texts of the sheets are kept
here in both languages; the pages' own strings go through gettext as usual. Vietnamese is the
default; a user whose language is English gets English sheets.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from records import Bye

VI = "vi"
EN = "en"


def language(code: str | None) -> str:
    """``en`` for any English variant, ``vi`` for anything else (the law's language)."""
    return EN if (code or "").lower().startswith("en") else VI


@dataclass(frozen=True, slots=True)
class Text:
    vi: str
    en: str

    def __call__(self, lang: str, **params) -> str:
        text = self.en if lang == EN else self.vi
        return text.format(**params) if params else text


# Column headers.
ROW = Text("STT", "#")
NUMBER = Text("Mã số", "No.")
NAME = Text("Họ và tên", "Name")
GENDER = Text("Giới tính", "Sex")
BIRTH_YEAR = Text("Năm sinh", "Born")
TITLE = Text("Danh hiệu", "Title")
AWARDS = Text("Danh hiệu và đẳng cấp (liên đoàn)", "Federation titles and classifications")
TITLES_HELD = Text("Danh hiệu, đẳng cấp", "Titles held")
RATING = Text("Elo", "Rating")
CLUB = Text("Câu lạc bộ", "Club")
PROVINCE = Text("Tỉnh/Thành", "Province")
FEDERATION = Text("Liên đoàn", "Fed.")
NATIONAL_ID = Text("Mã VĐV", "National ID")
FIDE_ID = Text("Mã quốc tế", "Intl. ID")
EMAIL = Text("Email", "E-mail")
STATUS = Text("Ghi chú", "Notes")
TEAM = Text("Đội", "Team")
TEAM_BOARD = Text("Bàn (trong đội)", "Board (in team)")
RESERVE = Text("Dự bị", "Reserve")
BOARD = Text("Bàn", "Board")
WHITE = Text("Trắng", "White")
BLACK = Text("Đen", "Black")
FIRST_TEAM = Text("Đội 1", "Team 1")
SECOND_TEAM = Text("Đội 2", "Team 2")
RESULT = Text("Kết quả", "Result")
GAME = Text("Ván", "Game")
GAME_N = Text("Ván {n}", "Game {n}")
MATCH = Text("Trận", "Match")
ROUND = Text("Vòng", "Round")
ROUND_N = Text("V{n}", "R{n}")
BRACKET = Text("Nhánh", "Bracket")
MATCH_CODE = Text("Mã trận", "Match")
WINNER = Text("Thắng", "Winner")
RANK = Text("Hạng", "Rank")
# The statute's prizes (selectors/prizes.py).
PRIZES_TAB = Text("Giải thưởng", "Prizes")
PRIZES_TITLE = Text("DANH SÁCH TRAO GIẢI SAU VÒNG {n}", "PRIZE WINNERS AFTER ROUND {n}")
PRIZES_PROVISIONAL = Text("Tạm tính: giải chưa kết thúc.", "Provisional: the event is not over.")
PRIZE = Text("Giải", "Prize")
PLACE = Text("Hạng giải", "Place")
AMOUNT = Text("Tiền thưởng (đồng)", "Amount (đồng)")
ITEM = Text("Hiện vật", "Item")
PRIZES_TOTAL = Text("Tổng tiền thưởng: {total} đồng.", "Total prize money: {total} đồng.")
POINTS = Text("Điểm", "Pts")
MATCH_POINTS = Text("Điểm trận", "Match pts")
GAME_POINTS = Text("Điểm ván", "Game pts")
TOTAL = Text("Tổng", "Total")
YES = Text("x", "x")
PENALISED = Text("Đấu thủ bị phạt", "Penalised")
PENALTY = Text("Hình thức", "Penalty")
ARTICLE = Text("Điều luật", "Article")
NOTE = Text("Ghi chú", "Note")
RECORDED_BY = Text("Trọng tài", "Arbiter")
# Penalties (models/fouls.py) and the article of chapter 5 applied.
FOUL_KINDS = {"warning": Text("Cảnh cáo", "Warning"),
              "time": Text("Phạt thời gian", "Time penalty"),
              "loss": Text("Xử thua", "Loss by rule")}
ARTICLE_N = Text("Điều {n}", "Art. {n}")
ARTICLE_POINT = Text("Điều {n}, điểm {point}", "Art. {n}, point {point}")


def article_text(code: str, lang: str) -> str:
    """``23.1`` -> "Điều 23, điểm 1" (Art. 23's ten points); ``22`` -> "Điều 22"."""
    n, _sep, point = code.partition(".")
    return ARTICLE_POINT(lang, n=n, point=point) if point else ARTICLE_N(lang, n=n)

# Sheet titles (printed large at the top) and tab names (at most 31 characters).
PLAYERS_TITLE = Text("DANH SÁCH VẬN ĐỘNG VIÊN", "LIST OF PLAYERS")
TEAMS_TITLE = Text("DANH SÁCH CÁC ĐỘI", "LIST OF TEAMS")
PLAYERS_TAB = Text("Danh sách", "Players")
PAIRINGS_TITLE = Text("XẾP CẶP VÒNG {n}", "PAIRINGS, ROUND {n}")
PAIRINGS_TAB = Text("Xếp cặp V{n}", "Pairings R{n}")
RESULTS_TITLE = Text("KẾT QUẢ VÒNG {n}", "RESULTS, ROUND {n}")
RESULTS_TAB = Text("Kết quả V{n}", "Results R{n}")
STANDINGS_TITLE = Text("BẢNG XẾP HẠNG SAU VÒNG {n}", "STANDINGS AFTER ROUND {n}")
STANDINGS_TAB = Text("Xếp hạng", "Standings")
CROSSTABLE_TITLE = Text("BẢNG ĐIỂM SAU VÒNG {n}", "CROSSTABLE AFTER ROUND {n}")
CROSSTABLE_TAB = Text("Bảng điểm", "Crosstable")
BRACKET_TITLE = Text("SƠ ĐỒ THI ĐẤU LOẠI TRỰC TIẾP", "KNOCKOUT BRACKET")
BRACKET_TAB = Text("Sơ đồ", "Bracket")
TEAM_BOARDS_TITLE = Text("KẾT QUẢ ĐỒNG ĐỘI THEO BÀN", "TEAM RESULTS BY BOARD")
TEAM_BOARDS_TAB = Text("Đồng đội theo bàn", "Teams by board")
RATINGS_TITLE = Text("BÁO CÁO ELO SAU VÒNG {n}", "RATING REPORT AFTER ROUND {n}")
RATINGS_TAB = Text("Elo", "Ratings")
RATED_GAMES = Text("Số ván tính Elo", "Rated games")
EXPECTED = Text("Điểm kỳ vọng", "Expected")
RATING_CHANGE = Text("Elo +/-", "Rtg+/-")
NEW_RATING = Text("Elo mới", "New rating")
K_FACTOR = Text("K", "K")
RATING_RULES = Text("Bảng K: {table}; chênh lệch Elo tối đa: {cap}.",
                    "K table: {table}; rating difference cap: {cap}.")
FOULS_TITLE = Text("CÁC LỖI VI PHẠM BỊ XỬ PHẠT", "PENALTIES RECORDED")
FOULS_TAB = Text("Xử phạt", "Penalties")
SELECTED_TITLE = Text("DANH SÁCH VẬN ĐỘNG VIÊN ĐƯỢC TUYỂN CHỌN LÊN CÁC GIẢI CAO HƠN",
                      "PLAYERS SELECTED FOR HIGHER EVENTS")
SELECTED_TAB = Text("Tuyển chọn", "Selected")
SELECTED_RULE = Text("Điều 19.4: điều lệ tuyển chọn {n} thứ hạng đầu.",
                     "Art. 19.4: the statute selects the first {n} places.")
CLASSIFIED_TITLE = Text("DANH SÁCH ĐƯỢC PHONG CẤP: {name}", "CLASSIFICATION REACHED: {name}")
CLASSIFIED_TAB = Text("Phong cấp", "Classification")
CLASSIFIED_REGISTER = Text(
    "Danh sách này cho biết ai đạt ngưỡng của điều lệ; việc phong cấp được ghi vào sổ đăng ký "
    "của liên đoàn khi liên đoàn quyết định (cột danh hiệu cho biết danh hiệu, đẳng cấp đang có).",
    "This list says who reaches the statute's threshold; the award is entered in the "
    "federation's register once the federation decides it (the titles column shows those held).")
PROTESTS_TITLE = Text("KHIẾU NẠI VÀ QUYẾT ĐỊNH", "PROTESTS AND DECISIONS")
PROTESTS_TAB = Text("Khiếu nại", "Protests")
FILER = Text("Người khiếu nại", "Filed by")
SUBJECT = Text("Nội dung", "About")
PROTEST_TEXT = Text("Khiếu nại", "Protest")
FILED_AT = Text("Thời điểm nộp", "Handed in")
DECISION = Text("Quyết định", "Decision")
REASONS = Text("Lý do", "Reasons")
APPEAL = Text("Quyết định của ban giải quyết khiếu nại", "Appeals committee's decision")
PROTEST_SUBJECTS = {"result": Text("Kết quả", "A result"), "draw": Text("Bốc thăm", "The draw"),
                    "ruling": Text("Phán quyết của trọng tài", "An arbiter's ruling")}
PROTEST_FILERS = {"player": Text("Đấu thủ", "The player"),
                  "leader": Text("Lãnh đội / huấn luyện viên", "Team leader or coach")}
DECISIONS = {"": Text("", ""), "upheld": Text("Chấp nhận", "Upheld"),
             "rejected": Text("Bác bỏ", "Rejected")}
DRAFT = Text("BẢN NHÁP — CHƯA CÔNG BỐ", "DRAFT — NOT PUBLISHED")
EMPTY = Text("(chưa có dữ liệu)", "(nothing yet)")

# Lines under the title and in the page footer.
PRINTED_ON = Text("In ngày {date}", "Printed on {date}")
PAGE = Text("Trang &P/&N", "Page &P of &N")
COLOURS_OF_GAME_1 = Text("Màu quân của ván 1; các ván sau đổi màu (Điều 4.2.2).",
                         "Colours of game 1; colours alternate in later games (Art. 4.2.2).")
X_NOTE = Text(
    "X: ván bị hủy do đấu thủ bỏ cuộc (Điều 21.5).",
    "X: game cancelled because a player withdrew (Art. 21.5).",
)
CROSS_LEGEND = Text(
    "1 thắng, ½ hòa, 0 thua, + / - thắng / thua không đấu, X ván hủy (Điều 21.5), "
    "U F H Z miễn đấu; t cầm Trắng, đ cầm Đen.",
    "1 win, ½ draw, 0 loss, + / - win / loss by forfeit, X cancelled (Art. 21.5), "
    "U F H Z byes; w White, b Black.",
)
WITHDRAWN_APART = Text(
    "Không xếp hạng (bỏ cuộc khi đã chơi nửa số trận trở xuống, hủy bỏ tất cả các trận đã đấu, "
    "Điều 21.5.1): {names}.",
    "Not ranked (withdrew having played half or fewer of their games, every game cancelled, "
    "Art. 21.5.1): {names}.")
TIEBREAK_ORDER = Text("Thứ tự chỉ số phụ theo Điều lệ: {order}.",
                      "Tie-break order of the statute: {order}.")

GENDERS = {"M": Text("Nam", "M"), "F": Text("Nữ", "F")}

# Byes (records.Bye letters) and the rest of a round robin with an odd number.
BYES = {
    Bye.PAIRING_ALLOCATED: Text("Miễn đấu", "Bye"),
    Bye.FULL_POINT: Text("Miễn đấu (thắng)", "Full-point bye"),
    Bye.HALF_POINT: Text("Miễn đấu (½ điểm)", "Half-point bye"),
    Bye.ZERO_POINT: Text("Vắng mặt", "Absent"),
}
REST = Text("Nghỉ", "Rests")

WITHDRAWN = Text("Bỏ cuộc sau vòng {n}", "Withdrew after round {n}")
WITHDRAWN_BEFORE = Text("Bỏ cuộc", "Withdrew")
LATE_ENTRY = Text("Vào từ vòng {n}", "Joins in round {n}")

BRACKETS = {
    "A": Text("Nhánh thắng", "Winners"),
    "B": Text("Nhánh thua", "Losers"),
    "F": Text("Chung kết", "Final"),
    "D": Text("Trận quyết định", "Deciding match"),
    "3": Text("Tranh hạng ba", "Third place"),
    "": Text("", ""),
}

# Tie-break criteria (codes of scoring/tiebreaks.py): column heading.
TIEBREAKS = {
    "PTS": Text("Điểm", "Pts"),
    "MPTS": Text("Điểm trận", "MP"),
    "GPTS": Text("Điểm ván", "GP"),
    "DE": Text("Đối đầu", "DE"),
    "H2H": Text("Đối đầu", "H2H"),
    "SB": Text("Hệ số", "SB"),
    "BH": Text("Buchholz", "BH"),
    "AOB": Text("TB Buchholz", "AOB"),
    "PS": Text("Lũy tiến", "Prog."),
    "WIN": Text("Số ván thắng", "Wins"),
    "WON": Text("Thắng trên bàn", "Won"),
    "BPG": Text("Số ván cầm Đen", "Black games"),
    "BWG": Text("Thắng cầm Đen", "Black wins"),
    "ARO": Text("Elo TB đối thủ", "ARO"),
    "BRD": Text("Theo bàn", "Boards"),
    "LOT": Text("Bốc thăm", "Lots"),
}


def tiebreak_heading(code: str, lang: str) -> str:
    """``BH/C1`` -> ``Buchholz/C1``; an unknown code is printed as it is."""
    base, _sep, modifier = code.partition("/")
    label = TIEBREAKS.get(base.upper())
    text = label(lang) if label else base
    return f"{text}/{modifier}" if modifier else text


def date_text(value: datetime.date | None, lang: str) -> str:
    if value is None:
        return ""
    if lang == EN:
        return value.strftime("%d %b %Y").lstrip("0")
    return value.strftime("%d/%m/%Y")


def dates_text(start: datetime.date, end: datetime.date | None, lang: str) -> str:
    if end is None or end == start:
        return date_text(start, lang)
    return f"{date_text(start, lang)} – {date_text(end, lang)}"
